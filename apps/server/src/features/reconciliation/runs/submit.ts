import {
  JOB_THROTTLED_MESSAGE,
  type ReconKind,
  type SubmitAnswer,
  type SubmitQuery,
} from '@taxrecon/contracts';
import { type FinancialYear, financialYearLabel } from '@taxrecon/shared';
import type { z } from 'zod';
import type { AppContext } from '../../../platform/context.ts';
import { type Caller, entityOf } from '../../../platform/http/caller.ts';
import type { TaskDefinition } from '../../../platform/queue/task.ts';
import { transactionCounts } from '../results/counts.ts';
import { type ReconJobInput, upsertRun } from './job.ts';
import { attachLock, releaseLock, takeLock } from './locks.ts';

// Submitting a TDS or TCS reconciliation (spec 2.1, 2.2, 4 and 8): refused
// when there is nothing to reconcile (the screen disables Start then), and
// throttled while another reconciliation of the entity is queued or running.
export const submitReconciliation = async (
  ctx: AppContext,
  task: TaskDefinition,
  caller: Caller,
  kind: ReconKind,
  fy: FinancialYear,
  query: z.output<typeof SubmitQuery>,
  customers: string[],
): Promise<SubmitAnswer> => {
  const entityId = entityOf(caller);
  const selected =
    customers.length === 0 || customers.includes('All') ? null : [...new Set(customers)].sort();
  const counts = await transactionCounts(ctx, entityId, kind, fy, selected ?? []);
  if (counts.total === 0) {
    return {
      jobId: null,
      throttled: false,
      error: true,
      message: `There are no transactions to reconcile for ${financialYearLabel(fy)}.`,
    };
  }
  const pool = ctx.database.pool;
  if (!(await takeLock(pool, entityId, 'recon'))) {
    return { jobId: null, throttled: true, error: false, message: JOB_THROTTLED_MESSAGE };
  }
  try {
    const input: ReconJobInput = {
      entityId,
      kind,
      financialYear: fy,
      matchMode: query.reconMatchMode ?? 'TaxOrSaleAmount',
      tolerance: query.tolerance ?? 0,
      toleranceTotal: query.toleranceForOverallTotal ?? 0,
      toleranceAmountTotal: query.toleranceForTransactionAmountTotal ?? 0,
      selected,
      notes: query.notes ?? null,
      emailReportTo: query.emailReportTo ?? null,
      login: caller.login,
      userId: caller.userId,
    };
    const job = await ctx.jobs.start(task, input, {
      tenantId: caller.tenantId,
      entityId,
      userId: caller.userId,
      login: caller.login,
    });
    await attachLock(pool, entityId, 'recon', job.id);
    await upsertRun(ctx, job.id, input, 'Queued');
    return {
      jobId: job.id,
      throttled: false,
      error: false,
      message: `Job submitted successfully (Job Id: ${job.id})`,
    };
  } catch (error) {
    await releaseLock(pool, entityId, 'recon', null);
    throw error;
  }
};
