import { EXEMPTION_REASONS, type FinancialYear, isFinancialYear } from '@taxrecon/shared';
import { z } from 'zod';
import { isRequestFinancialYear, isRequestMonth } from '../common.ts';
import { defineRoute, needs } from '../route.ts';

// TDS payable (34A) reconciliation: spec part 3 sections 2-4, 7 ("34A
// reconciliation", "Reports"), 8 and 9; DOMAIN.md section 7. Paths the spec
// does not give are marked "(chosen)" in their summary. PayMoney in answers is
// text in rupees with two decimals ("1234.50"), as in the receivable screens;
// the screen shows it with formatInr.

const PAYABLE = needs('RECON_TDS_PAYABLE');
const binary = { produces: 'binary' as const, response: z.unknown() };
export const PayMoney = z.string();

// --- constants and messages (sections 8 and 9) ---

export const PAYABLE_JOB_TYPE = '34A Reconciliation';
export const PAYABLE_REPORT_JOB_TYPES = {
  monthly: 'TDSPayableMonthlyTransactionsReport',
  monthlyErrors: 'TDSPayableMonthlyTransactionsErrorReport',
  vendorWise: 'TDSPayableVendorWiseSummaryReport',
  payable: 'tds-payable-report',
  payableDetails: 'tds-payable-report-details',
  form3cd: 'form3cd_annual_report',
  form3cdDetailed: 'form3cd_annual_detailed_report',
} as const;
export const MISC_PAYABLE_REPORT_IDS = [
  'tds-payable-report',
  'tds-payable-report-details',
  'form3cd_annual_report',
  'form3cd_annual_detailed_report',
] as const;
export const MAX_PAYABLE_VENDORS = 5;
export const MAX_CUSTOM_RULES = 100;
export const PAYABLE_ENTRIES_PAGE_SIZE = 50;
export const PAYABLE_THROTTLED_MESSAGE = "There's already a job in progress.Please submit after sometime.";
export const PAYABLE_JOBS_DELETED_MESSAGE = 'Jobs Deleted successfully';
export const PAYABLE_REPORTS_SUBMITTED_MESSAGE = 'Reports Submitted';

// The ledger fields a header may map to (spec part 3 section 3, "Expense
// ledger target fields for 34A", plus tdsSection which raw SAP ledgers carry).
export const PAYABLE_TARGET_FIELDS = [
  'glCode',
  'primaryExpenseKey',
  'secondaryExpenseKey',
  'documentNumber',
  'documentType',
  'documentDate',
  'postingDate',
  'deductionDate',
  'documentDescription',
  'baseAmount',
  'purchaseAmount',
  'invoiceAmount',
  'tdsAmount',
  'tdsRate',
  'tdsApplicable',
  'tdsApplicabilityReason',
  'tdsSection',
  'vendorCode',
  'panNo',
  'vendorName',
  'surcharge',
  'penalty',
  'cess',
  'branch',
  'invoiceNumber',
  'tanNumber',
  'tdsDepositDate',
  'bsrCode',
  'challanNumber',
  'voucherNumber',
  'contraEntry',
] as const;
export const PayableTargetField = z.enum(PAYABLE_TARGET_FIELDS);
export type PayableTargetField = z.infer<typeof PayableTargetField>;
// Fields a mapping must give: a date and an amount per line, and who was paid.
export const PAYABLE_REQUIRED_FIELDS = ['documentDate', 'baseAmount'] as const;
export const PAYABLE_ONE_OF_FIELDS = ['vendorCode', 'panNo'] as const;

export const PAYABLE_ENTRY_STATUSES = [
  'ok',
  'short',
  'excess',
  'notDeducted',
  'belowThreshold',
  'exempt',
  'notApplicable',
  'error',
] as const;
export const PayableEntryStatus = z.enum(PAYABLE_ENTRY_STATUSES);
export type PayableEntryStatus = z.infer<typeof PayableEntryStatus>;
export const PAYABLE_DEDUCTEE_TYPES = ['company', 'individual', 'others'] as const;
export const PayableDeducteeType = z.enum(PAYABLE_DEDUCTEE_TYPES);

// --- shared pieces ---

// The spec's calls use '24-25'; '2024-25' is accepted too. Both become '2024-25'.
export const toPayableFy = (s: string): string => (/^\d{2}-\d{2}$/.test(s) ? `20${s}` : s);
export const PayableFy = z
  .string()
  .trim()
  .transform(toPayableFy)
  .refine(
    (s) => isFinancialYear(s) && isRequestFinancialYear(s),
    'Invalid financial year: expected 24-25 or 2024-25, from 2000-01',
  )
  .transform((s) => s as FinancialYear);
