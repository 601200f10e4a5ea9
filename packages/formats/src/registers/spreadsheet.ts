import { Worker } from 'node:worker_threads';
import type * as XLSX from '@e965/xlsx';
import { excelSerialToIso, utcDayIso } from '../values/dates.ts';
import type { RawRecord } from './delimited.ts';

// Spreadsheet cells become the same strings a text export would hold; dates
// become ISO strings so the date parser reads them without guessing.

export const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return utcDayIso(value);
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; text?: unknown; result?: unknown; error?: string };
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return cellText(v.result);
    if (v.text !== undefined) return cellText(v.text);
    if (typeof v.error === 'string') return v.error;
  }
  return '';
};

// A number format is a date format when, outside quoted text, escapes and
// [colour]/[locale] brackets, it holds day, month or year codes.
const isDateFormat = (format: string | undefined): boolean => {
  if (format === undefined || format === 'General') return false;
  const bare = format.replace(/"[^"]*"|\\.|\[[^\]]*\]/g, '');
  return /[dmy]/i.test(bare);
};

// A .xls (BIFF8) sheet holds at most 65,536 rows by 256 columns; real registers
// of that size stay well under this. The limits bound what a crafted file costs.
export const XLS_LIMITS = { maxBytes: 64 * 1024 * 1024, timeoutMs: 60_000, heapMb: 1024 };

interface XlsSheet {
  worksheet: XLSX.WorkSheet | null;
  date1904: boolean;
}

// SheetJS parses in a worker thread with a memory cap and a deadline.
const parseXlsInWorker = (bytes: Uint8Array, sheet: string | undefined, limits: typeof XLS_LIMITS) =>
  new Promise<XlsSheet>((resolve, reject) => {
    const worker = new Worker(new URL('./xls-worker.mjs', import.meta.url), {
      workerData: { bytes, sheet },
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb },
    });
    let settled = false;
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      done();
    };
    const timer = setTimeout(
      () =>
        settle(() =>
          reject(
            new Error(
              `reading it took longer than ${limits.timeoutMs / 1000} seconds; save it as .xlsx or .csv`,
            ),
          ),
        ),
      limits.timeoutMs,
    );
    worker.once('message', (answer: XlsSheet) => settle(() => resolve(answer)));
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new Error('it needs more memory than a spreadsheet of its kind can; save it as .xlsx or .csv')
            : error,
        ),
      ),
    );
    worker.once('exit', (code) => settle(() => reject(new Error(`the reader stopped (exit code ${code})`))));
  });

// Legacy .xls (BIFF) through SheetJS. Dates are read as serial numbers plus
// their number format, because SheetJS' own Date objects depend on the time zone.
export const readXlsRecords = async (
  bytes: Uint8Array,
  sheet?: string,
  limits: typeof XLS_LIMITS = XLS_LIMITS,
): Promise<RawRecord[]> => {
  if (bytes.length > limits.maxBytes) {
    throw new Error(
      `a .xls file over ${limits.maxBytes / 1024 / 1024} MB is not read; save it as .xlsx or .csv`,
    );
  }
  const { worksheet, date1904 } = await parseXlsInWorker(bytes, sheet, limits);
  if (worksheet === null || worksheet['!ref'] === undefined) return [];
  const { utils } = await import('@e965/xlsx');
  const range = utils.decode_range(worksheet['!ref']);
  const records: RawRecord[] = [];
  for (let r = range.s.r; r <= range.e.r; r++) {
    const values: string[] = [];
    for (let c = 0; c <= range.e.c; c++) {
      const cell = worksheet[utils.encode_cell({ r, c })] as XLSX.CellObject | undefined;
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
