import { type Paise, parseRupees } from '@taxrecon/shared';
import { z } from 'zod';
import { FinancialYear } from './housekeeping.ts';

// Requests and answers of TDS receivable and TCS reconciliation (spec part 2
// sections 2.1 to 2.6 and 2.11, 3, 4, 7, 8 and 9). Money in answers is text
// in rupees with two decimals ("1234.50"), as in the searches; tolerances and
// amounts people type are rupees, turned into paise here, once.

// --- constants of the spec (section 9) and its messages (section 8) ---

export const RECON_KINDS = ['TDS', 'TCS'] as const;
export const ReconKind = z.enum(RECON_KINDS);
export type ReconKind = z.infer<typeof ReconKind>;

export const MATCH_MODES = ['TaxOrSaleAmount', 'TaxAndSaleAmount', 'TaxOnly', 'SaleAmountOnly'] as const;
export const MatchMode = z.enum(MATCH_MODES);
export type MatchMode = z.infer<typeof MatchMode>;

// In the order of the result screen's tabs.
export const RECON_CATEGORIES = [
  'partialMatches',
  'missingFromSales',
  'missingFromTaxBook',
  'fullMatches',
] as const;
export const ReconCategory = z.enum(RECON_CATEGORIES);
export type ReconCategory = z.infer<typeof ReconCategory>;

// What one reconciliation report covers: the whole job, one result tab, or one
// customer (optionally only rows with the given actions). The server's report
// job carries it as input, so it is validated again when the job runs.
export const ReportScope = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('job') }),
  z.object({ kind: z.literal('category'), category: ReconCategory }),
  z.object({ kind: z.literal('customer'), party: z.number().int(), actions: z.array(z.string()).nullable() }),
  // a smart filter's chosen customers of one tab: their summary xlsx, or the full report
  z.object({
    kind: z.literal('parties'),
    category: ReconCategory,
    keys: z.array(z.string()).max(5000),
    summaryOnly: z.boolean(),
  }),
]);
export type ReportScope = z.infer<typeof ReportScope>;

// What a person may set on a row (spec section 4); 'Matched' marks an automatic match.
export const ROW_ACTIONS = ['Accept', 'AcceptPartial', 'Hold', 'FollowUp', 'Pending', 'Split'] as const;
export const DOWNLOAD_ACTIONS = ['Accept', 'Hold', 'Pending', 'FollowUp', 'Split'] as const;

export const RECON_JOB_TYPES = { TDS: 'TDSReconciliation', TCS: 'TCSReconciliation' } as const;
export const RECON_JOB_TYPE_LABELS = { TDS: 'TDS Reconciliation', TCS: 'TCS Reconciliation' } as const;

export const DOWNLOAD_THRESHOLD = 2000;
export const DISCREPANCY_DISPLAY_LIMIT = 500;
export const SELECT_ALL_LIMIT = 50;
export const WORD_CLOUD_LIMIT = 300;
export const GROUP_PREVIEW_CSV_ABOVE = 600;
export const GROUP_PREVIEW_PAGE_SIZE = 5000;
export const RESULT_PAGE_SIZE = 50;
export const DISCREPANCY_PAGE_SIZE = 500;
// The submit screens offer TDS years back 8 from the current one, TCS back 5 and the next.
export const TDS_YEARS_BACK = 8;
export const TCS_YEARS_BACK = 5;

export const JOB_THROTTLED_MESSAGE = "There's already a job in progress. Please submit after sometime.";
export const PARTIAL_THROTTLED_MESSAGE =
  "There's already a reconciliation in progress. Please try after sometime";
export const REPORT_THROTTLED_MESSAGE =
  "There's already a report generation in progress. Please try after sometime";
export const JOB_SUBMITTED_MESSAGE = 'Reconciliation job submitted successfully';
export const REPORT_SUBMITTED_MESSAGE = 'Submitted successfully';
export const REPORT_SUBMITTED_DETAIL =
  "Report will be generated shortly and available in the 'Reports > Reconciliation Reports' section.";
