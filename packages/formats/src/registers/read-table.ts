import { type FileIssue, issue } from '../errors.ts';
import { badCharacterInRecord } from '../values/bad-characters.ts';
import { decodeText } from '../values/text-decoding.ts';
import { ZIP_LIMITS, ZIP_TOO_LARGE, ZipLimitError, zipBytesRefusal } from '../zip/zip-limits.ts';
import {
  isBlankRecord,
  parseDelimited,
  type RawRecord,
  readDelimitedStream,
  sniffDelimiter,
} from './delimited.ts';
import { readXlsRecords } from './spreadsheet.ts';
import { readXlsxSheet } from './xlsx-sheet.ts';
import { STREAMED_SHEET_LIMITS, streamXlsxSheet } from './xlsx-stream.ts';

export type TableFormat = 'txt' | 'csv' | 'xlsx' | 'xls';

export interface TableRead {
  file: string;
  format: TableFormat;
  headers: string[];
  // Line of the header row in the file; 0 when the user gave the header.
  headerLine: number;
  // Data rows after the header; blank rows are left out.
  rows: RawRecord[];
  errors: FileIssue[];
}

export interface ReadTableOptions {
  // The header pasted by the user (tab-separated, as the upload screen takes
  // it) for files without one; if the file starts with the same header it is skipped.
  header?: string | readonly string[];
  sheet?: string;
  format?: TableFormat;
  delimiter?: string;
}

export const formatOfFile = (file: string, bytes: Uint8Array): TableFormat => {
  const ext = /\.([a-z]+)$/i.exec(file)?.[1]?.toLowerCase();
  if (ext === 'txt' || ext === 'csv' || ext === 'xlsx' || ext === 'xls') return ext;
  // Unknown extension: look at the magic numbers (zip for xlsx, OLE2 for xls).
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) return 'xlsx';
  if (bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0) return 'xls';
  return 'txt';
};

// Distinct, not all: a spreadsheet's title merged across the columns repeats
// in every cell of its row (xlsx-sheet.ts) and is still one title.
const distinctValueCount = (values: readonly string[]): number =>
  new Set(values.map((v) => v.trim()).filter((v) => v !== '')).size;

const normaliseCell = (s: string): string => s.trim().toLowerCase().replace(/\s+/g, ' ');

const sameHeader = (a: readonly string[], b: readonly string[]): boolean => {
  const x = a.map(normaliseCell).filter((s) => s !== '');
  const y = b.map(normaliseCell).filter((s) => s !== '');
  return x.length === y.length && x.every((s, i) => s === y[i]);
};

// Exports from accounting software open with title lines (company, report
// name, period) before the column header: the header is the first of the
// early rows that has about as many different values as the widest of them.
const findHeaderIndex = (records: readonly RawRecord[]): number => {
  const early = records.slice(0, 20);
  const widest = Math.max(0, ...early.map((r) => distinctValueCount(r.values)));
  const index = early.findIndex((r) => distinctValueCount(r.values) >= Math.max(1, Math.ceil(widest * 0.6)));
  return Math.max(0, index);
};

const TITLE_LINES_SEARCHED = 20;

export const tableFromRecords = (
  records: readonly RawRecord[],
  file: string,
  format: TableFormat,
  options: ReadTableOptions = {},
): TableRead => {
  const rows = records.filter((r) => !isBlankRecord(r.values));
  const pasted =
    typeof options.header === 'string' ? options.header.replace(/\r?\n$/, '').split('\t') : options.header;
  if (pasted !== undefined) {
    const headers = pasted.map((h) => h.trim());
    // Tally and ERP exports put the company name, report title and period above
    // the header: the file's own copy of the pasted header may come a few lines down.
    const at = rows.slice(0, TITLE_LINES_SEARCHED).findIndex((r) => sameHeader(r.values, headers));
    if (at >= 0) {
      return { file, format, headers, headerLine: rows[at]!.line, rows: rows.slice(at + 1), errors: [] };
    }
    return { file, format, headers, headerLine: 0, rows, errors: [] };
  }
  if (rows.length === 0) {
    return {
      file,
      format,
      headers: [],
      headerLine: 0,
      rows: [],
      errors: [issue(file, 1, 'EMPTY_FILE', 'a header row and data rows', 'The file holds no rows.')],
    };
  }
  const at = findHeaderIndex(rows);
  const header = rows[at]!;
  return {
    file,
    format,
    headers: header.values.map((h) => h.trim()),
    headerLine: header.line,
    rows: rows.slice(at + 1),
    errors: [],
  };
};

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

// What to do with a sheet past the zip limit: readTable's 256 MB hold some 3
// lakh rows of a register, the streamed reader's 2 GB more than Excel holds;
// text has no such limit (it is read as it arrives).
const XLSX_TOO_BIG =
  'in Excel, save the sheet as "CSV UTF-8" or "Text (Tab delimited)" and upload that file, or split the sheet';

