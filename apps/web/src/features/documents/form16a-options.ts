import { FORM16A_QUARTERS, type Form16aRejectedFile } from '@taxrecon/contracts';
import { csvRows } from '@taxrecon/shared/csv';
import { saveBlob } from '../../api/client.ts';

export const QUARTER_OPTIONS = FORM16A_QUARTERS.map((q) => ({ value: q, label: q }));

const saveCsv = (fileName: string, rows: readonly (readonly string[])[]) =>
  saveBlob(
    new Blob([csvRows(rows, { recordDelimiter: '\r\n' })], { type: 'text/csv;charset=utf-8' }),
    fileName,
  );

// The PANs of vendors without a contact e-mail, to fix in the vendor master.
export const saveMissingEmailsCsv = (pans: readonly string[]) =>
  saveCsv('vendors-without-email.csv', [['PAN'], ...pans.map((p) => [p])]);

export const saveRejectedCsv = (zipName: string, rejected: readonly Form16aRejectedFile[]) =>
  saveCsv(`${zipName.replace(/\.zip$/i, '')}-rejected.csv`, [
    ['File', 'Reason'],
    ...rejected.map((r) => [r.fileName, r.reason]),
  ]);

export const missingEmailsWarning = (n: number): string =>
  `There are ${n} vendors matching your search criteria with no contact email addresses. Please fix them in the vendor master.`;
