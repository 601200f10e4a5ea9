import type { LedgerEntry } from '@taxrecon/engine';
import {
  createRowMapper,
  type FileIssue,
  guessMapping,
  headerList,
  LEDGER_FIELDS,
  type LedgerFieldKey,
  type Mapping,
  type RawRecord,
} from '@taxrecon/formats';
import { paise } from '@taxrecon/shared';
import { openRecords } from '../ingest/open-records.ts';

// An expense ledger file read into engine entries, one per ledger line. A
// line with a cell that cannot be read stays in as an entry with its read
// error, so the result still has one entry per line.

const squash = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]/g, '');

// Headers named as the spec's fields (any case, spaces or underscores) map
// first; Tally and SAP headers take the remaining fields by likeness.
export const mapLedgerHeaders = (headers: readonly string[]): Mapping<LedgerFieldKey> => {
  const mapping: Mapping<LedgerFieldKey> = {};
  const used = new Set<number>();
  const squashed = headers.map(squash);
  for (const f of LEDGER_FIELDS) {
    const key = squash(f.key);
    const label = squash(f.label);
    const i = squashed.findIndex((h, j) => !used.has(j) && (h === key || h === label));
    if (i >= 0) {
      mapping[f.key] = i;
      used.add(i);
    }
  }
  const rest = LEDGER_FIELDS.filter((f) => mapping[f.key] === undefined);
  const blanked = headers.map((h, j) => (used.has(j) ? '' : h));
  const guessed = guessMapping(blanked, rest).mapping as Mapping<LedgerFieldKey>;
  return { ...guessed, ...mapping };
};

// Ledgers repeat a few hundred dates, GL codes, vendors and TANs over lakhs of
// lines: one string each instead of one per line keeps a big ledger's heap small.
const interner = () => {
  const seen = new Map<string, string>();
  return (v: string | null | undefined): string | null => {
    if (v === null || v === undefined) return null;
    const known = seen.get(v);
    if (known !== undefined) return known;
    if (seen.size < 200_000) seen.set(v, v);
    return v;
  };
};

export interface LedgerRead {
  entries: LedgerEntry[];
  issues: FileIssue[];
  // The file cannot be used at all (required columns missing): why.
  unusable: string | null;
}

// The user's mapping (header -> field, from the 34A screen) for the headers
// this file has; headers of the mapping the file lacks are left out, and the
// required-field check below says which fields that leaves unmapped.
export const chosenMapping = (
  headers: readonly string[],
  chosen: Readonly<Record<string, string>>,
): Mapping<LedgerFieldKey> => {
  const keys = new Set<string>(LEDGER_FIELDS.map((f) => f.key));
  const byHeader = new Map(Object.entries(chosen).map(([h, f]) => [h.trim().toLowerCase(), f]));
  const mapping: Mapping<LedgerFieldKey> = {};
  headers.forEach((h, i) => {
    const field = byHeader.get(h.trim().toLowerCase());
    if (field && keys.has(field) && mapping[field as LedgerFieldKey] === undefined)
      mapping[field as LedgerFieldKey] = i;
  });
  return mapping;
};

export interface LedgerShape {
  file: string;
  headers: string[];
  headerLine: number;
  mapping: Mapping<LedgerFieldKey>;
}

// A ledger file opened: its records still to read, its headers mapped to
// fields; `unusable` says why when the required columns are missing.
export const openLedger = async (
  fileName: string,
  bytes: Uint8Array,
  header?: string,
  chosen?: Readonly<Record<string, string>>,
) => {
  const source = await openRecords({ fileId: fileName, fileName, bytes }, header);
  const issues: FileIssue[] = [...source.errors];
  const mapping = chosen ? chosenMapping(source.headers, chosen) : mapLedgerHeaders(source.headers);
  const shape: LedgerShape = {
    file: fileName,
    headers: source.headers,
    headerLine: source.headerLine,
    mapping,
  };
  const missing = LEDGER_FIELDS.filter((f) => f.required && mapping[f.key] === undefined);
  const unusable =
    missing.length > 0
      ? `its headers have no column for ${missing.map((f) => `'${f.key}'`).join(', ')} (headers: ${headerList(source.headers)})`
      : mapping.vendorCode === undefined && mapping.panNo === undefined
        ? `its headers have no column for 'vendorCode' or 'panNo' (headers: ${headerList(source.headers)})`
        : null;
  return { rows: source.rows, shape, issues, unusable };
};

