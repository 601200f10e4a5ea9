import { saveBlob } from '../api/client.ts';
import { buildXlsx, type CellValue, type ColumnFormat } from './xlsx.ts';

export interface ExportColumn<T> {
  title: string;
  value: (row: T) => CellValue;
  // what the screen shows for a row; a column shown as '₹1,25,000.00' is
  // exported as rupee numbers in the ₹ lakh format
  render?: (row: T) => unknown;
}

// A number column the screen writes in rupees: the first row with a number
// tells (every cell of a column is drawn by the same function).
const RUPEES = /^[-−]?₹/;
export const columnFormat = <T>(column: ExportColumn<T>, rows: readonly T[]): ColumnFormat => {
  if (!column.render) return undefined;
  const sample = rows.find((row) => typeof column.value(row) === 'number');
  if (sample === undefined) return undefined;
  const shown = column.render(sample);
  return typeof shown === 'string' && RUPEES.test(shown) ? 'inr' : undefined;
};

// Saves the rows as an Excel workbook named `<fileName>.xlsx`.
export const exportRows = async <T>(
  fileName: string,
  columns: readonly ExportColumn<T>[],
  rows: readonly T[],
): Promise<void> => {
  const header = columns.map((c) => c.title);
  const data = rows.map((row) => columns.map((c) => c.value(row)));
  const formats = columns.map((c) => columnFormat(c, rows));
  saveBlob(await buildXlsx(fileName, header, data, formats), `${fileName}.xlsx`);
};
