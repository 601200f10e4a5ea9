import { inrExcelFormat } from '@taxrecon/shared';
import writeXlsxFile, { type Row } from 'write-excel-file/universal';

export type CellValue = string | number | boolean | null | undefined;

// Control characters other than tab, line feed and carriage return cannot appear in XML 1.0.
// biome-ignore lint/suspicious/noControlCharactersInRegex: those are the characters removed
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;

const cell = (value: CellValue) => {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'boolean') return String(value);
  return value.replace(NOT_XML, '');
};

// How a column's numbers read in Excel: 'inr' is rupees with the ₹ sign and
// lakh grouping (the cell stays a number, so sums still add up).
export type ColumnFormat = 'inr' | undefined;

const formatted = (value: CellValue, format: ColumnFormat) => {
  const plain = cell(value);
  return format === 'inr' && typeof plain === 'number'
    ? { value: plain, format: inrExcelFormat(plain) }
    : plain;
};

// One-sheet .xlsx workbook: a bold header row, then the rows (write-excel-file).
export const buildXlsx = (
  sheetName: string,
  header: readonly string[],
  rows: readonly (readonly CellValue[])[],
  formats: readonly ColumnFormat[] = [],
): Promise<Blob> => {
  const data: Row[] = [
    header.map((title) => ({ value: cell(title) ?? '', fontWeight: 'bold' as const })),
    ...rows.map((values) => values.map((v, i) => formatted(v, formats[i]))),
  ];
  // Excel's sheet names: at most 31 characters, none of [ ] : * ? / \
  const sheet = sheetName.slice(0, 31).replace(/[[\]:*?/\\]/g, ' ') || 'Sheet1';
  return writeXlsxFile(data, { sheet }).toBlob();
};
