import { z } from 'zod';
import { defineRoute, needs } from '../route.ts';
import { FinancialYear } from './housekeeping.ts';

// Spec part 3: smart reconciliation of an uploaded zip (a sales csv and 26AS
// text files) and bulk smart reconciliation of chosen customers. Paths are
// the spec's (section 7, "Manual and smart reconciliation").

const SMART = needs('SMART_RECON');
const binary = { produces: 'binary' as const, response: z.unknown() };

// Spec section 9: the smart recon zip may be up to 2,000,000,000 bytes.
export const SMART_RECON_MAX_BYTES = 2_000_000_000;
export const MATCH_LEVEL_MIN = 1;
export const MATCH_LEVEL_MAX = 10;
export const MATCH_LEVEL_DEFAULT = 5;
export const SMART_RECON_MODES = ['tds', 'sales'] as const;
export const SmartReconMode = z.enum(SMART_RECON_MODES);
export type SmartReconMode = z.infer<typeof SmartReconMode>;
export const RECON_MATCH_MODES = [
  'TaxOrSaleAmount',
  'TaxAndSaleAmount',
  'TaxOnly',
  'SaleAmountOnly',
] as const;

export const BULK_MAX_IDS = 100;
export const BULK_TOO_MANY_IDS =
  'You can only pass upto 100 customer ids for processing. Please remove a few customer ids.';
export const BULK_IN_PROGRESS = 'TDS Reconciliation is already in Progress. Please wait until that finishes.';
export const NO_MATCHES_FOUND = 'No matches found';
export const DATA_UPLOAD_FAILED = 'Data Upload Failed!';

// Form fields beside the zip (the spec's "parameters"); tolerance may come in the query too.
export const SmartReconFields = z.object({
  matchMode: SmartReconMode.default('tds'),
  matchLevel: z.coerce.number().int().min(MATCH_LEVEL_MIN).max(MATCH_LEVEL_MAX).default(MATCH_LEVEL_DEFAULT),
  tolerance: z.coerce.number().min(0).max(1_000_000).default(0),
});

export const SmartReconQuery = z.object({
  tolerance: z.coerce.number().min(0).max(1_000_000).optional(),
});

// Amounts are paise (integers); the client shows them with formatInr.
export const SmartSalesRow = z.object({
  customerName: z.string(),
  entityId: z.string(),
  voucherNumber: z.string(),
  originalTransactionDate: z.string(),
  professionalServices: z.number(),
  tdsOnSales: z.number(),
});
export const SmartTaxBookRow = z.object({
  deductorName: z.string(),
  tan: z.string(),
  transactionDate: z.string(),
  amountPaid: z.number(),
  taxDeducted: z.number(),
  section: z.string(),
});
export const SmartReconGroup = z.object({
  key: z.string(),
  // book TDS minus 26AS TDS of the group
  difference: z.number(),
  _sales: z.array(SmartSalesRow),
  sales: z.number(),
  _taxBook: z.array(SmartTaxBookRow),
  taxBook: z.number(),
  totalTdsFromSales: z.number(),
  totalTdsFromTaxBook: z.number(),
  accepted: z.boolean(),
});
export type SmartReconGroup = z.infer<typeof SmartReconGroup>;

export const SmartReconResult = z.object({
  key: z.string(),
  fileName: z.string(),
  matchMode: SmartReconMode,
  matchLevel: z.number(),
  tolerance: z.number(),
  // 26AS TDS of the matched groups
  tdsClaimed: z.number(),
  // matched 26AS TDS as a percentage of the sales book's TDS (see docs/decisions.md)
  compliance: z.number(),
  // sales book TDS minus 26AS TDS over all rows read
  difference: z.number(),
  salesRows: z.number(),
  taxBookRows: z.number(),
  results: z.array(SmartReconGroup),
  message: z.string(),
});
export type SmartReconResult = z.infer<typeof SmartReconResult>;

export const SmartReconAccepted = z.object({ message: z.string(), accepted: z.number() });

export const BulkSmartReconAnswer = z.object({
  message: z.string(),
  jobId: z.string().optional(),
  error: z.string().optional(),
});

