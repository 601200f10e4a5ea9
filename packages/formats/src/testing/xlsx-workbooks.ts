import { Uint8ArrayReader, Uint8ArrayWriter, ZipReader, ZipWriter } from '@zip.js/zip.js';
import ExcelJS from 'exceljs';
import fc from 'fast-check';

// Random workbooks for the .xlsx readers' property tests (xlsx-sheet.test.ts,
// xlsx-stream.test.ts): the cell kinds a register holds, written by ExcelJS.

const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('<b>&amp;', ' lead', 'trail ', 'a\nb', 'टाटा स्टील', '"quoted"', "it's", '_x0041_', 'NULL'),
);
const cellValue: fc.Arbitrary<ExcelJS.CellValue> = fc.oneof(
  text,
  fc.integer({ min: -1e9, max: 1e9 }),
  fc.double({ min: -1e12, max: 1e12, noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(14950, 1345.5, 0.1, -0, 1e-7, 123456789.125),
  fc
    .integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2040, 0, 1) })
    .map((ms) => new Date(Math.floor(ms / 60_000) * 60_000)),
  fc.boolean(),
  fc.constantFrom({ error: '#N/A' }, { error: '#DIV/0!' }) as fc.Arbitrary<ExcelJS.CellValue>,
  fc.tuple(text, text).map(([a, b]) => ({ richText: [{ text: a, font: { bold: true } }, { text: b }] })),
  // not 0: ExcelJS loses a formula's result of 0 (below)
  fc.integer({ min: 1, max: 1e6 }).map((n) => ({ formula: 'ROUND(1,0)', result: n / 100 })),
  text.map((t) => ({ formula: 'TRIM("x")', result: t })),
  text.map((t) => ({ text: t, hyperlink: 'https://example.com/a?b=1&c=2' })),
  fc.constant(null),
);
const formats = fc.constantFrom(
  undefined,
  'dd-mmm-yyyy',
  'd/m/yyyy',
  '#,##0.00',
  '0%',
  '[$-409]d-mmm-yy',
  '@',
);

export const sheetGrid = fc.array(
  fc.array(fc.record({ value: cellValue, format: formats }), { minLength: 0, maxLength: 7 }),
  { minLength: 0, maxLength: 12 },
);

const textResult = (value: ExcelJS.CellValue) =>
  typeof value === 'object' && value !== null && 'formula' in value && typeof value.result === 'string';

export const workbookOf = async (
  sheets: { name: string; rows: { value: ExcelJS.CellValue; format: string | undefined }[][] }[],
  merge: boolean,
  date1904: boolean,
) => {
  const workbook = new ExcelJS.Workbook();
  if (date1904) workbook.properties.date1904 = true;
  for (const s of sheets) {
    const worksheet = workbook.addWorksheet(s.name);
    s.rows.forEach((cells, r) => {
      cells.forEach((c, col) => {
        const cell = worksheet.getCell(r + 1, col + 1);
        cell.value = c.value;
        // ExcelJS reads a formula's text result in a date format as a date
        // (' ' as 1900-01-01, other text as nothing); we keep the text
        // (below), so the reference is not asked about it
        if (c.format && !textResult(c.value)) cell.numFmt = c.format;
      });
    });
    if (merge && s.rows.length > 2 && (s.rows[0]?.length ?? 0) > 0) worksheet.mergeCells(1, 1, 2, 3);
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
};

export const SHEET = 'xl/worksheets/sheet1.xml';

export interface ZipPart {
  name: string;
  data: Uint8Array;
}

// A workbook's parts as they are stored, to be changed and zipped again.
export const zipParts = async (bytes: Uint8Array): Promise<ZipPart[]> => {
  const zip = new ZipReader(new Uint8ArrayReader(bytes));
  try {
    return await Promise.all(
      (await zip.getEntries()).map(async (e) => ({
        name: e.filename,
        data: e.directory ? new Uint8Array() : await e.getData(new Uint8ArrayWriter()),
      })),
    );
  } finally {
    await zip.close();
  }
};

// The parts zipped again, the sheet's XML replaced when `sheetXml` is given.
export const zipOfParts = async (parts: readonly ZipPart[], sheetXml?: string): Promise<Uint8Array> => {
  const writer = new ZipWriter(new Uint8ArrayWriter());
  for (const p of parts) {
    const data = sheetXml !== undefined && p.name === SHEET ? new TextEncoder().encode(sheetXml) : p.data;
    await writer.add(p.name, new Uint8ArrayReader(data));
  }
  return writer.close();
};

export const sheetXmlOf = (parts: readonly ZipPart[]): string =>
  new TextDecoder().decode(parts.find((p) => p.name === SHEET)!.data);
