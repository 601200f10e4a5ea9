import { z } from 'zod';

export const JOB_STATUSES = ['NotStarted', 'InProgress', 'Completed', 'Failed'] as const;
export const JobStatus = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof JobStatus>;

// A Completed job whose outcome a person must look at: an upload that loaded
// no rows, a bulk e-mail that sent no mail. Kept apart from the status, which stays Completed or Failed as the
// spec has it; stored as `outcome` in the job's result (jobs.result jsonb).
export const JOB_OUTCOMES = ['NothingLoaded', 'NothingSent'] as const;
export const JobOutcome = z.enum(JOB_OUTCOMES);
export type JobOutcome = z.infer<typeof JobOutcome>;

export const Job = z.object({
  id: z.string(),
  jobType: z.string(),
  userId: z.string(),
  datetime: z.string(),
  enddatetime: z.string().nullable(),
  status: JobStatus,
  notify: z.boolean(),
  progress: z.number().int().min(0).max(100),
  remarks: z.string().nullable(),
  failureReason: z.string().nullable(),
  payload: z.string().nullable(),
  outcome: JobOutcome.nullable().default(null),
  // set once the job's results were deleted (Delete Data, or the job deleted
  // from its jobs screen): the row stays as a record, with no View
  resultsDeletedAt: z.string().nullable().default(null),
  resultsDeletedBy: z.string().nullable().default(null),
});
export type Job = z.infer<typeof Job>;

export const JobList = z.array(Job);

// What the per-user websocket topic carries.
export const NotificationMessage = z.object({
  msgType: z.enum(['info', 'success', 'warn', 'error']),
  msg: z.string(),
  detail: z.string(),
  jobId: z.string().optional(),
});
export type NotificationMessage = z.infer<typeof NotificationMessage>;

export const DataQualityJob = z.object({
  jobId: z.string(),
  jobType: z.string(),
  userId: z.string(),
  dateTime: z.string(),
  noOfInvalidEntries: z.number().int(),
  errorTypesToCounts: z.record(z.string(), z.number().int()),
  fieldErrorCounts: z.record(z.string(), z.number().int()),
});
export type DataQualityJob = z.infer<typeof DataQualityJob>;
