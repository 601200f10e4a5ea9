import { z } from 'zod';
import { defineRoute, needs } from '../route.ts';
import { PayableGroupParams, PayableSubsectionQuery } from './payable.ts';

// Adjustments step 2 (spec part 3: "TDS payable entries adjustment", the
// adjustment job, PUT /34a/adjust/...; issue 12): the workbook e-mailed in
// step 1, adjusted and uploaded back, applied by a background job that
// recomputes the line. Paths the spec does not give are marked "(chosen)".

const PAYABLE = needs('RECON_TDS_PAYABLE');

export const PAYABLE_ADJUSTMENT_JOB_TYPE = 'TDSPayableAdjustment';
export const PAYABLE_ADJUSTMENT_MAX_BYTES = 20_000_000;

// The columns of the step-1 workbook a person may change; the others are
// worked out by the 34A engine again (Base, Vendor code and PAN come from the
// ledger and the vendor master and are corrected there).
export const ADJUSTABLE_COLUMNS = ['Section', 'Rate %', 'TDS deducted', 'Document date'] as const;
export const ADJUSTMENT_KEY_COLUMNS = ['File', 'Line', 'Document'] as const;
export const ADJUSTMENT_FIXED_COLUMNS = ['Vendor code', 'PAN', 'Base'] as const;

export const ADJUSTMENT_MESSAGES = {
  submitted: 'Job Submitted - The adjusted entries will be applied and the line computed again.',
  noChanges: 'The file changes nothing: no entry has a new section, rate, TDS deducted or document date.',
  noRun: 'There is no completed TDS payable (34A) reconciliation of this year to adjust.',
  busy: 'A 34A reconciliation or another adjustment of this entity is running; try again when it has finished.',
  noJobs: 'No adjustment jobs yet',
} as const;

export const AdjustmentUploadAnswer = z.object({
  message: z.string(),
  jobId: z.string().nullable(),
  adjustmentId: z.string(),
  rowsChanged: z.number().int(),
});
export type AdjustmentUploadAnswer = z.infer<typeof AdjustmentUploadAnswer>;

// The spec's adjustment job: payload (monthYear, section, deducteeType,
// fileName) and job (id, startDateTimeString, endDateTimeString, status).
export const AdjustmentJob = z.object({
  payload: z.object({
    monthYear: z.string(),
    section: z.string(),
    subsection: z.string(),
    deducteeType: z.string(),
    fileName: z.string(),
  }),
  job: z.object({
    // the adjustment's id: its original and errors downloads use it
    id: z.string(),
    jobId: z.string().nullable(),
    startDateTimeString: z.string(),
    endDateTimeString: z.string().nullable(),
    // names.ts writes it in words
    status: z.enum(['NotStarted', 'InProgress', 'Completed', 'Failed']),
  }),
  userId: z.string(),
  rowsChanged: z.number().int(),
  errorCount: z.number().int(),
  reason: z.string().nullable(),
  hasErrorsFile: z.boolean(),
});
export type AdjustmentJob = z.infer<typeof AdjustmentJob>;

const IdParam = z.object({ id: z.string().uuid() });
const binary = { produces: 'binary' as const, response: z.unknown() };

export const payableAdjustmentRoutes = {
  uploadAdjustedEntries: defineRoute({
    method: 'PUT',
    path: '/34a/adjust/:monthYear/:section/:deducteeType',
    access: PAYABLE,
    summary:
      "Adjustments step 2: upload the line's adjusted entries (xlsx, multipart `files`); applied by a background job",
    params: PayableGroupParams,
    query: PayableSubsectionQuery,
    consumes: 'multipart',
    response: AdjustmentUploadAnswer,
  }),
  adjustmentJobs: defineRoute({
    method: 'GET',
    path: '/34a/adjust-jobs/:monthYear/:section/:deducteeType',
    access: PAYABLE,
    summary: "The line's adjustment jobs, newest first (chosen)",
    params: PayableGroupParams,
    query: PayableSubsectionQuery,
    response: z.array(AdjustmentJob),
  }),
  adjustedFileOriginal: defineRoute({
    method: 'GET',
    path: '/34a/adjusted-file-original/:id',
    access: PAYABLE,
    summary: 'The adjusted workbook as it was uploaded',
    params: IdParam,
    ...binary,
  }),
  adjustedFileErrors: defineRoute({
    method: 'GET',
    path: '/34a/adjusted-file-errors/:id',
    access: PAYABLE,
    summary: 'The wrong rows of a failed adjustment with what is wrong (row, column, expected) as xlsx',
    params: IdParam,
    ...binary,
  }),
};
