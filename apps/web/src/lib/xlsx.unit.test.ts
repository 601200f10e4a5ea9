import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildXlsx } from './xlsx.ts';

const parts = async (blob: Blob) => {
  const files = unzipSync(new Uint8Array(await blob.arrayBuffer()));
  return new Map(Object.entries(files).map(([name, bytes]) => [name, new TextDecoder().decode(bytes)]));
};

describe('xlsx export', () => {
  it('holds the workbook parts, the text escaped and the numbers as numbers', async () => {
    const files = await parts(
      await buildXlsx('Jobs', ['Name', 'Amount'], [['Acme <Ltd> & Co\u0001', 1500.5]]),
    );
    expect([...files.keys()]).toContain('xl/worksheets/sheet1.xml');
    expect([...files.keys()]).toContain('[Content_Types].xml');
    const text = [...files.values()].join('\n');
    expect(text).toContain('Acme &lt;Ltd&gt; &amp; Co');
    expect(text).not.toContain('\u0001');
    expect(files.get('xl/worksheets/sheet1.xml')).toMatch(/<c r="B2"[^>]*><v>1500.5<\/v><\/c>/);
    expect(files.get('xl/workbook.xml')).toContain('name="Jobs"');
  });

  it('opens in a spreadsheet reader with a bold header, text and numbers', async () => {
    const blob = await buildXlsx(
      'Jobs',
      ['Name', 'Amount'],
      [
        ['Acme', 1500.5],
        ['Beta', null],
      ],
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await blob.arrayBuffer());
    const sheet = book.getWorksheet('Jobs');
    expect(sheet?.getCell('A1').value).toBe('Name');
    expect(sheet?.getCell('A1').font?.bold).toBe(true);
    expect(sheet?.getCell('A2').value).toBe('Acme');
    expect(sheet?.getCell('B2').value).toBe(1500.5);
    expect(sheet?.getCell('B3').value).toBe(null);
  });

  it('gives Excel a sheet name it accepts', async () => {
    const files = await parts(await buildXlsx('a/b:c*d?e[f]g\\h-and-a-name-longer-than-31', ['x'], []));
    expect(files.get('xl/workbook.xml')).toContain('name="a b c d e f g h-and-a-name-long"');
  });
});
