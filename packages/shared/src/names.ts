// What a person reads for the app's internal keys: job types, job statuses and
// reconciliation row states. One table for the server (notifications, e-mails,
// remarks) and the screens, so "26AS upload" is written the same everywhere
// and no screen shows "Ingest26AS" or "PARTIALMATCHES".

const JOB_TYPE_NAMES: Record<string, string> = {
  Ingest26AS: '26AS upload',
  Ingest26ASParsed: 'Parsed 26AS load',
  IngestSales: 'Sales register upload',
  IngestPurchase: 'Purchase register upload',
  IngestCustomerMapping: 'Customer mapping upload',
  IngestCustomerMaster: 'Customer master upload',
  IngestVendorMaster: 'Vendor master upload',
  TDSReconciliation: 'TDS reconciliation',
  TCSReconciliation: 'TCS reconciliation',
  PartialReconciliation: 'Partial reconciliation',
  ReconciliationReport: 'Reconciliation report',
  MiscellaneousReport: 'Miscellaneous report',
  DataQualityReport: 'Data quality report',
  SendEmail: 'E-mail',
  SnapshotTake: 'Take snapshot',
  SnapshotRestore: 'Restore snapshot',
  Form26asConverter: '26AS conversion',
  Form26asDiff: '26AS comparison',
  '34A Reconciliation': 'TDS payable (34A) reconciliation',
  TDSPayableReport: 'TDS payable report',
  TDSPayableAdjustment: 'TDS payable entries adjustment',
  IngestVendorPayment: 'Vendor payments upload',
  TransformRawExpenseLedger: 'Raw expense ledger transformation',
  TrainExpenseClassifier: 'Expense classifier training',
  BulkForm16A: 'Form 16A bulk upload',
  BulkEmailForm16A: 'Form 16A bulk e-mail',
  DemoForm16A: 'Demo Form 16A certificates',
  DemoChallans: 'Demo challans',
  DemoFollowUps: 'Demo reconciliation and follow-ups',
  BulkFollowUp: 'Bulk follow-up',
  SmartFilterBulkUpdate: 'Smart filter bulk update',
  ManualReconciliation: 'Manual reconciliation',
  PreviewCustomerLinkage: 'Customer linkage preview',
};

// A key this table does not know yet (a job type added later) is still
// written in words: "VendorLedgerUpload" -> "Vendor ledger upload".
const words = (key: string): string => {
  const spaced = key
    .replace(/[-_]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  // acronyms the app uses stay upper-case
  const cased = spaced.replace(/\b(tds|tcs|pan|tan|gst|gstin|fy)\b/g, (w) => w.toUpperCase());
  return cased.charAt(0).toUpperCase() + cased.slice(1);
};

export const jobTypeName = (jobType: string): string => JOB_TYPE_NAMES[jobType] ?? words(jobType);

const JOB_STATUS_NAMES: Record<string, string> = {
  // the spec's reconciliation runs end in 'Success'; every other job list says Completed
  Success: 'Completed',
  NotStarted: 'Not started',
  InProgress: 'In progress',
  Completed: 'Completed',
  Failed: 'Failed',
  NothingLoaded: 'Nothing loaded',
  NothingSent: 'Nothing sent',
};

export const jobStatusName = (status: string): string => JOB_STATUS_NAMES[status] ?? words(status);

// Reconciliation categories and row actions (spec part 2 sections 2.4 and 4).
// A person's Accept is "Accepted", never the automatic "Matched".
const RECON_NAMES: Record<string, string> = {
  partialMatches: 'Mismatched',
  PARTIALMATCHES: 'Mismatched',
  missingFromSales: 'Missing from sales book',
  missingFromTaxBook: 'Missing from 26AS',
  fullMatches: 'Matched',
  Matched: 'Matched',
  Accept: 'Accepted',
  AcceptPartial: 'Accepted in part',
  Hold: 'On hold',
  FollowUp: 'Follow up',
  Pending: 'Pending',
  Split: 'Split',
};

export const reconStateName = (key: string): string => RECON_NAMES[key] ?? words(key);

// The reconciliation's match modes (spec part 2, reconMatchMode) as a result
// or discrepancy screen writes them: "tax or sale amount", not "TaxOrSaleAmount".
const MATCH_MODE_NAMES: Record<string, string> = {
  TaxOrSaleAmount: 'tax or sale amount',
  TaxAndSaleAmount: 'tax and sale amount',
  TaxOnly: 'tax only',
  SaleAmountOnly: 'sale amount only',
};

export const matchModeName = (key: string): string => MATCH_MODE_NAMES[key] ?? words(key);

// 26AS "Status of Booking" (DOMAIN section 2): the code as filed, with what
// it means, since only F is a claimable credit. Unknown codes stay as given.
const BOOKING_STATUS_NAMES: Record<string, string> = {
  F: 'F · Final',
  U: 'U · Unmatched',
  P: 'P · Provisional',
  O: 'O · Overbooked',
};

export const bookingStatusName = (code: string): string => BOOKING_STATUS_NAMES[code.trim()] ?? code;

// "1 customer", "2 customers"; TCS screens count vendors.
export const countOf = (n: number, singular: string, plural = `${singular}s`): string =>
  `${n.toLocaleString('en-IN')} ${n === 1 ? singular : plural}`;
