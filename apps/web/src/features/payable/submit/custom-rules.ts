// Spec part 3 section 3 "Custom calculation rule": a grid of 100 rows whose
// first row defaults to ALL, ALL, ALL, N; a row is a rule only when its force
// column is filled. A blank match column of a kept rule means ALL (anything).
export const CUSTOM_RULE_ROWS = 100;
export const ALL = 'ALL';

export type Force = '' | 'Y' | 'N';

export interface CustomRuleRow {
  glCode: string;
  section: string;
  vendorCode: string;
  forceApplyTds: Force;
}

export interface CustomRule {
  glCode: string;
  section: string;
  vendorCode: string;
  forceApplyTds: 'Y' | 'N';
}

const EMPTY: CustomRuleRow = { glCode: '', section: '', vendorCode: '', forceApplyTds: '' };

export const initialRuleRows = (): CustomRuleRow[] => [
  { glCode: ALL, section: ALL, vendorCode: ALL, forceApplyTds: 'N' },
  ...Array.from({ length: CUSTOM_RULE_ROWS - 1 }, () => ({ ...EMPTY })),
];

const orAll = (value: string): string => value.trim() || ALL;

export const rulesToSend = (rows: readonly CustomRuleRow[]): CustomRule[] =>
  rows
    .filter((r): r is CustomRuleRow & { forceApplyTds: 'Y' | 'N' } => r.forceApplyTds !== '')
    .map((r) => ({
      glCode: orAll(r.glCode),
      section: orAll(r.section).toUpperCase(),
      vendorCode: orAll(r.vendorCode),
      forceApplyTds: r.forceApplyTds,
    }));

// A rule forcing TDS on needs a section to deduct under.
export const ruleRowError = (row: CustomRuleRow): string | undefined =>
  row.forceApplyTds === 'Y' && orAll(row.section) === ALL
    ? 'Forcing TDS needs a section (for example 194C)'
    : undefined;
