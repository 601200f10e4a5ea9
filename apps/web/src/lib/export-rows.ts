import { saveBlob } from '../api/client.ts';
import { buildXlsx, type CellValue } from './xlsx.ts';

export interface ExportColumn<T> {
  title: string;
  value: (row: T) => CellValue;
}

// Saves the rows as an Excel workbook named `<fileName>.xlsx`.
export const exportRows = async <T>(
  fileName: string,
  columns: readonly ExportColumn<T>[],
  rows: readonly T[],
): Promise<void> => {
  const header = columns.map((c) => c.title);
  const data = rows.map((row) => columns.map((c) => c.value(row)));
  saveBlob(await buildXlsx(fileName, header, data), `${fileName}.xlsx`);
};
