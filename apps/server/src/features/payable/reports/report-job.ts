import path from 'node:path';
import { PAYABLE_REPORT_JOB_TYPES, PAYABLE_REPORTS_SUBMITTED_MESSAGE } from '@taxrecon/contracts';
import type { FinancialYear } from '@taxrecon/shared';
import { z } from 'zod';
import type { AppContext } from '../../../platform/context.ts';
import { type Caller, entityOf } from '../../../platform/http/caller.ts';
import { notFound } from '../../../platform/http/errors.ts';
import type { JobOwner } from '../../../platform/queue/job-runner.ts';
import { goneIfReportDeleted } from '../../../platform/queue/results-deleted.ts';
import { defineTask, type TaskDefinition } from '../../../platform/queue/task.ts';
import { latestRunId } from '../results/latest.ts';

import { type PayableReportType, reportSheets } from './report-kinds.ts';
import { writeWorkbook } from './workbook.ts';

// TDS payable reports generated in the background (spec part 3, "Reports"):
// an xlsx in the file store under reports/payable/, listed under TDS Payable
// Reports (or Error Reports) and downloaded from there.

export const PAYABLE_REPORT_JOB_TYPE = 'TDSPayableReport';

const REPORT_TYPES = Object.values(PAYABLE_REPORT_JOB_TYPES) as [PayableReportType, ...PayableReportType[]];

export const PayableReportInput = z.object({
  reportId: z.string().uuid(),
  entityId: z.string().uuid(),
  type: z.enum(REPORT_TYPES),
  financialYear: z.string(),
  month: z.string().nullable(),
});

export const payableReportPath = (entityId: string, reportId: string) =>
  path.posix.join('reports', 'payable', entityId, `${reportId}.xlsx`);

export const payableReportTask = (ctx: () => AppContext) =>
  defineTask({
    queue: 'payable-report',
    jobType: PAYABLE_REPORT_JOB_TYPE,
    input: PayableReportInput,
    retryLimit: 1,
    retryDelaySeconds: 5,
    run: async (input, job) => {
      const c = ctx();
      const entity = await c.db
        .selectFrom('legal_entities')
        .select('name')
        .where('id', '=', input.entityId)
        .executeTakeFirst();
      const key = payableReportPath(input.entityId, input.reportId);
      await job.progress(5);
      // the workbook is rewritten whole by a retry; the report row and the job's mark commit together
      const size = await writeWorkbook(
        c.files,
        key,
        await reportSheets(c, input.type, {
          entityId: input.entityId,
          financialYear: input.financialYear as FinancialYear,
          month: input.month,
          entityName: entity?.name ?? '',
        }),
      );
      await c.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('payable_reports')
          .set({ status: 'Completed', storage_path: key, size_bytes: size, completed_at: new Date() })
          .where('id', '=', input.reportId)
          .execute();
        await job.complete(trx, {
          remarks: `Report ready (${Math.max(1, Math.round(size / 1024))} KB)`,
          result: { reportId: input.reportId, sizeBytes: size },
        });
      });
      return {};
    },
    onFailed: async (input, { reason }) => {
      await ctx()
        .db.updateTable('payable_reports')
        .set({ status: 'Failed', failure_reason: reason })
        .where('id', '=', input.reportId)
        .execute();
    },
  });

export const startPayableReport = (
  ctx: AppContext,
  task: TaskDefinition,
  caller: Caller,
  type: PayableReportType,
  financialYear: FinancialYear,
  month: string | null,
  fileName: string | undefined,
) =>
  requestPayableReport(
    ctx,
    task,
    { tenantId: caller.tenantId, entityId: entityOf(caller), userId: caller.userId, login: caller.login },
    { type, financialYear, month, fileName },
  );

// A report of the entity's latest 34A result, recorded and queued for its owner.
export const requestPayableReport = async (
  ctx: AppContext,
  task: TaskDefinition,
  owner: JobOwner & { entityId: string },
  request: { type: PayableReportType; financialYear: FinancialYear; month: string | null; fileName?: string },
) => {
  const { entityId } = owner;
  const { type, financialYear, month, fileName } = request;
  // refused now rather than failing in the background: there must be a result to report on
  await latestRunId(ctx, entityId, financialYear);
  const name = (fileName?.trim() || `${type}_${month ?? financialYear}`).replace(/\.xlsx$/i, '');
  const report = await ctx.db
    .insertInto('payable_reports')
    .values({
      entity_id: entityId,
      report_type: type,
      error_report: type === PAYABLE_REPORT_JOB_TYPES.monthlyErrors,
      financial_year: financialYear,
      month,
      file_name: `${name}.xlsx`,
      created_by: owner.userId,
      created_by_login: owner.login,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const job = await ctx.jobs.start(
    task,
    { reportId: report.id, entityId, type, financialYear, month },
    owner,
  );
  await ctx.db.updateTable('payable_reports').set({ job_id: job.id }).where('id', '=', report.id).execute();
  return { message: PAYABLE_REPORTS_SUBMITTED_MESSAGE, reportId: report.id };
};

export const listPayableReports = async (ctx: AppContext, caller: Caller, errors: boolean) => {
  const rows = await ctx.db
    .selectFrom('payable_reports')
    .selectAll()
    .where('entity_id', '=', entityOf(caller))
    .where('error_report', '=', errors)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    jobType: r.report_type,
    userId: r.created_by_login,
    datetime: r.created_at.toISOString(),
    enddatetime: r.completed_at?.toISOString() ?? null,
    status: r.status,
    payload: { fileName: r.file_name },
    errorMsg: r.failure_reason,
  }));
};

export const findPayableReport = async (ctx: AppContext, caller: Caller, id: string, errors: boolean) => {
  const r = await ctx.db
    .selectFrom('payable_reports')
    .select(['storage_path', 'file_name', 'status'])
    .where('id', '=', id)
    .where('entity_id', '=', entityOf(caller))
    .where('error_report', '=', errors)
    .executeTakeFirst();
  if (!r) {
    // its row went with Delete Data: 410 with when and by whom (session 39)
    await goneIfReportDeleted(ctx.db, caller, id, {
      jobType: PAYABLE_REPORT_JOB_TYPE,
      key: 'reportId',
      type: { equals: errors, value: PAYABLE_REPORT_JOB_TYPES.monthlyErrors },
    });
    throw notFound('Report not found');
  }
  if (r.status !== 'Completed' || !r.storage_path) throw notFound('The report is not ready yet.');
  return { key: r.storage_path, fileName: r.file_name };
};
