import { addMatch, type PartyState, type Side } from './party-state.ts';

// A negative row that exactly cancels a positive row of the same party is
// a reversal: 26AS books the correction of an overbooked or wrong credit as
// a negative row (remarks code B), books a credit note against the invoice.
// Both rows settle each other before matching, so the invoice meets the
// credit that stands. Which positive row is cancelled: the one on the same
// day, then (26AS) the same status and section, then the nearest earlier.
export const netReversals = (
  s: PartyState,
  side: Side,
  which: 'book' | 'taxBook',
  sameKind: (a: number, b: number) => number,
): void => {
  let anyNegative = false;
  for (let i = 0; i < side.n; i++) if (side.tax[i]! < 0 || side.amount[i]! < 0) anyNegative = true;
  if (!anyNegative) return;
  const positives = new Map<string, number[]>();
  for (let i = 0; i < side.n; i++) {
    if (side.tax[i]! >= 0 && side.amount[i]! >= 0 && (side.tax[i]! > 0 || side.amount[i]! > 0)) {
      const key = `${side.amount[i]}|${side.tax[i]}`;
      const list = positives.get(key);
      if (list) list.push(i);
      else positives.set(key, [i]);
    }
  }
  for (let r = 0; r < side.n; r++) {
    if (side.match[r]! >= 0 || !(side.tax[r]! <= 0 && side.amount[r]! <= 0)) continue;
    if (side.tax[r] === 0 && side.amount[r] === 0) continue;
    const list = positives.get(`${-side.amount[r]!}|${-side.tax[r]!}`);
    if (!list) continue;
    let best = -1;
    let bestKey: number[] = [];
    for (const p of list) {
      if (side.match[p]! >= 0) continue;
      const gap = side.day[r]! - side.day[p]!;
      const key = [gap === 0 ? 0 : 1, sameKind(r, p), gap >= 0 ? 0 : 1, Math.abs(gap), p];
      if (best < 0 || lexLess(key, bestKey)) {
        best = p;
        bestKey = key;
      }
    }
    if (best < 0) continue;
    const pair = [Math.min(best, r), Math.max(best, r)];
    if (which === 'book') addMatch(s, 'reversal', pair, []);
    else addMatch(s, 'reversal', [], pair);
  }
};

const lexLess = (a: number[], b: number[]): boolean => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
};
