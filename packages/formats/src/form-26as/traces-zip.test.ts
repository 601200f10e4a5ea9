import { readFileSync } from 'node:fs';
import { TextReader, Uint8ArrayReader, Uint8ArrayWriter, ZipWriter } from '@zip.js/zip.js';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../testing/golden-cases.ts';
import { parse26asText } from './parse.ts';
import { openTracesZip, writeEncryptedZip } from './traces-zip.ts';

const STATEMENT = readFileSync(`${FIXTURES_DIR}26as-current-layout.txt`);
const PASSWORD = '01041999';

const makeZip = async (options: { password?: string; zipCrypto?: boolean }): Promise<Uint8Array> => {
  const writer = new ZipWriter(new Uint8ArrayWriter(), options);
  await writer.add('AAACZ9999Z-2025.txt', new Uint8ArrayReader(STATEMENT));
  await writer.add('AAACZ9999Z-2025-2.TXT', new TextReader('^Annual Tax Statement^\n'));
  await writer.add('readme.html', new TextReader('<p>not a statement</p>'));
  return writer.close();
};

describe('openTracesZip', () => {
  it.each([
    ['AES-256', { password: PASSWORD }],
    ['ZipCrypto', { password: PASSWORD, zipCrypto: true }],
    ['no encryption', {}],
  ])('returns the .txt files of a %s zip', async (_, options) => {
    const result = await openTracesZip(await makeZip(options), PASSWORD);
    if (!result.ok) throw new Error(result.message);
    expect(result.files.map((f) => f.name)).toEqual(['AAACZ9999Z-2025.txt', 'AAACZ9999Z-2025-2.TXT']);
    expect(Buffer.from(result.files[0]!.data).equals(STATEMENT)).toBe(true);
    expect(parse26asText(result.files[0]!.data, result.files[0]!.name).transactionCount).toBe(7);
  });

  it.each([
    ['AES-256', { password: PASSWORD }],
    ['ZipCrypto', { password: PASSWORD, zipCrypto: true }],
  ])('says so clearly when the password of a %s zip is wrong or missing', async (_, options) => {
    const zip = await makeZip(options);
    expect(await openTracesZip(zip, '31121999')).toMatchObject({ ok: false, code: 'WRONG_PASSWORD' });
    expect(await openTracesZip(zip, '')).toMatchObject({ ok: false, code: 'PASSWORD_REQUIRED' });
  });

  it.each([false, true])('reads back what writeEncryptedZip wrote (zipCrypto %s)', async (zipCrypto) => {
    const zip = await writeEncryptedZip([{ name: 'a.txt', data: STATEMENT }], PASSWORD, { zipCrypto });
    const result = await openTracesZip(zip, PASSWORD);
    expect(result.ok && Buffer.from(result.files[0]!.data).equals(STATEMENT)).toBe(true);
    expect(await openTracesZip(zip, 'wrong')).toMatchObject({ ok: false, code: 'WRONG_PASSWORD' });
  });

  it('rejects what is not a zip', async () => {
    expect(await openTracesZip(STATEMENT, PASSWORD)).toMatchObject({ ok: false, code: 'NOT_A_ZIP' });
  });

  it('rejects a zip without text files', async () => {
    const writer = new ZipWriter(new Uint8ArrayWriter());
    await writer.add('form.pdf', new TextReader('%PDF'));
    expect(await openTracesZip(await writer.close(), '')).toMatchObject({ ok: false, code: 'NO_TEXT_FILES' });
  });
});