// A calendar month of the year, yyyy-mm ('2024-04'), from 2000-01 (9999-00's
// months were 10000-01 on, which the answer's own schema refused: a 500).
export const PayableMonthYear = z
  .string()
  .trim()
  .refine(isRequestMonth, 'Invalid month: expected yyyy-mm from 2000-01, such as 2024-04');
export const PayableFyParam = z.object({ fy: PayableFy });
export const PayableYearParam = z.object({ year: PayableFy });
export const PayableJobIdParam = z.object({ jobId: z.string().uuid() });
const optionalQuery = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

// A monthly summary row's key: the month, the section without its clause
// ('194J'), the clause as subsection ('b' of 194J(b); '' when none) and the
// deductee type.
export const PayableGroupParams = z.object({
  monthYear: PayableMonthYear,
  section: z.string().trim().min(1).max(20),
  deducteeType: PayableDeducteeType,
});
export const PayableSubsectionQuery = z.object({ subsection: optionalQuery(z.string().trim().max(10)) });

// --- submission (New 34A Reconciliation) ---

export const PayableCustomRule = z.object({
  glCode: z.string().trim().max(100).default('ALL'),
  section: z.string().trim().max(20).default('ALL'),
  vendorCode: z.string().trim().max(100).default('ALL'),
  // A grid row is kept only when this is filled (spec section 3).
  forceApplyTds: z.enum(['Y', 'N', '']).default(''),
});
export type PayableCustomRule = z.input<typeof PayableCustomRule>;

export const SubmitPayableRequest = z.object({
  // header of the ledger -> 34A target field; the server checks the required ones
  mappingDefinitions: z.record(z.string().trim().min(1).max(200), PayableTargetField),
  customCalculationRules: z.array(PayableCustomRule).max(MAX_CUSTOM_RULES).default([]),
  vendors: z.array(z.string().trim().min(1).max(100)).max(MAX_PAYABLE_VENDORS).default([]),
  month: PayableMonthYear,
});
export type SubmitPayableRequest = z.input<typeof SubmitPayableRequest>;

export const SubmitPayableAnswer = z.object({
  jobId: z.string().nullable(),
  throttled: z.boolean(),
  message: z.string(),
});

// The headers and mapping remembered for the entity (the last submitted
// mapping, else the one remembered with the year's expense files) (chosen).
export const PayableMappingAnswer = z.object({
  headers: z.array(z.string()),
  mappingDefinitions: z.record(z.string(), PayableTargetField),
});

export const PayableVendorOption = z.object({ vendorCode: z.string(), vendorName: z.string() });
export type PayableVendorOption = z.infer<typeof PayableVendorOption>;

// --- months ---

export const PayableMonthOption = z.object({
  month: PayableMonthYear,
  label: z.string(), // 'April 2024'
  // the previous month has not been computed yet (DOMAIN 7.9)
  missingPrevious: z.boolean(),
  // results are locked (challans verified)
  verified: z.boolean(),
  computed: z.boolean(),
  // expense files uploaded for the month
  files: z.number().int(),
});
export type PayableMonthOption = z.infer<typeof PayableMonthOption>;
export const PayableMonthOptions = z.array(PayableMonthOption);
export const PayableMonthsQuery = z.object({ financialYear: PayableFy });

// --- job list ---

export const PayableJobStatus = z.enum(['Queued', 'InProgress', 'Completed', 'Failed']);
export const PayableJobListItem = z.object({
  jobId: z.string(),
  jobType: z.literal(PAYABLE_JOB_TYPE),
  financialYear: z.string(),
  month: z.string(),
  status: PayableJobStatus,
  noOfTransactions: z.number().int(),
  noOfCustomers: z.number().int(), // vendors
  vendors: z.array(z.string()),
  datetime: z.string(),
  enddatetime: z.string().nullable(),
  userId: z.string(),
  failureReason: z.string().nullable(),
});
export type PayableJobListItem = z.infer<typeof PayableJobListItem>;
export const PayableJobYear = z.object({
  financialYear: z.string(),
  label: z.string(), // '2024-2025'
  hasCompleted: z.boolean(),
  // "the view action of a year uses the first finished job of that year"
  firstCompletedJobId: z.string().nullable(),
  jobs: z.array(PayableJobListItem),
});
export type PayableJobYear = z.infer<typeof PayableJobYear>;
export const PayableJobTree = z.array(PayableJobYear);
export const DeletePayableJobsAnswer = z.object({ message: z.string(), deletedJobs: z.number().int() });

