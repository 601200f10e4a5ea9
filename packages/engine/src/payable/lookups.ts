import { financialYearRange } from '@taxrecon/shared';
import { withinWindow } from './dates.ts';
import { isAll, normaliseSection } from './sections.ts';
import type {
  CustomRule,
  ExpenseSectionMapping,
  LedgerEntry,
  PayableInput,
  PayableVendor,
  RuleSet,
  SectionType,
  VendorSectionMapping,
} from './types.ts';

// The reference data of one computation, indexed once so each of a million
// entries costs a few map look-ups.

const key = (s: string): string => s.trim().toUpperCase();

export interface Lookups {
  // Per-vendor facts worked out once in this computation (classify.ts owns their shape).
  profiles: Map<PayableVendor, unknown>;
  yearFrom: string;
  yearTo: string;
  vendorSectionsBySection: Map<string, Map<string, VendorSectionMapping[]>>; // vendor code -> section
  vendorByCode: Map<string, PayableVendor>;
  vendorByPan: Map<string, PayableVendor>;
  vendorSections: Map<string, VendorSectionMapping[]>; // by vendor code
  expenseSections: Map<string, ExpenseSectionMapping[]>; // by expense key
  sectionTypes: Map<string, SectionType[]>; // by canonical section
  customRules: CustomRule[];
  ruleSets: RuleSet[];
}

const push = <T>(map: Map<string, T[]>, k: string, v: T): void => {
  const list = map.get(k);
  if (list) list.push(v);
  else map.set(k, [v]);
};

export const buildLookups = (input: PayableInput): Lookups => {
  const vendorByCode = new Map<string, PayableVendor>();
  const panCount = new Map<string, number>();
  for (const v of input.vendors) {
    if (!vendorByCode.has(key(v.vendorCode))) vendorByCode.set(key(v.vendorCode), v);
    if (v.pan) panCount.set(key(v.pan), (panCount.get(key(v.pan)) ?? 0) + 1);
  }
  // A ledger line without a vendor code finds its vendor by PAN only when
  // one vendor has that PAN.
  const vendorByPan = new Map<string, PayableVendor>();
  for (const v of input.vendors) if (v.pan && panCount.get(key(v.pan)) === 1) vendorByPan.set(key(v.pan), v);

  const vendorSections = new Map<string, VendorSectionMapping[]>();
  for (const m of input.vendorSections) {
    const section = normaliseSection(m.section);
    if (section) push(vendorSections, key(m.vendorCode), { ...m, section });
  }
  const expenseSections = new Map<string, ExpenseSectionMapping[]>();
  for (const m of input.expenseSections) {
    const section = normaliseSection(m.section);
    if (section) push(expenseSections, key(m.expenseKey), { ...m, section });
  }
  const sectionTypes = new Map<string, SectionType[]>();
  for (const t of input.sectionTypes) {
    const section = normaliseSection(t.section);
    if (section) push(sectionTypes, section, { ...t, section });
  }
  // The grid's first row defaults to ALL/ALL/ALL/N; left like that it is the
  // empty placeholder, not "no TDS on anything" (docs/decisions.md).
  const customRules = input.customRules
    .filter((r) => !(isAll(r.glCode) && isAll(r.section) && isAll(r.vendorCode) && !r.forceApplyTds))
    .map((r) => ({ ...r, section: isAll(r.section) ? 'ALL' : (normaliseSection(r.section) ?? r.section) }));
  const ruleSets = input.ruleSets
    .map((r) => ({ ...r, section: normaliseSection(r.section) ?? '' }))
    .filter((r) => r.section !== '');
  const vendorSectionsBySection = new Map<string, Map<string, VendorSectionMapping[]>>();
  for (const [code, list] of vendorSections) {
    const bySection = new Map<string, VendorSectionMapping[]>();
    for (const m of list) push(bySection, m.section, m);
    vendorSectionsBySection.set(code, bySection);
  }
  const year = financialYearRange(input.financialYear);
  return {
    profiles: new Map(),
    yearFrom: year.from,
    yearTo: year.to,
    vendorByCode,
    vendorByPan,
    vendorSections,
    vendorSectionsBySection,
    expenseSections,
    sectionTypes,
    customRules,
    ruleSets,
  };
};

// A look-up by the text as the ledger has it first: its hash is cached on the
// (interned) string, where a normalised copy would be hashed again per line.
const lookUp = <T>(map: Map<string, T>, text: string): T | undefined => map.get(text) ?? map.get(key(text));

