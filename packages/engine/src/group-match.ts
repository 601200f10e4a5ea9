import { fieldOk, modeOk } from './amounts.ts';
import {
  addMatch,
  type Field,
  freeRows,
  lowerBound,
  type PartyState,
  type Side,
  valuesOf,
} from './party-state.ts';
import { findSubset } from './subset-search.ts';

const NODE_BUDGET = 20_000;
// Added to a candidate's date gap when it is of another quarter than the
// single row: more than any sum of real gaps (maxGroupSize rows of a window
// under a year apart), so the search (fewest rows, then least total gap)
// takes rows of the same quarter first (DOMAIN 6.2), then the nearest.
const OFF_QUARTER = 1_000_000;

// Scratch space for the candidates of one target (at most
// groupCandidateLimit rows); the search is synchronous, never re-entered.
const ids = new Int32Array(32);
const values = new Float64Array(32);
const gaps = new Float64Array(32);

// Fills the scratch arrays with the date-nearest free rows of the pool in
// the window around `day` whose value has the target's sign and does not
// exceed it beyond the tolerance (only such rows can be part of a sum that
// reaches it), then sorts them by value. Returns how many.
const collectCandidates = (
  pool: Side,
  poolFree: number[],
  day: number,
  lo: number,
  hi: number,
  poolValues: Float64Array,
  target: number,
  tolerance: number,
  limit: number,
  quarter: number,
): number => {
  let n = 0;
  let r = lowerBound(poolFree, pool.day, day);
  let l = r - 1;
  const bound = Math.abs(target) + tolerance;
  while (n < limit) {
    const leftIn = l >= 0 && pool.day[poolFree[l]!]! >= day + lo;
    const rightIn = r < poolFree.length && pool.day[poolFree[r]!]! <= day + hi;
    if (!leftIn && !rightIn) break;
    let c: number;
    if (leftIn && (!rightIn || day - pool.day[poolFree[l]!]! <= pool.day[poolFree[r]!]! - day))
      c = poolFree[l--]!;
    else c = poolFree[r++]!;
    if (pool.match[c]! >= 0) continue;
    const v = poolValues[c]!;
    if (v === 0 || v > 0 !== target > 0 || Math.abs(v) > bound) continue;
    // Insertion by (value, gap, row): at most `limit` (<= 24) rows.
    const av = Math.abs(v);
    const g = Math.abs(pool.day[c]! - day) + (pool.quarter[c] === quarter ? 0 : OFF_QUARTER);
    let k = n++;
    while (
      k > 0 &&
      (values[k - 1]! > av ||
        (values[k - 1] === av && (gaps[k - 1]! > g || (gaps[k - 1] === g && ids[k - 1]! > c))))
    ) {
      values[k] = values[k - 1]!;
      gaps[k] = gaps[k - 1]!;
      ids[k] = ids[k - 1]!;
      k--;
    }
    values[k] = av;
    gaps[k] = g;
    ids[k] = c;
  }
  return n;
};

// Several invoices paid under one 26AS row ('many-to-one'), or one invoice
// whose tax the customer deducted in instalments ('one-to-many'): up to
// maxGroupSize rows whose sums agree with the single row under the match
// mode and within the transaction tolerance, every row inside the window.
export const matchGroups = (s: PartyState, rule: 'many-to-one' | 'one-to-many'): void => {
  const maxSize = s.options.maxGroupSize;
  if (maxSize < 2) return;
  const manyBook = rule === 'many-to-one';
  const single = manyBook ? s.t : s.b;
  const pool = manyBook ? s.b : s.t;
  const targets = freeRows(single);
  const poolFree = freeRows(pool);
  if (targets.length === 0 || poolFree.length < 2) return;
  // Window seen from the single row: a 26AS date lies from `before` days
  // before to `after` days after each invoice date.
  const lo = manyBook ? -s.after : -s.before;
  const hi = manyBook ? s.before : s.after;
  const tolerance = s.options.tolerance;
  let poolLeft = poolFree.length;
  let x = -1;

  const agrees = (rows: readonly number[]): boolean => {
    let tax = 0;
    let amount = 0;
    for (const r of rows) {
      tax += pool.tax[r]!;
      amount += pool.amount[r]!;
    }
    const taxOk = fieldOk(tax, single.tax[x]!, tolerance);
    const amountOk = fieldOk(amount, single.amount[x]!, tolerance);
    return modeOk(s.mode, taxOk, amountOk);
  };

  for (const target of targets) {
    if (poolLeft < 2) return;
    x = target;
    for (const f of s.searchFields as readonly Field[]) {
      const want = valuesOf(single, f)[x]!;
      if (want === 0) continue;
      const n = collectCandidates(
        pool,
        poolFree,
        single.day[x]!,
        lo,
        hi,
        valuesOf(pool, f),
        want,
        tolerance,
        s.options.groupCandidateLimit,
        single.quarter[x]!,
      );
      if (n < 2) continue;
      const rows = findSubset(values, gaps, ids, n, Math.abs(want), tolerance, maxSize, agrees, NODE_BUDGET);
      if (!rows) continue;
      if (manyBook) addMatch(s, rule, rows, [x]);
      else addMatch(s, rule, [x], rows);
      poolLeft -= rows.length;
      break;
    }
  }
};
