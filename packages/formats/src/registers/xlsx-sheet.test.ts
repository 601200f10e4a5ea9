import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sheetGrid, sheetXmlOf, workbookOf, zipOfParts, zipParts } from '../testing/xlsx-workbooks.ts';
import { isBlankRecord, type RawRecord } from './delimited.ts';
import { cellText } from './spreadsheet.ts';
import { isPlainNumber, readXlsxSheet, sheetRecords } from './xlsx-sheet.ts';

// The reference: how registers were read before xlsx-sheet.ts, ExcelJS's whole
// workbook model and the cell text rule the .xls reader still uses.
const referenceRecords = async (bytes: Uint8Array, sheet?: string): Promise<RawRecord[]> => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ExcelJS.Buffer);
  const worksheet = sheet === undefined ? workbook.worksheets[0] : workbook.getWorksheet(sheet);
  if (worksheet === undefined) return [];
  const records: RawRecord[] = [];
  worksheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const values: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      values[column - 1] = cellText(cell.value);
    });
    records.push({ line: rowNumber, values: Array.from(values, (v) => v ?? '') });
  });
  return records;
};

// What a register reader keeps: rows with a value, without trailing empty cells.
const kept = (records: RawRecord[]) =>
  records
    .filter((r) => !isBlankRecord(r.values))
    .map((r) => {
      const values = [...r.values];
      while (values.length > 0 && values[values.length - 1] === '') values.pop();
      return { line: r.line, values };
    });

