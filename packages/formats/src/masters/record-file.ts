import { formatRupees, validateIdentifier } from '@taxrecon/shared';
import { csvRows, restoreNeutralised } from '@taxrecon/shared/csv';
import { type FileIssue, issue } from '../errors.ts';
import type { RawRecord } from '../registers/delimited.ts';
import type { TableRead } from '../registers/read-table.ts';
import { parseAmount, parseRate } from '../values/amounts.ts';
import { parseDate } from '../values/dates.ts';

// Master files (customers, vendors) have one column per field, headed by the
// field name. Headers match ignoring case, spaces and punctuation, so
// "customerName", "Customer Name" and "CUSTOMER_NAME" are the same column.

export type ColumnKind =
  | 'text'
  | 'pan'
  | 'tan'
  | 'gstin'
  | 'email'
  | 'phone'
  | 'pin'
  | 'boolean'
  | 'choice'
  | 'date'
  | 'amount'
  | 'rate';

export interface RecordColumn {
  key: string;
  kind: ColumnKind;
  required?: boolean;
  minLength?: number;
  choices?: readonly string[];
  // Value of an empty boolean cell.
  defaultValue?: boolean;
}

// Amounts are paise; rates are percent.
export type RecordValue = string | number | boolean | null;

export interface RecordReadResult<R> {
  rows: R[];
  errors: FileIssue[];
  warnings: FileIssue[];
}

const squash = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]/g, '');

const PLACEHOLDERS = new Set(['-', '--', 'NA', 'N/A', 'NIL', 'NULL', 'NONE', 'PANNOTAVBL']);
const TRUE_WORDS = new Set(['true', 'yes', 'y', '1']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0']);

type CellResult =
  | { value: RecordValue }
  | { error: string; expected: string }
  | { warning: string; expected: string };

const readCell = (column: RecordColumn, text: string): CellResult => {
  if (column.kind === 'choice') {
    const choice = column.choices?.find((c) => c.toLowerCase() === text.toLowerCase());
    if (choice !== undefined) return { value: choice };
  }
  if (text === '' || PLACEHOLDERS.has(text.toUpperCase())) {
    if (column.kind === 'boolean') return { value: column.defaultValue ?? null };
    return column.required ? { error: 'MISSING_VALUE', expected: 'a value' } : { value: null };
  }
  switch (column.kind) {
    case 'text':
      return column.minLength !== undefined && text.length < column.minLength
        ? { error: 'TOO_SHORT', expected: `at least ${column.minLength} characters` }
        : { value: text };
    case 'pan':
    case 'tan':
    case 'gstin': {
      const r = validateIdentifier(
        column.kind === 'gstin' ? 'GSTIN' : column.kind === 'pan' ? 'PAN' : 'TAN',
        text,
      );
      return r.ok ? { value: r.value } : { error: r.code, expected: r.expected };
    }
    case 'email':
      return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text)
        ? { value: text }
        : { warning: 'INVALID_EMAIL', expected: 'an e-mail address' };
    case 'phone':
      return text.replace(/\D/g, '').length >= 10
        ? { value: text }
        : { warning: 'INVALID_PHONE', expected: 'a phone number of at least 10 digits' };
    case 'pin':
      return /^\d{6}$/.test(text)
        ? { value: text }
        : { warning: 'INVALID_PIN_CODE', expected: 'a 6-digit PIN code' };
    case 'boolean': {
      const word = text.toLowerCase();
      if (TRUE_WORDS.has(word)) return { value: true };
      if (FALSE_WORDS.has(word)) return { value: false };
      return { warning: 'INVALID_BOOLEAN', expected: 'True or False' };
    }
    case 'choice':
      return { warning: 'INVALID_CHOICE', expected: `one of ${column.choices?.join(', ')}` };
    case 'date': {
      const r = parseDate(text);
      return r.ok ? { value: r.value } : { error: 'INVALID_DATE', expected: r.expected };
    }
    case 'amount': {
      const r = parseAmount(text);
      return r.ok ? { value: r.value } : { error: 'INVALID_AMOUNT', expected: r.expected };
    }
    case 'rate': {
      const r = parseRate(text);
      return r.ok ? { value: r.value } : { error: 'INVALID_RATE', expected: r.expected };
    }
  }
};

