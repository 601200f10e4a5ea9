import { Uint8ArrayReader, Uint8ArrayWriter, ZipReader, ZipWriter } from '@zip.js/zip.js';
import { describe, expect, it } from 'vitest';
import { openTracesZip } from '../form-26as/traces-zip.ts';
import { readTable } from '../registers/read-table.ts';
import { readZipEntryCapped, streamZipEntryCapped, ZIP_LIMITS, ZipLimitError } from './zip-limits.ts';

const zipOf = async (files: { name: string; data: Uint8Array }[], password?: string): Promise<Uint8Array> => {
  const writer = new ZipWriter(new Uint8ArrayWriter(), password ? { password } : {});
  for (const f of files) await writer.add(f.name, new Uint8ArrayReader(f.data));
  return writer.close();
};

// Rewrites the expanded size an entry declares, in its local header and in
// the central directory, as a crafted zip bomb does.
const lieAboutSize = (zip: Uint8Array, size: number): Uint8Array => {
  const out = new Uint8Array(zip);
  const view = new DataView(out.buffer);
  for (let i = 0; i + 4 <= out.length; i++) {
    const signature = view.getUint32(i, true);
    if (signature === 0x04034b50) view.setUint32(i + 22, size, true);
    if (signature === 0x02014b50) view.setUint32(i + 24, size, true);
  }
  return out;
};

