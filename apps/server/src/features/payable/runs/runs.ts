import { PAYABLE_JOB_TYPE, PAYABLE_JOBS_DELETED_MESSAGE, type PayableJobListItem } from '@taxrecon/contracts';
import type { FinancialYear } from '@taxrecon/shared';
import type { AppContext } from '../../../platform/context.ts';
import { withTransaction } from '../../../platform/db/transaction.ts';
import { type Caller, entityOf } from '../../../platform/http/caller.ts';
import { badRequest, notFound } from '../../../platform/http/errors.ts';
import { goneIfResultsDeleted, markResultsDeletedPg } from '../../../platform/queue/results-deleted.ts';
import { deleteUnverifiedEntries, verifiedMonths } from './entries-delete.ts';

// A 34A run as the screens see it: the run row joined to its job, always
// looked up inside the caller's entity and tenant (another entity's run is a 404).

export const runQuery = (ctx: AppContext) =>
  ctx.db
    .selectFrom('payable_runs as r')
    .innerJoin('jobs as j', 'j.id', 'r.job_id')
    .select([
      'r.job_id',
      'r.entity_id',
      'r.financial_year',
      'r.month',
      'r.vendors',
      'r.status',
      'r.entries',
      'r.vendor_count',
      'r.files',
      'r.summary',
      'r.form3cd',
      'r.created_by_login',
      'r.created_at',
      'r.completed_at',
      'j.tenant_id',
      'j.failure_reason',
    ]);

export type PayableRunView = Awaited<ReturnType<ReturnType<typeof runQuery>['executeTakeFirstOrThrow']>>;

export const PAYABLE_JOB_NOT_FOUND = '34A reconciliation job not found';

export const findPayableRun = async (
  ctx: AppContext,
  caller: Caller,
  jobId: string,
): Promise<PayableRunView> => {
  const run = await runQuery(ctx)
    .where('r.job_id', '=', jobId)
    .where('r.entity_id', '=', entityOf(caller))
    .where('j.tenant_id', '=', caller.tenantId)
    .executeTakeFirst();
  if (!run) {
    // a job whose run was deleted says so (410) rather than "not found"
    await goneIfResultsDeleted(ctx.db, caller, jobId);
    throw notFound(PAYABLE_JOB_NOT_FOUND);
  }
  return run;
};

const listStatus = (s: PayableRunView['status']): PayableJobListItem['status'] =>
  s === 'Running' ? 'InProgress' : s;

export const payableJobTree = async (ctx: AppContext, caller: Caller) => {
  const runs = await runQuery(ctx)
    .where('r.entity_id', '=', entityOf(caller))
    .where('j.tenant_id', '=', caller.tenantId)
    .orderBy('r.financial_year', 'desc')
    .orderBy('r.created_at', 'desc')
    .execute();
  const years = new Map<string, PayableRunView[]>();
  for (const run of runs) years.set(run.financial_year, [...(years.get(run.financial_year) ?? []), run]);
  return [...years].map(([financialYear, list]) => {
    // "the view action of a year uses the first finished job of that year": the newest one listed
    const finished = list.find((r) => r.status === 'Completed');
    const start = Number(financialYear.slice(0, 4));
    return {
      financialYear,
      label: `${start}-${start + 1}`,
      hasCompleted: finished !== undefined,
      firstCompletedJobId: finished?.job_id ?? null,
      jobs: list.map(
        (r): PayableJobListItem => ({
          jobId: r.job_id,
          jobType: PAYABLE_JOB_TYPE,
          financialYear: r.financial_year,
          month: r.month,
          status: listStatus(r.status),
          noOfTransactions: r.entries,
          noOfCustomers: r.vendor_count,
          vendors: r.vendors,
          datetime: r.created_at.toISOString(),
          enddatetime: r.completed_at?.toISOString() ?? null,
          userId: r.created_by_login,
          failureReason: r.failure_reason,
        }),
      ),
    };
  });
};

// Deleting runs: a run's monthly rows go with it. When the runs deleted
// include the one whose entries are the year's latest, those entries go too
// (except verified months', which stay locked) and the unverified months are
// no longer computed. A queued or running job is not deleted.
const deleteRuns = async (ctx: AppContext, entityId: string, fy: string, jobIds: string[], login: string) => {
  return await withTransaction(ctx.database.pool, async (client) => {
    const live = await client.query(
      "SELECT 1 FROM payable_runs WHERE job_id = ANY($1::uuid[]) AND status IN ('Queued', 'Running')",
      [jobIds],
    );
    if ((live.rowCount ?? 0) > 0)
      throw badRequest(
        'A 34A job of this year is still running; delete it once it has finished.',
        'JOB_RUNNING',
      );
    const current = await client.query(
      'SELECT 1 FROM payable_entries WHERE entity_id = $1 AND financial_year = $2 AND job_id = ANY($3::uuid[]) LIMIT 1',
      [entityId, fy, jobIds],
    );
    const latest = await client.query(
      `SELECT job_id FROM payable_month_states WHERE entity_id = $1 AND financial_year = $2 AND computed
         AND NOT verified AND job_id = ANY($3::uuid[]) LIMIT 1`,
      [entityId, fy, jobIds],
    );
    if ((current.rowCount ?? 0) > 0 || (latest.rowCount ?? 0) > 0) {
      await deleteUnverifiedEntries(client, entityId, fy, await verifiedMonths(client, entityId, fy));
      await client.query(
        `UPDATE payable_month_states SET computed = false, job_id = NULL, computed_at = NULL
         WHERE entity_id = $1 AND financial_year = $2 AND NOT verified`,
        [entityId, fy],
      );
    }
    // the jobs stay on the jobs page, marked "results deleted"; the monthly rows go with their run
    await markResultsDeletedPg(client, jobIds, login);
    const deleted = await client.query('DELETE FROM payable_runs WHERE job_id = ANY($1::uuid[])', [jobIds]);
    return deleted.rowCount ?? 0;
  });
};

export const deletePayableJob = async (ctx: AppContext, caller: Caller, jobId: string) => {
  const run = await findPayableRun(ctx, caller, jobId);
  const deletedJobs = await deleteRuns(ctx, run.entity_id, run.financial_year, [jobId], caller.login);
  return { message: PAYABLE_JOBS_DELETED_MESSAGE, deletedJobs };
};

export const deletePayableYear = async (ctx: AppContext, caller: Caller, fy: FinancialYear) => {
  const entityId = entityOf(caller);
  const runs = await runQuery(ctx)
    .where('r.entity_id', '=', entityId)
    .where('j.tenant_id', '=', caller.tenantId)
    .where('r.financial_year', '=', fy)
    .execute();
  if (runs.length === 0) throw notFound(`There are no 34A jobs for ${fy}.`);
  const deletedJobs = await deleteRuns(
    ctx,
    entityId,
    fy,
    runs.map((r) => r.job_id),
    caller.login,
  );
  return { message: PAYABLE_JOBS_DELETED_MESSAGE, deletedJobs };
};