export const JOBS_DELETED_MESSAGE = 'Jobs Deleted successfully';
export const NO_TRANSACTIONS_MESSAGE = 'Unable to fetch transactions for given Financial Year';
export const TOO_MANY_ENTRIES_MESSAGE =
  'There are too many entries to show here. Please update them manually through the downloaded report and upload the manually reconciled entries.';

// --- shared pieces ---

export const Money = z.string();
export const YearParam = z.object({ year: FinancialYear });
export const JobIdParam = z.object({ jobId: z.string().uuid() });

const optionalQuery = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

// Rupees a person typed ("10", "0.50") as paise.
export const RupeesInPaise = z
  .string()
  .trim()
  .regex(/^\d{1,13}(\.\d{1,2})?$/, 'an amount in rupees, at most two decimals')
  .transform((s): Paise => parseRupees(s) ?? (0 as Paise));
const SignedRupeesInPaise = z
  .string()
  .trim()
  .regex(/^-?\d{1,13}(\.\d{1,2})?$/, 'an amount in rupees, at most two decimals')
  .transform((s): Paise => parseRupees(s) ?? (0 as Paise));

// The spec names job types 'TDS Reconciliation' and 'TCS Reconciliation'.
export const JobTypeQuery = z.object({
  jobType: optionalQuery(
    z
      .enum([
        'TDS Reconciliation',
        'TCS Reconciliation',
        'TDSReconciliation',
        'TCSReconciliation',
        'TDS',
        'TCS',
      ])
      .transform((t): ReconKind => (t.startsWith('TCS') ? 'TCS' : 'TDS')),
  ),
  type: optionalQuery(z.enum(['TDS', 'TCS'])),
});

// Customers (vendors) chosen on the submit screen by master code; none, or 'All', is every one.
export const CustomerSelection = z.object({
  customers: z.array(z.string().trim().min(1).max(200)).max(5000).default([]),
});
export type CustomerSelection = z.input<typeof CustomerSelection>;

// --- submission and counts (2.1, 2.2) ---

export const TransactionCounts = z.object({
  financialYear: z.string(),
  kind: ReconKind,
  taxBook: z.number().int(),
  salesBook: z.number().int(),
  purchaseBook: z.number().int(),
  // TCS: the purchase bills without TCS the job leaves out (not in purchaseBook)
  purchaseWithoutTcs: z.number().int(),
  // what the job would reconcile: the kind's book, 26AS and the rows brought forward
  total: z.number().int(),
  customers: z.number().int(),
  // rows the previous year's job carried forward into this year
  carriedForwardBook: z.number().int(),
  carriedForwardTaxBook: z.number().int(),
  previousJobId: z.string().nullable(),
});
export type TransactionCounts = z.infer<typeof TransactionCounts>;

export const EntityIdMetrics = z.object({
  totalSalesBook: z.number().int(),
  totalTaxBook: z.number().int(),
  totalIntersections: z.number().int(),
  salesPercentage: z.number(),
  taxBookPercentage: z.number(),
  salesLowWarning: z.boolean(),
  taxBookLowWarning: z.boolean(),
  customersMissingFromCustomerMaster: z.array(z.string()),
});
export type EntityIdMetrics = z.infer<typeof EntityIdMetrics>;

export const GroupPreviewRow = z.object({
  status: z.enum(['Grouped', 'Ungrouped']),
  entityId: z.string(),
  name: z.string(),
  noOfEntitiesFromSales: z.number().int(),
  noOfEntitiesFrom26AS: z.number().int(),
});
export const InvalidTanMapping = z.object({ tan: z.string(), panNos: z.array(z.string()) });
export const GroupPreview = z.object({
  // empty when there are more than GROUP_PREVIEW_CSV_ABOVE rows: download the CSV instead
  preview: z.array(GroupPreviewRow),
  invalidTans: z.array(InvalidTanMapping),
  totalPreviewRows: z.number().int(),
  totalInvalidTans: z.number().int(),
  csv: z.boolean(),
});
export type GroupPreview = z.infer<typeof GroupPreview>;

