import { readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { Uint8ArrayReader, Uint8ArrayWriter, ZipReader, ZipWriter } from '@zip.js/zip.js';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../testing/golden-cases.ts';
import { guessMapping } from './guess-mapping.ts';
import { mapRows } from './map-rows.ts';
import { formatOfFile, readTable, streamTable, streamXlsxTable } from './read-table.ts';
import { readXlsRecords, XLS_LIMITS } from './spreadsheet.ts';
import { SALES_FIELDS } from './targets.ts';

const HEADER = [
  'Date',
  'Party Name',
  'Voucher No.',
  'GSTIN/UIN',
  'Invoice Value',
  'Taxable Value',
  'TDS Rate',
  'TDS Amount',
];
// Cells as a spreadsheet holds them: real dates and numbers.
const DATA: (string | number | Date | null)[][] = [
  [
    new Date(Date.UTC(2024, 3, 15)),
    'ALPHA CUSTOMER LIMITED',
    'INV/24-25/001',
    '27AAACA1234K1ZZ',
    177000,
    150000,
    10,
    15000,
  ],
  [
    new Date(Date.UTC(2025, 1, 10)),
    'BETA BUYER LLP, MUMBAI',
    'INV/24-25/140',
    null,
    6018000.5,
    5100000,
    0.1,
    100,
  ],
  [null, 'Grand Total', null, null, 6195000.5, 5250000, null, 15100],
];
const EXPECTED_ROWS = [
  {
    line: 3,
    date: '2024-04-15',
    customerName: 'ALPHA CUSTOMER LIMITED',
    invoiceValue: 17_700_000,
    tdsRate: 10,
    tdsAmount: 1_500_000,
  },
  {
    line: 4,
    date: '2025-02-10',
    customerName: 'BETA BUYER LLP, MUMBAI',
    gstin: null,
    invoiceValue: 601_800_050,
    tdsRate: 0.1,
  },
];

const makeXlsx = async (): Promise<Uint8Array> => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sales Register');
  sheet.addRow(['Zedex Sample Private Limited']);
  sheet.addRow(HEADER);
  for (const row of DATA) sheet.addRow(row);
  sheet.getColumn(1).numFmt = 'dd-mmm-yyyy';
  sheet.getCell('B3').value = { richText: [{ text: 'ALPHA ' }, { text: 'CUSTOMER LIMITED' }] };
  sheet.getCell('E4').value = { formula: 'F4*1.18', result: 6018000.5 };
  return new Uint8Array(await workbook.xlsx.writeBuffer());
};

const makeXls = (): Uint8Array => {
  const toSerial = (d: Date): number => d.getTime() / 86_400_000 + 25569;
  const aoa = [
    ['Zedex Sample Private Limited'],
    HEADER,
    ...DATA.map((r) => r.map((c) => (c instanceof Date ? toSerial(c) : c))),
  ];
  const sheet = XLSX.utils.aoa_to_sheet(aoa);
  for (const address of ['A3', 'A4']) sheet[address].z = 'dd-mmm-yyyy';
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, sheet, 'Sales Register');
  return new Uint8Array(XLSX.write(workbook, { bookType: 'biff8', type: 'buffer' }));
};

