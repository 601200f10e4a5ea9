import { z } from 'zod';
import { defineRoute, FULL_USER, needs } from '../route.ts';
import { PAYABLE_REPORT_JOB_TYPES, PayableFy, PayableReportFileQuery } from './payable.ts';

// Reports (spec part 2, "Reports" and 2.13; part 3, "Reports" and the
// /reports-dashboard screen): the miscellaneous reports of the receivable
// side, their View list and downloads, the reports dashboard and the customer
// TAN csv. The payable miscellaneous reports keep their own route in
// payable.ts; the receivable ones take the same path with the report id as a
// fixed segment, so each carries its own permission.

const RECON = needs('RECON_TDS_RECEIVABLE');
const binary = { produces: 'binary' as const, response: z.unknown() };

export const MISC_QUEUED_MESSAGE = 'Your Job has been added to the queue';
export const MISC_NO_DATA_MESSAGE = 'No data found to report';
export const MISC_REPORT_JOB_TYPE = 'MiscellaneousReport';

// The receivable miscellaneous reports, by the id the upload call carries.
export const MISC_RECEIVABLE_REPORTS = {
  'income-comparison': 'Income comparison (sales book vs 26AS)',
  '26as-section-customer-wise': '26AS section and customer-wise summary',
  'tan-wise-summary': 'TAN-wise TDS reconciliation summary',
  'customer-wise-summary': 'Customer-wise TDS reconciliation summary',
  'entity-wise-summary': 'Entity-wise TDS reconciliation summary',
  'section-wise-summary': 'Section-wise TDS reconciliation summary',
} as const;
export type MiscReceivableReportId = keyof typeof MISC_RECEIVABLE_REPORTS;
export const MISC_RECEIVABLE_REPORT_IDS = Object.keys(MISC_RECEIVABLE_REPORTS) as [
  MiscReceivableReportId,
  ...MiscReceivableReportId[],
];
export const MiscReceivableReportId = z.enum(MISC_RECEIVABLE_REPORT_IDS);

// The TDS payable reports the Create tab also offers (spec part 3 section 9),
// by the report type their jobs record.
export const PAYABLE_REPORT_NAMES: Readonly<Record<string, string>> = {
  [PAYABLE_REPORT_JOB_TYPES.form3cd]: 'TDS payable Form 3CD 34(a) annual report',
  [PAYABLE_REPORT_JOB_TYPES.form3cdDetailed]: 'TDS payable Form 3CD 34(a) detailed report',
  [PAYABLE_REPORT_JOB_TYPES.payable]: 'TDS payable monthly summary',
  [PAYABLE_REPORT_JOB_TYPES.payableDetails]: 'TDS payable entries with reasons',
  [PAYABLE_REPORT_JOB_TYPES.vendorWise]: 'TDS payable vendor-wise summary',
  [PAYABLE_REPORT_JOB_TYPES.monthly]: 'TDS payable monthly transactions',
  [PAYABLE_REPORT_JOB_TYPES.monthlyErrors]: 'TDS payable monthly errors',
};

export const MiscReportFormat = z.enum(['xlsx', 'csv']);
export type MiscReportFormat = z.infer<typeof MiscReportFormat>;

export const MiscReportQuery = PayableReportFileQuery.extend({
  format: z.preprocess((v) => (v === '' ? undefined : v), MiscReportFormat.default('xlsx')),
});

export const MiscReportAnswer = z.object({
  outcome: z.enum(['queued', 'throttled', 'noData']),
  message: z.string(),
  reportId: z.string().nullable(),
});
export type MiscReportAnswer = z.infer<typeof MiscReportAnswer>;

export const MiscReportItem = z.object({
  id: z.string(),
  // 'receivable' reports come from this feature, 'payable' ones from the TDS payable reports
  source: z.enum(['receivable', 'payable']),
  reportId: z.string(),
  reportName: z.string(),
  financialYear: z.string(),
  month: z.string().nullable(),
  format: MiscReportFormat,
  fileName: z.string(),
  status: z.enum(['InProgress', 'Completed', 'Failed']),
  // one line of totals in rupees with lakh grouping, once Completed
  summary: z.string().nullable(),
  userId: z.string(),
  datetime: z.string(),
  enddatetime: z.string().nullable(),
  errorMsg: z.string().nullable(),
});
export type MiscReportItem = z.infer<typeof MiscReportItem>;
export const MiscReportsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
});
export const MiscReportList = z.object({
  records: z.array(MiscReportItem),
  totalRecords: z.number().int(),
});

const LatestReport = z.object({
  id: z.string(),
  name: z.string(),
  fileName: z.string(),
  status: z.enum(['InProgress', 'Completed', 'Failed']),
  datetime: z.string(),
});
export const ReportsDashboardTile = z.object({
  key: z.enum(['reconciliation', 'miscellaneous', 'payable', 'payableErrors']),
  // null: the caller lacks the tile's permission
  count: z.number().int().nullable(),
  inProgress: z.number().int().nullable(),
  latest: z.array(LatestReport),
});
export const ReportsDashboard = z.object({ tiles: z.array(ReportsDashboardTile) });
export type ReportsDashboard = z.infer<typeof ReportsDashboard>;

const miscRoute = (reportId: MiscReceivableReportId) =>
  defineRoute({
    method: 'GET',
    path: `/reports/upload-miscellaneous-report-async/:year/${reportId}/-1`,
    access: RECON,
    summary: `Generate the ${MISC_RECEIVABLE_REPORTS[reportId]} (xlsx or csv) in the background`,
    params: z.object({ year: PayableFy }),
    query: MiscReportQuery,
    response: MiscReportAnswer,
  });

export const reportRoutes = {
  miscIncomeComparison: miscRoute('income-comparison'),
  miscSectionCustomerWise: miscRoute('26as-section-customer-wise'),
  miscTanWise: miscRoute('tan-wise-summary'),
  miscCustomerWise: miscRoute('customer-wise-summary'),
  miscEntityWise: miscRoute('entity-wise-summary'),
  miscSectionWise: miscRoute('section-wise-summary'),
  miscellaneousReports: defineRoute({
    method: 'GET',
    path: '/reports/miscellaneous-reports',
    access: FULL_USER,
    summary:
      "The entity's miscellaneous reports, newest first (receivable ones with RECON_TDS_RECEIVABLE, payable ones with RECON_TDS_PAYABLE)",
    query: MiscReportsQuery,
    response: MiscReportList,
  }),
  miscellaneousReport: defineRoute({
    method: 'GET',
    path: '/reports/miscellaneous-reports/:id',
    access: FULL_USER,
    summary: 'Download a generated miscellaneous report (xlsx or csv)',
    params: z.object({ id: z.string().uuid() }),
    ...binary,
  }),
  reportsDashboard: defineRoute({
    method: 'GET',
    path: '/reports/dashboard',
    access: FULL_USER,
    summary: 'Counts and latest reports of each report list the caller may see (chosen)',
    response: ReportsDashboard,
  }),
  customerTanCsv: defineRoute({
    method: 'GET',
    path: '/data-admin/download/customer-tan',
    access: needs('MASTERDATA_CUSTOMERS'),
    summary: "The entity's customer TANs as csv",
    ...binary,
  }),
} as const;
