import { validateIdentifier } from '@taxrecon/shared';
import { type FileIssue, issue } from '../errors.ts';
import { parseAmount, parseRate } from '../values/amounts.ts';
import { badCharacterAt, badCharacterInRecord } from '../values/bad-characters.ts';
import { firstVisibleCode, isBlankText } from '../values/blank.ts';
import { parseDate } from '../values/dates.ts';
import type { RawRecord } from './delimited.ts';
import type { Mapping } from './guess-mapping.ts';
import type { TableRead } from './read-table.ts';
import {
  type FieldKey,
  type FieldKind,
  PURCHASE_FIELDS,
  type RowOf,
  SALES_FIELDS,
  type TargetField,
} from './targets.ts';

export interface MapRowsResult<R> {
  rows: R[];
  // Rows left out, one entry per bad cell.
  errors: FileIssue[];
  // Rows kept with a value dropped (an invalid PAN, TAN or GSTIN becomes null).
  warnings: FileIssue[];
  // Lines skipped on purpose: total rows ("Total", "Grand Total").
  skippedLines: number[];
}

// Cells that mean "nothing here": dashes, NA, Tally's URP (unregistered
// person) in the GSTIN column and TRACES' PAN placeholders.
export const PLACEHOLDERS: ReadonlySet<string> = new Set([
  '-',
  '--',
  'NA',
  'N/A',
  'N.A.',
  'NIL',
  'NULL',
  'NONE',
  'URP',
  'PANNOTAVBL',
  'PANAPPLIED',
  'PANINVALID',
]);

// Longest of them: a longer cell is never a placeholder (a million-row
// register has twenty million cells).
const LONGEST_PLACEHOLDER = Math.max(...[...PLACEHOLDERS].map((p) => p.length));

// them by length: a cell is compared only with those as long as it is
const PLACEHOLDERS_BY_LENGTH: readonly (readonly string[] | undefined)[] = Array.from(
  { length: LONGEST_PLACEHOLDER + 1 },
  (_, n) => {
    const same = [...PLACEHOLDERS].filter((p) => p.length === n);
    return same.length ? same : undefined;
  },
);

// `text` upper-cased (ASCII letters only) equals `placeholder`, which is upper case
const sameUpper = (text: string, placeholder: string): boolean => {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 97 && c <= 122 ? c - 32 : c) !== placeholder.charCodeAt(i)) return false;
  }
  return true;
};

// A cell that stands for no value ("NA", "n/a", "-"). Compared without
// upper-casing a copy of the cell: every TAN and many names are short enough
// to be looked at, and a copy each took a tenth of a register's mapping.
// A cell with a letter beyond ASCII is upper-cased as before (toUpperCase
// maps some of them to ASCII, and may change the length).
export const isPlaceholder = (text: string): boolean => {
  if (text.length > LONGEST_PLACEHOLDER) return false;
  for (let i = 0; i < text.length; i++)
    if (text.charCodeAt(i) > 127) return PLACEHOLDERS.has(text.toUpperCase());
  const candidates = PLACEHOLDERS_BY_LENGTH[text.length];
  if (candidates === undefined) return false;
  for (const p of candidates) if (sameUpper(text, p)) return true;
  return false;
};

const TOTAL_ROW = /^(?:grand\s+|sub\s*-?\s*)?totals?\s*:?$/i;

// g, G, s, S, t, T: the letters a total row's first word starts with
const MAY_START_TOTAL = new Set([71, 103, 83, 115, 84, 116]);

export const isTotalRow = (values: readonly string[]): boolean => {
  if (!MAY_START_TOTAL.has(firstVisibleCode(values))) return false;
  const first = values.find((v) => !isBlankText(v));
  return first !== undefined && TOTAL_ROW.test(first.trim());
};

type TableShape = Pick<TableRead, 'file' | 'headers' | 'headerLine'>;

export type RowMapping<R> =
  | { kind: 'row'; row: R }
  | { kind: 'error'; errors: FileIssue[] }
  | { kind: 'skip' };

const SKIP = Object.freeze({ kind: 'skip' as const });