// --- result of a job (the year view) ---

export const PayableMonthlyRow = z.object({
  tan: z.string().nullable(),
  monthYear: z.string(),
  section: z.string(),
  subsection: z.string(),
  deducteeType: PayableDeducteeType,
  entries: z.number().int(),
  base: PayMoney,
  tds: PayMoney, // due
  deducted: PayMoney,
  shortfall: PayMoney,
  interest: PayMoney,
  // DOMAIN 7.8 "deposited (challans)": the tax of the line's challans
  deposited: PayMoney,
  challansCount: z.number().int(),
  // DOMAIN 7.8 "errors": entries in error on the line (its section and
  // deductee type known, then no rate); not counted in `entries`
  errors: z.number().int(),
  verified: z.boolean(),
});
export type PayableMonthlyRow = z.infer<typeof PayableMonthlyRow>;

export const PayableQuarterlyRow = z.object({
  quarter: z.enum(['Q1', 'Q2', 'Q3', 'Q4']),
  section: z.string(),
  subsection: z.string(),
  deducteeType: PayableDeducteeType,
  entries: z.number().int(),
  base: PayMoney,
  tds: PayMoney,
  deducted: PayMoney,
  shortfall: PayMoney,
  interest: PayMoney,
  deposited: PayMoney,
  challansCount: z.number().int(),
  errors: z.number().int(),
});
export type PayableQuarterlyRow = z.infer<typeof PayableQuarterlyRow>;

export const PayableForm3cdRow = z.object({
  section: z.string(),
  payments: PayMoney,
  taxable: PayMoney,
  deductedOn: PayMoney,
  deducted: PayMoney,
  // the tax of the year's challans of the section (what was paid to the
  // Government's credit), not of ledger lines with a deposit date
  deposited: PayMoney,
  shortfall: PayMoney,
});
export type PayableForm3cdRow = z.infer<typeof PayableForm3cdRow>;

export const PayableCounts = z.object({
  entries: z.number().int(),
  shortOrNotDeducted: z.number().int(),
  excess: z.number().int(),
  errors: z.number().int(),
});
export type PayableCounts = z.infer<typeof PayableCounts>;

export const PayableResponse = z.object({
  jobId: z.string(),
  status: PayableJobStatus,
  fy: z.string(), // '24-25'
  financialYear: z.string(), // '2024-25'
  month: z.string(), // the job's month
  totalNoOfVendors: z.number().int(),
  dataQualitySummary: z.object({
    totalEntries: z.number().int(),
    totalGlCodeUnMappedErrors: z.number().int(),
    totalVendorMissingErrors: z.number().int(),
  }),
  counts: PayableCounts,
  totals: z.object({ due: PayMoney, deducted: PayMoney, shortfall: PayMoney, interest: PayMoney }),
  monthly: z.array(PayableMonthlyRow),
  quarterly: z.array(PayableQuarterlyRow),
  annual: z.array(PayableForm3cdRow),
});
export type PayableResponse = z.infer<typeof PayableResponse>;

export const PayableMonthSummaryParams = z.object({ fy: PayableFy, month: PayableMonthYear });
export const PayableMonthSummary = z.object({
  totalEntries: z.number().int(),
  totalErrors: z.number().int(),
  totalTds: PayMoney,
  challansCount: z.number().int(),
  rows: z.array(PayableMonthlyRow),
});
export type PayableMonthSummary = z.infer<typeof PayableMonthSummary>;

// --- explore a summary row ---

export const PayableExploreAnswer = z.object({
  monthYear: z.string(),
  count: z.number().int(),
  tds: PayMoney,
  deducted: PayMoney,
  shortfall: PayMoney,
  section: z.string(),
  subsection: z.string(),
  deducteeType: PayableDeducteeType,
  verified: z.boolean(),
});
export type PayableExploreAnswer = z.infer<typeof PayableExploreAnswer>;

export const PAYABLE_ENTRY_SORTS = [
  'documentDate',
  '-documentDate',
  'base',
  '-base',
  'due',
  '-due',
  'deducted',
  '-deducted',
  'vendorCode',
  '-vendorCode',
  'status',
  '-status',
  'line',
] as const;
export const PayableEntriesQuery = PayableSubsectionQuery.extend({
  status: optionalQuery(PayableEntryStatus),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(PAYABLE_ENTRIES_PAGE_SIZE),
  sort: optionalQuery(z.enum(PAYABLE_ENTRY_SORTS)),
});
export const PayableEntriesExportQuery = PayableSubsectionQuery.extend({
  status: optionalQuery(PayableEntryStatus),
});

