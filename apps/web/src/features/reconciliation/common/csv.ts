import { saveBlob } from '../../../api/client.ts';

const cell = (value: string | number): string => {
  const text = String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

// Saves rows as a comma-separated file; amounts stay the exact strings the server sent.
export const saveCsv = (
  fileName: string,
  header: readonly string[],
  rows: readonly (readonly (string | number)[])[],
) => {
  const text = [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n');
  saveBlob(new Blob([`${text}\r\n`], { type: 'text/csv;charset=utf-8' }), fileName);
};