// A row made of its cells in one object literal, so every row of a mapper has
// one shape from the start. A row grown a key at a time (row[key] = value in
// a loop over the fields) took a generic keyed store per cell: 20% of a
// million-row register's parse (14.2 s -> 10.1 s on one thread). A copy of a
// template row, its cells then set, was slower still. The keys are the
// fields' own (targets.ts, never a file's text), written as JSON strings into
// the literal.
type RowBuilder = (file: string, line: number, cells: readonly unknown[]) => Record<string, unknown>;
const rowBuilder = (keys: readonly string[]): RowBuilder => {
  for (const k of keys) if (!/^[A-Za-z][A-Za-z0-9]*$/.test(k)) throw new Error(`not a field key: ${k}`);
  return new Function(
    'file',
    'line',
    'cells',
    `return { file, line, ${keys.map((k, i) => `${JSON.stringify(k)}: cells[${i}]`).join(', ')} };`,
  ) as RowBuilder;
};

// One record at a time, so a streamed register never has to sit in memory.
// `clean`: the caller has seen the record's text holds no bad character
// (holdsNoBadCharacter on the text it was read from).
export const createRowMapper = <Fs extends readonly TargetField[]>(
  table: TableShape,
  mapping: Mapping<FieldKey<Fs>>,
  fields: Fs,
  warnings: FileIssue[],
): ((record: RawRecord, clean?: boolean) => RowMapping<RowOf<Fs>>) => {
  const file = table.file;
  const columns = fields.map((f) => {
    const index = (mapping as Record<string, number | undefined>)[f.key];
    return { field: f, index, header: index === undefined ? f.label : (table.headers[index] ?? f.label) };
  });
  const mappedValues = (record: RawRecord) =>
    columns.map((c) => (c.index === undefined ? '' : (record.values[c.index] ?? '')));
  const holdsBadCharacter = (record: RawRecord): boolean => {
    for (const c of columns) {
      if (c.index !== undefined && badCharacterAt(record.values[c.index] ?? '') >= 0) return true;
    }
    return false;
  };
  const build = rowBuilder(columns.map((c) => c.field.key));
  // the cells of the record being mapped, in the fields' order
  const cells: unknown[] = columns.map(() => null);
  return (record, clean = false) => {
    const first = firstVisibleCode(record.values);
    if (first < 0) return SKIP;
    if (MAY_START_TOTAL.has(first) && isTotalRow(record.values)) return SKIP;
    // only the mapped columns reach the database
    if (!clean && holdsBadCharacter(record)) {
      const bad = badCharacterInRecord(
        file,
        record.line,
        mappedValues(record),
        (i) => columns[i]?.header ?? `field ${i + 1}`,
      );
      if (bad) return { kind: 'error', errors: [bad] };
    }
    let errors: FileIssue[] | null = null;
    for (let c = 0; c < columns.length; c++) {
      const { field, index, header } = columns[c]!;
      const raw = index === undefined ? '' : (record.values[index] ?? '');
      const text = raw.trim();
      if (text === '' || isPlaceholder(text)) {
        if (field.required) {
          errors ??= [];
          errors.push(
            issue(file, record.line, 'MISSING_VALUE', expectedOf(field.kind), `${field.label} is required.`, {
              column: header,
              value: raw,
            }),
          );
        }
        cells[c] = null;
        continue;
      }
      const converted = convert(field.kind, text);
      if (converted.ok) cells[c] = converted.value;
      else if (field.kind === 'pan' || field.kind === 'tan' || field.kind === 'gstin') {
        warnings.push(
          issue(
            file,
            record.line,
            converted.code,
            converted.expected,
            `${field.label} is not valid and was left out.`,
            { column: header, value: raw },
          ),
        );
        cells[c] = null;
      } else {
        errors ??= [];
        errors.push(
          issue(file, record.line, converted.code, converted.expected, `${field.label} could not be read.`, {
            column: header,
            value: raw,
          }),
        );
      }
    }
    return errors !== null
      ? { kind: 'error', errors }
      : { kind: 'row', row: build(file, record.line, cells) as RowOf<Fs> };
  };
};

const expectedOf = (kind: FieldKind): string =>
  ({
    text: 'a value',
    date: 'a date',
    amount: 'an amount',
    rate: 'a rate',
    pan: 'a PAN',
    tan: 'a TAN',
    gstin: 'a GSTIN',
  })[kind];

type Converted = { ok: true; value: unknown } | { ok: false; code: string; expected: string };