describe('readXlsxSheet', () => {
  it('reads any sheet to the rows ExcelJS’s whole-workbook loader read', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(sheetGrid, { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        fc.boolean(),
        fc.nat(3),
        async (grids, merge, date1904, pick) => {
          const sheets = grids.map((rows, i) => ({ name: `Sheet ${i + 1} & <co>`, rows }));
          const bytes = await workbookOf(sheets, merge, date1904);
          const name = pick < sheets.length ? sheets[pick]!.name : undefined;
          expect(kept(await readXlsxSheet(bytes, name))).toEqual(kept(await referenceRecords(bytes, name)));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads a register with title lines, dates, rupees and a merged title', async () => {
    const bytes = await workbookOf(
      [
        {
          name: 'Sales',
          rows: [
            [{ value: 'Zedex Sample Private Limited', format: undefined }],
            [],
            ['Date', 'Particulars', 'Gross Total'].map((value) => ({ value, format: undefined })),
            [
              { value: new Date(Date.UTC(2024, 3, 2)), format: 'dd-mmm-yyyy' },
              { value: 'AADI SAGAR SOFTWARE Pvt Ltd', format: undefined },
              { value: 17641, format: '#,##0.00' },
            ],
          ],
        },
      ],
      true,
      false,
    );
    expect(kept(await readXlsxSheet(bytes))).toEqual([
      { line: 1, values: Array(3).fill('Zedex Sample Private Limited') },
      { line: 2, values: Array(3).fill('Zedex Sample Private Limited') },
      { line: 3, values: ['Date', 'Particulars', 'Gross Total'] },
      { line: 4, values: ['2024-04-02', 'AADI SAGAR SOFTWARE Pvt Ltd', '17641'] },
    ]);
  });

  it('reads the formula results ExcelJS lost: text in a date format, and 0', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('S');
    const cell = sheet.getCell('A1');
    cell.value = { formula: 'TEXT(B1,"dd-mm-yyyy")', result: '02-04-2024' };
    cell.numFmt = 'dd-mmm-yyyy';
    sheet.getCell('B1').value = { formula: 'C1-C1', result: 0 };
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    expect(await readXlsxSheet(bytes)).toEqual([{ line: 1, values: ['02-04-2024', '0'] }]);
  });

  // Another writer's XML: SheetJS writes strings inline or shared, dates as
  // serials in the cell's format, and no row spans.
  it.each([true, false])('reads a SheetJS workbook (shared strings: %s) as ExcelJS did', async (bookSST) => {
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Sales register & <more>'],
      ['Date', 'Party', 'Amount', 'Paid'],
      [45384, 'टाटा स्टील', 14950.5, true],
      [45385, ' spaced ', -0.25, false],
    ]);
    for (const address of ['A3', 'A4']) sheet[address]!.z = 'dd-mmm-yyyy';
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Register');
    const bytes = new Uint8Array(XLSX.write(book, { bookType: 'xlsx', type: 'buffer', bookSST }));
    const read = kept(await readXlsxSheet(bytes));
    expect(read).toEqual(kept(await referenceRecords(bytes)));
    expect(read[2]).toEqual({ line: 3, values: ['2024-04-02', 'टाटा स्टील', '14950.5', 'TRUE'] });
  });

  // A workbook whose sheet XML is cut short or has bytes changed (a file
  // damaged in transit, a faulty writer): the reader answers, rows or an
  // error, and never loops.
  it('reads or refuses a workbook whose sheet XML is damaged, and always ends', async () => {
    const original = await workbookOf(
      [
        {
          name: 'S',
          rows: Array.from({ length: 6 }, (_, r) =>
            [0, 1, 2].map((c) => ({ value: r * 10 + c, format: undefined })),
          ),
        },
      ],
      true,
      false,
    );
    const parts = await zipParts(original);
    const sheetXml = sheetXmlOf(parts);
    await fc.assert(
      fc.asyncProperty(
        fc.nat(sheetXml.length),
        fc.nat(sheetXml.length),
        fc.constantFrom('', '<', '>', '/', '"', '<row', '</c>', '<c r="B', 'x'),
        async (cut, at, insert) => {
          const xml =
            cut % 2 ? sheetXml.slice(0, cut) : sheetXml.slice(0, at) + insert + sheetXml.slice(at + 1);
          const read = await readXlsxSheet(await zipOfParts(parts, xml)).then(
            (rows) => rows.length,
            (error: unknown) => (error instanceof Error ? -1 : Number.NaN),
          );
          expect(read).toBeGreaterThanOrEqual(-1);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads an ISO date cell (t="d") as its day', async () => {
    const xml =
      '<worksheet><sheetData><row r="3"><c r="B3" t="d"><v>2024-04-02T00:00:00</v></c></row></sheetData></worksheet>';
    expect(await sheetRecords(xml, { strings: [], dates: [], date1904: false })).toEqual([
      { line: 3, values: ['', '2024-04-02'] },
    ]);
  });

  // Excel writes ` r="A1"` and `<v>`, read by indexOf; other spellings that
  // XML allows go through the patterns and read the same.
  it('reads attributes and values however XML spells them', async () => {
    const ctx = { strings: ['shared'], dates: [false, true], date1904: false };
    const xml =
      '<worksheet><sheetData>' +
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" s="1"><v>45384</v></c><c r="C1"><f>1+1</f><v>2</v></c></row>' +
      "<row r = '2'><c r='A2' t = \"s\"><v xml:space=\"preserve\">0</v></c><c s='1' r='B2'><v>45384</v></c>" +
      '<c\tr="C2"\tt="str"><v>a &amp;amp; b</v></c><c r="D2" t="b"><v >1</v></c></row>' +
      '</sheetData></worksheet>';
    expect(await sheetRecords(xml, ctx)).toEqual([
      { line: 1, values: ['shared', '2024-04-02', '2'] },
      { line: 2, values: ['shared', '2024-04-02', 'a & b', 'TRUE'] },
    ]);
  });

  it('keeps a row as wide as its last value, whatever empty styled cells follow', async () => {
    const xml =
      '<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>x</t></is></c><c r="XFD1" s="1"/></row></sheetData></worksheet>';
    expect(await sheetRecords(xml, { strings: [], dates: [], date1904: false })).toEqual([
      { line: 1, values: ['x'] },
    ]);
  });

  it('lets the event loop turn while it scans a big sheet', async () => {
    const rows = Array.from(
      { length: 12_000 },
      (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>${i}</v></c></row>`,
    );
    const xml = `<worksheet><sheetData>${rows.join('')}</sheetData></worksheet>`;
    let turns = 0;
    let reading = true;
    const tick = () => {
      turns++;
      if (reading) setImmediate(tick);
    };
    setImmediate(tick);
    const read = await sheetRecords(xml, { strings: [], dates: [], date1904: false });
    reading = false;
    expect(read.length).toBe(12_000);
    // a turn at least every 5,000 rows scanned
    expect(turns).toBeGreaterThanOrEqual(2);
  });

  it('refuses bytes that are no workbook', async () => {
    await expect(readXlsxSheet(new Uint8Array())).rejects.toThrow();
    await expect(readXlsxSheet(Buffer.from('PK\u0003\u0004 broken'))).rejects.toThrow();
  });
});

// A number cell's text is kept as it stands when it is what parsing and
// printing it would give; every other text is parsed and printed.
describe('isPlainNumber', () => {
  const printed = (text: string) => String(Number.parseFloat(text));

  it('never keeps a text that parsing and printing would change', () => {
    const digits = fc.string({ unit: fc.constantFrom('0', '1', '5', '9'), minLength: 1, maxLength: 19 });
    const text = fc.oneof(
      // as Excel and the libraries write numbers
      fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
      fc.integer().map(String),
      // and any spelling of digits, sign, point and exponent
      fc
        .tuple(fc.constantFrom('', '-', '+'), digits, fc.option(digits), fc.constantFrom('', 'E3', 'e-7'))
        .map(
          ([sign, whole, fraction, exponent]) =>
            `${sign}${whole}${fraction === null ? '' : `.${fraction}`}${exponent}`,
        ),
      fc.constantFrom(
        '-0',
        '0.0',
        '1.50',
        '0.0000001',
        '0.000001',
        '.5',
        '5.',
        '',
        '-',
        '1e21',
        '123456789012345678',
      ),
    );
    fc.assert(
      fc.property(text, (t) => {
        if (isPlainNumber(t)) expect(printed(t)).toBe(t);
      }),
      { numRuns: 5000 },
    );
  });

  it.each([
    ['14950.5', true],
    ['0', true],
    ['-1345.25', true],
    ['0.000001', true],
    ['123456789012345', true],
    ['14950.50', false],
    ['-0', false],
    ['0.0000001', false],
    ['1E3', false],
    ['0123', false],
    // printed the same, but past what the check vouches for: parsed and printed
    ['1234567890123456', false],
  ])('%s kept as it stands: %s', (text, kept) => {
    expect(isPlainNumber(text)).toBe(kept);
  });
});