export const SubmitQuery = z.object({
  notes: optionalQuery(z.string().trim().max(500)),
  emailReportTo: optionalQuery(
    z
      .string()
      .trim()
      .max(254)
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Invalid Email Address'),
  ),
  tolerance: optionalQuery(RupeesInPaise),
  toleranceForOverallTotal: optionalQuery(RupeesInPaise),
  toleranceForTransactionAmountTotal: optionalQuery(RupeesInPaise),
  reconMatchMode: optionalQuery(MatchMode),
});
export const SubmitAnswer = z.object({
  jobId: z.string().nullable(),
  throttled: z.boolean(),
  error: z.boolean(),
  message: z.string(),
});
export type SubmitAnswer = z.infer<typeof SubmitAnswer>;

export const EntitySuggestion = z.object({
  entityId: z.string(),
  name: z.string(),
  tan: z.string().nullable(),
});

// --- job lists (2.3) ---

export const ReconJobListItem = z.object({
  jobId: z.string(),
  jobType: z.string(),
  kind: ReconKind,
  financialYear: z.string(),
  // 'Success' marks a completed job (spec section 4)
  status: z.enum(['Success', 'InProgress', 'Queued', 'Failed']),
  noOfTransactions: z.number().int(),
  noOfCustomers: z.number().int(),
  reconciliationTolerancePerCustomer: Money,
  reconciliationToleranceForTotalsPerCustomer: Money,
  reconciliationToleranceOnTransactionAmountForTotalsPerCustomer: Money,
  reconciliationFieldTypes: MatchMode,
  datetime: z.string(),
  enddatetime: z.string().nullable(),
  userId: z.string(),
  reference: z.string().nullable(),
  selectedCustomers: z.array(z.string()).nullable(),
  batched: z.boolean(),
  batchFinished: z.number().int(),
  batchTotal: z.number().int(),
  failureReason: z.string().nullable(),
});
export type ReconJobListItem = z.infer<typeof ReconJobListItem>;

export const ReconJobYear = z.object({
  financialYear: z.string(),
  // YYYY-YYYY+1, as the job lists show it
  label: z.string(),
  hasCompleted: z.boolean(),
  firstCompletedJobId: z.string().nullable(),
  jobs: z.array(ReconJobListItem),
});
export const ReconJobTree = z.array(ReconJobYear);

export const DeleteJobsAnswer = z.object({ message: z.string(), deletedJobs: z.number().int() });

// --- job result (2.4, 2.5) ---

export const JobParams = z.object({
  jobId: z.string(),
  jobType: z.string(),
  kind: ReconKind,
  financialYear: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  status: ReconJobListItem.shape.status,
  transactionsCount: z.number().int(),
  reconciliationTolerancePerCustomer: Money,
  reconciliationToleranceForTotalsPerCustomer: Money,
  reconciliationToleranceOnTransactionAmountForTotalsPerCustomer: Money,
  reconMatchPreferences: MatchMode,
  notes: z.string().nullable(),
  userId: z.string(),
  datetime: z.string(),
  failureReason: z.string().nullable(),
});
export type JobParams = z.infer<typeof JobParams>;

