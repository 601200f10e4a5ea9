import type { SmartReconMode } from '@taxrecon/contracts';
import type { MatchMode, MatchRule, ReconcileOptions } from '@taxrecon/engine';
import { type Paise, rupeesToPaise } from '@taxrecon/shared';

// What the spec's match level (1 highest .. 10 lowest, 5 optimal) means to
// the engine (docs/decisions.md, "Smart reconciliation"): a higher level
// lets more rows form one group and looks further around an invoice's date.
// The tolerance (rupees, per group) is the user's and is not scaled.
export const levelOptions = (level: number) => ({
  // 1-2: pairs only; 3-4: up to 2 rows; 5-6: 3; 7-8: 4; 9-10: 5
  maxGroupSize: Math.min(5, Math.ceil(level / 2)),
  windowDaysBefore: 3 * level,
  windowDaysAfter: 30 * level,
});

// tds: the TDS amounts must agree; sales: the sale amounts must agree.
const MODE: Record<SmartReconMode, MatchMode> = { tds: 'TaxOnly', sales: 'SaleAmountOnly' };

export const smartOptions = (
  mode: SmartReconMode,
  level: number,
  toleranceRupees: number,
): ReconcileOptions => ({
  ...levelOptions(level),
  matchMode: MODE[mode],
  tolerance: rupeesToPaise(toleranceRupees) as Paise,
  unknownParties: 'byTan',
});

// Which of the engine's matches count as smart recon groups: at levels 1-2
// only one row against one row; from 3 also groups and a customer's
// remaining rows whose totals agree (the engine's totals rule).
const PAIR_RULES: readonly MatchRule[] = ['exact', 'within-tolerance', 'reversal'];
export const groupRuleAllowed = (level: number, rule: MatchRule): boolean =>
  PAIR_RULES.includes(rule) || (level >= 3 && ['many-to-one', 'one-to-many', 'totals'].includes(rule));
