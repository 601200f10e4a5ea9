import { financialYearRange, type Paise } from '@taxrecon/shared';
import { isClaimable } from './amounts.ts';
import { dayNumber } from './dates.ts';
import type { PlanContext } from './plan.ts';
import type {
  BookEntry,
  Category,
  PartyResult,
  PartyTotals,
  SideTotals,
  TaxBookEntry,
} from './result-types.ts';

const SIDE_KEYS = [
  'book',
  'taxBook',
  'matchedBook',
  'matchedTaxBook',
  'claimedByTotalsBook',
  'claimedByTotalsTaxBook',
  'acceptedBook',
  'acceptedTaxBook',
  'openBook',
  'openTaxBook',
  'broughtForwardBook',
  'broughtForwardTaxBook',
  'carriedForwardBook',
  'carriedForwardTaxBook',
] as const;

const AMOUNT_KEYS = ['taxDifference', 'amountDifference', 'claimableTax', 'notClaimableTax'] as const;

const side = (): SideTotals => ({ rows: 0, amount: 0 as Paise, tax: 0 as Paise });

export const emptyTotals = (): PartyTotals => ({
  book: side(),
  taxBook: side(),
  taxDifference: 0 as Paise,
  amountDifference: 0 as Paise,
  matchedBook: side(),
  matchedTaxBook: side(),
  claimedByTotalsBook: side(),
  claimedByTotalsTaxBook: side(),
  acceptedBook: side(),
  acceptedTaxBook: side(),
  openBook: side(),
  openTaxBook: side(),
  claimableTax: 0 as Paise,
  notClaimableTax: 0 as Paise,
  broughtForwardBook: side(),
  broughtForwardTaxBook: side(),
  carriedForwardBook: side(),
  carriedForwardTaxBook: side(),
});

const put = (into: SideTotals, rows: number, amount: number, tax: number): void => {
  into.rows += rows;
  (into as { amount: number }).amount += amount;
  (into as { tax: number }).tax += tax;
};

export const addTotals = (into: PartyTotals, from: PartyTotals): void => {
  for (const k of SIDE_KEYS) put(into[k], from[k].rows, from[k].amount, from[k].tax);
  for (const k of AMOUNT_KEYS) (into as unknown as Record<string, number>)[k]! += from[k];
};

// A split row is replaced by its parts: it neither counts nor stays open.
export const isSplitParent = (e: BookEntry | TaxBookEntry): boolean => e.action === 'Split';

export const isOpen = (e: BookEntry | TaxBookEntry): boolean =>
  e.match < 0 && e.action !== 'Accept' && !isSplitParent(e);

// Buckets of one side, each [rows, amount, tax] in a flat accumulator.
const ALL = 0;
const MATCHED = 1;
const BY_TOTALS = 2;
const ACCEPTED = 3;
const OPEN = 4;
const BROUGHT = 5;
const CARRIED = 6;
const BUCKETS = 7;

// Recomputes what follows from the rows' state: carry-forward flags,
// totals, claimability, the category. Run after the cascade and again after
// a user's decisions.
// The year's last day, worked out once per year, not once per party.
const yearEnds = new Map<string, number>();
const yearEndDay = (fy: PlanContext['financialYear']): number => {
  let day = yearEnds.get(fy);
  if (day === undefined) {
    day = dayNumber(financialYearRange(fy).to);
    yearEnds.set(fy, day);
  }
  return day;
};
// The accumulator is scratch reused from party to party (summing is synchronous).
const acc = new Float64Array(2 * BUCKETS * 3);

export const summarizeParty = (p: PartyResult, ctx: PlanContext): void => {
  const fyEnd = yearEndDay(ctx.financialYear);
  acc.fill(0);
  const add = (side: number, bucket: number, amount: number, tax: number): void => {
    const k = (side * BUCKETS + bucket) * 3;
    acc[k]!++;
    acc[k + 1]! += amount;
    acc[k + 2]! += tax;
  };
  let open = 0;
  let acceptedUnpaired = 0;
  let hasTotals = false;
  let hasManual = false;
  for (const m of p.matches) {
    if (m.rule === 'totals') hasTotals = true;
    if (m.manual) hasManual = true;
  }

  const entries: readonly (readonly (BookEntry | TaxBookEntry)[])[] = [p.book, p.taxBook];
  for (let side = 0; side < 2; side++) {
    // Still unmatched near the year end, a row's counterpart can appear in
    // the next year's books or 26AS, so the next year's job takes it (6.7):
    // invoices within `after` days of the year end, 26AS rows within `before`.
    const carryDays = side === 0 ? ctx.options.windowDaysAfter : ctx.options.windowDaysBefore;
    for (const e of entries[side]!) {
      e.carriedForward = false;
      if (isSplitParent(e)) continue;
      const { amount, tax } = e.row;
      add(side, ALL, amount, tax);
      if (e.broughtForward) add(side, BROUGHT, amount, tax);
      if (e.match >= 0) {
        add(side, p.matches[e.match]!.rule === 'totals' ? BY_TOTALS : MATCHED, amount, tax);
      } else if (e.action === 'Accept') {
        add(side, ACCEPTED, amount, tax);
        acceptedUnpaired++;
      } else {
        add(side, OPEN, amount, tax);
        open++;
        const day = dayNumber('voucherNo' in e.row ? e.row.date : e.row.transactionDate);
        if (!e.broughtForward && day <= fyEnd && day > fyEnd - carryDays) {
          e.carriedForward = true;
          add(side, CARRIED, amount, tax);
        }
      }
    }
  }
  const at = (side: number, bucket: number): SideTotals => {
    const k = (side * BUCKETS + bucket) * 3;
    return { rows: acc[k]!, amount: acc[k + 1]! as Paise, tax: acc[k + 2]! as Paise };
  };

  let claimable = 0;
  let notClaimable = 0;
  for (const m of p.matches) {
    if (m.acceptedTax !== null) {
      if (m.claimable) claimable += m.acceptedTax;
      else notClaimable += m.acceptedTax;
      continue;
    }
    for (const j of m.taxBook) {
      const r = p.taxBook[j]!.row;
      if (isClaimable(r.status, r.tax, r.deposited)) claimable += r.tax;
      else notClaimable += r.tax;
    }
  }
  const book = at(0, ALL);
  const taxBook = at(1, ALL);
  p.totals = {
    book,
    taxBook,
    taxDifference: (book.tax - taxBook.tax) as Paise,
    amountDifference: (book.amount - taxBook.amount) as Paise,
    matchedBook: at(0, MATCHED),
    matchedTaxBook: at(1, MATCHED),
    claimedByTotalsBook: at(0, BY_TOTALS),
    claimedByTotalsTaxBook: at(1, BY_TOTALS),
    acceptedBook: at(0, ACCEPTED),
    acceptedTaxBook: at(1, ACCEPTED),
    openBook: at(0, OPEN),
    openTaxBook: at(1, OPEN),
    claimableTax: claimable as Paise,
    notClaimableTax: notClaimable as Paise,
    broughtForwardBook: at(0, BROUGHT),
    broughtForwardTaxBook: at(1, BROUGHT),
    carriedForwardBook: at(0, CARRIED),
    carriedForwardTaxBook: at(1, CARRIED),
  };

  let category: Category;
  if (open === 0) category = 'fullMatches';
  else if (taxBook.rows === 0) category = 'missingFromTaxBook';
  else if (book.rows === 0) category = 'missingFromSales';
  else category = 'partialMatches';
  p.category = category;
  p.claimedByTotals = hasTotals;
  p.manuallyMatched = open === 0 && (acceptedUnpaired > 0 || hasManual);
};
