import { JobOutcome, type Job as JobView, type NotificationMessage } from '@taxrecon/contracts';
import { jobTypeName } from '@taxrecon/shared';
import type { Selectable } from 'kysely';
import type { JobsTable } from '../db/schema.ts';

// A job row as the jobs screens and the finished-job notification show it.

export const toJobView = (row: Selectable<JobsTable>): JobView => ({
  id: row.id,
  jobType: row.job_type,
  userId: row.user_login ?? 'system',
  datetime: row.created_at.toISOString(),
  enddatetime: row.ended_at ? row.ended_at.toISOString() : null,
  status: row.status,
  notify: row.notify,
  progress: row.progress,
  remarks: row.remarks,
  failureReason: row.failure_reason,
  payload: row.result === null ? null : JSON.stringify(row.result),
  outcome: outcomeOf(row.result),
  resultsDeletedAt: row.results_deleted_at ? row.results_deleted_at.toISOString() : null,
  resultsDeletedBy: row.results_deleted_by_login,
});

const outcomeOf = (result: unknown): JobOutcome | null => {
  if (!result || typeof result !== 'object' || !('outcome' in result)) return null;
  const parsed = JobOutcome.safeParse(result.outcome);
  return parsed.success ? parsed.data : null;
};

export const finishedMessage = (row: Selectable<JobsTable>): NotificationMessage =>
  row.status === 'Completed' && outcomeOf(row.result) === 'NothingLoaded'
    ? {
        msgType: 'warn',
        msg: `${jobTypeName(row.job_type)}: nothing loaded`,
        detail: row.remarks ?? `Job ${row.id} loaded no rows.`,
        jobId: row.id,
      }
    : row.status === 'Completed' && outcomeOf(row.result) === 'NothingSent'
      ? {
          msgType: 'warn',
          msg: `${jobTypeName(row.job_type)}: nothing sent`,
          detail: row.remarks ?? `Job ${row.id} sent no e-mail.`,
          jobId: row.id,
        }
      : row.status === 'Completed'
        ? {
            msgType: 'success',
            msg: `${jobTypeName(row.job_type)} job completed`,
            detail: row.remarks ?? `Job ${row.id} finished.`,
            jobId: row.id,
          }
        : {
            msgType: 'error',
            msg: `${jobTypeName(row.job_type)} job failed`,
            detail: row.failure_reason ?? `Job ${row.id} failed.`,
            jobId: row.id,
          };