export const findVendor = (l: Lookups, entry: LedgerEntry): PayableVendor | null => {
  if (entry.vendorCode) return lookUp(l.vendorByCode, entry.vendorCode) ?? null;
  if (entry.panNo) return lookUp(l.vendorByPan, entry.panNo) ?? null;
  return null;
};

export const expenseMappingOn = (
  l: Lookups,
  expenseKey: string | null,
  date: string,
): ExpenseSectionMapping | null => {
  if (!expenseKey) return null;
  const list = lookUp(l.expenseSections, expenseKey);
  return list?.find((m) => withinWindow(date, m.from, m.to)) ?? null;
};

const textHolds = (rule: RuleSet['rules'][number], text: string): boolean => {
  const value = text.trim().toLowerCase();
  return rule.values.some((v) => {
    const want = v.trim().toLowerCase();
    return rule.operator === 'equals' ? value === want : want !== '' && value.includes(want);
  });
};

// A section rule holds when any of the sections does: '=' compares sections
// as sections ('194 C' is 194C), 'contains' the text.
const sectionsHold = (rule: RuleSet['rules'][number], sections: readonly string[]): boolean =>
  sections.some((section) =>
    rule.operator === 'equals'
      ? rule.values.some((v) => normaliseSection(v) === section)
      : textHolds(rule, section),
  );

const ruleHolds = (
  l: Lookups,
  rule: RuleSet['rules'][number],
  entry: LedgerEntry,
  vendor: PayableVendor | null,
): boolean => {
  if (rule.field === 'vendorSection')
    return sectionsHold(
      rule,
      vendor ? vendorSectionMappings(l, vendor.vendorCode).map((m) => m.section) : [],
    );
  if (rule.field === 'glSection')
    return sectionsHold(
      rule,
      entry.glCode ? (lookUp(l.expenseSections, entry.glCode) ?? []).map((m) => m.section) : [],
    );
  return textHolds(rule, (entry[rule.field] ?? '').toString());
};

// The first rule set whose rules hold for the line (its vendor: findVendor's).
export const ruleSetFor = (
  l: Lookups,
  entry: LedgerEntry,
  vendor: PayableVendor | null = null,
): RuleSet | null => {
  for (const set of l.ruleSets) {
    if (set.rules.length === 0) continue;
    const holds =
      set.logicalOperator === 'OR'
        ? set.rules.some((r) => ruleHolds(l, r, entry, vendor))
        : set.rules.every((r) => ruleHolds(l, r, entry, vendor));
    if (holds) return set;
  }
  return null;
};

// The section type in force on the date; among several (194A by payer), the
// one of the expense type the mapping named, else the first listed.
export const sectionTypeOn = (
  l: Lookups,
  section: string,
  date: string,
  expenseType: string | null,
): SectionType | null => {
  const list = l.sectionTypes.get(section);
  if (!list) return null;
  let first: SectionType | null = null;
  for (const t of list) {
    if (!withinWindow(date, t.from, t.to)) continue;
    if (expenseType && t.expenseType && key(t.expenseType) === key(expenseType)) return t;
    first ??= t;
  }
  return first;
};

// `vendorCode`: the line's vendor as found (by its PAN when the line has no code).
export const customRuleFor = (
  l: Lookups,
  entry: LedgerEntry,
  vendorCode: string,
  naturalSection: string | null,
): CustomRule | null => {
  for (const r of l.customRules) {
    if (!isAll(r.glCode) && key(r.glCode) !== key(entry.glCode ?? '')) continue;
    if (!isAll(r.vendorCode) && key(r.vendorCode) !== key(vendorCode)) continue;
    // Force Y names the section to use; force N switches TDS off for what it
    // matches, and with a section only for entries that would fall under it.
    if (!r.forceApplyTds && r.section !== 'ALL' && r.section !== naturalSection) continue;
    return r;
  }
  return null;
};

export const vendorSectionMappings = (l: Lookups, vendorCode: string): VendorSectionMapping[] =>
  lookUp(l.vendorSections, vendorCode) ?? [];

const NONE: VendorSectionMapping[] = [];

export const vendorSectionMappingsOf = (
  l: Lookups,
  vendorCode: string,
  section: string,
): VendorSectionMapping[] => lookUp(l.vendorSectionsBySection, vendorCode)?.get(section) ?? NONE;
