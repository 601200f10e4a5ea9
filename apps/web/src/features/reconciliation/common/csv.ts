import { csvRows } from '@taxrecon/shared/csv';
import { saveBlob } from '../../../api/client.ts';

// Saves rows as a comma-separated file; amounts stay the exact strings the server sent.
export const saveCsv = (
  fileName: string,
  header: readonly string[],
  rows: readonly (readonly (string | number)[])[],
) => {
  const text = csvRows([header, ...rows], { recordDelimiter: '\r\n' });
  saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), fileName);
};
