import { PARSED_26AS_FIELDS } from '@taxrecon/contracts';
import { createRowMapper, type FileIssue, guessMapping, mappingByHeaderName } from '@taxrecon/formats';
import { type FinancialYear, financialYearOf, type Paise, validateTan } from '@taxrecon/shared';
import type { SourceFile } from './form-26as-loader.ts';
import { openRecords } from './open-records.ts';

// A parsed 26AS row, as the raw 26AS loader would have read it from the
// statement text: Part I (TDS) or Part VI (TCS), one deductor's transaction.
export interface Parsed26asRow {
  file: string;
  line: number;
  part: 'TDS' | 'TCS';
  financialYear: FinancialYear;
  tan: string;
  name: string;
  section: string;
  transactionDate: string;
  status: string;
  bookingDate: string | null;
  remarks: string | null;
  amount: Paise;
  tax: Paise;
  deposited: Paise;
}

export interface ParsedReadOptions {
  // target field key -> header name, as the folder screen maps them
  mapping?: Record<string, string>;
  // the header row typed on the screen, for files without one
  headers?: string;
  // every row belongs to this year; without it, the year of the transaction date
  financialYear?: FinancialYear;
}

export type ParsedEvent =
  | { kind: 'row'; row: Parsed26asRow }
  | { kind: 'errors'; errors: FileIssue[] }
  | { kind: 'skip' };

type Mapped = {
  part: string | null;
  tan: string;
  name: string;
  section: string;
  transactionDate: string;
  status: string;
  bookingDate: string | null;
  remarks: string | null;
  amount: Paise;
  tax: Paise;
  deposited: Paise;
  file: string;
  line: number;
};

const labelOf = (key: string) => PARSED_26AS_FIELDS.find((f) => f.key === key)?.label ?? key;

// Reads each file's records through the person's mapping (then the closest
// header names) and yields typed rows, or the problems of a row with its file,
// line and column. Never throws on bad data.
export async function* readParsed26as(
  files: readonly SourceFile[],
  options: ParsedReadOptions,
  warnings: FileIssue[],
): AsyncGenerator<ParsedEvent> {
  for (const file of files) {
    const source = await openRecords(file, options.headers);
    if (source.errors.length) yield { kind: 'errors', errors: source.errors };
    const guessed: Partial<Record<string, number>> = guessMapping(source.headers, PARSED_26AS_FIELDS).mapping;
    const chosen: Partial<Record<string, number>> = options.mapping
      ? mappingByHeaderName(source.headers, options.mapping)
      : {};
    const named = Object.entries(options.mapping ?? {}).filter(([key]) => chosen[key] === undefined);
    if (named.length) {
      yield {
        kind: 'errors',
        errors: named.map(([key, header]) => ({
          file: file.fileName,
          line: source.headerLine || 1,
          column: header,
          expected: `a column named '${header}' in the header row`,
          code: 'MAPPED_COLUMN_NOT_FOUND',
          message: `${file.fileName}: the column '${header}' mapped to '${labelOf(key)}' is not in the header row.`,
        })),
      };
      continue;
    }
    const mapping = { ...guessed, ...chosen };
    const missing = PARSED_26AS_FIELDS.filter((f) => f.required && mapping[f.key] === undefined);
    if (missing.length) {
      yield {
        kind: 'errors',
        errors: [
          {
            file: file.fileName,
            line: source.headerLine || 1,
            expected: missing.map((f) => f.label).join(', '),
            code: 'UNMAPPED_COLUMNS',
            message: `${file.fileName}: no column could be mapped to ${missing.map((f) => `'${f.label}'`).join(', ')}. Map the header row on the folder load screen.`,
          },
        ],
      };
      continue;
    }
    const shape = { file: file.fileName, headers: source.headers, headerLine: source.headerLine };
    const mapRow = createRowMapper(shape, mapping, PARSED_26AS_FIELDS, warnings);
    const headerOf = (key: string) => {
      const index = mapping[key];
      return index === undefined ? labelOf(key) : (source.headers[index] ?? labelOf(key));
    };
    for await (const record of source.rows) {
      const mapped = mapRow(record);
      if (mapped.kind !== 'row') {
        yield mapped.kind === 'skip' ? mapped : { kind: 'errors', errors: mapped.errors };
        continue;
      }
      const r = mapped.row as unknown as Mapped;
      const problems: FileIssue[] = [];
      const bad = (key: string, value: string, expected: string, code: string, message: string) =>
        problems.push({
          file: r.file,
          line: r.line,
          column: headerOf(key),
          value,
          expected,
          code,
          message: `${r.file} line ${r.line}, column '${headerOf(key)}': ${message}`,
        });
      const part = (r.part ?? 'TDS').trim().toUpperCase();
      if (part !== 'TDS' && part !== 'TCS')
        bad('part', r.part ?? '', 'TDS or TCS', 'INVALID_PART', `'${r.part}' is not TDS or TCS.`);
      const tan = validateTan(r.tan);
      if (!tan.ok) bad('tan', r.tan, tan.expected, 'INVALID_TAN', `'${r.tan}' is not a TAN.`);
      if (options.financialYear && financialYearOf(r.transactionDate) !== options.financialYear) {
        bad(
          'transactionDate',
          r.transactionDate,
          `a date in FY ${options.financialYear}`,
          'DATE_OUTSIDE_YEAR',
          `${r.transactionDate} is outside the financial year ${options.financialYear} chosen for this load.`,
        );
      }
      if (problems.length || !tan.ok) {
        yield { kind: 'errors', errors: problems };
        continue;
      }
      yield {
        kind: 'row',
        row: {
          file: r.file,
          line: r.line,
          part: part as 'TDS' | 'TCS',
          financialYear: options.financialYear ?? financialYearOf(r.transactionDate),
          tan: tan.value,
          name: r.name,
          section: r.section,
          transactionDate: r.transactionDate,
          status: r.status.toUpperCase(),
          bookingDate: r.bookingDate,
          remarks: r.remarks,
          amount: r.amount,
          tax: r.tax,
          deposited: r.deposited,
        },
      };
    }
  }
}