describe('zip limits', () => {
  it('refuses a zip bomb by its header, naming the zip, the entry and the limit', async () => {
    // 300 MiB of zeros: about 300 KB compressed, above the 256 MiB entry limit and 200:1
    const bomb = await zipOf([{ name: 'AAACZ9999Z-2025.txt', data: new Uint8Array(300 * 1024 * 1024) }]);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const result = await openTracesZip(bomb, '', { name: 'bomb.zip' });
    expect(result).toMatchObject({ ok: false, code: 'ZIP_TOO_LARGE' });
    if (!result.ok) {
      expect(result.message).toContain('bomb.zip');
      expect(result.message).toContain('AAACZ9999Z-2025.txt');
      expect(result.message).toContain('more than 256 MB, the limit for one file in a zip');
    }
  });

  it('refuses a highly compressed entry below the size limit by its ratio', async () => {
    const result = await openTracesZip(
      await zipOf([{ name: 'a.txt', data: new Uint8Array(40 * 1024 * 1024) }]),
      '',
      { name: 'ratio.zip' },
    );
    expect(result).toMatchObject({ ok: false, code: 'ZIP_TOO_LARGE' });
    if (!result.ok)
      expect(result.message).toMatch(/ratio\.zip: a\.txt expands \d+ times \(limit 200 times\)/);
  });

  it('caps the total of all entries', async () => {
    const limits = { ...ZIP_LIMITS, maxEntryBytes: 1000, maxTotalBytes: 1500, ratioFloorBytes: 1e9 };
    const data = new Uint8Array(800).fill(65);
    const result = await openTracesZip(
      await zipOf([
        { name: 'a.txt', data },
        { name: 'b.txt', data },
      ]),
      '',
      { name: 'two.zip', limits },
    );
    expect(result).toMatchObject({ ok: false, code: 'ZIP_TOO_LARGE' });
    if (!result.ok) expect(result.message).toContain('limit reached at b.txt');
  });

  // zip.js stops at the declared size itself; the capped writer is the second guard
  it('stops expanding an entry whose header lies about its size', async () => {
    const limits = { ...ZIP_LIMITS, maxEntryBytes: 1024 * 1024 };
    const zip = lieAboutSize(await zipOf([{ name: 'a.txt', data: new Uint8Array(8 * 1024 * 1024) }]), 100);
    const reader = new ZipReader(new Uint8ArrayReader(zip));
    const [entry] = await reader.getEntries();
    expect(entry?.uncompressedSize).toBe(100);
    await expect(readZipEntryCapped('liar.zip', entry!, 0, {}, limits)).rejects.toThrow(
      /uncompressed size|expands/,
    );
    await reader.close();
  });

  it('still reads an ordinary encrypted statement zip', async () => {
    const text = new TextEncoder().encode('^Annual Tax Statement^\n'.repeat(1000));
    const result = await openTracesZip(await zipOf([{ name: 'a.txt', data: text }], '01041999'), '01041999');
    expect(result.ok && result.files[0]?.data.length).toBe(text.length);
  });

  it('refuses an .xlsx whose parts expand like a zip bomb before its sheet is read', async () => {
    const xlsx = await zipOf([{ name: 'xl/worksheets/sheet1.xml', data: new Uint8Array(40 * 1024 * 1024) }]);
    const table = await readTable(xlsx, 'sales.xlsx');
    expect(table.rows).toEqual([]);
    expect(table.errors).toMatchObject([{ code: 'ZIP_TOO_LARGE', line: 1 }]);
    expect(table.errors[0]?.message).toContain('sales.xlsx: xl/worksheets/sheet1.xml expands');
  });

  it('tells the user of a sheet too big for the limit to save it as text', async () => {
    const xlsx = lieAboutSize(
      await zipOf([{ name: 'xl/worksheets/sheet1.xml', data: new Uint8Array(1000).fill(65) }]),
      ZIP_LIMITS.maxEntryBytes + 1,
    );
    const table = await readTable(xlsx, 'big.xlsx');
    expect(table.errors).toMatchObject([{ code: 'ZIP_TOO_LARGE', line: 1 }]);
    expect(table.errors[0]?.message).toMatch(
      /the limit for one file in a zip; in Excel, save the sheet as "CSV UTF-8"/,
    );
  });

  describe('an entry streamed as it expands (node zlib)', () => {
    const text = new TextEncoder().encode('<row r="1"><c><v>14950.5</v></c></row>'.repeat(60_000));
    const streamed = async (zip: Uint8Array, limits = ZIP_LIMITS, password?: string) => {
      const reader = new ZipReader(new Uint8ArrayReader(zip), password ? { password } : {});
      const [entry] = await reader.getEntries();
      try {
        const pieces: Uint8Array[] = [];
        for await (const p of streamZipEntryCapped('book.xlsx', zip, entry!, 0, limits)) pieces.push(p);
        return Buffer.concat(pieces);
      } finally {
        await reader.close();
      }
    };

    it.each([0, 6])('gives the bytes stored or deflated (level %i) exactly', async (level) => {
      const writer = new ZipWriter(new Uint8ArrayWriter(), { level });
      await writer.add('sheet.xml', new Uint8ArrayReader(text));
      expect(Buffer.compare(await streamed(await writer.close()), Buffer.from(text))).toBe(0);
    });

    // Excel never writes one; node's zlib cannot decrypt, so zip.js expands it
    it('expands an encrypted entry through zip.js, and refuses it without the password', async () => {
      const zip = await zipOf([{ name: 'sheet.xml', data: text }], 'secret');
      expect(Buffer.compare(await streamed(zip, ZIP_LIMITS, 'secret'), Buffer.from(text))).toBe(0);
      await expect(streamed(zip)).rejects.toThrow('File contains encrypted entry');
    });

    it('refuses data that does not match its checksum', async () => {
      const writer = new ZipWriter(new Uint8ArrayWriter(), { level: 0 });
      await writer.add('sheet.xml', new Uint8ArrayReader(text));
      const zip = await writer.close();
      const at = Buffer.from(zip).indexOf('<row r="1">', 1000);
      zip[at + 5] = 0x58;
      await expect(streamed(zip)).rejects.toThrow('sheet.xml does not match its checksum');
    });

    it('stops at the limit an entry whose header lies about its size', async () => {
      const limits = { ...ZIP_LIMITS, maxEntryBytes: 1024 * 1024 };
      const zip = lieAboutSize(await zipOf([{ name: 'a.txt', data: new Uint8Array(8 * 1024 * 1024) }]), 100);
      const error = await streamed(zip, limits).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ZipLimitError);
      expect((error as Error).message).toMatch(/^book\.xlsx: a\.txt expands to more than 1 MB/);
    });

    it('says which entry is missing when the zip is cut before it', async () => {
      const zip = await zipOf([{ name: 'sheet.xml', data: text }]);
      const reader = new ZipReader(new Uint8ArrayReader(zip));
      const [entry] = await reader.getEntries();
      await reader.close();
      const cut = zip.slice();
      cut.fill(0, 0, 30);
      const pieces = streamZipEntryCapped('book.xlsx', cut, entry!, 0, ZIP_LIMITS);
      await expect(pieces.next()).rejects.toThrow("the zip's entry for sheet.xml is missing");
    });
  });
});
