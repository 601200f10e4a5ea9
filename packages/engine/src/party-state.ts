import { isClaimable } from './amounts.ts';
import { dayNumber, quarterIndex } from './dates.ts';
import { buildMatch } from './match-build.ts';
import type { MatchMode, ResolvedOptions } from './options.ts';
import type { BookEntry, Match, MatchRule, TaxBookEntry } from './result-types.ts';
import { compareBookRows, compareTaxBookRows } from './row-order.ts';

export const TAX = 0;
export const AMOUNT = 1;
export type Field = typeof TAX | typeof AMOUNT;

// Column arrays of one side of one party, in row order (date first); valid up to `n`.
export interface Side {
  n: number;
  day: Int32Array;
  quarter: Int32Array;
  tax: Float64Array;
  amount: Float64Array;
  // Index of the match holding the row, -1 while free.
  match: Int32Array;
}

export interface PartyState {
  b: Side;
  t: Side;
  // 26AS rows whose credit can be claimed: status F and deposited at least the tax.
  claimable: Uint8Array;
  mode: MatchMode;
  // Fields to search candidates by; a pair is then checked against the mode.
  searchFields: readonly Field[];
  before: number;
  after: number;
  options: ResolvedOptions;
  book: BookEntry[];
  taxBook: TaxBookEntry[];
  matches: Match[];
}

// Column arrays are scratch space reused from party to party (reconciling
// a party is synchronous), so 20,000 parties do not allocate 20,000 sets.
const grown = (n: number): Side => {
  const capacity = Math.max(1024, 2 ** Math.ceil(Math.log2(n)));
  return {
    n: 0,
    day: new Int32Array(capacity),
    quarter: new Int32Array(capacity),
    tax: new Float64Array(capacity),
    amount: new Float64Array(capacity),
    match: new Int32Array(capacity),
  };
};
const scratch = {
  book: grown(0),
  taxBook: grown(0),
  claimable: new Uint8Array(1024),
  packed: new Float64Array(1024),
};

const sideOf = (which: 'book' | 'taxBook', n: number): Side => {
  if (scratch[which].day.length < n) scratch[which] = grown(n);
  const side = scratch[which];
  side.n = n;
  side.match.fill(-1, 0, n);
  return side;
};

// Indices of `days` in (day, then `cmp`) order. A native numeric sort on
// day and index packed in one number does the bulk; only runs of the same
// day go through the comparator.
// Null when the rows are in that order already (a 26AS party's credits
// mostly are, and a small party often is): nothing to sort or move.
const orderByDay = (days: number[], cmp: (x: number, y: number) => number): number[] | null => {
  const n = days.length;
  let sorted = true;
  for (let i = 1; i < n && sorted; i++) {
    sorted = days[i - 1]! < days[i]! || (days[i - 1] === days[i] && cmp(i - 1, i) <= 0);
  }
  if (sorted) return null;
  if (scratch.packed.length < n) scratch.packed = new Float64Array(2 ** Math.ceil(Math.log2(n)));
  const packed = scratch.packed.subarray(0, n);
  // Days are offset to stay positive for any year 1..9999.
  for (let i = 0; i < n; i++) packed[i] = (days[i]! + 800_000) * 4_194_304 + i;
  packed.sort();
  const order = new Array<number>(n);
  for (let i = 0; i < n; i++) order[i] = packed[i]! % 4_194_304;
  for (let start = 0; start < n; ) {
    let end = start + 1;
    while (end < n && days[order[end]!] === days[order[start]!]) end++;
    if (end - start > 1) {
      const run = order.slice(start, end).sort(cmp);
      for (let k = 0; k < run.length; k++) order[start + k] = run[k]!;
    }
    start = end;
  }
  return order;
};

