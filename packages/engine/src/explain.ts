import type { Paise } from '@taxrecon/shared';
import { fieldOk, modeOk } from './amounts.ts';
import { isoOfDay } from './dates.ts';
import { lowerBound, type PartyState, SCAN_LIMIT, type Side, upperBound } from './party-state.ts';
import type {
  BookEntry,
  MatchField,
  NearestCandidate,
  TaxBookEntry,
  UnmatchedReason,
} from './result-types.ts';

const TAX_AND_AMOUNT: readonly MatchField[] = Object.freeze(['tax', 'amount']);
const TAX: readonly MatchField[] = Object.freeze(['tax']);
const AMOUNT: readonly MatchField[] = Object.freeze(['amount']);
const NONE: readonly MatchField[] = Object.freeze([]);

const identity = (n: number): number[] => {
  const a = new Array<number>(n);
  for (let i = 0; i < n; i++) a[i] = i;
  return a;
};

// Every row the cascade left unmatched gets the reason a person needs to act
// (DOMAIN.md 6.6): the counterpart side is empty, nothing is dated inside the
// window, or the nearest candidate and which amount failed by how much.
export const explainUnmatched = (s: PartyState, book: BookEntry[], taxBook: TaxBookEntry[]): void => {
  const tolerance = s.options.tolerance;
  const checkTax = s.mode !== 'SaleAmountOnly';
  const checkAmount = s.mode !== 'TaxOnly';
  // The compared amounts that do not agree within the tolerance.
  const failedOf = (taxOk: boolean, amountOk: boolean): readonly MatchField[] => {
    const tax = checkTax && !taxOk;
    const amount = checkAmount && !amountOk;
    return tax ? (amount ? TAX_AND_AMOUNT : TAX) : amount ? AMOUNT : NONE;
  };
  const amountFirst = s.mode === 'SaleAmountOnly';
  const primaryOf = (side: Side): Float64Array => (amountFirst ? side.amount : side.tax);
  const secondaryOf = (side: Side): Float64Array => (amountFirst ? side.tax : side.amount);
  const byPrimary = (side: Side): number[] => {
    const v = primaryOf(side);
    return identity(side.n).sort((a, b) => v[a]! - v[b]! || a - b);
  };

  const explain = (
    self: Side,
    other: Side,
    i: number,
    isBook: boolean,
    byDate: number[],
    valueOrder: () => number[],
    refOf: (j: number) => string,
    dateOf: (j: number) => string,
  ): UnmatchedReason => {
    const side = isBook ? 'book' : 'taxBook';
    if (other.n === 0) return { code: 'NO_COUNTERPART', side, window: null, nearest: null, tolerance };
    const day = self.day[i]!;
    const from = isBook ? day - s.before : day - s.after;
    const to = isBook ? day + s.after : day + s.before;
    const window = { from: isoOfDay(from), to: isoOfDay(to) };
    const candidate = (j: number): NearestCandidate => {
      const bookTax = isBook ? self.tax[i]! : other.tax[j]!;
      const taxBookTax = isBook ? other.tax[j]! : self.tax[i]!;
      const bookAmount = isBook ? self.amount[i]! : other.amount[j]!;
      const taxBookAmount = isBook ? other.amount[j]! : self.amount[i]!;
      const m = other.match[j]!;
      return {
        index: j,
        ref: refOf(j),
        date: dateOf(j),
        dayGap: other.day[j]! - day,
        bookTax: bookTax as Paise,
        taxBookTax: taxBookTax as Paise,
        bookAmount: bookAmount as Paise,
        taxBookAmount: taxBookAmount as Paise,
        taxDifference: (bookTax - taxBookTax) as Paise,
        amountDifference: (bookAmount - taxBookAmount) as Paise,
        failed: failedOf(
          fieldOk(bookTax, taxBookTax, tolerance),
          fieldOk(bookAmount, taxBookAmount, tolerance),
        ),
        matchedBy: m >= 0 ? (s.matches[m]?.rule ?? null) : null,
      };
    };

    const lo = lowerBound(byDate, other.day, from);
    const hi = upperBound(byDate, other.day, to);
    if (lo >= hi) {
      const j =
        lo === 0 ? hi : hi >= other.n || day - other.day[lo - 1]! <= other.day[hi]! - day ? lo - 1 : hi;
      return { code: 'NONE_IN_WINDOW', side, window, nearest: candidate(j), tolerance };
    }
    // Nearest by the amount the mode looks at first, then the other amount,
    // then date, a free row before a matched one.
    const pv = primaryOf(other);
    const x = primaryOf(self)[i]!;
    const sv = secondaryOf(self)[i]!;
    const so = secondaryOf(other);
    let best = -1;
    let bestPrimary = Number.POSITIVE_INFINITY;
    let bestSecondary = 0;
    let bestGap = 0;
    let bestTaken = 0;
    const consider = (j: number, d: number): void => {
      const ds = Math.abs(sv - so[j]!);
      const g = Math.abs(other.day[j]! - day);
      const taken = other.match[j]! >= 0 ? 1 : 0;
      const better =
        d < bestPrimary ||
        (d === bestPrimary &&
          (ds < bestSecondary ||
            (ds === bestSecondary &&
              (g < bestGap || (g === bestGap && (taken < bestTaken || (taken === bestTaken && j < best)))))));
      if (better) {
        best = j;
        bestPrimary = d;
        bestSecondary = ds;
        bestGap = g;
        bestTaken = taken;
      }
    };
    if (hi - lo <= SCAN_LIMIT) {
      for (let k = lo; k < hi; k++) consider(byDate[k]!, Math.abs(x - pv[byDate[k]!]!));
    } else {
      // A crowded window: walk the other side in order of the first amount,
      // outward from this row's value, until the difference exceeds the best.
      const byValue = valueOrder();
      let r = lowerBound(byValue, pv, x);
      let l = r - 1;
      while (l >= 0 || r < byValue.length) {
        const dl = l >= 0 ? x - pv[byValue[l]!]! : Number.POSITIVE_INFINITY;
        const dr = r < byValue.length ? pv[byValue[r]!]! - x : Number.POSITIVE_INFINITY;
        const d = Math.min(dl, dr);
        if (d > bestPrimary) break;
        const j = dl <= dr ? byValue[l--]! : byValue[r++]!;
        if (other.day[j]! >= from && other.day[j]! <= to) consider(j, d);
      }
    }
    const nearest = candidate(best);
    const agrees = modeOk(s.mode, !nearest.failed.includes('tax'), !nearest.failed.includes('amount'));
    const code = agrees && nearest.matchedBy ? 'COUNTERPART_TAKEN' : 'AMOUNTS_DIFFER';
    return { code, side, window, nearest, tolerance };
  };

  let bookByDate: number[] | null = null;
  let taxByDate: number[] | null = null;
  let bookByValue: number[] | null = null;
  let taxByValue: number[] | null = null;
  const taxValueOrder = (): number[] => {
    taxByValue ??= byPrimary(s.t);
    return taxByValue;
  };
  const bookValueOrder = (): number[] => {
    bookByValue ??= byPrimary(s.b);
    return bookByValue;
  };
  for (let i = 0; i < s.b.n; i++) {
    if (s.b.match[i]! >= 0) continue;
    taxByDate ??= identity(s.t.n);
    book[i]!.reason = explain(
      s.b,
      s.t,
      i,
      true,
      taxByDate,
      taxValueOrder,
      (j) => taxBook[j]!.row.ref,
      (j) => taxBook[j]!.row.transactionDate,
    );
  }
  for (let j = 0; j < s.t.n; j++) {
    if (s.t.match[j]! >= 0) continue;
    bookByDate ??= identity(s.b.n);
    taxBook[j]!.reason = explain(
      s.t,
      s.b,
      j,
      false,
      bookByDate,
      bookValueOrder,
      (i) => book[i]!.row.voucherNo,
      (i) => book[i]!.row.date,
    );
  }
};
