import type {
  CustomRule,
  ExpenseSectionMapping,
  PayableVendor,
  SectionType,
  VendorSectionMapping,
} from '@taxrecon/engine';
import { isAll, normaliseSection } from '@taxrecon/engine';
import { isExemptionReason, type Paise, paise } from '@taxrecon/shared';

// Rows of the reference files (formats' record readers: text, paise, percent,
// ISO dates, booleans) turned into the engine's plain types. One place for
// the CLI and the 34A job, so both compute on the same figures.

type Cell = string | number | boolean | null | undefined;
type Row = Record<string, Cell>;

const text = (v: Cell): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const flag = (v: Cell): boolean => v === true;
const num = (v: Cell): number | null => (typeof v === 'number' ? v : null);
const money = (v: Cell): Paise | null => (typeof v === 'number' ? paise(v) : null);
const section = (number: Cell, sub: Cell): string =>
  normaliseSection(text(number), text(sub)) ?? text(number) ?? '';

export const payableVendors = (rows: readonly Row[]): PayableVendor[] =>
  rows.map((r) => ({
    vendorCode: text(r.vendorCode) ?? '',
    vendorName: text(r.vendorName),
    pan: text(r.panNumber)?.toUpperCase() ?? null,
    vendorType: text(r.vendorType),
    // The master's default is resident; only an explicit False makes a vendor non-resident.
    resident: r.resident !== false,
    compliance206AB: flag(r.compliance206AB),
    aadhaarPanLink: text(r.aadhaarPanLink),
  }));

export const vendorSectionMappings = (rows: readonly Row[]): VendorSectionMapping[] =>
  rows.map((r) => ({
    vendorCode: text(r.vendorCode) ?? '',
    section: section(r.sectionNumber, r.subSection),
    tdsExempted: flag(r.tdsExempted),
    tdsExemptedFrom: text(r.tdsExemptedFromDate),
    tdsExemptedTo: text(r.tdsExemptedToDate),
    exemptReason: isExemptionReason(r.tdsExemptionReason) ? r.tdsExemptionReason : null,
    ltdcApplied: flag(r.ltdcApplied),
    ltdcRate: num(r.ltdcPercentage),
    ltdcAmount: money(r.ltdcAmount),
    ltdcFrom: text(r.ltdcFromDate),
    ltdcTo: text(r.ltdcToDate),
  }));

export const expenseSectionMappings = (rows: readonly Row[]): ExpenseSectionMapping[] =>
  rows.map((r) => ({
    expenseKey: text(r.expenseKey) ?? '',
    description: text(r.expenseDescription),
    section: section(r.sectionNumber, r.subSection),
    expenseType: text(r.expenseType),
    tdsExempted: flag(r.tdsExempted),
    from: text(r.applicableFromDate),
    to: text(r.applicableToDate),
  }));

export const sectionTypes = (rows: readonly Row[]): SectionType[] =>
  rows.map((r) => {
    const others = num(r.tdsRateOthers) ?? 0;
    return {
      section: section(r.sectionNumber, r.subSection),
      expenseType: text(r.expenseType),
      expenseTypeDetail: text(r.expenseTypeDetail),
      tdsExempted: flag(r.tdsExempted),
      rateCompany: num(r.tdsRateCompany) ?? others,
      rateIndividual: num(r.tdsRateIndividual) ?? others,
      rateOthers: others,
      rateNoPan: num(r.tdsForNoOrInvalidPAN),
      from: text(r.applicableFromDate) ?? '0000-01-01',
      to: text(r.applicableToDate),
      // A zero threshold is no threshold (files write 0 for "none").
      thresholdInvoice: money(r.thresholdInvoice) || null,
      thresholdMonthly: money(r.thresholdMonthly) || null,
      thresholdAnnually: money(r.thresholdAnnually) || null,
    };
  });

export const customRules = (rows: readonly Row[]): CustomRule[] =>
  rows.map((r) => ({
    glCode: text(r.glCode) ?? 'ALL',
    section: isAll(text(r.section)) ? 'ALL' : (text(r.section) ?? 'ALL'),
    vendorCode: text(r.vendorCode) ?? 'ALL',
    forceApplyTds: flag(r.forceApplyTds),
  }));
