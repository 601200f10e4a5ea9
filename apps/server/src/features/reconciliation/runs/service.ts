import { JOBS_DELETED_MESSAGE, type ReconKind } from '@taxrecon/contracts';
import type { AppContext } from '../../../platform/context.ts';
import { type Caller, entityOf } from '../../../platform/http/caller.ts';
import { badRequest } from '../../../platform/http/errors.ts';
import { findParty } from '../discrepancies/discrepancies.ts';
import { startPartiesJob } from '../discrepancies/parties-job.ts';
import type { ReconciliationTasks } from '../tasks.ts';
import { deletePartyOfRun, deleteRuns, partyKeysOfSales, salesToReconcile, yearRuns } from './repo.ts';
import { type RunView, runQuery } from './runs.ts';

// Rules about whole runs: deleting a year's runs, removing one party from a
// run's output, and re-reconciling the parties of edited sales entries.

export const deleteYearRuns = async (ctx: AppContext, run: RunView, kind: ReconKind) => {
  const runs = await yearRuns(ctx, run.entity_id, kind, run.financial_year);
  if (runs.some((r) => r.status === 'Queued' || r.status === 'Running')) {
    throw badRequest(
      'A reconciliation of this year is still running; delete it once it has finished.',
      'JOB_RUNNING',
    );
  }
  const ids = runs.map((r) => r.job_id);
  await deleteRuns(ctx, ids);
  return { message: JOBS_DELETED_MESSAGE, deletedJobs: ids.length };
};

export const removePartyFromRun = async (ctx: AppContext, run: RunView, customer: string) => {
  const party = await findParty(ctx, run, customer);
  await deletePartyOfRun(ctx, run.job_id, party.party);
  return { message: `${party.name} was removed from the output` };
};

// The year's latest completed TDS run that reconciled the edited entries.
// Not simply the latest: a run of chosen customers made after the year's
// full run holds only those, and taking it cleared the edits of everyone
// else unreconciled, saying no earlier job existed (session 39).
const runHoldingSales = async (
  ctx: AppContext,
  caller: Caller,
  year: string,
  salesIds: string[],
): Promise<{ run: RunView | null; keys: string[] }> => {
  const runs = await runQuery(ctx)
    .where('r.entity_id', '=', entityOf(caller))
    .where('j.tenant_id', '=', caller.tenantId)
    .where('r.kind', '=', 'TDS')
    .where('r.financial_year', '=', year)
    .where('r.status', '=', 'Completed')
    .orderBy('r.completed_at', 'desc')
    .execute();
  for (const run of runs) {
    const keys = await partyKeysOfSales(ctx, run.job_id, salesIds);
    if (keys.length > 0) return { run, keys };
  }
  return { run: null, keys: [] };
};

export const reconcileChangedSales = async (
  ctx: AppContext,
  tasks: ReconciliationTasks,
  caller: Caller,
  entityId: string,
) => {
  const edited = await salesToReconcile(ctx, entityId);
  if (edited.length === 0) {
    return { status: 'notsubmitted' as const, message: 'No sales entries were changed.', jobIds: [] };
  }
  const jobIds: string[] = [];
  const messages: string[] = [];
  for (const year of [...new Set(edited.map((e) => e.financial_year))].sort()) {
    const ids = edited.filter((e) => e.financial_year === year).map((e) => String(e.id));
    const { run, keys } = await runHoldingSales(ctx, caller, year, ids);
    if (!run || keys.length === 0) {
      // Spec part 2 section 7: notsubmitted clears the entries too; with no
      // earlier job to re-run, the next full reconciliation of the year takes them in.
      await ctx.db
        .updateTable('sales_entries')
        .set({ to_reconcile: false })
        .where('entity_id', '=', entityId)
        .where('id', 'in', ids)
        .execute();
      continue;
    }
    const started = await startPartiesJob(ctx, tasks.parties, caller, run, {
      mode: 'sync',
      keys,
      totalsTolerance: null,
      matchMode: null,
      editedSalesIds: ids,
    });
    if (started.jobId) jobIds.push(started.jobId);
    else messages.push(started.message);
  }
  if (jobIds.length === 0) {
    return {
      status: 'notsubmitted' as const,
      message: messages[0] ?? 'No previous reconciliation job exists for the updated entries.',
      jobIds,
    };
  }
  return { status: 'submitted' as const, message: 'Reconciliation job submitted successfully', jobIds };
};
