import { saveBlob } from '../api/client.ts';
import { buildXlsx, type CellValue, XLSX_MIME } from './xlsx.ts';

export interface ExportColumn<T> {
  title: string;
  value: (row: T) => CellValue;
}

// Saves the rows as an Excel workbook named `<fileName>.xlsx`.
export const exportRows = <T>(
  fileName: string,
  columns: readonly ExportColumn<T>[],
  rows: readonly T[],
): void => {
  const header = columns.map((c) => c.title);
  const data = rows.map((row) => columns.map((c) => c.value(row)));
  const bytes = buildXlsx(fileName, header, data);
  saveBlob(new Blob([bytes], { type: XLSX_MIME }), `${fileName}.xlsx`);
};