describe('readTable', () => {
  it.each([
    ['xlsx', makeXlsx],
    ['xls', async () => makeXls()],
  ])('reads a .%s register to the same rows as a text export', async (format, make) => {
    const table = await readTable(await make(), `sales.${format}`);
    expect(table).toMatchObject({ format, headers: HEADER, headerLine: 2, errors: [] });
    const { mapping } = guessMapping(table.headers, SALES_FIELDS);
    const mapped = mapRows(table, mapping, SALES_FIELDS);
    expect(mapped.errors).toEqual([]);
    expect(mapped.skippedLines).toEqual([5]);
    expect(mapped.rows).toMatchObject(EXPECTED_ROWS);
  });

  it('finds the header below a title merged across the columns, as Excel and Tally export it', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Sales Register');
    sheet.getCell('A1').value = 'Zedex Sample Private Limited';
    sheet.mergeCells('A1:E1');
    sheet.getCell('A2').value = 'Sales Register 1-Apr-2024 to 31-Mar-2025';
    sheet.mergeCells('A2:E2');
    sheet.addRow([]);
    sheet.addRow(['Date', 'Particulars', 'Vch No.', 'Gross Total', 'TDS on Sales']);
    sheet.addRow([new Date(Date.UTC(2024, 3, 2)), 'ALPHA LTD', 'S/1', 1000, 100]);
    const table = await readTable(new Uint8Array(await workbook.xlsx.writeBuffer()), 'sales.xlsx');
    expect(table.headers).toEqual(['Date', 'Particulars', 'Vch No.', 'Gross Total', 'TDS on Sales']);
    expect(table.headerLine).toBe(4);
    expect(table.rows).toEqual([{ line: 5, values: ['2024-04-02', 'ALPHA LTD', 'S/1', '1000', '100'] }]);
  });

  const streamedAsRead = async (bytes: Uint8Array, options: { header?: string } = {}) => {
    const read = await readTable(bytes, 'sales.xlsx', options);
    const streamed = await streamXlsxTable(bytes, 'sales.xlsx', options);
    const rows = [];
    for await (const r of streamed.rows) rows.push(r);
    expect({
      headers: streamed.headers,
      headerLine: streamed.headerLine,
      rows,
      errors: streamed.errors,
    }).toEqual({
      headers: read.headers,
      headerLine: read.headerLine,
      rows: read.rows,
      errors: read.errors,
    });
    return streamed;
  };

  it('streams an .xlsx register to the header and rows readTable reads', async () => {
    const merged = new ExcelJS.Workbook();
    const sheet = merged.addWorksheet('Sales Register');
    sheet.getCell('A1').value = 'Zedex Sample Private Limited';
    sheet.mergeCells('A1:E1');
    sheet.addRow(['Date', 'Particulars', 'Vch No.', 'Gross Total', 'TDS on Sales']);
    for (let i = 0; i < 30; i++)
      sheet.addRow([new Date(Date.UTC(2024, 3, 2 + i)), `PARTY ${i}`, `S/${i}`, 1000 + i, 100]);
    const titled = await streamedAsRead(new Uint8Array(await merged.xlsx.writeBuffer()));
    expect(titled.headerLine).toBe(2);
    await streamedAsRead(await makeXlsx());
    await streamedAsRead(await makeXlsx(), { header: HEADER.join('\t') });
    const empty = new ExcelJS.Workbook();
    empty.addWorksheet('Empty');
    const none = await streamedAsRead(new Uint8Array(await empty.xlsx.writeBuffer()));
    expect(none.errors).toEqual([expect.objectContaining({ code: 'EMPTY_FILE' })]);
  });

  it('streams nothing from an .xlsx that cannot be read, with the reason readTable gives', async () => {
    const whole = await makeXlsx();
    for (const bytes of [Buffer.from('Date,Party\n'), whole.slice(0, whole.length >> 1)]) {
      const streamed = await streamedAsRead(bytes);
      expect(streamed.errors).toEqual([expect.objectContaining({ code: 'UNREADABLE_FILE', line: 1 })]);
    }
  });

  it('stops streamed rows at damage past the first rows, naming the file and the last row read', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('S');
    sheet.addRow(['Date', 'Party', 'Amount']);
    // past the first piece the zip expands (its XML), so the rows have started
    for (let i = 0; i < 12_000; i++) sheet.addRow(['02-04-2024', `PARTY ${i}`, i]);
    const zip = new ZipReader(new Uint8ArrayReader(new Uint8Array(await workbook.xlsx.writeBuffer())));
    const writer = new ZipWriter(new Uint8ArrayWriter());
    for (const e of await zip.getEntries()) {
      if (e.directory) continue;
      let data = await e.getData(new Uint8ArrayWriter());
      // a cell past Excel's last column half way down the sheet
      if (e.filename === 'xl/worksheets/sheet1.xml')
        data = new TextEncoder().encode(
          new TextDecoder().decode(data).replace('<c r="A11000"', '<c r="ZZZZ11000"'),
        );
      await writer.add(e.filename, new Uint8ArrayReader(data));
    }
    await zip.close();
    const streamed = await streamXlsxTable(await writer.close(), 'sales.xlsx');
    expect(streamed.errors).toEqual([]);
    const lines: number[] = [];
    await expect(
      (async () => {
        for await (const r of streamed.rows) lines.push(r.line);
      })(),
    ).rejects.toThrow(/^sales\.xlsx: the file could not be read after row 10999: the sheet's XML is damaged/);
    expect(lines.length).toBe(10_998);
  });

  it('uses a pasted header for a file without one, and skips it when the file has it', async () => {
    const bytes = Buffer.from('15-04-2024\tALPHA\n16-04-2024\tBETA\n');
    const table = await readTable(bytes, 'sales.txt', { header: 'Date\tParty Name' });
    expect(table).toMatchObject({ headers: ['Date', 'Party Name'], headerLine: 0 });
    expect(table.rows.map((r) => r.line)).toEqual([1, 2]);
    const withHeader = await readTable(Buffer.from(`Date\tParty Name\n${bytes}`), 'sales.txt', {
      header: ['date', 'party name'],
    });
    expect(withHeader.headerLine).toBe(1);
    expect(withHeader.rows.map((r) => r.line)).toEqual([2, 3]);
  });

  it('finds the pasted header below the title lines a Tally export puts on top', async () => {
    const text =
      'ACME LTD\nSales Register\n1-Apr-2024 to 31-Mar-2025\n\nDate\tParty Name\n15-04-2024\tALPHA\n';
    const table = await readTable(Buffer.from(text), 'sales.txt', { header: 'Date\tParty Name' });
    expect(table.headerLine).toBe(5);
    expect(table.rows.map((r) => r.line)).toEqual([6]);
  });

  it('finds the header below title lines and drops blank rows', async () => {
    const text = 'ACME LTD\nSales Register\n\nDate\tParty\tAmount\n\n1-4-2024\tA\t1\n';
    const table = await readTable(Buffer.from(text), 'x.txt');
    expect(table.headers).toEqual(['Date', 'Party', 'Amount']);
    expect(table.headerLine).toBe(4);
    expect(table.rows).toEqual([{ line: 6, values: ['1-4-2024', 'A', '1'] }]);
  });

  it('reads UTF-16 Tally exports and comma files named .txt', async () => {
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('Date\tParty\n1-4-2024\tCafé\n', 'utf16le'),
    ]);
    expect((await readTable(utf16, 'tally.txt')).rows[0]?.values).toEqual(['1-4-2024', 'Café']);
    expect((await readTable(Buffer.from('Date,Party\n1-4-2024,A\n'), 'x.txt')).headers).toEqual([
      'Date',
      'Party',
    ]);
  });

  it('returns an error instead of throwing on a broken spreadsheet or an empty file', async () => {
    expect((await readTable(Buffer.from('PK\u0003\u0004 broken'), 'x.xlsx')).errors).toEqual([
      expect.objectContaining({ code: 'UNREADABLE_FILE', line: 1 }),
    ]);
    expect((await readTable(new Uint8Array(), 'x.txt')).errors).toEqual([
      expect.objectContaining({ code: 'EMPTY_FILE', line: 1 }),
    ]);
    expect((await readTable(Buffer.from('a\t"open\n'), 'x.txt')).errors).toEqual([
      expect.objectContaining({ code: 'UNTERMINATED_QUOTE', line: 1 }),
    ]);
  });

  it('tells the user what to do with a cut or damaged workbook, and with text named .xlsx', async () => {
    const whole = await makeXlsx();
    const reasons = async (bytes: Uint8Array): Promise<string[]> => {
      const table = await readTable(bytes, 'sales.xlsx');
      expect(table.rows).toEqual([]);
      return table.errors.map((e) => `${e.code}: ${e.message}`);
    };
    // an upload cut short: the zip's directory at its end is missing
    expect(await reasons(whole.slice(0, Math.floor(whole.length / 2)))).toEqual([
      expect.stringMatching(
        /^UNREADABLE_FILE: .*the workbook is damaged or incomplete \(.+\); open it in Excel and save it again/,
      ),
    ]);
    // bytes changed inside the sheet's compressed data
    const changed = whole.slice();
    const sheetAt = Buffer.from(changed).indexOf('xl/worksheets/sheet1.xml');
    for (let i = sheetAt + 40; i < sheetAt + 90; i++) changed[i] = 0xff - (changed[i] ?? 0);
    expect(await reasons(changed)).toEqual([
      expect.stringMatching(/^UNREADABLE_FILE: .*damaged or incomplete/),
    ]);
    expect(await reasons(Buffer.from('Date,Party\n1-4-2024,A\n'))).toEqual([
      expect.stringMatching(/not an Excel workbook .*upload it as \.csv or \.txt/),
    ]);
  });

  it('reads a .xls apart, within a size and a time limit', async () => {
    const xls = makeXls();
    await expect(readXlsRecords(xls, undefined, { ...XLS_LIMITS, maxBytes: xls.length - 1 })).rejects.toThrow(
      /over .* MB is not read/,
    );
    // a deadline no parse can meet stands in for a file that makes the parser spin
    await expect(readXlsRecords(xls, undefined, { ...XLS_LIMITS, timeoutMs: 0 })).rejects.toThrow(
      /took longer than/,
    );
    expect(await readXlsRecords(xls)).toHaveLength(2 + DATA.length);
  });

  it('tells the format from the name, else from the first bytes', () => {
    expect(formatOfFile('a.XLSX', new Uint8Array())).toBe('xlsx');
    expect(formatOfFile('upload', Uint8Array.from([0x50, 0x4b, 3, 4]))).toBe('xlsx');
    expect(formatOfFile('upload', Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0]))).toBe('xls');
    expect(formatOfFile('upload', Buffer.from('a,b'))).toBe('txt');
  });

  it('reads the sales fixture with its quoted tab and comma values', async () => {
    const table = await readTable(readFileSync(`${FIXTURES_DIR}sales-register.txt`), 'sales-register.txt');
    expect(table.rows.find((r) => r.line === 10)?.values[1]).toBe('GAMMA CONTRACTING CO\tDELHI "NORTH"');
  });
});

