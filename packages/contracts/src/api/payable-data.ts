import { formatRupees, parseTypedRupees } from '@taxrecon/shared';
import { z } from 'zod';
import { CalendarDate, Message } from '../common.ts';
import { defineRoute, needs } from '../route.ts';
import { UploadAnswer, UploadFields } from './ingest.ts';

// Spec part 3 "Uploads and folders": the files TDS payable works from (expense
// ledgers by month, an "output file after changes" by year, vendor payments by
// month, sales registers by year), the vendor payment search, and the LDC
// certificate and TAN-ITR (206AB) uploads. Financial years in paths may be
// written 24-25 (the spec's form) or 2024-25; months are yyyy-mm.
const FyParam = z.string().regex(/^(\d{2}|\d{4})-\d{2}$/, 'a financial year like 24-25 or 2024-25');
const MonthParam = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'a month as yyyy-mm');
const FileParam = z.string().min(1).max(255);
const IsoDate = CalendarDate;

export const PAYABLE_FILE_KINDS = ['expense', 'expense-output', 'vendor-payment', 'sales'] as const;
export const PayableFileKind = z.enum(PAYABLE_FILE_KINDS);

// One problem of an uploaded file: where, and what was expected there.
export const FileProblem = z.object({
  file: z.string(),
  line: z.number().int(),
  column: z.string().nullable(),
  value: z.string().nullable(),
  expected: z.string(),
  message: z.string(),
});
export type FileProblem = z.infer<typeof FileProblem>;

// A file of the folder (spec "Uploaded file listing" plus the control totals
// read at upload). Amounts are rupees as decimal text.
export const PayableFile = z.object({
  id: z.string(),
  kind: PayableFileKind,
  fileName: z.string(),
  financialYear: z.string(),
  financialMonth: z.string().nullable(),
  fileSize: z.number().int(),
  lastUploadedDate: z.string(),
  uploadedBy: z.string().nullable(),
  rows: z.number().int().nullable(),
  baseTotal: z.string().nullable(),
  tdsTotal: z.string().nullable(),
  problems: z.number().int(),
  jobId: z.string().nullable(),
});
export type PayableFile = z.infer<typeof PayableFile>;

export const PayableFolder = z.object({ files: z.array(PayableFile) });

// An upload's answer: the generic one, plus the file as filed and its report.
export const PayableUploadAnswer = UploadAnswer.extend({
  file: PayableFile.nullable(),
  problems: z.array(FileProblem),
  warnings: z.array(FileProblem),
});
export type PayableUploadAnswer = z.infer<typeof PayableUploadAnswer>;

// LDC and TAN-ITR: rows loaded, rows refused and what the load changed.
export const ReferenceUploadAnswer = UploadAnswer.extend({
  loaded: z.number().int(),
  problems: z.array(FileProblem),
  warnings: z.array(FileProblem),
  vendorsMarked: z.number().int().nullable(),
});
export type ReferenceUploadAnswer = z.infer<typeof ReferenceUploadAnswer>;

// What the LDC and TAN-ITR uploads have loaded, listed on their screens so a
// user can see which certificates and 206AB marks the 34A run will use.
export const REFERENCE_LIST_LIMIT = 10_000;
export const LdcCertificateRecord = z.object({
  id: z.string(),
  certificateNumber: z.string(),
  panNumber: z.string(),
  vendorCode: z.string().nullable(),
  vendorName: z.string().nullable(),
  sectionNumber: z.string(),
  subSection: z.string().nullable(),
  // percent and rupees as decimal text, as loaded
  rate: z.string(),
  amountLimit: z.string().nullable(),
  validFrom: IsoDate,
  validTo: IsoDate,
  // against today's date on the server
  validity: z.enum(['valid', 'expired', 'not yet valid']),
  fileName: z.string().nullable(),
  loadedAt: z.string(),
});
export type LdcCertificateRecord = z.infer<typeof LdcCertificateRecord>;
export const LdcCertificateList = z.object({
  records: z.array(LdcCertificateRecord),
  totalRecords: z.number().int(),
});
export type LdcCertificateList = z.infer<typeof LdcCertificateList>;