export const PayableEntry = z.object({
  id: z.number().int(),
  file: z.string(),
  line: z.number().int(),
  ref: z.string(),
  documentDate: z.string().nullable(),
  month: z.string().nullable(),
  recognisedMonth: z.string().nullable(),
  vendorCode: z.string().nullable(),
  pan: z.string().nullable(),
  section: z.string().nullable(),
  sectionSource: z.string().nullable(),
  paymentCode: z.string().nullable(),
  deducteeType: PayableDeducteeType.nullable(),
  base: PayMoney,
  taxable: PayMoney,
  rate: z.number().nullable(),
  rateBasis: z.string().nullable(),
  liable: z.boolean(),
  due: PayMoney,
  deducted: PayMoney,
  interest: PayMoney,
  status: PayableEntryStatus,
  errorCode: z.string().nullable(),
  reason: z.string(),
  // why the vendor's section mapping exempts the entry (Annexure 6: B 15G/15H,
  // T transporter 194C(6), Z notified 197A(1F)); null for any other entry
  exemptReason: z.enum(EXEMPTION_REASONS).nullable(),
});
export type PayableEntry = z.infer<typeof PayableEntry>;
export const PayableEntriesPage = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  rows: z.array(PayableEntry),
});
export type PayableEntriesPage = z.infer<typeof PayableEntriesPage>;

// --- reports ---

export const PayableReportFileQuery = z.object({
  fileName: optionalQuery(
    z
      .string()
      .trim()
      .max(120)
      .regex(/^[A-Za-z0-9 _().-]+$/, 'letters, digits, space, hyphen, underscore, dot and parentheses only'),
  ),
});
export const PayableReportAnswer = z.object({ message: z.string(), reportId: z.string() });
export const PayableReportJob = z.object({
  id: z.string(),
  jobType: z.string(),
  userId: z.string(),
  datetime: z.string(),
  enddatetime: z.string().nullable(),
  status: z.enum(['InProgress', 'Completed', 'Failed']),
  payload: z.object({ fileName: z.string() }),
  errorMsg: z.string().nullable(),
});
export type PayableReportJob = z.infer<typeof PayableReportJob>;
export const PayableReportJobs = z.array(PayableReportJob);
const ReportIdParam = z.object({ id: z.string().uuid() });

