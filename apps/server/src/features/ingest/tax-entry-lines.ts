import {
  type Form26asPart,
  type Form26asResult,
  type Form26asTaxType,
  type Form26asTransaction,
  forEach26asEntry,
} from '@taxrecon/formats';
import { formatRupees } from '@taxrecon/shared';
import { copyLine, copyValue } from '../../platform/db/bulk-load.ts';

// tax_entries COPY lines, for a raw 26AS statement and a parsed one alike.
// The four values a statement gives every entry come first, so a parsing
// thread can write an entry's own values (its "tail") before it knows the
// statement's financial year, which only the file's first piece holds; the
// job then puts the statement's prefix before each tail.
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

export const statementPrefix = (ids: StatementIds, financialYear: string): string =>
  `${[ids.entityId, ids.statementId, ids.jobId, financialYear].map(copyValue).join('\t')}\t`;

// An entry's values from `part` on. The deductor's are passed apart from the
// transaction's: spreading them into one object per entry cost 8 s a million
// entries.
const entryTail = (part: string, deductor: Deductor, e: EntryValues): string =>
  copyLine([
    part,
    deductor.tan,
    deductor.name,
    e.section,
    e.transactionDate,
    e.status,
    e.bookingDate,
    e.remarks,
    formatRupees(e.amount),
    formatRupees(e.tax),
    formatRupees(e.deposited),
    e.file,
    e.line,
  ]);

export const taxEntryLine = (
  ids: StatementIds,
  financialYear: string,
  part: string,
  deductor: Deductor,
  e: EntryValues,
): string => statementPrefix(ids, financialYear) + entryTail(part, deductor, e);

// A run of tails (each ending in a newline) made whole lines.
export const withPrefix = (prefix: string, tails: string): string =>
  tails === '' ? '' : `${prefix}${tails.slice(0, -1).replaceAll('\n', `\n${prefix}`)}\n`;

// The Part I (TDS) and Part VI (TCS) transactions of a statement, or of a
// piece of one, as tails, with what the load's control totals need.
export interface EntryTails {
  text: string;
  rows: number;
  // paise
  amount: number;
  tax: number;
}

// Tails taken one transaction at a time, as a parser hands them on
// (Form26asParser's `each`) or as forEach26asEntry visits them; given back
// Part I's first, then Part VI's, each in file order.
export const entryTailCollector = () => {
  const lines: Record<Form26asTaxType, string[]> = { TDS: [], TCS: [] };
  let amount = 0;
  let tax = 0;
  const take = (type: Form26asTaxType, deductor: Deductor, t: EntryValues): void => {
    lines[type].push(entryTail(type, deductor, t));
    amount += t.amount;
    tax += t.tax;
  };
  const tails = (): EntryTails => ({
    text: lines.TDS.join('') + lines.TCS.join(''),
    rows: lines.TDS.length + lines.TCS.length,
    amount,
    tax,
  });
  return { take, tails };
};

export const entryTailsOf = (result: Pick<Form26asResult, 'tds' | 'tcs'>): EntryTails => {
  const collector = entryTailCollector();
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
