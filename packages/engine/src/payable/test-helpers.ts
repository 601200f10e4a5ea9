import { type FinancialYear, paise } from '@taxrecon/shared';
import { SHIPPED_SECTION_TYPES } from './section-types-data.ts';
import type {
  CustomRule,
  ExpenseSectionMapping,
  LedgerEntry,
  PayableInput,
  PayableVendor,
  VendorSectionMapping,
} from './types.ts';

// Small builders for hand-computed scenarios: amounts in rupees, as a person
// writes them in a test, turned into paise here.

let line = 1;
export const entry = (
  e: Partial<Omit<LedgerEntry, 'baseAmount' | 'tdsAmount'>> & { base: number; tds?: number },
): LedgerEntry => {
  const { base, tds, ...rest } = e;
  return {
    file: 'ledger.txt',
    line: ++line,
    documentNumber: `DOC-${line}`,
    documentDate: '2024-06-15',
    postingDate: null,
    deductionDate: null,
    tdsDepositDate: null,
    glCode: 'GL-PROF',
    primaryExpenseKey: null,
    secondaryExpenseKey: null,
    documentDescription: null,
    vendorCode: 'V1',
    panNo: null,
    vendorName: null,
    tanNumber: 'PNEA00001A',
    tdsSection: null,
    readError: null,
    ...rest,
    baseAmount: paise(Math.round(base * 100)),
    tdsAmount: paise(Math.round((tds ?? 0) * 100)),
  };
};

export const vendor = (v: Partial<PayableVendor> & { vendorCode: string }): PayableVendor => ({
  vendorName: `Vendor ${v.vendorCode}`,
  pan: 'AAAPA1234A',
  vendorType: null,
  resident: true,
  compliance206AB: false,
  aadhaarPanLink: 'Operative',
  ...v,
});

export const glMapping = (
  expenseKey: string,
  section: string,
  extra: Partial<ExpenseSectionMapping> = {},
): ExpenseSectionMapping => ({
  expenseKey,
  description: null,
  section,
  expenseType: null,
  tdsExempted: false,
  from: null,
  to: null,
  ...extra,
});

export const vendorMapping = (
  vendorCode: string,
  section: string,
  extra: Partial<VendorSectionMapping> = {},
): VendorSectionMapping => ({
  vendorCode,
  section,
  tdsExempted: false,
  tdsExemptedFrom: null,
  tdsExemptedTo: null,
  ltdcApplied: false,
  ltdcRate: null,
  ltdcAmount: null,
  ltdcFrom: null,
  ltdcTo: null,
  ...extra,
});

export const rule = (glCode: string, section: string, vendorCode: string, force: 'Y' | 'N'): CustomRule => ({
  glCode,
  section,
  vendorCode,
  forceApplyTds: force === 'Y',
});

export const payableInput = (p: Partial<PayableInput> & { entries: LedgerEntry[] }): PayableInput => ({
  financialYear: '2024-25' as FinancialYear,
  vendors: [vendor({ vendorCode: 'V1' })],
  vendorSections: [],
  expenseSections: [
    glMapping('GL-PROF', '194J(b)'),
    glMapping('GL-CONTRACT', '194C'),
    glMapping('GL-RENT', '194I(b)'),
    glMapping('GL-COMM', '194H'),
    glMapping('GL-GOODS', '194Q'),
    glMapping('GL-TECH', '194J(a)'),
  ],
  sectionTypes: SHIPPED_SECTION_TYPES,
  customRules: [],
  ruleSets: [],
  ...p,
});

export const rupees = (p: number): number => p / 100;
