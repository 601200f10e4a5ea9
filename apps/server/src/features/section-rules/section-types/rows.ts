import type { SectionExpenseTypeFilter, SectionExpenseTypeRow } from '@taxrecon/contracts';
import {
  normaliseSection,
  paymentCodeOf,
  type SectionType,
  SHIPPED_SECTION_TYPES,
  splitSection,
} from '@taxrecon/engine';
import { formatRupees, paiseOfNumeric } from '@taxrecon/shared';

// Section expense types as the screens and files show them: the spec's
// sectionNumber and subSection apart ("194J" and "b"), where the engine holds
// one canonical name ("194J(b)").

export const SHIPPED_ID_PREFIX = 'shipped-';
export const shippedId = (index: number): string => `${SHIPPED_ID_PREFIX}${index}`;
export const shippedIndexOf = (id: string): number | null => {
  const m = /^shipped-(\d{1,6})$/.exec(id);
  return m ? Number(m[1]) : null;
};

// The section and sub-section a person typed, in the canonical split form, or
// null when it names no TDS section.
export const canonicalSplit = (section: string, sub: string | null): [string, string | null] | null => {
  const canonical = normaliseSection(section, sub);
  return canonical ? splitSection(canonical) : null;
};

export const sectionOfRow = (r: Pick<SectionExpenseTypeRow, 'sectionnumber' | 'subsection'>): string =>
  normaliseSection(r.sectionnumber, r.subsection) ?? r.sectionnumber;

export const rowOfShipped = (t: SectionType, index: number): SectionExpenseTypeRow => {
  const [sectionnumber, subsection] = splitSection(t.section);
  return {
    sectionexpensetypeid: shippedId(index),
    sectionnumber,
    subsection,
    expensetype: t.expenseType,
    expensetypedetail: t.expenseTypeDetail,
    tdsexempted: t.tdsExempted,
    tdsratecompany: t.rateCompany,
    tdsrateindividual: t.rateIndividual,
    tdsrateothers: t.rateOthers,
    tdsfornoorinvalidpan: t.rateNoPan,
    applicablefromdate: t.from,
    applicabletodate: t.to,
    thresholdinvoice: t.thresholdInvoice === null ? null : formatRupees(t.thresholdInvoice),
    thresholdmonthly: t.thresholdMonthly === null ? null : formatRupees(t.thresholdMonthly),
    thresholdannually: t.thresholdAnnually === null ? null : formatRupees(t.thresholdAnnually),
    source: t.source ?? null,
    shipped: true,
  };
};

export const shippedRows = (): SectionExpenseTypeRow[] => SHIPPED_SECTION_TYPES.map(rowOfShipped);

const isoDate = (d: Date): string => d.toISOString().slice(0, 10);
const money = (n: string | null): string | null => (n === null ? null : formatRupees(paiseOfNumeric(n)));

export interface StoredSectionType {
  id: string;
  section_number: string;
  sub_section: string | null;
  expense_type: string | null;
  expense_type_detail: string | null;
  tds_exempted: boolean;
  tds_rate_company: string;
  tds_rate_individual: string;
  tds_rate_others: string;
  tds_for_no_or_invalid_pan: string | null;
  applicable_from: Date;
  applicable_to: Date | null;
  threshold_invoice: string | null;
  threshold_monthly: string | null;
  threshold_annually: string | null;
  source: string | null;
  shipped: boolean;
}

export const rowOfStored = (r: StoredSectionType): SectionExpenseTypeRow => ({
  sectionexpensetypeid: r.id,
  sectionnumber: r.section_number,
  subsection: r.sub_section,
  expensetype: r.expense_type,
  expensetypedetail: r.expense_type_detail,
  tdsexempted: r.tds_exempted,
  tdsratecompany: Number(r.tds_rate_company),
  tdsrateindividual: Number(r.tds_rate_individual),
  tdsrateothers: Number(r.tds_rate_others),
  tdsfornoorinvalidpan: r.tds_for_no_or_invalid_pan === null ? null : Number(r.tds_for_no_or_invalid_pan),
  applicablefromdate: isoDate(r.applicable_from),
  applicabletodate: r.applicable_to ? isoDate(r.applicable_to) : null,
  thresholdinvoice: money(r.threshold_invoice),
  thresholdmonthly: money(r.threshold_monthly),
  thresholdannually: money(r.threshold_annually),
  source: r.source,
  shipped: r.shipped,
});

const has = (value: string | null, typed: string | null): boolean =>
  typed === null || (value ?? '').toLowerCase().includes(typed.toLowerCase());

// The search screen's filters: text criteria are partial and case-insensitive
// ("194j" finds 194J(a) and 194J(b)); the rate matches any of the three
// payee rates; the dates keep rows in force at some time between them.
export const filterSectionTypes = (
  rows: readonly SectionExpenseTypeRow[],
  f: SectionExpenseTypeFilter,
): SectionExpenseTypeRow[] =>
  rows.filter(
    (r) =>
      (f.sectionNumber === null ||
        has(`${r.sectionnumber}${r.subsection ? `(${r.subsection})` : ''}`, f.sectionNumber) ||
        has(sectionOfRow(r), normaliseSection(f.sectionNumber) ?? f.sectionNumber)) &&
      has(r.expensetype, f.expenseType) &&
      has(r.expensetypedetail, f.expenseTypeDetail) &&
      (f.tdsExempted === null || f.tdsExempted === undefined || r.tdsexempted === f.tdsExempted) &&
      (f.tdsRate === null ||
        [r.tdsratecompany, r.tdsrateindividual, r.tdsrateothers].some((x) => x === f.tdsRate)) &&
      (f.applicableFromDate === null ||
        r.applicabletodate === null ||
        r.applicabletodate >= f.applicableFromDate) &&
      (f.applicableToDate === null || r.applicablefromdate <= f.applicableToDate),
  );

// Each section once, named by the nature of payment of its latest row, with
// the Income-tax Act, 2025 payment code(s) it takes from 1 April 2026.
export const natureOfPayment = (rows: readonly SectionExpenseTypeRow[]) => {
  const latest = new Map<string, SectionExpenseTypeRow>();
  for (const r of rows) {
    const section = sectionOfRow(r);
    const seen = latest.get(section);
    if (!seen || r.applicablefromdate > seen.applicablefromdate) latest.set(section, r);
  }
  return [...latest.entries()]
    .sort(([a], [b]) => a.localeCompare(b, 'en-IN', { numeric: true }))
    .map(([section, r]) => {
      const codes = new Set(
        (['individual', 'company'] as const)
          .map((payee) => paymentCodeOf(section, payee, '2026-04-01'))
          .filter((c): c is string => c !== null),
      );
      return {
        first: section,
        second: r.expensetype ?? r.expensetypedetail ?? section,
        paymentCodes: [...codes],
      };
    });
};
