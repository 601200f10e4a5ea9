import { INR_EXCEL_FORMAT } from '@taxrecon/shared';
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { columnFormat } from './export-rows.ts';
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

  it('writes a rupee column as numbers in the ₹ lakh format and leaves the others plain', async () => {
    const blob = await buildXlsx(
      'Amounts',
      ['Name', 'Amount', 'Rate'],
      [
        ['Acme', 1250000.5, 10],
        ['Beta', null, 2],
      ],
      [undefined, 'inr', undefined],
    );
    // the format as Excel reads it (ExcelJS drops the backslashes on reading, so the XML is checked)
    const files = await parts(blob);
    const xmlEscaped = INR_EXCEL_FORMAT.replaceAll('&', '&amp;')
      .replaceAll('"', '&quot;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;');
    const numFmt = files.get('xl/styles.xml')?.match(/<numFmt numFmtId="(\d+)" formatCode="([^"]*)"/);
    expect(numFmt?.[2]).toBe(xmlEscaped);
    const sheet = files.get('xl/worksheets/sheet1.xml') ?? '';
    // the amount is a number cell with a style; the rate a plain number
    expect(sheet).toMatch(/<c r="B2" s="\d+"><v>1250000.5<\/v><\/c>/);
    expect(sheet).toMatch(/<c r="C2"><v>10<\/v><\/c>/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await blob.arrayBuffer());
    expect(book.getWorksheet('Amounts')?.getCell('B2').value).toBe(1250000.5);
  });
});

describe('which exported columns are rupees', () => {
  interface Row {
    amount: number | null;
    rate: number;
    name: string;
  }
  const rows: Row[] = [
    { amount: null, rate: 2, name: 'Acme' },
    { amount: -1500, rate: 10, name: 'Beta' },
  ];
  const inr = (n: number | null) => (n === null ? '' : `${n < 0 ? '-' : ''}₹${Math.abs(n)}.00`);
  it.each([
    [
      'a number column shown in rupees',
      { title: 'Amount', value: (r: Row) => r.amount, render: (r: Row) => inr(r.amount) },
      'inr',
    ],
    [
      'a number column shown as a number',
      { title: 'Rate', value: (r: Row) => r.rate, render: (r: Row) => `${r.rate}%` },
      undefined,
    ],
    ['a number column with no render', { title: 'Rate', value: (r: Row) => r.rate }, undefined],
    [
      'a text column',
      { title: 'Name', value: (r: Row) => r.name, render: (r: Row) => `₹${r.name}` },
      undefined,
    ],
  ] as const)('%s', (_, column, expected) => {
    expect(columnFormat(column, rows)).toBe(expected);
  });
  it('answers plain for a table with no numbers yet', () => {
    expect(columnFormat({ title: 'Amount', value: () => null, render: () => '₹0.00' }, rows)).toBeUndefined();
  });
});