export const TanItrRecord = z.object({
  id: z.string(),
  panNumber: z.string(),
  name: z.string().nullable(),
  specifiedPerson: z.boolean(),
  asOfDate: IsoDate.nullable(),
  financialYear: z.string().nullable(),
  // the entity's vendors with this PAN (the ones the load marked)
  vendors: z.number().int(),
  fileName: z.string().nullable(),
  loadedAt: z.string(),
});
export type TanItrRecord = z.infer<typeof TanItrRecord>;
export const TanItrList = z.object({ records: z.array(TanItrRecord), totalRecords: z.number().int() });
export type TanItrList = z.infer<typeof TanItrList>;

const optionalText = z.string().trim().max(200).optional();
// An amount filter takes what the screen shows (1,05,942.00, ₹1,05,942.00) as
// well as 105942, and goes on as '105942.00' to match the numeric column
// exactly; blank leaves the amount out. The message names the field because
// the search screen shows the first message alone, above all the filters.
const AMOUNT_EXAMPLE = 'an amount in rupees, such as 1,05,942.50';
const amountFilter = (label: string) =>
  z
    .string()
    .trim()
    .transform((text, ctx): string | undefined => {
      if (text === '') return undefined;
      const paise = parseTypedRupees(text);
      if (paise !== null) return formatRupees(paise);
      const why = /\.\d{3,}$/.test(text) ? ' (at most two decimals)' : '';
      ctx.addIssue({ code: 'custom', message: `${label}: ${text} is not ${AMOUNT_EXAMPLE}${why}` });
      return z.NEVER;
    })
    .optional();
export const VendorPaymentSearch = z.object({
  paymentNumber: optionalText,
  paymentDate: IsoDate.optional().or(z.literal('')),
  baseAmount: amountFilter('Base Amount'),
  paymentDescription: optionalText,
  vendorCode: optionalText,
  vendorName: optionalText,
  sectionNumber: optionalText,
  subSection: optionalText,
  tdsRate: z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, 'a rate in percent such as 10 or 0.1')
    .optional()
    .or(z.literal('')),
  tdsAmount: amountFilter('TDS Amount'),
  paymentFromDate: IsoDate.optional().or(z.literal('')),
  paymentToDate: IsoDate.optional().or(z.literal('')),
  panNumber: optionalText,
  // Pages of VENDOR_PAYMENT_SEARCH_LIMIT rows in the search's order. The screen
  // shows page 1 alone (spec part 3: at most 1,000 on screen); the Excel
  // export reads every page, so the sheet holds every matching payment.
  page: z.number().int().min(1).optional(),
});
export type VendorPaymentSearch = z.infer<typeof VendorPaymentSearch>;
export const VendorPaymentRecord = z.object({
  id: z.string(),
  paymentDate: z.string(),
  paymentNumber: z.string().nullable(),
  paymentDescription: z.string().nullable(),
  vendorCode: z.string().nullable(),
  panNumber: z.string().nullable(),
  vendorName: z.string().nullable(),
  baseAmount: z.string(),
  sectionNumber: z.string().nullable(),
  subSection: z.string().nullable(),
  tdsRate: z.string().nullable(),
  tdsAmount: z.string(),
  fileName: z.string(),
  line: z.number().int(),
});
export type VendorPaymentRecord = z.infer<typeof VendorPaymentRecord>;
// At most this many records come back a page; totalRecords counts every match.
export const VENDOR_PAYMENT_SEARCH_LIMIT = 1000;
export const VendorPaymentAnswer = z.object({
  records: z.array(VendorPaymentRecord),
  totalRecords: z.number().int(),
});

const FolderQuery = z.object({ financialYear: FyParam.optional() });
const binary = { produces: 'binary' as const, response: z.unknown() };