export const smartReconRoutes = {
  smartRecon: defineRoute({
    method: 'PUT',
    path: '/manual-reconciliation/smart-recon',
    access: SMART,
    summary: 'Match a zip of a sales csv and 26AS text files; the result is stored under its key',
    consumes: 'multipart',
    query: SmartReconQuery,
    body: SmartReconFields,
    response: SmartReconResult,
  }),
  smartReconUpdate: defineRoute({
    method: 'PUT',
    path: '/manual-reconciliation/smart-recon/_update',
    access: SMART,
    summary: 'Accept matched groups: the body is their keys ("<result key>.<group>")',
    body: z.array(z.string().min(1).max(200)).min(1, 'Select at least one match to accept.').max(10_000),
    response: SmartReconAccepted,
  }),
  smartReconResult: defineRoute({
    method: 'GET',
    path: '/manual-reconciliation/smart-recon/result/:key',
    access: SMART,
    summary: 'A stored smart recon result (chosen)',
    params: z.object({ key: z.string().uuid() }),
    response: SmartReconResult,
  }),
  smartReconDownload: defineRoute({
    method: 'GET',
    path: '/manual-reconciliation/smart-recon/key/:key',
    access: SMART,
    summary: 'The matched groups as matches.zip (matches.csv and summary.csv)',
    params: z.object({ key: z.string().uuid() }),
    ...binary,
  }),
  lowMatchedCustomerIds: defineRoute({
    method: 'GET',
    path: '/smart-filters/entityIds-tds-matched-26-as-less-than/:fy',
    access: SMART,
    summary:
      "Customer ids whose matched TDS is below the percentage in the year's latest reconciliation (csv)",
    params: z.object({ fy: FinancialYear }),
    query: z.object({
      tdsMatchedPercentage: z.coerce.number().gt(0, 'Enter a percentage above 0.').max(100),
    }),
    ...binary,
  }),
  bulkSmartRecon: defineRoute({
    method: 'PUT',
    path: '/job/smart-tds-reconciliation-bulk/:fy',
    access: SMART,
    summary: 'Reconcile again, as one job, up to 100 customers of the latest reconciliation of the year',
    params: z.object({ fy: FinancialYear }),
    query: z.object({
      tolerance: z.coerce.number().min(0).max(1_000_000).default(0),
      reconMatchMode: z.enum(RECON_MATCH_MODES).default('TaxOrSaleAmount'),
    }),
    body: z.array(z.string().trim().min(1).max(100)),
    response: BulkSmartReconAnswer,
  }),
} as const;

// Manual reconciliation (spec part 3): the Bulk Update csv files of a
// reconciliation (or a zip of them), their Status column edited, loaded as a
// job; the jobs are listed 50 a page.
export const MANUAL_RECON_MAX_BYTES = 20_000_000;
export const MANUAL_RECON_PAGE_SIZE = 50;
const MANUAL = needs('RECON_TDS_MANUAL');

export const ManualReconQuery = z.object({
  // the reconciliation the entries belong to; the entity's latest completed TDS job when absent
  jobId: z.string().uuid().optional(),
});
export const ManualReconAnswer = z.object({ message: z.string(), jobId: z.string() });

export const ManualReconJob = z.object({
  jobId: z.string(),
  fileName: z.string(),
  dateTime: z.string(),
  totalBookEntries: z.number().int(),
  totalTaxBookEntries: z.number().int(),
  updated: z.number().int(),
  status: z.string(),
  uploadedBy: z.string(),
  errorMsg: z.string(),
});
export type ManualReconJob = z.infer<typeof ManualReconJob>;

export const manualReconRoutes = {
  ingestManualRecon: defineRoute({
    method: 'PUT',
    path: '/ingest/ingest-manual-reconciliation',
    access: MANUAL,
    summary: 'Load a zip (or csv) of manually reconciled entries as a job; their statuses become decisions',
    consumes: 'multipart',
    query: ManualReconQuery,
    body: z.object({}),
    response: ManualReconAnswer,
  }),
  manualReconReports: defineRoute({
    method: 'GET',
    path: '/manual-reconciliation/reports',
    access: MANUAL,
    summary: 'Manual reconciliation jobs of the current entity, newest first',
    response: z.array(ManualReconJob),
  }),
} as const;