export const CustomerResultEntry = z.object({
  // the party's key: its master code (or the TAN when reconciled by TAN alone)
  entityId: z.string(),
  customerName: z.string(),
  customerTAN: z.string().nullable(),
  identifier: z.object({ identifier: z.string(), identifierType: z.enum(['TAN', 'PAN', 'CODE']) }),
  members: z.array(z.string()),
  category: ReconCategory,
  totalTaxAccordingToTaxBook: Money,
  totalTaxAccordingToSales: Money,
  totalAccordingToSales: Money,
  totalAccordingToTaxBook: Money,
  // book minus 26AS
  totalDiscrepancy: Money,
  totalAmountDiscrepancy: Money,
  totalEntriesSales: z.number().int(),
  totalMatchedEntriesSales: z.number().int(),
  totalEntriesTaxBook: z.number().int(),
  totalMatchedEntriesTaxBook: z.number().int(),
  noOfAutoAcceptedEntriesFromTaxBook: z.number().int(),
  matchedPercentage: z.number(),
  claimableTax: Money,
  notClaimableTax: Money,
  claimedByTotals: z.boolean(),
  manuallyMatched: z.boolean(),
  // e.g. 'Matched at transaction level', 'Matched by totals', 'Manually matched'
  overallRemarksSubType: z.string(),
  overallMatchMode: MatchMode,
  reconMatchPreferences: MatchMode,
  contactEmails: z.array(z.string()),
});
export type CustomerResultEntry = z.infer<typeof CustomerResultEntry>;

const SideAmounts = z.object({
  bookRows: z.number().int(),
  bookAmount: Money,
  bookTax: Money,
  taxBookRows: z.number().int(),
  taxBookAmount: Money,
  taxBookTax: Money,
});

export const ResultMetadata = z.object({
  compliancePercentage: z.number(),
  nonCompliantCustomers: z.number().int(),
  totalCustomers: z.number().int(),
  // tax matched at transaction level (26AS side) and the sale amount of those rows (book side)
  tdsMatched: Money,
  tdsMatchedAmount: Money,
  totalTdsClaimedByTotals: Money,
  totalTdsClaimedAmount: Money,
  totalSalesClaimedByTotals: Money,
  totalSalesClaimedAmount: Money,
  claimableTax: Money,
  notClaimableTax: Money,
  manualMatches: z.number().int(),
  pie: z.array(z.object({ category: ReconCategory, count: z.number().int() })),
  broughtForward: SideAmounts,
  carriedForward: SideAmounts,
  unresolvedRows: z.number().int(),
  // book rows left out by rule: a TCS job's purchase bills without TCS (nothing to find in Part VI)
  leftOutRows: z.number().int(),
  warnings: z.array(z.object({ code: z.string(), message: z.string() })),
  decisionErrors: z.array(z.object({ code: z.string(), message: z.string() })),
});
export type ResultMetadata = z.infer<typeof ResultMetadata>;

export const Unsynchronised = z.object({ entityId: z.string(), reason: z.string() });

export const RESULT_SORT_FIELDS = [
  'name',
  'tan',
  'bookTax',
  'taxBookTax',
  'discrepancy',
  'absoluteDiscrepancy',
  'matchedPercentage',
] as const;

export const ResultPageQuery = z.object({
  matchType: optionalQuery(ReconCategory),
  // hide customers whose tax difference (either way) is below this many rupees
  ignoreDifferenceBelow: optionalQuery(RupeesInPaise),
  showMatchedEntries: optionalQuery(z.enum(['true', 'false'])),
  searchTerm: optionalQuery(z.string().trim().max(200)),
  sortBy: optionalQuery(z.enum(RESULT_SORT_FIELDS)),
  sortDirection: optionalQuery(z.enum(['asc', 'desc'])),
  pageSize: optionalQuery(z.coerce.number().int().min(1).max(500)),
  page: optionalQuery(z.coerce.number().int().min(1)),
});
export const ResultPageParams = z.object({ jobId: z.string().uuid(), page: z.coerce.number().int().min(1) });