export const payableDataRoutes = {
  uploadExpenseMonth: defineRoute({
    method: 'PUT',
    path: '/ingest/expense/:fy/:month',
    access: needs('RECON_TDS_PAYABLE'),
    summary: 'Upload the expense ledger of one month (.txt tab-separated or .csv); checked and kept as sent',
    params: z.object({ fy: FyParam, month: MonthParam }),
    consumes: 'multipart',
    body: UploadFields,
    response: PayableUploadAnswer,
  }),
  uploadExpenseOutput: defineRoute({
    method: 'PUT',
    path: '/ingest/expense/:fy/output-file',
    access: needs('RECON_TDS_PAYABLE'),
    summary: "Upload the 'output file after changes' (.csv, a whole year's ledger)",
    params: z.object({ fy: FyParam }),
    consumes: 'multipart',
    body: UploadFields,
    response: PayableUploadAnswer,
  }),
  splitExpenseOutput: defineRoute({
    method: 'GET',
    path: '/ingest/expense/:fy/month-year-wise-csv-from-output-file',
    access: needs('RECON_TDS_PAYABLE'),
    summary: 'Split an output file into one monthly expense file per month of its document dates',
    params: z.object({ fy: FyParam }),
    query: z.object({ fileName: FileParam }),
    response: z.object({
      message: z.string().nullable(),
      error: z.string().nullable(),
      files: z.array(PayableFile),
    }),
  }),
  expenseFolder: defineRoute({
    method: 'GET',
    path: '/ingest/expense-data-folder',
    access: needs('RECON_TDS_PAYABLE'),
    summary: 'Expense files of the entity (monthly and output files), by year and month',
    query: FolderQuery,
    response: PayableFolder,
  }),
  searchExpenses: defineRoute({
    method: 'GET',
    path: '/search/expenses/:fy',
    access: needs('RECON_TDS_PAYABLE'),
    summary: 'Expense files of one financial year',
    params: z.object({ fy: FyParam }),
    response: PayableFolder,
  }),
  deleteExpenseMonth: defineRoute({
    method: 'DELETE',
    path: '/ingest/delete-expense/:fy/:month/:file',
    access: needs('RECON_TDS_PAYABLE'),
    summary: 'Delete a monthly expense file',
    params: z.object({ fy: FyParam, month: MonthParam, file: FileParam }),
    response: Message,
  }),
  deleteExpenseOutput: defineRoute({
    method: 'DELETE',
    path: '/ingest/delete-expense/:fy/:file',
    access: needs('RECON_TDS_PAYABLE'),
    summary: 'Delete an output file',
    params: z.object({ fy: FyParam, file: FileParam }),
    response: Message,
  }),
  downloadExpenseMonth: defineRoute({
    method: 'GET',
    path: '/ingest/download-expense/:fy/:month/:file',
    access: needs('RECON_TDS_PAYABLE'),
    summary: 'A monthly expense file as it was uploaded',
    params: z.object({ fy: FyParam, month: MonthParam, file: FileParam }),
    ...binary,
  }),
  downloadExpenseOutput: defineRoute({
    method: 'GET',
    path: '/ingest/download-expense/:fy/:file',
    access: needs('RECON_TDS_PAYABLE'),
    summary: 'An output file as it was uploaded',
    params: z.object({ fy: FyParam, file: FileParam }),
    ...binary,
  }),

  uploadVendorPayment: defineRoute({
    method: 'PUT',
    path: '/ingest/vendor-payment/:fy/:month',
    access: needs('DATA_MANAGEMENT'),
    summary: 'Upload the vendor payment ledger of one month; its rows load in an ingest job',
    params: z.object({ fy: FyParam, month: MonthParam }),
    consumes: 'multipart',
    body: UploadFields,
    response: PayableUploadAnswer,
  }),
  vendorPaymentFolder: defineRoute({
    method: 'GET',
    path: '/ingest/vendor-payment-data-folder',
    access: needs('DATA_MANAGEMENT'),
    summary: 'Vendor payment files of the entity',
    query: FolderQuery,
    response: PayableFolder,
  }),
  deleteVendorPayment: defineRoute({
    method: 'DELETE',
    path: '/ingest/delete-vendor-payment/:fy/:month/:file',
    access: needs('DATA_MANAGEMENT'),
    summary: 'Delete a vendor payment file and its payments',
    params: z.object({ fy: FyParam, month: MonthParam, file: FileParam }),
    response: Message,
  }),
  downloadVendorPayment: defineRoute({
    method: 'GET',
    path: '/ingest/download-vendor-payment/:fy/:month/:file',
    access: needs('DATA_MANAGEMENT'),
    summary: 'A vendor payment file as it was uploaded',
    params: z.object({ fy: FyParam, month: MonthParam, file: FileParam }),
    ...binary,
  }),
  searchVendorPayments: defineRoute({
    method: 'POST',
    path: '/search/vendor-payment',
    access: needs('DATA_MANAGEMENT'),
    summary:
      'Search vendor payment entries, 1000 records a page (page 1 unless asked; totalRecords counts all)',
    body: VendorPaymentSearch,
    response: VendorPaymentAnswer,
  }),

  uploadPayableSales: defineRoute({
    method: 'PUT',
    path: '/ingest/sales/:fy',
    access: needs('DATA_MANAGEMENT_SALES'),
    summary: 'Keep a sales register of one financial year in the TDS payable folder',
    params: z.object({ fy: FyParam }),
    consumes: 'multipart',
    body: UploadFields,
    response: PayableUploadAnswer,
  }),
  payableSalesFolder: defineRoute({
    method: 'GET',
    path: '/ingest/sales-register-data-folder',
    access: needs('DATA_MANAGEMENT_SALES'),
    summary: 'Sales registers kept in the TDS payable folder',
    query: FolderQuery,
    response: PayableFolder,
  }),
  deletePayableSales: defineRoute({
    method: 'DELETE',
    path: '/ingest/delete-sales/:fy/:file',
    access: needs('DATA_MANAGEMENT_SALES'),
    summary: 'Delete a sales register from the TDS payable folder',
    params: z.object({ fy: FyParam, file: FileParam }),
    response: Message,
  }),
  downloadPayableSales: defineRoute({
    method: 'GET',
    path: '/ingest/download-sales/:fy/:file',
    access: needs('DATA_MANAGEMENT_SALES'),
    summary: 'A sales register as it was uploaded',
    params: z.object({ fy: FyParam, file: FileParam }),
    ...binary,
  }),

  uploadLdc: defineRoute({
    method: 'PUT',
    path: '/ingest/ingest-ltdc',
    access: needs('RECON_TDS_PAYABLE'),
    summary: 'Load lower deduction certificates (section 197); a certificate number loaded again is replaced',
    consumes: 'multipart',
    body: UploadFields,
    response: ReferenceUploadAnswer,
  }),
  listLdc: defineRoute({
    method: 'GET',
    path: '/ingest/ltdc-certificates',
    access: needs('RECON_TDS_PAYABLE'),
    summary: 'The lower deduction certificates loaded for the entity, newest validity first',
    response: LdcCertificateList,
  }),
  listTanItr: defineRoute({
    method: 'GET',
    path: '/ingest/tan-itr-report',
    access: needs('DATA_MANAGEMENT'),
    summary: 'The TAN-ITR (206AB) report rows loaded for the entity, specified persons first',
    response: TanItrList,
  }),
  uploadTanItr: defineRoute({
    method: 'PUT',
    path: '/ingest/ingest-tan-itr-report',
    access: needs('DATA_MANAGEMENT'),
    summary: "Load the TAN-ITR (206AB) report and mark the entity's vendors with those PANs",
    consumes: 'multipart',
    body: UploadFields,
    response: ReferenceUploadAnswer,
  }),
} as const;
