import { z } from 'zod';
import { defineRoute, needs } from '../route.ts';
import { PayMoney } from './payable.ts';

// 26Q reconciliation (spec part 3: screen /reconcile-26q-file, sections 3, 5,
// 7 "26Q reconciliation", 8 and 9): a filed 26Q's deductee rows (xlsx/xls, at
// most 10 MB) against the books' 34A result for the quarter, per PAN and
// section. Paths the spec does not give are marked "(chosen)". Amounts are
// rupees text with two decimals, shown with formatInr.

const RECON_26Q = needs('RECON_TDS_PAYABLE');

export const FORM26Q_TARGET_FIELDS = [
  'vendorPan',
  'vendorName',
  'Section',
  'sourceBaseAmount',
  'sourceTDSAmount',
  'tdsRate',
] as const;
export const Form26qTargetField = z.enum(FORM26Q_TARGET_FIELDS);
export type Form26qTargetField = z.infer<typeof Form26qTargetField>;
export const FORM26Q_QUARTERS = ['Q1', 'Q2', 'Q3', 'Q4'] as const;
export const FORM26Q_MAX_BYTES = 10 * 1024 * 1024;
export const FORM26Q_EXTENSIONS = ['xlsx', 'xls'] as const;

// Spec section 5 and 8.
export const FORM26Q_MESSAGES = {
  fieldsUnmapped: 'All mandatory fields must be mapped.',
  yearQuarter: 'Both Financial Year and Quarter must be selected.',
  valuesUnmapped: 'All unique values must be mapped.',
  sectionsFailed: 'Failed to fetch sections.',
  filesFailed: 'Failed to fetch reconciled files.',
  downloadFailed: 'Failed to download reconciled file.',
  reconcileFailed: 'An error occurred while reconciling.',
} as const;

export const FORM26Q_STATUS_VALUES = [
  'Matched',
  'Short in return',
  'Excess in return',
  'Missing from return',
  'Missing from books',
] as const;
export const Form26qStatusValue = z.enum(FORM26Q_STATUS_VALUES);

// Year and quarter are checked by the handler so a bad one answers the spec's message.
const YearQuarterParams = z.object({ financialYear: z.string().max(20), quarter: z.string().max(5) });

export const Form26qSections = z.object({
  // sections the books hold for the quarter, then the other sections a 26Q may carry
  sections: z.array(z.string()),
  inBooks: z.array(z.string()),
});
export type Form26qSections = z.infer<typeof Form26qSections>;

export const Form26qHeaders = z.object({
  fileName: z.string(),
  headerRow: z.number().int(),
  headers: z.array(z.string()),
  rows: z.number().int(),
  // distinct values of each column (first 500), for the section mapping
  values: z.record(z.string(), z.array(z.string())),
});
export type Form26qHeaders = z.infer<typeof Form26qHeaders>;

export const Form26qUploadFields = z.object({
  // JSON: { "<file header>": "<target field>" }
  mappingDefinition: z.string().optional(),
  // JSON: { "<section value in the file>": "<canonical section>" }
  sectionMappingDefinition: z.string().optional(),
  // the header definition: tab-separated headers for a file without a header row
  headerDefinition: z.string().optional(),
});

export const Form26qLine = z.object({
  pan: z.string(),
  name: z.string(),
  section: z.string(),
  returnRows: z.number().int(),
  returnBase: PayMoney,
  returnTds: PayMoney,
  bookBase: PayMoney,
  bookDeducted: PayMoney,
  bookDue: PayMoney,
  difference: PayMoney,
  status: Form26qStatusValue,
  reason: z.string(),
});
export type Form26qLine = z.infer<typeof Form26qLine>;

export const Form26qFile = z.object({
  id: z.string().uuid(),
  financialYear: z.string(),
  quarter: z.string(),
  fileName: z.string(),
  // the reconciled workbook's name, for the download path
  resultFileName: z.string(),
  rows: z.number().int(),
  counts: z.record(z.string(), z.number().int()),
  returnTds: PayMoney,
  bookDeducted: PayMoney,
  createdBy: z.string(),
  createdAt: z.string(),
});
export type Form26qFile = z.infer<typeof Form26qFile>;

export const Form26qResult = Form26qFile.extend({ lines: z.array(Form26qLine) });
export type Form26qResult = z.infer<typeof Form26qResult>;

export const form26qRoutes = {
  form26qSections: defineRoute({
    method: 'GET',
    path: '/34a/sections-26q/:financialYear/:quarter',
    access: RECON_26Q,
    summary: 'Sections a 26Q value may be mapped to: those in the books for the quarter, then the others',
    params: YearQuarterParams,
    response: Form26qSections,
  }),
  form26qHeaders: defineRoute({
    method: 'PUT',
    path: '/34a/reconcile-26q-headers',
    access: RECON_26Q,
    summary: "A 26Q file's headers and each column's distinct values, for the mapping (chosen)",
    consumes: 'multipart',
    body: Form26qUploadFields,
    response: Form26qHeaders,
  }),
  reconcile26q: defineRoute({
    method: 'PUT',
    path: '/34a/reconcile-26q/:financialYear/:quarter',
    access: RECON_26Q,
    summary:
      'Reconcile a 26Q file (multipart mappingDefinition, sectionMappingDefinition, files) against the books',
    params: YearQuarterParams,
    consumes: 'multipart',
    body: Form26qUploadFields,
    response: Form26qResult,
  }),
  form26qFiles: defineRoute({
    method: 'GET',
    path: '/34a/reconciled-26q-files',
    access: RECON_26Q,
    summary: 'Reconciled 26Q files of the entity, newest first (chosen)',
    query: z.object({ financialYear: z.string().max(20).optional(), quarter: z.string().max(5).optional() }),
    response: z.array(Form26qFile),
  }),
  form26qResult: defineRoute({
    method: 'GET',
    path: '/34a/reconciled-26q/:id',
    access: RECON_26Q,
    summary: 'One reconciled 26Q with its lines (chosen)',
    params: z.object({ id: z.string().uuid() }),
    response: Form26qResult,
  }),
  form26qDownload: defineRoute({
    method: 'GET',
    path: '/34a/:hash/:financialYear/:quarter/:fileName',
    access: RECON_26Q,
    summary: 'Download a reconciled 26Q (xlsx); hash is the reconciliation id',
    params: z.object({
      hash: z.string().uuid(),
      financialYear: z.string().max(20),
      quarter: z.string().max(5),
      fileName: z.string().max(300),
    }),
    produces: 'binary',
    response: z.unknown(),
  }),
} as const;