export const ReconResultPage = z.object({
  jobParams: JobParams,
  batchProgress: z.number().int(),
  batchTotal: z.number().int(),
  batchFinished: z.number().int(),
  // entries matching the filter in the chosen tab, and per tab
  size: z.number().int(),
  page: z.number().int(),
  dataPerPage: z.number().int(),
  matchType: ReconCategory,
  counts: z.record(ReconCategory, z.number().int()),
  partialMatches: z.array(CustomerResultEntry),
  fullMatches: z.array(CustomerResultEntry),
  missingFromSales: z.array(CustomerResultEntry),
  // the TCS name of missingFromSales
  missingFromPurchase: z.array(CustomerResultEntry),
  missingFromTaxBook: z.array(CustomerResultEntry),
  unsynchronised: z.array(Unsynchronised),
  notSynchronisedEntityIds: z.array(z.string()),
  unsynchronisedTotal: z.number().int(),
  metadata: ResultMetadata,
});
export type ReconResultPage = z.infer<typeof ReconResultPage>;

export const SummaryRow = z.object({
  metric: z.string(),
  drillDownId: z.string().nullable(),
  customersCountSalesPurchaseBook: z.number().int(),
  transactionAmountSalesPurchaseBook: Money,
  taxAmountSalesPurchaseBook: Money,
  customersCountTaxBook: z.number().int(),
  transactionAmountTaxBook: Money,
  taxAmountTaxBook: Money,
});
export const ReconSummary = z.object({
  rows: z.array(SummaryRow),
  totalCustomerCountInBook: z.number().int(),
  totalCustomerCountInTaxBook: z.number().int(),
  // 'Matched (Automatic + Manual)': the larger matched count over the larger total, 3 decimals
  compliancePercentage: z.number(),
});
export type ReconSummary = z.infer<typeof ReconSummary>;

export const DrilldownRow = z.object({
  metric: z.string(),
  saleAmountInBook: Money,
  taxInBook: Money,
  saleAmountIn26AS: Money,
  taxIn26AS: Money,
});
export const Drilldown = z.object({
  title: z.string(),
  rows: z.array(DrilldownRow),
  totals: DrilldownRow,
  matchedPercentage: z.object({
    saleAmountInBook: z.number(),
    taxInBook: z.number(),
    saleAmountIn26AS: z.number(),
    taxIn26AS: z.number(),
  }),
});

export const CloudWord = z.object({ entityId: z.string(), text: z.string(), value: z.number(), tax: Money });

export const ToleranceQuery = z.object({ reconMatchPreference: optionalQuery(MatchMode) });
export const ToleranceSummary = z.object({
  reconMatchPreference: MatchMode,
  compliantNow: z.number().int(),
  // whole rupees, ascending
  tolerances: z.array(z.number().int()),
  // tolerance -> customers that would be compliant with it
  details: z.record(z.string(), z.number().int()),
});
export const ToleranceDetail = z.object({
  entityId: z.string(),
  entityName: z.string(),
  totalTax: Money,
  totalAmount: Money,
  taxDifference: Money,
  amountDifference: Money,
});
export const ToleranceDetails = z.object({
  tolerance: z.number().int(),
  reconMatchPreference: MatchMode,
  details: z.array(ToleranceDetail),
});

export const PartialReconQuery = z.object({
  totalsTolerance: optionalQuery(RupeesInPaise),
  reconMatchMode: optionalQuery(MatchMode),
});
export const EntityIdsBody = z.object({
  entityIds: z.array(z.string().trim().min(1).max(200)).max(50_000).default([]),
});
export const ThrottledAnswer = z.object({
  throttled: z.boolean(),
  message: z.string(),
  jobId: z.string().nullable(),
});

// --- discrepancies (2.6, 2.11) ---

export const RowNote = z.object({
  action: z.string(),
  text: z.string(),
  by: z.string().nullable(),
  at: z.string().nullable(),
});

