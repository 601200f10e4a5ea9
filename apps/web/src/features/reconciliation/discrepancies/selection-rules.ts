import { paiseOrZero } from '@taxrecon/shared';
import { type AnyRow, rowTax } from './rows.ts';

export interface Selection {
  book: readonly AnyRow[];
  taxBook: readonly AnyRow[];
}

const isSplit = (row: AnyRow): boolean => row.manualAction === 'Split';
const taxOf = (rows: readonly AnyRow[]): number =>
  rows.reduce((sum, row) => sum + paiseOrZero(rowTax(row)), 0);

export const selectedCount = (s: Selection): number => s.book.length + s.taxBook.length;

// Spec section 4: a selection is valid for accepting as one match when one
// book row stands against 26AS rows whose tax is at most its own, book rows
// against one 26AS row whose tax is at least their total, or one against one;
// no row of it may be a split row.
export const validForMatching = (s: Selection): boolean => {
  const b = s.book.length;
  const t = s.taxBook.length;
  if (b === 0 || t === 0) return false;
  if ([...s.book, ...s.taxBook].some(isSplit)) return false;
  if (b === 1 && t === 1) return true;
  if (b === 1) return taxOf(s.taxBook) <= taxOf(s.book);
  if (t === 1) return taxOf(s.taxBook) >= taxOf(s.book);
  return false;
};

// Accept is disabled when nothing is selected or a selected row is split.
export const canAccept = (s: Selection): boolean =>
  selectedCount(s) > 0 && ![...s.book, ...s.taxBook].some(isSplit);

export const canAcceptPartial = validForMatching;

// Correlate Entries: ticked by itself when the selection is valid, disabled
// when it is invalid and the two sides' counts differ.
export const correlateState = (s: Selection): { checked: boolean; disabled: boolean } => {
  const valid = validForMatching(s);
  return { checked: valid, disabled: !valid && s.book.length !== s.taxBook.length };
};

// A split takes one row that is neither split, a part of a split, nor matched.
export const canSplit = (s: Selection): boolean => {
  const rows = [...s.book, ...s.taxBook];
  if (rows.length !== 1) return false;
  const row = rows[0]!;
  return !isSplit(row) && row.splitOf === null && row.matchGroup === null;
};

// Unpair releases the match holding one selected matched row.
export const canUnpair = (s: Selection): boolean => {
  const rows = [...s.book, ...s.taxBook];
  return rows.length === 1 && rows[0]!.matchGroup !== null;
};

// The largest tax an Accept Partial may accept: the smaller side's tax.
export const partialCeiling = (s: Selection): number => Math.min(taxOf(s.book), taxOf(s.taxBook));

// What Accept sends: with Correlate Entries, a valid selection is accepted as
// one match; an invalid one of equal counts becomes a manual pair.
export const acceptAction = (
  s: Selection,
  correlate: boolean,
): { actionType: 'Accept' | 'Pair'; correlate?: boolean } => {
  if (!correlate) return { actionType: 'Accept' };
  return validForMatching(s) ? { actionType: 'Accept', correlate: true } : { actionType: 'Pair' };
};