export interface ReadRecordsOptions {
  // Bulk updates: only the columns present are read, empty cells mean "no
  // change", and only the required columns must be present.
  partial?: boolean;
}

// R is the record type the columns describe; the cells are checked against
// the columns, so the cast at the end is the one place the two meet.
export const readRecords = <R extends { line: number }>(
  table: Pick<TableRead, 'file' | 'headers' | 'headerLine'> & { rows: readonly RawRecord[] },
  columns: readonly RecordColumn[],
  options: ReadRecordsOptions = {},
): RecordReadResult<R> => {
  const result: RecordReadResult<R> = { rows: [], errors: [], warnings: [] };
  const file = table.file;
  const indexOf = new Map<string, number>();
  table.headers.forEach((header, i) => {
    if (header.trim() === '') return;
    const column = columns.find((c) => squash(c.key) === squash(header));
    if (column === undefined) {
      result.warnings.push(
        issue(
          file,
          table.headerLine,
          'UNKNOWN_COLUMN',
          'a field name of the master',
          `Column ${header} is not a known field and is ignored.`,
          {
            column: header,
          },
        ),
      );
    } else if (!indexOf.has(column.key)) indexOf.set(column.key, i);
  });
  const missing = columns.filter((c) => c.required && !indexOf.has(c.key));
  // the headers the file does have, so a column named differently is seen at once
  const present = table.headers.map((h) => h.trim()).filter((h) => h !== '');
  const theirs =
    present.length === 0
      ? ' Its first line holds no column names.'
      : ` Its columns are: ${present.slice(0, 12).join(', ')}${present.length > 12 ? ', ...' : ''}.`;
  for (const c of missing) {
    result.errors.push(
      issue(
        file,
        table.headerLine,
        'MISSING_COLUMN',
        `a column named ${c.key}`,
        `The file has no ${c.key} column.${theirs}`,
        { column: c.key },
      ),
    );
  }
  if (missing.length > 0) return result;

  for (const record of table.rows) {
    if (record.values.every((v) => v.trim() === '')) continue;
    const row: Record<string, RecordValue | number> = { line: record.line };
    const rowErrors: FileIssue[] = [];
    for (const column of columns) {
      const index = indexOf.get(column.key);
      if (index === undefined && options.partial) continue;
      const raw = index === undefined ? '' : (record.values[index] ?? '');
      // A template we wrote quoted a leading + - = @ (formula neutralisation): read it as it was.
      const text = restoreNeutralised(raw.trim());
      if (options.partial && text === '' && !column.required) continue;
      const cell = readCell(column, text);
      const header = index === undefined ? column.key : (table.headers[index] ?? column.key);
      if ('value' in cell) row[column.key] = cell.value;
      else if ('error' in cell) {
        rowErrors.push(
          issue(
            file,
            record.line,
            cell.error,
            cell.expected,
            `${column.key} is not acceptable; the row is left out.`,
            { column: header, value: raw },
          ),
        );
      } else {
        result.warnings.push(
          issue(
            file,
            record.line,
            cell.warning,
            cell.expected,
            `${column.key} is not acceptable and was left empty.`,
            { column: header, value: raw },
          ),
        );
        if (!options.partial)
          row[column.key] = column.kind === 'boolean' ? (column.defaultValue ?? null) : null;
      }
    }
    if (rowErrors.length > 0) result.errors.push(...rowErrors);
    else result.rows.push(row as unknown as R);
  }
  return result;
};

// Tab-separated with a header of field names and Windows line ends, as the
// templates users fill in Excel; values with tabs, line breaks or quotes are quoted.
export const writeRecords = (
  columns: readonly RecordColumn[],
  records: readonly Partial<Record<string, RecordValue>>[],
): string => {
  const cell = (v: RecordValue | undefined, kind: ColumnKind): string => {
    if (v === null || v === undefined) return '';
    if (typeof v === 'boolean') return v ? 'True' : 'False';
    // Amounts are paise in code and rupees in files.
    if (typeof v === 'number') return kind === 'amount' ? formatRupees(v) : String(v);
    return v;
  };
  return csvRows(
    [columns.map((c) => c.key), ...records.map((r) => columns.map((c) => cell(r[c.key], c.kind)))],
    {
      delimiter: '\t',
      recordDelimiter: '\r\n',
    },
  );
};