// Records of a ledger as engine entries, the same on the main thread and in
// a parsing thread (parsing/parse-chunk.ts): null for a record to skip; a cell's
// warnings and a line's errors go to `issues`. `clean`: the record's text
// holds no bad character (formats holdsNoBadCharacter), so none is looked for.
export const createLedgerEntryReader = (shape: LedgerShape, issues: FileIssue[]) => {
  const { mapping } = shape;
  const fileName = shape.file;
  // Only the mapped columns are converted: a ledger rarely has half of the 31
  // fields, and a million rows pay for every one that is looked at.
  const fields = LEDGER_FIELDS.filter((f) => mapping[f.key] !== undefined);
  const mapRow = createRowMapper(shape, mapping, fields, issues);
  const intern = interner();
  const cell = (values: readonly string[], key: LedgerFieldKey): string | null => {
    const i = mapping[key];
    const v = i === undefined ? '' : (values[i] ?? '').trim();
    return v === '' ? null : v;
  };
  return (record: RawRecord, clean = false): LedgerEntry | null => {
    const mapped = mapRow(record, clean);
    if (mapped.kind === 'skip') return null;
    if (mapped.kind === 'error') {
      issues.push(...mapped.errors);
      return {
        file: fileName,
        line: record.line,
        documentNumber: cell(record.values, 'documentNumber'),
        documentDate: null,
        postingDate: null,
        deductionDate: null,
        tdsDepositDate: null,
        glCode: cell(record.values, 'glCode'),
        primaryExpenseKey: null,
        secondaryExpenseKey: null,
        documentDescription: null,
        vendorCode: cell(record.values, 'vendorCode'),
        panNo: cell(record.values, 'panNo'),
        vendorName: cell(record.values, 'vendorName'),
        tanNumber: null,
        baseAmount: paise(0),
        tdsAmount: paise(0),
        tdsSection: null,
        readError: {
          code: mapped.errors[0]?.code ?? 'UNREADABLE',
          reason: mapped.errors
            .map((e) => `${e.column ?? ''}: ${e.message} Expected ${e.expected}; got '${e.value ?? ''}'.`)
            .join(' '),
        },
      };
    }
    // Unmapped fields are absent from the row (not converted at all).
    const r = mapped.row as Partial<typeof mapped.row>;
    return {
      file: fileName,
      line: record.line,
      documentNumber: r.documentNumber ?? null,
      documentDate: intern(r.documentDate),
      postingDate: intern(r.postingDate),
      deductionDate: intern(r.deductionDate),
      tdsDepositDate: intern(r.tdsDepositDate),
      glCode: intern(r.glCode),
      primaryExpenseKey: intern(r.primaryExpenseKey),
      secondaryExpenseKey: intern(r.secondaryExpenseKey),
      documentDescription: intern(r.documentDescription),
      vendorCode: intern(r.vendorCode),
      panNo: r.panNo?.replace(/\s+/g, '').toUpperCase() ?? null,
      vendorName: intern(r.vendorName),
      tanNumber: intern(r.tanNumber?.trim().toUpperCase()),
      baseAmount: r.baseAmount ?? paise(0),
      tdsAmount: r.tdsAmount ?? paise(0),
      tdsSection: intern(r.tdsSection),
      readError: null,
    };
  };
};

export const readLedger = async (
  fileName: string,
  bytes: Uint8Array,
  header?: string,
  chosen?: Readonly<Record<string, string>>,
): Promise<LedgerRead> => {
  return readOpenedLedger(await openLedger(fileName, bytes, header, chosen));
};

// The entries of an opened ledger, read on this thread.
export const readOpenedLedger = async (
  opened: Awaited<ReturnType<typeof openLedger>>,
): Promise<LedgerRead> => {
  const { issues } = opened;
  if (opened.unusable) return { entries: [], issues, unusable: opened.unusable };
  const read = createLedgerEntryReader(opened.shape, issues);
  const entries: LedgerEntry[] = [];
  for await (const record of opened.rows) {
    const entry = read(record);
    if (entry) entries.push(entry);
  }
  return { entries, issues, unusable: null };
};
