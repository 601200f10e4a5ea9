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

// One-sheet .xlsx workbook: a bold header row, then the rows (write-excel-file).
export const buildXlsx = (
  sheetName: string,
  header: readonly string[],
  rows: readonly (readonly CellValue[])[],
): Promise<Blob> => {
  const data: Row[] = [
    header.map((title) => ({ value: cell(title) ?? '', fontWeight: 'bold' as const })),
    ...rows.map((values) => values.map(cell)),
  ];
  // Excel's sheet names: at most 31 characters, none of [ ] : * ? / \
  const sheet = sheetName.slice(0, 31).replace(/[[\]:*?/\\]/g, ' ') || 'Sheet1';
  return writeXlsxFile(data, { sheet }).toBlob();
};
