import { fieldOk, modeOk } from './amounts.ts';
import {
  AMOUNT,
  addMatch,
  freeRows,
  lowerBound,
  type PartyState,
  SCAN_LIMIT,
  TAX,
  upperBound,
} from './party-state.ts';
import type { MatchRule } from './result-types.ts';

// Candidates kept per book row and round. When a row had more valid
// candidates than this and all kept ones went elsewhere, another round runs.
const KEEP = 4;

interface Pair {
  b: number;
  t: number;
  agree: number;
  offQuarter: number;
  gap: number;
  diff: number;
  claimable: number;
}

// Better pairs first: more amounts agreeing, same quarter, nearest date
// (DOMAIN.md 6.2), smaller difference, a claimable credit, then row order.
const comparePairs = (x: Pair, y: Pair): number =>
  y.agree - x.agree ||
  x.offQuarter - y.offQuarter ||
  x.gap - y.gap ||
  x.diff - y.diff ||
  y.claimable - x.claimable ||
  x.b - y.b ||
  x.t - y.t;

const pairValid = (s: PartyState, b: number, t: number, tolerance: number): boolean =>
  modeOk(
    s.mode,
    fieldOk(s.b.tax[b]!, s.t.tax[t]!, tolerance),
    fieldOk(s.b.amount[b]!, s.t.amount[t]!, tolerance),
  );

const pairOf = (s: PartyState, b: number, t: number, tolerance: number): Pair => {
  const taxOk = fieldOk(s.b.tax[b]!, s.t.tax[t]!, tolerance);
  const amountOk = fieldOk(s.b.amount[b]!, s.t.amount[t]!, tolerance);
  return {
    b,
    t,
    agree: (taxOk ? 1 : 0) + (amountOk ? 1 : 0),
    offQuarter: s.b.quarter[b] === s.t.quarter[t] ? 0 : 1,
    gap: Math.abs(s.t.day[t]! - s.b.day[b]!),
    diff: Math.abs(s.b.tax[b]! - s.t.tax[t]!) + Math.abs(s.b.amount[b]! - s.t.amount[t]!),
    claimable: s.claimable[t]!,
  };
};

// Within order[start..end) (rows in date order: a block of equal value, or
// the window itself), take the valid rows nearest to the invoice date inside
// the window. True when more were valid than kept.
const nearestInBlock = (
  s: PartyState,
  order: number[],
  start: number,
  end: number,
  b: number,
  tolerance: number,
  out: number[],
): boolean => {
  const day = s.t.day;
  const bDay = s.b.day[b]!;
  const from = bDay - s.before;
  const to = bDay + s.after;
  let r = lowerBound(order, day, bDay, start, end);
  let l = r - 1;
  let taken = 0;
  // The same quarter ranks above the nearest date (comparePairs): when the
  // KEEP nearest are all of another quarter (an invoice at a quarter's end),
  // the nearest valid row of its own quarter is kept too, looked for among a
  // bounded number of further rows.
  const quarter = s.b.quarter[b];
  let sameQuarter = false;
  // a valid row was passed over (true: more were valid than kept)
  let passed = false;
  let further = 0;
  for (;;) {
    const leftIn = l >= start && day[order[l]!]! >= from;
    const rightIn = r < end && day[order[r]!]! <= to;
    if (!leftIn && !rightIn) return passed;
    let t: number;
    if (leftIn && (!rightIn || bDay - day[order[l]!]! <= day[order[r]!]! - bDay)) t = order[l--]!;
    else t = order[r++]!;
    if (taken >= KEEP && !sameQuarter && ++further > SCAN_LIMIT) return true;
    if (!pairValid(s, b, t, tolerance)) continue;
    if (taken >= KEEP) {
      if (sameQuarter) return true;
      passed = true;
      if (s.t.quarter[t] !== quarter) continue;
      out.push(t);
      return true;
    }
    out.push(t);
    taken++;
    if (s.t.quarter[t] === quarter) sameQuarter = true;
  }
};

