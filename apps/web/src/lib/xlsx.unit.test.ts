import { describe, expect, it } from 'vitest';
import { buildXlsx } from './xlsx.ts';
import { crc32, zip } from './zip.ts';

// Reads the stored (uncompressed) entries of a zip written by `zip`.
const entries = (bytes: Uint8Array): Map<string, string> => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Map<string, string>();
  let at = 0;
  while (view.getUint32(at, true) === 0x04034b50) {
    const size = view.getUint32(at + 18, true);
    const nameLength = view.getUint16(at + 26, true);
    const name = new TextDecoder().decode(bytes.subarray(at + 30, at + 30 + nameLength));
    const start = at + 30 + nameLength;
    out.set(name, new TextDecoder().decode(bytes.subarray(start, start + size)));
    at = start + size;
  }
  return out;
};

describe('xlsx export', () => {
  it('computes the standard CRC-32', () => {
    expect(crc32(new TextEncoder().encode('hello'))).toBe(0x3610a686);
  });

  it('writes a zip whose end record counts its entries', () => {
    const bytes = zip([{ name: 'a.txt', data: new TextEncoder().encode('x') }]);
    const view = new DataView(bytes.buffer);
    const end = bytes.length - 22;
    expect(view.getUint32(end, true)).toBe(0x06054b50);
    expect(view.getUint16(end + 10, true)).toBe(1);
  });

  it('holds the workbook parts and escapes the cell text', () => {
    const parts = entries(buildXlsx('Jobs', ['Name', 'Amount'], [['Acme <Ltd> & Co', 1500.5]]));
    expect([...parts.keys()]).toContain('xl/worksheets/sheet1.xml');
    expect([...parts.keys()]).toContain('[Content_Types].xml');
    const sheet = parts.get('xl/worksheets/sheet1.xml') ?? '';
    expect(sheet).toContain('Acme &lt;Ltd&gt; &amp; Co');
    expect(sheet).toContain('<c r="B2"><v>1500.5</v></c>');
  });
});
