import type { ExemptionReason, FinancialYear, Paise } from '@taxrecon/shared';

// Inputs and results of the TDS payable (34A) computation, DOMAIN.md section 7.
// Sections are canonical 1961-Act names: `194C`, `194J(b)`, `194I(a)`;
// `sections.ts` turns other spellings and the 2025 Act's payment codes into them.

export type DeducteeType = 'company' | 'individual' | 'others';

// One line of the expense ledger (spec part 3, "Expense ledger target fields for 34A").
export interface LedgerEntry {
  file: string;
  line: number;
  documentNumber: string | null;
  documentDate: string | null; // ISO; null only for a line that could not be read
  postingDate: string | null;
  deductionDate: string | null;
  tdsDepositDate: string | null;
  glCode: string | null;
  primaryExpenseKey: string | null;
  secondaryExpenseKey: string | null;
  documentDescription: string | null;
  vendorCode: string | null;
  panNo: string | null;
  vendorName: string | null;
  tanNumber: string | null;
  baseAmount: Paise;
  tdsAmount: Paise;
  // A section the ledger itself carries (raw ledgers from SAP often do); the
  // resolution of DOMAIN 7.1 still decides, this is only the last resort.
  tdsSection?: string | null;
  // What a person set on this line when adjusting the entries against the
  // challans (the uploaded adjustment file): the section overrides every
  // other source and the rate (percent) the one worked out from the masters.
  adjustedSection?: string | null;
  adjustedRate?: number | null;
  // A line the reader could not use: it is reported as an error entry.
  readError?: { code: string; reason: string } | null;
}

export interface PayableVendor {
  vendorCode: string;
  vendorName: string | null;
  pan: string | null; // as given; may be invalid (206AA)
  vendorType: string | null; // Personal, Company, Government, Bank, Trust
  resident: boolean;
  compliance206AB: boolean;
  aadhaarPanLink: string | null; // Operative, Inoperative, NA
}

export interface VendorSectionMapping {
  vendorCode: string;
  section: string;
  tdsExempted: boolean;
  tdsExemptedFrom: string | null;
  tdsExemptedTo: string | null;
  // Why the mapping exempts, Annexure 6's code (B 15G/15H, T transporter
  // 194C(6), Z 197A(1F)); absent or null: exempt, reason not recorded.
  exemptReason?: ExemptionReason | null;
  ltdcApplied: boolean;
  ltdcRate: number | null; // percent
  ltdcAmount: Paise | null; // base that may be taxed at the certificate's rate
  ltdcFrom: string | null;
  ltdcTo: string | null;
  // The certificate's identity when several mappings carry the same one (two
  // vendor codes of its PAN): its amount is spent once over all of them.
  ldcKey?: string | null;
}

export interface ExpenseSectionMapping {
  expenseKey: string;
  description: string | null;
  section: string;
  expenseType: string | null;
  tdsExempted: boolean;
  from: string | null;
  to: string | null;
}

export interface SectionType {
  section: string;
  expenseType: string | null;
  expenseTypeDetail: string | null;
  tdsExempted: boolean;
  rateCompany: number;
  rateIndividual: number;
  rateOthers: number;
  rateNoPan: number | null;
  from: string;
  to: string | null;
  thresholdInvoice: Paise | null;
  thresholdMonthly: Paise | null;
  thresholdAnnually: Paise | null;
  // Only the part of the year's aggregate above the annual threshold is taxed (194Q).
  excessOnly?: boolean;
  source?: string;
}

// A row of the custom calculation grid: glCode, section, vendorCode (`ALL`
// matches anything) and forceApplyTds.
export interface CustomRule {
  glCode: string;
  section: string;
  vendorCode: string;
  forceApplyTds: boolean;
}

export type RuleField =
  | keyof Pick<
      LedgerEntry,
      | 'glCode'
      | 'primaryExpenseKey'
      | 'secondaryExpenseKey'
      | 'documentDescription'
      | 'vendorCode'
      | 'vendorName'
      | 'documentNumber'
      | 'panNo'
    >
  // what the masters say of the line (spec part 3 section 9: "Vendor Section
  // and GL Section"): the sections of its vendor's section mappings, and of
  // its GL code's expense section mappings, whatever their dates
  | 'vendorSection'
  | 'glSection';

