import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeEncryptedZip } from '@taxrecon/formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse26asCommand } from './parse-26as.ts';

const FIXTURES = fileURLToPath(new URL('../../../../packages/formats/fixtures/', import.meta.url));
const CURRENT = join(FIXTURES, '26as-current-layout.txt');
const PRE_2020 = join(FIXTURES, '26as-pre-2020-layout.txt');
const FORM_168 = join(FIXTURES, '26as-form-168-layout.txt');

const run = async (...args: string[]) => {
  let stdout = '';
  let stderr = '';
  const code = await parse26asCommand(args, { stdout: (s) => (stdout += s), stderr: (s) => (stderr += s) });
  return { code, stdout, stderr };
};

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'parse-26as-'));
});

describe('taxrecon parse-26as', () => {
  it('writes JSON by default, one entry per file, amounts with two decimals', async () => {
    const { code, stdout, stderr } = await run(CURRENT, PRE_2020);
    expect(code).toBe(0);
    expect(stderr).toContain('warning: 26as-pre-2020-layout.txt:20: PARTY_TOTAL_MISMATCH');
    expect(stdout).toContain('"totalAmount": 250000.00');
    const doc = JSON.parse(stdout);
    expect(doc.format).toBe('taxrecon-26as');
    expect(doc.version).toBe(1);
    expect(doc.files.map((f: { file: string; layout: string }) => [f.file, f.layout])).toEqual([
      ['26as-current-layout.txt', 'current'],
      ['26as-pre-2020-layout.txt', 'pre-2020'],
    ]);
    expect(doc.files[0].header).toMatchObject({
      pan: 'AAACZ9999Z',
      financialYear: '2024-25',
      fileCreationDate: '2025-06-12',
    });
    expect(doc.files[0].tds.parties[2].transactions[1]).toMatchObject({
      remarks: 'B',
      amount: -40000,
      line: 18,
    });
    expect(doc.files[0].tcs.parties[0]).toMatchObject({ tan: 'CHED00004D', totalTax: 1000 });
  });

  it('writes one CSV line per Part I and Part VI transaction', async () => {
    const { code, stdout } = await run('--csv', CURRENT, PRE_2020, FORM_168);
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(
      'part,tan,name,section,transactionDate,status,bookingDate,remarks,amount,tax,deposited,file,line',
    );
    expect(lines[1]).toBe(
      'TDS,PNEA00001A,ALPHA CUSTOMER LIMITED,194J,2024-04-15,F,2024-07-28,,150000.00,15000.00,15000.00,26as-current-layout.txt,10',
    );
    expect(lines).toContain(
      'TCS,CHED00004D,DELTA STEEL SUPPLIERS LTD,206CR,2025-01-20,F,2025-05-14,,6000000.00,1000.00,1000.00,26as-current-layout.txt,28',
    );
    expect(lines).toContain(
      'TCS,BLRV56789J,VEGA SCRAP DEALERS,206CE,2019-02-28,F,2019-05-30,,500000.00,5000.00,5000.00,26as-pre-2020-layout.txt,34',
    );
    expect(lines).toHaveLength(1 + 7 + 8 + 7);
  });

  it('reports bad rows on stderr with file and line and still exits 0', async () => {
    const { code, stderr } = await run('--csv', FORM_168);
    expect(code).toBe(0);
    expect(stderr).toContain('26as-form-168-layout.txt:17: INVALID_DATE');
  });

  it('reads a TRACES zip with --password and refuses a wrong one clearly', async () => {
    const zipPath = join(dir, 'AAACZ9999Z-2025.zip');
    await writeFile(
      zipPath,
      await writeEncryptedZip([{ name: 'AAACZ9999Z-2025.txt', data: await readFile(CURRENT) }], '01041999'),
    );
    const ok = await run(zipPath, '--password', '01041999', '--csv');
    expect(ok.code).toBe(0);
    expect(ok.stdout.split('\n')[1]).toContain(',AAACZ9999Z-2025.txt,10');
    const wrong = await run(zipPath, '--password=31121999');
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('WRONG_PASSWORD');
    expect((await run(zipPath)).stderr).toContain('PASSWORD_REQUIRED');
  });

  it('exits 1 when a file cannot be read at all, after writing the others', async () => {
    const notAStatement = join(dir, 'notes.txt');
    await writeFile(notAStatement, 'just some notes\n');
    const missing = await run(join(dir, 'missing.txt'), CURRENT);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('missing.txt: cannot read the file');
    expect(JSON.parse(missing.stdout).files).toHaveLength(1);
    const bad = await run(notAStatement);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('notes.txt:1: NOT_FORM_26AS');
  });

  it.each([[[]], [['--csv', '--json', 'a.txt']], [['--bogus', 'a.txt']], [['a.txt', '--password']]])(
    'rejects the arguments %j with usage and exit code 2',
    async (args) => {
      const { code, stderr } = await run(...args);
      expect(code).toBe(2);
      expect(stderr).toContain('Usage: taxrecon parse-26as');
    },
  );

  it('prints usage on --help', async () => {
    const { code, stdout } = await run('--help');
    expect(code).toBe(0);
    expect(stdout).toContain('--password DDMMYYYY');
  });
});