const RowState = z.object({
  // "<party>:<position>", what update-discrepancies takes
  id: z.string(),
  ref: z.string(),
  transactionDate: z.string(),
  tanNumber: z.string().nullable(),
  // Accept, AcceptPartial, Hold, FollowUp, Pending, Split; 'Matched' for an automatic match; null: a discrepancy
  manualAction: z.string().nullable(),
  notes: z.array(RowNote),
  matchGroup: z.number().int().nullable(),
  rule: z.string().nullable(),
  claimable: z.boolean().nullable(),
  acceptedTax: Money.nullable(),
  reason: z.string().nullable(),
  reasonCode: z.string().nullable(),
  broughtForward: z.boolean(),
  carriedForward: z.boolean(),
  splitOf: z.string().nullable(),
  sourceId: z.string().nullable(),
});

export const SalesDiscrepancyRow = RowState.extend({
  voucherNumber: z.string(),
  customerName: z.string(),
  professionalServices: Money,
  tdsOnSales: Money,
  tdsRate: z.string().nullable(),
  tds: Money,
});
export const PurchaseDiscrepancyRow = RowState.extend({
  billNumber: z.string(),
  supplierName: z.string(),
  purchaseValue: Money,
  tcsOnPurchase: Money,
  tcsRate: z.string().nullable(),
  tcs: Money,
});
export const TaxBookDiscrepancyRow = RowState.extend({
  section: z.string(),
  deductorName: z.string(),
  amount: Money,
  amountPaid: Money,
  taxDeducted: Money,
  tax: Money,
  taxFiled: Money,
  taxRate: z.string().nullable(),
  status: z.string(),
  bookingDate: z.string().nullable(),
  remarks: z.string().nullable(),
});
export type SalesDiscrepancyRow = z.infer<typeof SalesDiscrepancyRow>;
export type PurchaseDiscrepancyRow = z.infer<typeof PurchaseDiscrepancyRow>;
export type TaxBookDiscrepancyRow = z.infer<typeof TaxBookDiscrepancyRow>;

export const DiscrepancyQuery = z.object({
  jobId: optionalQuery(z.string().uuid()),
  // print view: the year's latest completed job, rows of the given quarters, unpaged
  year: optionalQuery(FinancialYear),
  quarters: optionalQuery(
    z
      .string()
      .regex(/^[1-4](,[1-4])*$/, 'quarters like 1,2,3,4')
      .transform((s) => [...new Set(s.split(',').map(Number))]),
  ),
  discrepancyType: optionalQuery(ReconKind),
  salesPurchaseEntriesPageNo: optionalQuery(z.coerce.number().int().min(1)),
  taxBookEntriesPageNo: optionalQuery(z.coerce.number().int().min(1)),
  pageSize: optionalQuery(z.coerce.number().int().min(1).max(DISCREPANCY_PAGE_SIZE)),
  showMatchedEntries: optionalQuery(z.enum(['true', 'false'])),
});
export const TanParam = z.object({ tan: z.string().trim().min(1).max(200) });

export const DiscrepancyResponse = z.object({
  jobId: z.string(),
  kind: ReconKind,
  entityId: z.string(),
  customerName: z.string(),
  customerTAN: z.string().nullable(),
  year: z.string(),
  category: ReconCategory,
  transactionAmountTotalTaxBook: Money,
  taxAmountTotalTaxBook: Money,
  transactionAmountTotalSalesPurchaseBook: Money,
  taxAmountTotalSalesPurchaseBook: Money,
  taxBookDiscrepancies: z.array(TaxBookDiscrepancyRow),
  entrySalesDiscrepancies: z.array(SalesDiscrepancyRow),
  entryPurchaseDiscrepancies: z.array(PurchaseDiscrepancyRow),
  taxCreditDetailsDiscrepancies: z.array(TaxBookDiscrepancyRow),
  totalSalesPurchaseBookPages: z.number().int(),
  totalTaxBookPages: z.number().int(),
  totalSalesPurchaseBookCount: z.number().int(),
  totalTaxBookCount: z.number().int(),
  totalTaxCreditDetailsDiscrepancies: z.number().int(),
  totalSalesDiscrepancies: z.number().int(),
  totalPurchaseDiscrepancies: z.number().int(),
  // over DISCREPANCY_DISPLAY_LIMIT entries in either book: the lists are not shown (spec 2.6)
  tooLarge: z.boolean(),
  customerEmails: z.array(z.string()),
  reconMatchPreferences: MatchMode,
  quarters: z.array(z.number().int()).nullable(),
});
export type DiscrepancyResponse = z.infer<typeof DiscrepancyResponse>;