// Reads a register or master file of any accepted type into a header and raw
// rows. Never throws: an unreadable file gives an empty table and one error.
export const readTable = async (
  bytes: Uint8Array,
  file: string,
  options: ReadTableOptions = {},
): Promise<TableRead> => {
  const format = options.format ?? formatOfFile(file, bytes);
  const errors: FileIssue[] = [];
  let records: RawRecord[];
  // an .xlsx is a zip: its parts are held in memory, so a bomb is refused first
  const refusal = format === 'xlsx' ? await zipBytesRefusal(file, bytes, ZIP_LIMITS, XLSX_TOO_BIG) : null;
  if (refusal) {
    const error = issue(file, 1, ZIP_TOO_LARGE, 'a workbook of ordinary size', refusal);
    return { file, format, headers: [], headerLine: 0, rows: [], errors: [error] };
  }
  try {
    if (format === 'xlsx') records = await readXlsxSheet(bytes, options.sheet, file);
    else if (format === 'xls') records = await readXlsRecords(bytes, options.sheet);
    else {
      const { text } = decodeText(bytes);
      const delimiter = options.delimiter ?? sniffDelimiter(text, format === 'csv' ? ',' : '\t');
      const parsed = parseDelimited(text, delimiter);
      records = parsed.records;
      if (parsed.unterminatedQuoteLine !== null) {
        errors.push(
          issue(
            file,
            parsed.unterminatedQuoteLine,
            'UNTERMINATED_QUOTE',
            'a closing double quote',
            'A quoted value is never closed; the rest of the file was read as one value.',
          ),
        );
      }
    }
  } catch (error) {
    return {
      file,
      format,
      headers: [],
      headerLine: 0,
      rows: [],
      errors: [
        issue(
          file,
          1,
          'UNREADABLE_FILE',
          `a readable .${format} file`,
          `The file could not be read: ${messageOf(error)}`,
        ),
      ],
    };
  }
  // A line with a NUL or another control character is left out with an error
  // of its own (the database refuses NUL; the rest of the file still loads).
  const clean: RawRecord[] = [];
  for (const record of records) {
    const bad = badCharacterInRecord(file, record.line, record.values);
    if (bad) errors.push(bad);
    else clean.push(record);
  }
  const table = tableFromRecords(clean, file, format, options);
  return { ...table, errors: [...errors, ...table.errors] };
};

export interface TableStream {
  file: string;
  headers: string[];
  headerLine: number;
  rows: AsyncGenerator<RawRecord>;
}

// The header found among the first records as readTable finds it (below
// title lines, or the pasted header's own copy in the file); the rest come
// one by one for createRowMapper.
const streamFromRecords = async (
  records: AsyncIterator<RawRecord>,
  file: string,
  format: TableFormat,
  header: string | readonly string[] | undefined,
): Promise<TableStream & { errors: FileIssue[] }> => {
  const nextNonBlank = async (): Promise<RawRecord | null> => {
    for (let r = await records.next(); !r.done; r = await records.next()) {
      if (!isBlankRecord(r.value.values)) return r.value;
    }
    return null;
  };
  const early: RawRecord[] = [];
  while (early.length < TITLE_LINES_SEARCHED) {
    const r = await nextNonBlank();
    if (r === null) break;
    early.push(r);
  }
  const head = tableFromRecords(early, file, format, header === undefined ? {} : { header });
  async function* rows(): AsyncGenerator<RawRecord> {
    yield* head.rows;
    for (let r = await nextNonBlank(); r !== null; r = await nextNonBlank()) yield r;
  }
  return { file, headers: head.headers, headerLine: head.headerLine, rows: rows(), errors: head.errors };
};

// A big text register read as it arrives.
export const streamTable = async (
  chunks: AsyncIterable<string | Uint8Array>,
  file: string,
  options: { delimiter: string; header?: string | readonly string[] },
): Promise<TableStream> => {
  const table = await streamFromRecords(
    readDelimitedStream(chunks, options.delimiter),
    file,
    'txt',
    options.header,
  );
  return { file, headers: table.headers, headerLine: table.headerLine, rows: table.rows };
};

// An .xlsx register read row by row as its sheet expands (xlsx-stream.ts),
// with no 256 MB limit on the sheet: what cannot be read at its start (no
// workbook, a part past the zip limits, damage found among the first rows)
// is an error as readTable gives it; damage found later stops the rows with
// an error naming the file.
export const streamXlsxTable = async (
  bytes: Uint8Array,
  file: string,
  options: { header?: string | readonly string[]; sheet?: string } = {},
): Promise<TableStream & { errors: FileIssue[] }> => {
  const refused = (code: string, expected: string, message: string) => ({
    file,
    headers: [],
    headerLine: 0,
    rows: (async function* (): AsyncGenerator<RawRecord> {})(),
    errors: [issue(file, 1, code, expected, message)],
  });
  const refusal = await zipBytesRefusal(file, bytes, STREAMED_SHEET_LIMITS, XLSX_TOO_BIG);
  if (refusal) return refused(ZIP_TOO_LARGE, 'a workbook of ordinary size', refusal);
  const records = streamXlsxSheet(bytes, options.sheet, file, XLSX_TOO_BIG);
  let started = false;
  async function* named(): AsyncGenerator<RawRecord> {
    let line = 0;
    try {
      for await (const record of records) {
        line = record.line;
        yield record;
      }
    } catch (error) {
      if (!started) throw error;
      throw new Error(`${file}: the file could not be read after row ${line}: ${messageOf(error)}`);
    }
  }
  try {
    const table = await streamFromRecords(named(), file, 'xlsx', options.header);
    started = true;
    return table;
  } catch (error) {
    const limit = error instanceof ZipLimitError;
    return limit
      ? refused(ZIP_TOO_LARGE, 'a workbook of ordinary size', error.message)
      : refused(
          'UNREADABLE_FILE',
          'a readable .xlsx file',
          `The file could not be read: ${messageOf(error)}`,
        );
  }
};