export const payableRoutes = {
  submitPayable: defineRoute({
    method: 'PUT',
    path: '/job/34a-reconciliation/:fy',
    access: PAYABLE,
    summary: 'Start a 34A (TDS payable) reconciliation of the year up to a month; one per entity at a time',
    params: PayableFyParam,
    body: SubmitPayableRequest,
    response: SubmitPayableAnswer,
  }),
  payableMapping: defineRoute({
    method: 'GET',
    path: '/tds-payable/mapping/:fy',
    access: PAYABLE,
    summary: "The expense ledger's headers and the remembered header mapping for the year (chosen)",
    params: PayableFyParam,
    response: PayableMappingAnswer,
  }),
  payableVendorSearch: defineRoute({
    method: 'GET',
    path: '/search/vendors',
    access: PAYABLE,
    summary: 'Vendors of the master whose code or name contains q (at most 20), for the 34A vendor choice',
    query: z.object({ q: z.string().trim().max(100).default('') }),
    response: z.array(PayableVendorOption),
  }),
  payableMonths: defineRoute({
    method: 'GET',
    path: '/tds-payable/months',
    access: PAYABLE,
    summary: 'April to March of a year: computed, verified and missingPrevious per month',
    query: PayableMonthsQuery,
    response: PayableMonthOptions,
  }),
  payableJobsByYear: defineRoute({
    method: 'GET',
    path: '/job/34a-jobs-by-financial-years',
    access: PAYABLE,
    summary:
      "34A jobs as a tree by financial year (chosen: the spec's /job/all-jobs-by-financial-years?jobType=34A Reconciliation belongs to the receivable table)",
    response: PayableJobTree,
  }),
  deletePayableJob: defineRoute({
    method: 'DELETE',
    path: '/reconciliation-response/34A/job/:jobId',
    access: PAYABLE,
    summary: 'Delete one 34A job (its results go only if it wrote the latest ones)',
    params: PayableJobIdParam,
    response: DeletePayableJobsAnswer,
  }),
  deletePayableYear: defineRoute({
    method: 'DELETE',
    path: '/reconciliation-response/34A/year/:fy',
    access: PAYABLE,
    summary: "Delete every 34A job and result of the year except verified months' results (chosen)",
    params: PayableFyParam,
    response: DeletePayableJobsAnswer,
  }),
  payableResponse: defineRoute({
    method: 'GET',
    path: '/34a/response/:jobId',
    access: PAYABLE,
    summary: "A 34A job's year: counts, data quality, monthly, quarterly and annual (3CD) summaries",
    params: PayableJobIdParam,
    response: PayableResponse,
  }),
  payableMonthSummary: defineRoute({
    method: 'GET',
    path: '/34a/summary/:fy/:month',
    access: PAYABLE,
    summary: "One month's summary rows of the year's latest results",
    params: PayableMonthSummaryParams,
    response: PayableMonthSummary,
  }),
  payableExplore: defineRoute({
    method: 'GET',
    path: '/34a/explore/:monthYear/:section/:deducteeType',
    access: PAYABLE,
    summary: 'Cards of one monthly summary row (count, tds, verified)',
    params: PayableGroupParams,
    query: PayableSubsectionQuery,
    response: PayableExploreAnswer,
  }),
  payableEntries: defineRoute({
    method: 'GET',
    path: '/job/tds-payable-entries/:monthYear/:section/:deducteeType',
    access: PAYABLE,
    summary: 'Entries of one monthly summary row with their reasons, filtered by status, sorted and paged',
    params: PayableGroupParams,
    query: PayableEntriesQuery,
    response: PayableEntriesPage,
  }),
  payableEntriesXlsx: defineRoute({
    method: 'GET',
    path: '/job/tds-payable-entries/:monthYear/:section/:deducteeType/xlsx',
    access: PAYABLE,
    summary: 'The same entries (same filter) as xlsx (chosen)',
    params: PayableGroupParams,
    query: PayableEntriesExportQuery,
    ...binary,
  }),

  // --- reports in the background ---
  monthlyReport: defineRoute({
    method: 'GET',
    path: '/reports/upload-tdspayable-monthly-report-async/:monthYear/TDSPayableMonthlyTransactionsReport',
    access: PAYABLE,
    summary: "Generate a month's transactions report (xlsx) in the background",
    params: z.object({ monthYear: PayableMonthYear }),
    query: PayableReportFileQuery,
    response: PayableReportAnswer,
  }),
  monthlyErrorReport: defineRoute({
    method: 'GET',
    path: '/reports/upload-tdspayable-error-monthly-report-async/:monthYear/TDSPayableMonthlyTransactionsErrorReport',
    access: PAYABLE,
    summary: "Generate a month's error entries report (xlsx) in the background",
    params: z.object({ monthYear: PayableMonthYear }),
    query: PayableReportFileQuery,
    response: PayableReportAnswer,
  }),
  vendorWiseReport: defineRoute({
    method: 'GET',
    path: '/reports/upload-tdspayable-vendor-wise-summary-report-async/:year/TDSPayableVendorWiseSummaryReport',
    access: PAYABLE,
    summary: 'Generate the vendor-wise summary of the year (xlsx) in the background',
    params: PayableYearParam,
    query: PayableReportFileQuery,
    response: PayableReportAnswer,
  }),
  miscPayableReport: defineRoute({
    method: 'GET',
    path: '/reports/upload-miscellaneous-report-async/:year/:reportId/-1',
    access: PAYABLE,
    summary:
      'Generate tds-payable-report(-details) or form3cd_annual(_detailed)_report (xlsx) in the background',
    params: z.object({ year: PayableFy, reportId: z.enum(MISC_PAYABLE_REPORT_IDS) }),
    query: PayableReportFileQuery,
    response: PayableReportAnswer,
  }),
  payableReports: defineRoute({
    method: 'GET',
    path: '/reports/tds-payable-reports',
    access: PAYABLE,
    summary: 'TDS payable report jobs (every kind but the error report)',
    response: PayableReportJobs,
  }),
  payableErrorReports: defineRoute({
    method: 'GET',
    path: '/reports/tds-payable-error-reports',
    access: PAYABLE,
    summary: 'TDS payable error report jobs',
    response: PayableReportJobs,
  }),
  payableReport: defineRoute({
    method: 'GET',
    path: '/reports/tds-payable-reports/:id',
    access: PAYABLE,
    summary: 'Download a generated report (xlsx)',
    params: ReportIdParam,
    ...binary,
  }),
  payableErrorReport: defineRoute({
    method: 'GET',
    path: '/reports/tds-payable-error-reports/:id',
    access: PAYABLE,
    summary: 'Download a generated error report (xlsx)',
    params: ReportIdParam,
    ...binary,
  }),
} as const;