export const DISCREPANCY_SORT_FIELDS = ['position', 'date', 'ref', 'amount', 'tax', 'action'] as const;
export const DiscrepancySearchRequest = z.object({
  searchType: z.enum(['Sales', 'Purchase', 'Taxbook']),
  voucherNumber: optionalQuery(z.string().trim().max(100)),
  billNumber: optionalQuery(z.string().trim().max(100)),
  invoiceValue: optionalQuery(SignedRupeesInPaise),
  professionalServices: optionalQuery(SignedRupeesInPaise),
  purchaseValue: optionalQuery(SignedRupeesInPaise),
  tdsOnSales: optionalQuery(SignedRupeesInPaise),
  tcsOnPurchase: optionalQuery(SignedRupeesInPaise),
  tanNumber: optionalQuery(z.string().trim().max(20)),
  section: optionalQuery(z.string().trim().max(20)),
  amount: optionalQuery(SignedRupeesInPaise),
  tdsDeducted: optionalQuery(SignedRupeesInPaise),
  taxFiled: optionalQuery(SignedRupeesInPaise),
  // an action, 'Matched', or 'Discrepancy' for rows without one
  manualAction: optionalQuery(z.string().trim().max(20)),
  sortBy: optionalQuery(z.enum(DISCREPANCY_SORT_FIELDS)),
  sortDirection: optionalQuery(z.enum(['asc', 'desc'])),
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(DISCREPANCY_PAGE_SIZE).default(DISCREPANCY_PAGE_SIZE),
});
export const DiscrepancySearchAnswer = z.object({
  searchType: DiscrepancySearchRequest.shape.searchType,
  entrySalesDiscrepancies: z.array(SalesDiscrepancyRow),
  entryPurchaseDiscrepancies: z.array(PurchaseDiscrepancyRow),
  taxBookDiscrepancies: z.array(TaxBookDiscrepancyRow),
  count: z.number().int(),
  pages: z.number().int(),
  page: z.number().int(),
  totals: z.object({ amount: Money, tax: Money }),
});

export const UPDATE_ACTIONS = [
  'Accept',
  'AcceptPartial',
  'Hold',
  'FollowUp',
  'Pending',
  'Split',
  'Pair',
  'Unpair',
] as const;
export const UpdateDiscrepanciesRequest = z.object({
  jobId: z.string().uuid(),
  actionType: z.enum(UPDATE_ACTIONS),
  notes: z.string().trim().max(2000).optional(),
  // sent only with Accept: the selection becomes one match (Correlate Entries)
  correlate: z.boolean().optional(),
  taxBookDiscrepancyIds: z.array(z.string().max(40)).max(5000).default([]),
  salesPurchaseBookDiscrepancyIds: z.array(z.string().max(40)).max(5000).default([]),
  // AcceptPartial: the tax accepted, rupees
  acceptedTax: RupeesInPaise.optional(),
  // Split: the parts of the one selected row, rupees; they must add up to it
  splitParts: z
    .array(z.object({ amount: SignedRupeesInPaise, tax: SignedRupeesInPaise }))
    .max(50)
    .optional(),
});
export type UpdateDiscrepanciesRequest = z.input<typeof UpdateDiscrepanciesRequest>;
export const UpdateDiscrepanciesAnswer = z.object({
  message: z.string(),
  decisionId: z.string(),
  entityId: z.string(),
  category: ReconCategory,
});