// A register repeats its dates (a few hundred a year) and each customer's
// PAN, TAN and GSTIN on every row of theirs, so each distinct cell is read
// once and its answer remembered (answers are frozen: rows share them), up
// to a bound that a year's dates and a big customer list fit in. A register
// of a million rows over 20,000 customers, its pieces read on one thread:
// 6.3-6.4 s before, 4.6-5.7 s after (best of three, in turns).
const REMEMBERED = 100_000;
const remembered = (read: (text: string) => Converted): ((text: string) => Converted) => {
  // A cell is a slice of the whole piece of file it was read from, and a slice
  // kept keeps all of that text: the map holds a copy of its own (joined to a
  // space and cut again, so V8 makes a new flat text), and so does `last`.
  const known = new Map<string, { own: string; answer: Converted }>();
  // the last cell read, looked at first: a register sorted by date or by
  // customer repeats it row after row
  let last = { own: '', answer: read('') };
  return (text) => {
    if (text === last.own) return last.answer;
    let entry = known.get(text);
    if (entry === undefined) {
      const own = ` ${text}`.slice(1);
      entry = { own, answer: Object.freeze(read(own)) };
      if (known.size >= REMEMBERED) known.clear();
      known.set(own, entry);
    }
    last = entry;
    return entry.answer;
  };
};

const dateCell = remembered((text) => {
  const r = parseDate(text);
  return r.ok ? r : { ok: false, code: 'INVALID_DATE', expected: r.expected };
});
// a register has a handful of rates ("10%", "2", "0.1")
const rateCell = remembered((text) => {
  const r = parseRate(text);
  return r.ok ? r : { ok: false, code: 'INVALID_RATE', expected: r.expected };
});
const panCell = remembered((text) => validateIdentifier('PAN', text));
const tanCell = remembered((text) => validateIdentifier('TAN', text));
const gstinCell = remembered((text) => validateIdentifier('GSTIN', text));

const convert = (kind: FieldKind, text: string): Converted => {
  switch (kind) {
    case 'text':
      return { ok: true, value: text };
    case 'date':
      return dateCell(text);
    case 'amount': {
      const r = parseAmount(text);
      return r.ok ? r : { ok: false, code: 'INVALID_AMOUNT', expected: r.expected };
    }
    case 'rate':
      return rateCell(text);
    case 'pan':
      return panCell(text);
    case 'tan':
      return tanCell(text);
    case 'gstin':
      return gstinCell(text);
  }
};

// Raw rows to typed rows: amounts in paise, ISO dates, validated identifiers.
// A required field without a column fails the whole file with one error.
export const mapRows = <Fs extends readonly TargetField[]>(
  table: TableShape & { rows: readonly RawRecord[] },
  mapping: Mapping<FieldKey<Fs>>,
  fields: Fs,
): MapRowsResult<RowOf<Fs>> => {
  const result: MapRowsResult<RowOf<Fs>> = { rows: [], errors: [], warnings: [], skippedLines: [] };
  const unmapped = fields.filter(
    (f) => f.required && (mapping as Record<string, number | undefined>)[f.key] === undefined,
  );
  if (unmapped.length > 0) {
    for (const f of unmapped) {
      result.errors.push(
        issue(
          table.file,
          table.headerLine,
          'UNMAPPED_COLUMN',
          `a column mapped to ${f.label}`,
          `No column is mapped to ${f.label}.`,
          {
            column: f.label,
          },
        ),
      );
    }
    return result;
  }
  const mapRow = createRowMapper(table, mapping, fields, result.warnings);
  for (const record of table.rows) {
    const r = mapRow(record);
    if (r.kind === 'row') result.rows.push(r.row);
    else if (r.kind === 'error') result.errors.push(...r.errors);
    else result.skippedLines.push(record.line);
  }
  return result;
};

export const mapSalesRows = (
  table: TableShape & { rows: readonly RawRecord[] },
  mapping: Mapping<FieldKey<typeof SALES_FIELDS>>,
) => mapRows(table, mapping, SALES_FIELDS);

export const mapPurchaseRows = (
  table: TableShape & { rows: readonly RawRecord[] },
  mapping: Mapping<FieldKey<typeof PURCHASE_FIELDS>>,
) => mapRows(table, mapping, PURCHASE_FIELDS);
