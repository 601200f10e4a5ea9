import {
  type Form26asPart,
  type Form26asResult,
  type Form26asTaxType,
  type Form26asTransaction,
  forEach26asEntry,
} from '@taxrecon/formats';
import { TupleWriter, uuidBytes } from '../../platform/db/binary-copy.ts';

// tax_entries rows as binary COPY tuples (binary-copy.ts), for a raw 26AS
// statement and a parsed one alike. A parsing thread writes its entries
// before it knows the statement's financial year, which only the file's first
// piece holds: each tuple leaves the year's seven bytes blank, at the same
// place in every tuple (the three ids before it are fixed-width), and the job
// fills them in (`fillYear`) before the tuples go to the COPY.
export const ENTRY_COLUMNS = [
  'entity_id',
  'statement_id',
  'job_id',
  'financial_year',
  'part',
  'tan',
  'deductor_name',
  'section',
  'transaction_date',
  'status',
  'booking_date',
  'remarks',
  'amount',
  'tax',
  'deposited',
  'file_name',
  'line',
] as const;

export interface StatementIds {
  entityId: string;
  statementId: string;
  jobId: string;
}

// An entry's own values; its part and deductor come apart (below).
export type EntryValues = Omit<Form26asTransaction, 'srNo'>;

export interface Deductor {
  tan: string;
  name: string;
}

// the field count, then three uuids of 16 bytes each behind their lengths,
// then the year's length: where its bytes start in every tuple
const YEAR_AT = 2 + 3 * (4 + 16) + 4;
const BLANK_YEAR = '0000-00';

const idBytes = (ids: StatementIds) => [ids.entityId, ids.statementId, ids.jobId].map(uuidBytes);

// One entry's tuple. The deductor's values are passed apart from the
// transaction's: spreading them into one object per entry cost 8 s a million
// entries.
const entryTuple = (
  w: TupleWriter,
  ids: Uint8Array[],
  year: string,
  part: string,
  deductor: Deductor,
  e: EntryValues,
): void => {
  w.tuple(ENTRY_COLUMNS.length);
  for (const id of ids) w.bytes(id);
  w.text(year);
  w.text(part);
  w.text(deductor.tan);
  w.text(deductor.name);
  w.text(e.section);
  w.date(e.transactionDate);
  w.text(e.status);
  w.date(e.bookingDate);
  w.text(e.remarks);
  w.numeric(e.amount, 2);
  w.numeric(e.tax, 2);
  w.numeric(e.deposited, 2);
  w.text(e.file);
  w.int4(e.line);
};

// Entries whose year is known (a parsed statement's rows), written one at a time.
export const taxEntryWriter = (w: TupleWriter) => {
  const known = new Map<string, Uint8Array[]>();
  return (ids: StatementIds, year: string, part: string, deductor: Deductor, e: EntryValues): void => {
    const key = ids.statementId;
    let bytes = known.get(key);
    if (!bytes) {
      bytes = idBytes(ids);
      known.set(key, bytes);
    }
    entryTuple(w, bytes, year, part, deductor, e);
  };
};

// The Part I (TDS) and Part VI (TCS) transactions of a statement, or of a
// piece of one, with the year left blank, and what the load's control totals need.
export interface EntryTails {
  tuples: Uint8Array;
  // where each tuple starts in `tuples`
  starts: Int32Array;
  rows: number;
  // paise
  amount: number;
  tax: number;
}

// Writes the statement's financial year into each tuple's blank.
export const fillYear = (tails: EntryTails, year: string): Uint8Array => {
  if (year.length !== BLANK_YEAR.length || !/^\d{4}-\d{2}$/.test(year))
    throw new Error(`not a financial year: ${year}`);
  const bytes = Uint8Array.from(year, (c) => c.charCodeAt(0));
  for (const start of tails.starts) tails.tuples.set(bytes, start + YEAR_AT);
  return tails.tuples;
};

// Tuples taken one transaction at a time, as a parser hands them on
// (Form26asParser's `each`) or as forEach26asEntry visits them; given back
// Part I's first, then Part VI's, each in file order.
export const entryTailCollector = (statement: StatementIds) => {
  const ids = idBytes(statement);
  const writers: Record<Form26asTaxType, TupleWriter> = { TDS: new TupleWriter(), TCS: new TupleWriter() };
  const starts: Record<Form26asTaxType, number[]> = { TDS: [], TCS: [] };
  let amount = 0;
  let tax = 0;
  const take = (type: Form26asTaxType, deductor: Deductor, t: EntryValues): void => {
    starts[type].push(writers[type].size);
    entryTuple(writers[type], ids, BLANK_YEAR, type, deductor, t);
    amount += t.amount;
    tax += t.tax;
  };
  const tails = (): EntryTails => {
    const tds = writers.TDS.take();
    const tcs = writers.TCS.take();
    const tuples = new Uint8Array(tds.length + tcs.length);
    tuples.set(tds);
    tuples.set(tcs, tds.length);
    const all = new Int32Array(starts.TDS.length + starts.TCS.length);
    all.set(starts.TDS);
    starts.TCS.forEach((s, i) => {
      all[starts.TDS.length + i] = s + tds.length;
    });
    return { tuples, starts: all, rows: all.length, amount, tax };
  };
  return { take, tails };
};

export const entryTailsOf = (result: Pick<Form26asResult, 'tds' | 'tcs'>, ids: StatementIds): EntryTails => {
  const collector = entryTailCollector(ids);
  forEach26asEntry(result, collector.take);
  return collector.tails();
};

// A result whose entries were written as tails: its parties are not sent
// back from the thread (a million objects to copy), only the parts' shells.
const shellOf = (part: Form26asPart | null): Form26asPart | null =>
  part === null ? null : { ...part, parties: [] };

export const withoutParties = (result: Form26asResult): Form26asResult => ({
  ...result,
  tds: shellOf(result.tds),
  tcs: shellOf(result.tcs),
});