// Puts the entries in row order (date, then the content order of
// row-order.ts) and builds the column arrays.
export const buildState = (
  book: BookEntry[],
  taxBook: TaxBookEntry[],
  options: ResolvedOptions,
): PartyState => {
  if (book.length >= 4_194_304 || taxBook.length >= 4_194_304)
    throw new RangeError('too many rows for one party');
  const bookDays = book.map((e) => dayNumber(e.row.date));
  const bookOrder = orderByDay(
    bookDays,
    (x, y) =>
      compareBookRows(book[x]!.row, book[y]!.row) ||
      Number(book[x]!.broughtForward) - Number(book[y]!.broughtForward),
  );
  const taxDays = taxBook.map((e) => dayNumber(e.row.transactionDate));
  const taxOrder = orderByDay(
    taxDays,
    (x, y) =>
      compareTaxBookRows(taxBook[x]!.row, taxBook[y]!.row) ||
      Number(taxBook[x]!.broughtForward) - Number(taxBook[y]!.broughtForward),
  );
  if (bookOrder) {
    const sortedBook = bookOrder.map((i) => book[i]!);
    for (let i = 0; i < book.length; i++) book[i] = sortedBook[i]!;
  }
  if (taxOrder) {
    const sortedTax = taxOrder.map((i) => taxBook[i]!);
    for (let i = 0; i < taxBook.length; i++) taxBook[i] = sortedTax[i]!;
  }

  const b = sideOf('book', book.length);
  for (let i = 0; i < book.length; i++) {
    const r = book[i]!.row;
    b.day[i] = bookDays[bookOrder ? bookOrder[i]! : i]!;
    b.quarter[i] = quarterIndex(r.date);
    b.tax[i] = r.tax;
    b.amount[i] = r.amount;
  }
  const t = sideOf('taxBook', taxBook.length);
  if (scratch.claimable.length < taxBook.length) scratch.claimable = new Uint8Array(t.day.length);
  const claimable = scratch.claimable;
  for (let i = 0; i < taxBook.length; i++) {
    const r = taxBook[i]!.row;
    t.day[i] = taxDays[taxOrder ? taxOrder[i]! : i]!;
    t.quarter[i] = quarterIndex(r.transactionDate);
    t.tax[i] = r.tax;
    t.amount[i] = r.amount;
    claimable[i] = isClaimable(r.status, r.tax, r.deposited) ? 1 : 0;
  }
  const mode = options.matchMode;
  return {
    b,
    t,
    claimable,
    mode,
    searchFields: mode === 'TaxOrSaleAmount' ? [TAX, AMOUNT] : mode === 'SaleAmountOnly' ? [AMOUNT] : [TAX],
    before: options.windowDaysBefore,
    after: options.windowDaysAfter,
    options,
    book,
    taxBook,
    matches: [],
  };
};

export const valuesOf = (side: Side, field: Field): Float64Array => (field === TAX ? side.tax : side.amount);

export const addMatch = (s: PartyState, rule: MatchRule, book: number[], taxBook: number[]): void => {
  const id = s.matches.length;
  s.matches.push(buildMatch(rule, book, taxBook, s.book, s.taxBook, s.options));
  for (const i of book) s.b.match[i] = id;
  for (const i of taxBook) s.t.match[i] = id;
};

// Below this many rows in a window, scanning it beats building an index.
export const SCAN_LIMIT = 48;

export const freeRows = (side: Side): number[] => {
  const out: number[] = [];
  for (let i = 0; i < side.n; i++) if (side.match[i]! < 0) out.push(i);
  return out;
};

// First position in `order` (sorted by `key`) whose key is >= value.
export const lowerBound = (
  order: ArrayLike<number>,
  key: ArrayLike<number>,
  value: number,
  from = 0,
  to = order.length,
): number => {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (key[order[mid]!]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

// First position in `order` (sorted by `key`) whose key is > value.
export const upperBound = (
  order: ArrayLike<number>,
  key: ArrayLike<number>,
  value: number,
  from = 0,
  to = order.length,
): number => {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (key[order[mid]!]! <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};
