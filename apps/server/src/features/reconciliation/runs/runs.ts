import type { JobParams, ReconJobListItem, ReconKind } from '@taxrecon/contracts';
import { RECON_JOB_TYPE_LABELS } from '@taxrecon/contracts';
import type { ResolvedOptions } from '@taxrecon/engine';
import { type FinancialYear, financialYearRange, rupeesOfNumeric } from '@taxrecon/shared';
import type { AppContext } from '../../../platform/context.ts';
import { type Caller, entityOf } from '../../../platform/http/caller.ts';
import { badRequest, notFound } from '../../../platform/http/errors.ts';
import { goneIfResultsDeleted } from '../../../platform/queue/results-deleted.ts';

// A reconciliation job as its screens see it: the run row joined to the
// job record, always looked up inside the caller's current entity and
// tenant, so another entity's job is a 404.

export const runQuery = (ctx: AppContext) =>
  ctx.db
    .selectFrom('recon_runs as r')
    .innerJoin('jobs as j', 'j.id', 'r.job_id')
    .select([
      'r.job_id',
      'r.entity_id',
      'r.kind',
      'r.financial_year',
      'r.match_mode',
      'r.tolerance',
      'r.tolerance_total',
      'r.tolerance_amount_total',
      'r.selected_parties',
      'r.notes',
      'r.status',
      'r.batch_total',
      'r.batch_finished',
      'r.book_rows',
      'r.tax_book_rows',
      'r.brought_forward_book_rows',
      'r.brought_forward_tax_book_rows',
      'r.parties',
      'r.unresolved_rows',
      'r.left_out_rows',
      'r.options',
      'r.warnings',
      'r.decision_errors',
      'r.created_by_login',
      'r.created_at',
      'r.completed_at',
      'r.version',
      'j.tenant_id',
      'j.failure_reason',
      'j.progress',
    ]);

export type RunView = Awaited<ReturnType<ReturnType<typeof runQuery>['executeTakeFirstOrThrow']>>;

export const JOB_NOT_FOUND = 'Reconciliation job not found';

export const findRun = async (
  ctx: AppContext,
  caller: Caller,
  jobId: string,
  kind?: ReconKind,
): Promise<RunView> => {
  const entityId = entityOf(caller);
  let q = runQuery(ctx)
    .where('r.job_id', '=', jobId)
    .where('r.entity_id', '=', entityId)
    .where('j.tenant_id', '=', caller.tenantId);
  if (kind) q = q.where('r.kind', '=', kind);
  const run = await q.executeTakeFirst();
  if (!run) {
    // a job whose results were deleted says so (410), session 39
    await goneIfResultsDeleted(ctx.db, caller, jobId);
    throw notFound(JOB_NOT_FOUND);
  }
  return run;
};

export const completedRun = async (
  ctx: AppContext,
  caller: Caller,
  jobId: string,
  kind?: ReconKind,
): Promise<RunView> => {
  const run = await findRun(ctx, caller, jobId, kind);
  if (run.status !== 'Completed') {
    throw badRequest('The reconciliation has not finished yet.', 'JOB_NOT_COMPLETED');
  }
  return run;
};

export const runOptions = (run: Pick<RunView, 'options'>): ResolvedOptions => {
  if (!run.options) throw badRequest('The reconciliation has not finished yet.', 'JOB_NOT_COMPLETED');
  return run.options as ResolvedOptions;
};

export const listStatus = (status: RunView['status']): ReconJobListItem['status'] =>
  status === 'Completed' ? 'Success' : status === 'Running' ? 'InProgress' : status;

export const transactionsOf = (run: RunView): number =>
  run.book_rows + run.tax_book_rows + run.brought_forward_book_rows + run.brought_forward_tax_book_rows;

export const listItem = (run: RunView): ReconJobListItem => ({
  jobId: run.job_id,
  jobType: RECON_JOB_TYPE_LABELS[run.kind],
  kind: run.kind,
  financialYear: run.financial_year,
  status: listStatus(run.status),
  noOfTransactions: transactionsOf(run),
  noOfCustomers: run.parties,
  reconciliationTolerancePerCustomer: rupeesOfNumeric(run.tolerance),
  reconciliationToleranceForTotalsPerCustomer: rupeesOfNumeric(run.tolerance_total),
  reconciliationToleranceOnTransactionAmountForTotalsPerCustomer: rupeesOfNumeric(run.tolerance_amount_total),
  reconciliationFieldTypes: run.match_mode,
  datetime: run.created_at.toISOString(),
  enddatetime: run.completed_at ? run.completed_at.toISOString() : null,
  userId: run.created_by_login,
  reference: run.notes,
  selectedCustomers: run.selected_parties,
  batched: run.batch_total > 0,
  batchFinished: run.batch_finished,
  batchTotal: run.batch_total,
  failureReason: run.failure_reason,
});

// The day after the year ends: the screen shows the range with the end date minus one day.
const dayAfter = (iso: string): string => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

export const jobParams = (run: RunView): JobParams => {
  const range = financialYearRange(run.financial_year as FinancialYear);
  const item = listItem(run);
  return {
    jobId: run.job_id,
    jobType: item.jobType,
    kind: run.kind,
    financialYear: run.financial_year,
    startDate: range.from,
    endDate: dayAfter(range.to),
    status: item.status,
    transactionsCount: item.noOfTransactions,
    reconciliationTolerancePerCustomer: item.reconciliationTolerancePerCustomer,
    reconciliationToleranceForTotalsPerCustomer: item.reconciliationToleranceForTotalsPerCustomer,
    reconciliationToleranceOnTransactionAmountForTotalsPerCustomer:
      item.reconciliationToleranceOnTransactionAmountForTotalsPerCustomer,
    reconMatchPreferences: run.match_mode,
    notes: run.notes,
    userId: run.created_by_login,
    datetime: item.datetime,
    failureReason: run.failure_reason,
  };
};
