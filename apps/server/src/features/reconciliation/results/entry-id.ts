import { createHash } from 'node:crypto';
import { dayText } from '@taxrecon/shared';
import { rowId } from './row-view.ts';

// The Entry id of a downloaded row (the discrepancy downloads' CSV, which
// Bulk Update and the manual reconciliation zip take back):
// "<party>:<B|T>:<position>:<print>". Party and position say where the row
// is; a sync of the customer (sync, "Start Reconciliation for above
// customers", a re-run) rebuilds its rows and a position can then hold
// another row. The print, 8 hex digits of a hash of the row's content, says
// which row it was, so an upload refuses a row whose entry changed instead of
// deciding on whatever now holds the position (session 39).
//
// Every writer and reader of downloaded ids goes through this module. The
// content hashed is what identifies the row to a person and what a sync
// changes: for a book row its voucher, date, amount and tax; for a 26AS row
// its TAN, section, date, amount and tax (as the engine's decision keys, the
// 26AS file and line are left out: the same credit downloaded again keeps its
// print). Values are Postgres's text of the recon_rows columns (numeric and
// date as `::text` or COPY write them).

export interface EntryContent {
  ref: string | null;
  txn_date: string | null;
  amount: string | null;
  tax: string | null;
  tan: string | null;
  section: string | null;
}

// The recon_rows columns the print reads, as text, for a plain SELECT.
export const ENTRY_CONTENT_SQL =
  'ref, txn_date::text AS txn_date, amount::text AS amount, tax::text AS tax, tan, section';

export const entryPrint = (side: 'B' | 'T', r: EntryContent): string => {
  const fields =
    side === 'B'
      ? ['B', r.ref, r.txn_date, r.amount, r.tax]
      : ['T', r.tan, r.section, r.txn_date, r.amount, r.tax];
  return createHash('sha256')
    .update(fields.map((f) => f ?? '').join('\u001f'))
    .digest('hex')
    .slice(0, 8);
};

// The id a download writes.
export const downloadedEntryId = (party: number, side: 'B' | 'T', ord: number, r: EntryContent): string =>
  `${rowId(party, side, ord)}:${entryPrint(side, r)}`;

// An entry id as uploaded: a download's, or one without a print (what
// downloads wrote before session 39, and the row ids of the screens). Null
// when it is neither.
export interface UploadedEntryId {
  party: number;
  side: 'B' | 'T';
  ord: number;
  // "<party>:<side>:<position>", what a decision takes
  rowId: string;
  print: string | null;
}

const ENTRY_ID = /^(\d{1,9}):([BT]):(\d{1,9})(?::([0-9a-fA-F]{8}))?$/;

export const parseEntryId = (text: string): UploadedEntryId | null => {
  const m = ENTRY_ID.exec(text.trim());
  if (!m) return null;
  const side = m[2] as 'B' | 'T';
  const party = Number(m[1]);
  const ord = Number(m[3]);
  return { party, side, ord, rowId: rowId(party, side, ord), print: m[4]?.toLowerCase() ?? null };
};

// Entry ids anywhere in a text (counting a manual reconciliation file's rows).
export const ENTRY_IDS_IN_TEXT = /\b\d{1,9}:[BT]:\d{1,9}(?::[0-9a-fA-F]{8})?\b/g;

// A row as a person knows it: "INV-0042 of 12 May 2024", or for 26AS "the
// 26AS credit of 12 May 2024, tax 1000.00".
export const entryText = (
  side: 'B' | 'T',
  r: { ref?: string | null; date?: string | null; tax?: string | null },
): string =>
  side === 'B'
    ? `${r.ref?.trim() || 'the entry'}${r.date ? ` of ${dayText(r.date)}` : ''}`
    : `the 26AS credit${r.date ? ` of ${dayText(r.date)}` : ''}${r.tax ? `, tax ${r.tax.trim()}` : ''}`;