export const DecisionView = z.object({
  id: z.string(),
  action: z.string(),
  note: z.string().nullable(),
  userId: z.string(),
  datetime: z.string(),
  rows: z.array(z.object({ side: z.enum(['book', 'taxBook']), key: z.string() })),
  madeOnJob: z.string().nullable(),
});
export type DecisionView = z.infer<typeof DecisionView>;
export const DecisionList = z.array(DecisionView);

// The TCS screen's Bulk Update and the over-500 rule's upload of manually
// reconciled entries: the downloaded CSV (or a zip of them) with its Status
// column edited to Accept, Hold, FollowUp or Pending.
export const BULK_UPDATE_MAX_BYTES = 5_000_000;
export const BULK_UPDATE_ZIP_MAX_BYTES = 40_000_000;
export const BulkUpdateQuery = z.object({
  jobId: z.string().uuid(),
  tanNumber: optionalQuery(z.string().trim().max(200)),
  updateType: optionalQuery(ReconKind),
});
export const BulkUpdateAnswer = z.object({
  message: z.string(),
  // entries whose status changed, and the decisions that recorded it
  updated: z.number().int(),
  decisions: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), entryId: z.string(), message: z.string() })),
});

export const DiscrepancySummary = z.object({
  totalTxnAmountTaxBook: Money,
  totalTaxAmountTaxBook: Money,
  totalTxnAmountSalesPurchaseBook: Money,
  totalTaxAmountSalesPurchaseBook: Money,
});

// --- downloads and reports ---

export const CustomerDownloadQuery = z.object({
  jobId: z.string().uuid(),
  actions: optionalQuery(
    z
      .string()
      .max(200)
      .transform((s) =>
        s
          .split(',')
          .map((a) => a.trim())
          .filter(Boolean),
      ),
  ),
});
export const ReportFileQuery = z.object({
  fileName: optionalQuery(
    z
      .string()
      .trim()
      .max(120)
      .regex(/^[A-Za-z0-9 _().-]+$/, 'letters, digits, space, hyphen, underscore, dot and parentheses only'),
  ),
});
export const CategoryParams = z.object({ jobId: z.string().uuid(), category: ReconCategory });

export const ReconReport = z.object({
  id: z.string(),
  fileName: z.string(),
  reportType: z.string(),
  kind: ReconKind,
  financialYear: z.string(),
  reconJobId: z.string().nullable(),
  status: z.enum(['InProgress', 'Completed', 'Failed']),
  sizeBytes: z.number().int().nullable(),
  userId: z.string(),
  dateTime: z.string(),
  errorMsg: z.string().nullable(),
});
export const ReconReportList = z.array(ReconReport);

// --- compliance overview (spec part 1) ---

// name: A to Z; difference: the largest tax difference of any year first
// (either way: 26AS short of the books or over them)
export const COMPLIANCE_SORTS = ['name', 'difference'] as const;
export type ComplianceSort = (typeof COMPLIANCE_SORTS)[number];
export const ComplianceQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(60),
  search: z.string().trim().max(100).optional(),
  sortBy: z.preprocess((v) => (v === '' ? undefined : v), z.enum(COMPLIANCE_SORTS).default('name')),
});
export const ComplianceItem = z.object({
  kind: ReconKind,
  partyKey: z.string(),
  name: z.string(),
  // the party's TAN as the reconciliation read it (null: none known)
  tan: z.string().nullable(),
  years: z.array(
    z.object({
      financialYear: z.string(),
      jobId: z.string(),
      // the year's tax in the books less the tax in 26AS, over all its rows
      // ('1200.00': the books claim more than 26AS shows)
      taxDifference: Money,
    }),
  ),
});
export type ComplianceItem = z.infer<typeof ComplianceItem>;
export const ComplianceAnswer = z.object({
  records: z.array(ComplianceItem),
  totalRecords: z.number().int(),
});
