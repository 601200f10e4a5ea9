import type { FinancialYear, Paise } from '@taxrecon/shared';
import type { BookRow, ReconKind, TaxBookRow } from './input-types.ts';
import type { ResolvedOptions } from './options.ts';

export type Category = 'fullMatches' | 'partialMatches' | 'missingFromSales' | 'missingFromTaxBook';

// How a pair or group was found; recorded on every match.
export type MatchRule =
  | 'reversal'
  | 'exact'
  | 'within-tolerance'
  | 'many-to-one'
  | 'one-to-many'
  | 'totals'
  | 'manual'
  | 'accept'
  | 'accept-partial';

export type MatchField = 'tax' | 'amount';

export type ResolvedBy =
  | 'confirmed-mapping'
  | 'tan'
  | 'connected-tan'
  | 'customer-code'
  | 'mapping-file'
  | 'pan'
  | 'gstin'
  | 'exact-name'
  | 'fuzzy-name'
  // A name-only book row linked to the 26AS deductor of clearly the same company.
  | 'deductor-name'
  | 'tan-only';

export type RowAction = 'Accept' | 'AcceptPartial' | 'Hold' | 'FollowUp' | 'Pending' | 'Split';

export interface DecisionNote {
  action: string;
  text: string;
  by: string | null;
  at: string | null;
}

export type UnmatchedCode =
  | 'NO_COUNTERPART'
  | 'NONE_IN_WINDOW'
  | 'AMOUNTS_DIFFER'
  | 'COUNTERPART_TAKEN'
  | 'UNPAIRED'
  | 'SPLIT_PART';

export interface NearestCandidate {
  index: number;
  ref: string;
  date: string;
  // Counterpart date minus this row's date.
  dayGap: number;
  bookTax: Paise;
  taxBookTax: Paise;
  bookAmount: Paise;
  taxBookAmount: Paise;
  // Book minus 26AS.
  taxDifference: Paise;
  amountDifference: Paise;
  failed: readonly MatchField[];
  matchedBy: MatchRule | null;
}

// Why a row is unmatched, as data; `describeUnmatched` words it.
export interface UnmatchedReason {
  code: UnmatchedCode;
  // The side of the row explained.
  side: 'book' | 'taxBook';
  window: { from: string; to: string } | null;
  nearest: NearestCandidate | null;
  tolerance: Paise;
}

interface EntryState {
  resolvedBy: ResolvedBy;
  broughtForward: boolean;
  carriedForward: boolean;
  // Index into the party's `matches`, -1 when unmatched.
  match: number;
  // Why the row has no transaction-level match (also kept when the totals level settles it).
  reason: UnmatchedReason | null;
  action: RowAction | null;
  notes: DecisionNote[];
  // For a part created by a Split decision: the parent's index and part number (1-based).
  splitOf: number;
  splitPart: number;
}

export interface BookEntry extends EntryState {
  row: BookRow;
}

export interface TaxBookEntry extends EntryState {
  row: TaxBookRow;
}

export interface Match {
  rule: MatchRule;
  book: number[];
  taxBook: number[];
  // The amounts that agreed within the tolerance the rule used.
  matchedOn: readonly MatchField[];
  bookTax: Paise;
  taxBookTax: Paise;
  bookAmount: Paise;
  taxBookAmount: Paise;
  // Book minus 26AS.
  taxDifference: Paise;
  amountDifference: Paise;
  claimable: boolean;
  notClaimable: readonly string[];
  manual: boolean;
  acceptedTax: Paise | null;
  note: string | null;
}

export interface SideTotals {
  rows: number;
  amount: Paise;
  tax: Paise;
}

export interface PartyTotals {
  book: SideTotals;
  taxBook: SideTotals;
  // Book minus 26AS over all rows.
  taxDifference: Paise;
  amountDifference: Paise;
  // Transaction level (automatic rules, reversals and manual pairs).
  matchedBook: SideTotals;
  matchedTaxBook: SideTotals;
  // Rows settled by the totals-level rule.
  claimedByTotalsBook: SideTotals;
  claimedByTotalsTaxBook: SideTotals;
  // Unpaired rows a user accepted as they are.
  acceptedBook: SideTotals;
  acceptedTaxBook: SideTotals;
  // Rows still needing attention.
  openBook: SideTotals;
  openTaxBook: SideTotals;
  // Tax of matched 26AS rows that can be claimed (status F, deposited in full) and that cannot.
  claimableTax: Paise;
  notClaimableTax: Paise;
  broughtForwardBook: SideTotals;
  broughtForwardTaxBook: SideTotals;
  carriedForwardBook: SideTotals;
  carriedForwardTaxBook: SideTotals;
}

export interface PartyInfo {
  key: string;
  code: string | null;
  name: string;
  tan: string | null;
  pan: string | null;
  // Master codes reconciled together (several when grouped by PAN).
  members: string[];
  inMaster: boolean;
}

export interface PartyResult extends PartyInfo {
  category: Category;
  claimedByTotals: boolean;
  // Fully matched only thanks to a user's decisions.
  manuallyMatched: boolean;
  book: BookEntry[];
  taxBook: TaxBookEntry[];
  matches: Match[];
  totals: PartyTotals;
}

export type UnresolvedCode = 'NOT_IN_MASTER' | 'AMBIGUOUS' | 'FUZZY_NOT_CLEAR' | 'INVALID_ROW';

export type UnresolvedRow =
  | { side: 'book'; ref: string; row: BookRow; code: UnresolvedCode; reason: string }
  | { side: 'taxBook'; ref: string; row: TaxBookRow; code: UnresolvedCode; reason: string };

export interface EngineWarning {
  code: string;
  message: string;
}

export interface ResultSummary extends PartyTotals {
  parties: number;
  categories: Record<Category, number>;
  manuallyMatchedParties: number;
  claimedByTotalsParties: number;
  unresolvedBook: number;
  unresolvedTaxBook: number;
}

export interface ReconcileResult {
  kind: ReconKind;
  financialYear: FinancialYear;
  options: ResolvedOptions;
  parties: PartyResult[];
  unresolved: UnresolvedRow[];
  warnings: EngineWarning[];
  summary: ResultSummary;
  // Unmatched rows the next year's job can still match: give them to it as `broughtForward`.
  carryForward: { book: BookRow[]; taxBook: TaxBookRow[] };
}
