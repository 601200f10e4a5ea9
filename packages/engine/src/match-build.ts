import { formatRupees, type Paise } from '@taxrecon/shared';
import { fieldOk, isClaimable, isFinalStatus } from './amounts.ts';
import type { ResolvedOptions } from './options.ts';
import type { BookEntry, Match, MatchField, MatchRule, TaxBookEntry } from './result-types.ts';

export interface MatchExtras {
  manual?: boolean;
  acceptedTax?: Paise | null;
  note?: string | null;
}

const BOTH: readonly MatchField[] = Object.freeze(['tax', 'amount']);
const TAX_ONLY: readonly MatchField[] = Object.freeze(['tax']);
const AMOUNT_ONLY: readonly MatchField[] = Object.freeze(['amount']);
const NONE: readonly never[] = Object.freeze([]);

const agreeing = (tax: boolean, amount: boolean): readonly MatchField[] =>
  tax ? (amount ? BOTH : TAX_ONLY) : amount ? AMOUNT_ONLY : NONE;

const toleranceOf = (rule: MatchRule, field: MatchField, o: ResolvedOptions): number => {
  if (rule === 'exact') return 0;
  if (rule === 'totals')
    return field === 'tax' ? o.toleranceForOverallTotal : o.toleranceForTransactionAmountTotal;
  return o.tolerance;
};

// A matched credit is claimable only from a 26AS row with booking status F
// (matched with the deposit) whose deposited amount covers the tax
// (DOMAIN.md 2 and 6.5); anything else is flagged on the match.
export const buildMatch = (
  rule: MatchRule,
  book: number[],
  taxBook: number[],
  bookEntries: readonly BookEntry[],
  taxEntries: readonly TaxBookEntry[],
  options: ResolvedOptions,
  extras: MatchExtras = {},
): Match => {
  let bookTax = 0;
  let bookAmount = 0;
  for (const i of book) {
    bookTax += bookEntries[i]!.row.tax;
    bookAmount += bookEntries[i]!.row.amount;
  }
  let taxBookTax = 0;
  let taxBookAmount = 0;
  let notClaimable: string[] | null = null;
  for (const j of taxBook) {
    const r = taxEntries[j]!.row;
    taxBookTax += r.tax;
    taxBookAmount += r.amount;
    if (!isClaimable(r.status, r.tax, r.deposited)) {
      notClaimable ??= [];
      notClaimable.push(
        !isFinalStatus(r.status)
          ? `${r.ref}: booking status ${r.status || '(none)'}, not F`
          : `${r.ref}: deposited ${formatRupees(r.deposited)} is below the tax ${formatRupees(r.tax)}`,
      );
    }
  }
  if (taxBook.length === 0) notClaimable = ['no 26AS row'];
  // A reversal settles rows of one side against each other: they agree by construction.
  const matchedOn =
    rule === 'reversal'
      ? BOTH
      : agreeing(
          fieldOk(bookTax, taxBookTax, toleranceOf(rule, 'tax', options)),
          fieldOk(bookAmount, taxBookAmount, toleranceOf(rule, 'amount', options)),
        );
  return {
    rule,
    book,
    taxBook,
    matchedOn,
    bookTax: bookTax as Paise,
    taxBookTax: taxBookTax as Paise,
    bookAmount: bookAmount as Paise,
    taxBookAmount: taxBookAmount as Paise,
    taxDifference: (bookTax - taxBookTax) as Paise,
    amountDifference: (bookAmount - taxBookAmount) as Paise,
    claimable: notClaimable === null,
    notClaimable: notClaimable ?? NONE,
    manual: extras.manual ?? false,
    acceptedTax: extras.acceptedTax ?? null,
    note: extras.note ?? null,
  };
};