// A rule set assigns its section when its rules hold (spec part 3, rule sets).
export interface RuleSet {
  name: string;
  section: string;
  logicalOperator: 'AND' | 'OR' | 'NOOPERATOR';
  rules: { field: RuleField; operator: 'equals' | 'contains'; values: string[] }[];
}

export interface PayableInput {
  financialYear: FinancialYear;
  entries: readonly LedgerEntry[];
  vendors: readonly PayableVendor[];
  vendorSections: readonly VendorSectionMapping[];
  expenseSections: readonly ExpenseSectionMapping[];
  sectionTypes: readonly SectionType[];
  customRules: readonly CustomRule[];
  ruleSets: readonly RuleSet[];
}

export type EntryStatus =
  | 'ok'
  | 'short'
  | 'excess'
  | 'notDeducted'
  | 'belowThreshold'
  | 'exempt'
  | 'notApplicable'
  | 'error';

export type SectionSource =
  | 'customRule'
  | 'primaryExpenseKey'
  | 'secondaryExpenseKey'
  | 'glCode'
  | 'ruleSet'
  | 'vendorMapping'
  | 'ledger'
  | 'adjustment';

export type RateBasis = 'normal' | '206AA' | '206AB' | 'LDC' | 'LDC+normal';

// A line the reader could not use keeps the reader's code (INVALID_DATE...).
export type ErrorCode =
  | 'GL_UNMAPPED'
  | 'VENDOR_MISSING'
  | 'NO_RATE'
  | 'OUT_OF_YEAR'
  | 'UNREADABLE'
  | (string & {});

export interface PayableEntryResult {
  index: number; // position in input.entries
  ref: string;
  file: string;
  line: number;
  documentDate: string | null;
  month: string | null; // yyyy-mm of the document date
  vendorCode: string | null;
  pan: string | null;
  section: string | null;
  sectionSource: SectionSource | null;
  paymentCode: string | null; // the 2025 Act's code, for documents from 1-Apr-2026
  // The quarterly return the entry belongs to: 26Q for residents, 27Q for
  // non-residents (reported, not computed), none without a section.
  returnForm: '26Q' | '27Q' | null;
  deducteeType: DeducteeType | null;
  base: Paise;
  taxableBase: Paise; // base the rate applies to (194Q: the part above the threshold)
  rate: number | null; // percent
  rateBasis: RateBasis | null;
  // A row only partly under a lower deduction certificate (LDC+normal): the
  // part of taxableBase at the certificate's rate (`rate`), and the rate of
  // the rest. The 26Q reports the two parts as two deductee rows. Null otherwise.
  ldcTaxable: Paise | null;
  normalRate: number | null;
  liable: boolean; // year-end view
  // Month in which the monthly view recognises this entry's due (catch-up of
  // an annual threshold puts earlier entries in the month of crossing).
  recognisedMonth: string | null;
  due: Paise;
  deducted: Paise;
  deposited: boolean;
  interestLateDeduction: Paise;
  interestLateDeposit: Paise;
  status: EntryStatus;
  errorCode: ErrorCode | null;
  // An exempt entry's reason as the 26Q codes it, when the vendor section
  // mapping that exempts it records one; null otherwise.
  exemptReason: ExemptionReason | null;
  reason: string;
}

export interface MonthRow {
  month: string;
  section: string;
  deducteeType: DeducteeType;
  tan: string | null;
  entries: number;
  base: Paise;
  due: Paise;
  deducted: Paise;
  shortfall: Paise;
  interest: Paise;
  // entries in error on the line (DOMAIN 7.8 "errors"): a section and a
  // deductee type known, then no rate (NO_RATE); not counted in `entries`
  errors: number;
}

export interface Form3cdRow {
  section: string;
  payments: Paise;
  taxable: Paise;
  deductedOn: Paise;
  deducted: Paise;
  deposited: Paise;
  shortfall: Paise;
}

export interface PayableResult {
  financialYear: FinancialYear;
  entries: PayableEntryResult[];
  months: MonthRow[];
  form3cd: Form3cdRow[];
  summary: {
    totalEntries: number;
    glUnmapped: number;
    vendorMissing: number;
    errors: number;
    vendors: number;
    byStatus: Record<EntryStatus, number>;
    due: Paise;
    deducted: Paise;
  };
}
