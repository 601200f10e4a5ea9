import path from 'node:path';
import {
  REPORT_SUBMITTED_DETAIL,
  REPORT_SUBMITTED_MESSAGE,
  REPORT_THROTTLED_MESSAGE,
  ReportScope,
} from '@taxrecon/contracts';
import { z } from 'zod';
import type { AppContext } from '../../../platform/context.ts';
import type { Caller } from '../../../platform/http/caller.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { defineTask, type TaskDefinition } from '../../../platform/queue/task.ts';
import { attachLock, releaseLock, takeLock } from '../runs/locks.ts';
import { type RunView, runQuery } from '../runs/runs.ts';
import { reportEntries, zipToStore } from './report-files.ts';

// Reports generated in the background (spec 4: above 2000 transactions, one
// at a time per entity), kept in the file store under reports/ and listed under
// Reports > Reconciliation Reports.

export const ReportJobInput = z.object({
  reportId: z.string().uuid(),
  entityId: z.string().uuid(),
  reconJobId: z.string().uuid(),
  scope: ReportScope,
});

const RETRIES = 1;

export const RECON_REPORT_JOB_TYPE = 'ReconciliationReport';

export const reportPath = (reportId: string, entityId: string) =>
  path.posix.join('reports', entityId, `${reportId}.zip`);

export const runById = async (ctx: AppContext, jobId: string, entityId: string): Promise<RunView> => {
  const run = await runQuery(ctx)
    .where('r.job_id', '=', jobId)
    .where('r.entity_id', '=', entityId)
    .executeTakeFirst();
  if (!run) throw notFound('Reconciliation job not found');
  return run;
};

export const reportTask = (ctx: () => AppContext) =>
  defineTask({
    queue: 'recon-report',
    jobType: RECON_REPORT_JOB_TYPE,
    input: ReportJobInput,
    retryLimit: RETRIES,
    retryDelaySeconds: 5,
    run: async (input, job) => {
      const c = ctx();
      const run = await runById(c, input.reconJobId, input.entityId);
      await job.progress(5);
      const relative = reportPath(input.reportId, input.entityId);
      // the zip is rewritten whole by a retry; the report row, the lock and the job's mark commit together
      const size = await zipToStore(await reportEntries(c, run, input.scope), c.files, relative);
      await c.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('recon_reports')
          .set({ status: 'Completed', storage_path: relative, size_bytes: size, completed_at: new Date() })
          .where('id', '=', input.reportId)
          .execute();
        await trx
          .deleteFrom('recon_locks')
          .where('entity_id', '=', input.entityId)
          .where('purpose', '=', 'report')
          .where('job_id', '=', job.jobId)
          .execute();
        await job.complete(trx, {
          remarks: `Report ready (${Math.round(size / 1024)} KB)`,
          result: { reportId: input.reportId, sizeBytes: size },
        });
      });
      return {};
    },
    onFailed: async (input, { jobId, reason }) => {
      const c = ctx();
      await c.db
        .updateTable('recon_reports')
        .set({ status: 'Failed', failure_reason: reason })
        .where('id', '=', input.reportId)
        .execute();
      await releaseLock(c.database.pool, input.entityId, 'report', jobId);
    },
  });

export const startReport = async (
  ctx: AppContext,
  task: TaskDefinition,
  caller: Caller,
  run: RunView,
  scope: ReportScope,
  fileName: string | undefined,
  reportType: string,
) => {
  const pool = ctx.database.pool;
  if (!(await takeLock(pool, run.entity_id, 'report'))) {
    return { throttled: true, message: REPORT_THROTTLED_MESSAGE, jobId: null };
  }
  try {
    const name = (fileName?.trim() || `${run.job_id}`).replace(/\.zip$/i, '');
    const report = await ctx.db
      .insertInto('recon_reports')
      .values({
        entity_id: run.entity_id,
        recon_job_id: run.job_id,
        kind: run.kind,
        financial_year: run.financial_year,
        report_type: reportType,
        file_name: `${name}.zip`,
        created_by: caller.userId,
        created_by_login: caller.login,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const job = await ctx.jobs.start(
      task,
      { reportId: report.id, entityId: run.entity_id, reconJobId: run.job_id, scope },
      { tenantId: caller.tenantId, entityId: run.entity_id, userId: caller.userId, login: caller.login },
    );
    await attachLock(pool, run.entity_id, 'report', job.id);
    await ctx.db.updateTable('recon_reports').set({ job_id: job.id }).where('id', '=', report.id).execute();
    return {
      throttled: false,
      message: `${REPORT_SUBMITTED_MESSAGE}. ${REPORT_SUBMITTED_DETAIL}`,
      jobId: job.id,
    };
  } catch (error) {
    await releaseLock(pool, run.entity_id, 'report', null);
    throw error;
  }
};
