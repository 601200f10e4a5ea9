import * as XLSX from '@e965/xlsx';
import ExcelJS from 'exceljs';
import { excelSerialToIso, isoDate } from '../values/dates.ts';
import type { RawRecord } from './delimited.ts';

// Spreadsheet cells become the same strings a text export would hold; dates
// become ISO strings so the date parser reads them without guessing.

const dateToIso = (d: Date): string =>
  Number.isNaN(d.getTime()) ? '' : (isoDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()) ?? '');

const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return dateToIso(value);
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; text?: unknown; result?: unknown; error?: string };
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return cellText(v.result);
    if (v.text !== undefined) return cellText(v.text);
    if (typeof v.error === 'string') return v.error;
  }
  return '';
};

export const readXlsxRecords = async (bytes: Uint8Array, sheet?: string): Promise<RawRecord[]> => {
  const workbook = new ExcelJS.Workbook();
  // exceljs' typings predate Buffer being generic; the bytes are passed as they are.
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

// A number format is a date format when, outside quoted text, escapes and
// [colour]/[locale] brackets, it holds day, month or year codes.
const isDateFormat = (format: string | undefined): boolean => {
  if (format === undefined || format === 'General') return false;
  const bare = format.replace(/"[^"]*"|\\.|\[[^\]]*\]/g, '');
  return /[dmy]/i.test(bare);
};

// Legacy .xls (BIFF) through SheetJS. Dates are read as serial numbers plus
// their number format, because SheetJS' own Date objects depend on the time zone.
export const readXlsRecords = (bytes: Uint8Array, sheet?: string): RawRecord[] => {
  const workbook = XLSX.read(Buffer.from(bytes), { type: 'buffer', cellNF: true, cellDates: false });
  const name = sheet ?? workbook.SheetNames[0];
  const worksheet = name === undefined ? undefined : workbook.Sheets[name];
  if (worksheet === undefined || worksheet['!ref'] === undefined) return [];
  const date1904 = workbook.Workbook?.WBProps?.date1904 === true;
  const range = XLSX.utils.decode_range(worksheet['!ref']);
  const records: RawRecord[] = [];
  for (let r = range.s.r; r <= range.e.r; r++) {
    const values: string[] = [];
    for (let c = 0; c <= range.e.c; c++) {
      const cell = worksheet[XLSX.utils.encode_cell({ r, c })] as XLSX.CellObject | undefined;
      if (cell === undefined || cell.t === 'z') values.push('');
      else if (cell.t === 'n' && isDateFormat(cell.z === undefined ? undefined : String(cell.z))) {
        const serial = Number(cell.v) + (date1904 ? 1462 : 0);
        values.push(excelSerialToIso(serial) ?? String(cell.v));
      } else if (cell.t === 'e') values.push(cell.w ?? '#ERROR');
      else values.push(cellText(cell.v));
    }
    records.push({ line: r + 1, values });
  }
  return records;
};