describe('streamTable', () => {
  async function* chunks(text: string, size: number): AsyncGenerator<Uint8Array> {
    const bytes = Buffer.from(text);
    for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
  }

  it('gives the header first and then the rows, like readTable', async () => {
    const text = readFileSync(`${FIXTURES_DIR}sales-register.csv`, 'utf8');
    const stream = await streamTable(chunks(text, 7), 'sales-register.csv', { delimiter: ',' });
    const rows = [];
    for await (const r of stream.rows) rows.push(r);
    const whole = await readTable(Buffer.from(text), 'sales-register.csv');
    expect({ headers: stream.headers, headerLine: stream.headerLine, rows }).toEqual({
      headers: whole.headers,
      headerLine: whole.headerLine,
      rows: whole.rows,
    });
  });

  it('finds the header below the title lines of a Tally export, like readTable', async () => {
    const text = readFileSync(`${FIXTURES_DIR}sales-register.txt`, 'utf8');
    const stream = await streamTable(chunks(text, 11), 'sales-register.txt', { delimiter: '\t' });
    const rows = [];
    for await (const r of stream.rows) rows.push(r);
    const whole = await readTable(Buffer.from(text), 'sales-register.txt');
    expect(stream.headerLine).toBeGreaterThan(1);
    expect({ headers: stream.headers, headerLine: stream.headerLine, rows }).toEqual({
      headers: whole.headers,
      headerLine: whole.headerLine,
      rows: whole.rows,
    });
  });

  it('takes a pasted header and reads UTF-16 bytes', async () => {
    async function* utf16(): AsyncGenerator<Uint8Array> {
      yield Buffer.concat([
        Buffer.from([0xff, 0xfe]),
        Buffer.from('1-4-2024\tCafé\n\n2-4-2024\tB\n', 'utf16le'),
      ]);
    }
    const stream = await streamTable(utf16(), 't.txt', { delimiter: '\t', header: 'Date\tParty' });
    const rows = [];
    for await (const r of stream.rows) rows.push(r);
    expect(stream).toMatchObject({ headers: ['Date', 'Party'], headerLine: 0 });
    expect(rows).toEqual([
      { line: 1, values: ['1-4-2024', 'Café'] },
      { line: 3, values: ['2-4-2024', 'B'] },
    ]);
  });
});
