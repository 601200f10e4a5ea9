import type { Paise } from '@taxrecon/shared';

// Which amounts must agree for a pair (spec reconMatchPreferences).
export type MatchMode = 'TaxOrSaleAmount' | 'TaxAndSaleAmount' | 'TaxOnly' | 'SaleAmountOnly';

export interface ReconcileOptions {
  matchMode?: MatchMode;
  // Per transaction: how far the compared amounts of a pair (or of a group
  // and its row) may differ. Applies to tax and to sale amount alike.
  tolerance?: Paise;
  // Totals level: remaining tax per party, book against 26AS.
  toleranceForOverallTotal?: Paise;
  // Totals level: remaining sale (transaction) amount per party.
  toleranceForTransactionAmountTotal?: Paise;
  // A 26AS row is a candidate for an invoice when its transaction date is
  // from `windowDaysBefore` days before to `windowDaysAfter` days after it.
  windowDaysBefore?: number;
  windowDaysAfter?: number;
  // Largest number of rows on the "several" side of a group match (2..5).
  maxGroupSize?: number;
  // How many date-nearest rows a group search considers; bounds the search.
  groupCandidateLimit?: number;
  // Fuzzy name resolution: the best score must reach `fuzzyMinScore` and
  // lead the runner-up (another party) by `fuzzyMinLead`.
  fuzzyMinScore?: number;
  fuzzyMinLead?: number;
  // Customers sharing a PAN are reconciled as one party.
  groupByPan?: boolean;
  // Rows that resolve to no master party: list them as not considered
  // (the product's rule) or, with 'byTan', reconcile them per TAN.
  unknownParties?: 'unresolved' | 'byTan';
  onProgress?: (doneParties: number, totalParties: number) => void;
}

export type ResolvedOptions = Required<Omit<ReconcileOptions, 'onProgress'>>;

export const DEFAULT_OPTIONS: ResolvedOptions = {
  matchMode: 'TaxOrSaleAmount',
  tolerance: 0 as Paise,
  toleranceForOverallTotal: 0 as Paise,
  toleranceForTransactionAmountTotal: 0 as Paise,
  windowDaysBefore: 30,
  windowDaysAfter: 180,
  maxGroupSize: 5,
  groupCandidateLimit: 12,
  fuzzyMinScore: 0.85,
  fuzzyMinLead: 0.1,
  groupByPan: false,
  unknownParties: 'unresolved',
};

const MODES: readonly MatchMode[] = ['TaxOrSaleAmount', 'TaxAndSaleAmount', 'TaxOnly', 'SaleAmountOnly'];

const wholeAtLeast = (name: string, value: number, min: number, max = Number.MAX_SAFE_INTEGER): void => {
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be a whole number from ${min} to ${max}, got ${value}`);
  }
};

// Options are checked once at the edge; a bad option is a programming error.
export const resolveOptions = (options: ReconcileOptions = {}): ResolvedOptions => {
  const { onProgress: _ignored, ...given } = options;
  const o: ResolvedOptions = { ...DEFAULT_OPTIONS };
  for (const [k, v] of Object.entries(given)) if (v !== undefined) Object.assign(o, { [k]: v });
  if (!MODES.includes(o.matchMode)) throw new RangeError(`unknown match mode ${o.matchMode}`);
  wholeAtLeast('tolerance', o.tolerance, 0);
  wholeAtLeast('toleranceForOverallTotal', o.toleranceForOverallTotal, 0);
  wholeAtLeast('toleranceForTransactionAmountTotal', o.toleranceForTransactionAmountTotal, 0);
  wholeAtLeast('windowDaysBefore', o.windowDaysBefore, 0, 3660);
  wholeAtLeast('windowDaysAfter', o.windowDaysAfter, 0, 3660);
  wholeAtLeast('maxGroupSize', o.maxGroupSize, 1, 5);
  wholeAtLeast('groupCandidateLimit', o.groupCandidateLimit, 2, 24);
  if (!(o.fuzzyMinScore > 0 && o.fuzzyMinScore <= 1)) throw new RangeError('fuzzyMinScore must be in (0, 1]');
  if (!(o.fuzzyMinLead >= 0 && o.fuzzyMinLead <= 1)) throw new RangeError('fuzzyMinLead must be in [0, 1]');
  if (o.unknownParties !== 'unresolved' && o.unknownParties !== 'byTan') {
    throw new RangeError(`unknownParties must be 'unresolved' or 'byTan'`);
  }
  return o;
};