// Free 26AS rows whose value of one field lies within the tolerance of the
// book row's value, searched block by block of equal value.
const collect = (
  s: PartyState,
  order: number[],
  taxBookValues: Float64Array,
  value: number,
  b: number,
  tolerance: number,
  out: number[],
): boolean => {
  let truncated = false;
  let i = lowerBound(order, taxBookValues, value - tolerance);
  while (i < order.length) {
    const v = taxBookValues[order[i]!]!;
    if (v > value + tolerance) break;
    const end = upperBound(order, taxBookValues, v, i);
    // Zero against zero never agrees (fieldOk); the other field's search finds such rows.
    if ((v !== 0 || value !== 0) && nearestInBlock(s, order, i, end, b, tolerance, out)) truncated = true;
    i = end;
  }
  return truncated;
};

const sortedByValue = (rows: number[], values: Float64Array): number[] =>
  rows.slice().sort((x, y) => values[x]! - values[y]! || x - y);

// One invoice to one 26AS row whose compared amounts agree within the
// tolerance (0 for the exact rule). Pairs are taken best first over the
// whole party, not invoice by invoice, so an early invoice cannot take the
// row a later one fits better.
export const matchOneToOne = (s: PartyState, tolerance: number, rule: MatchRule): void => {
  const byTax = s.searchFields.includes(TAX);
  const byAmount = s.searchFields.includes(AMOUNT);
  const found: number[] = [];
  const local: Pair[] = [];
  for (;;) {
    const freeB = freeRows(s.b);
    const freeT = freeRows(s.t);
    if (freeB.length === 0 || freeT.length === 0) return;
    // Value indexes are built only when some invoice has a crowded window.
    let taxOrder: number[] | null = null;
    let amountOrder: number[] | null = null;
    // Candidates of freeB[k] are listed[start[k] .. start[k + 1]).
    const listed: number[] = [];
    const start: number[] = [];
    const uses = new Int32Array(s.t.n);
    let truncated = false;
    for (const b of freeB) {
      start.push(listed.length);
      found.length = 0;
      const bDay = s.b.day[b]!;
      const lo = lowerBound(freeT, s.t.day, bDay - s.before);
      const hi = upperBound(freeT, s.t.day, bDay + s.after);
      if (hi - lo <= SCAN_LIMIT) {
        if (nearestInBlock(s, freeT, lo, hi, b, tolerance, found)) truncated = true;
      } else {
        if (byTax) {
          taxOrder ??= sortedByValue(freeT, s.t.tax);
          if (collect(s, taxOrder, s.t.tax, s.b.tax[b]!, b, tolerance, found)) truncated = true;
        }
        if (byAmount) {
          amountOrder ??= sortedByValue(freeT, s.t.amount);
          if (collect(s, amountOrder, s.t.amount, s.b.amount[b]!, b, tolerance, found)) truncated = true;
        }
      }
      const first = listed.length;
      for (let i = 0; i < found.length; i++) if (found.indexOf(found[i]!) === i) listed.push(found[i]!);
      if (listed.length - first > KEEP) {
        local.length = 0;
        for (let i = first; i < listed.length; i++) local.push(pairOf(s, b, listed[i]!, tolerance));
        local.sort(comparePairs);
        listed.length = first;
        for (let i = 0; i < KEEP; i++) listed.push(local[i]!.t);
        truncated = true;
      }
      for (let i = first; i < listed.length; i++) uses[listed[i]!]!++;
    }
    start.push(listed.length);

    // An invoice with a single candidate that no other invoice wants is a
    // pair whatever the order; only contested rows go through the ranking.
    let accepted = 0;
    const pairs: Pair[] = [];
    for (let k = 0; k < freeB.length; k++) {
      const from = start[k]!;
      const to = start[k + 1]!;
      if (to - from === 1 && uses[listed[from]!] === 1) {
        addMatch(s, rule, [freeB[k]!], [listed[from]!]);
        accepted++;
        continue;
      }
      for (let i = from; i < to; i++) pairs.push(pairOf(s, freeB[k]!, listed[i]!, tolerance));
    }
    pairs.sort(comparePairs);
    for (const p of pairs) {
      if (s.b.match[p.b]! < 0 && s.t.match[p.t]! < 0) {
        addMatch(s, rule, [p.b], [p.t]);
        accepted++;
      }
    }
    if (!truncated || accepted === 0) return;
  }
};
