import { JOBS_DELETED_MESSAGE, type ReconKind } from '@taxrecon/contracts';
import type { AppContext } from '../../../platform/context.ts';
import type { Caller } from '../../../platform/http/caller.ts';
import { badRequest, nullIfNotFound } from '../../../platform/http/errors.ts';
import { findParty, latestRun } from '../discrepancies/discrepancies.ts';
import { startPartiesJob } from '../discrepancies/parties-job.ts';
import type { ReconciliationTasks } from '../tasks.ts';
import { deletePartyOfRun, deleteRuns, partyKeysOfSales, salesToReconcile, yearRuns } from './repo.ts';
import type { RunView } from './runs.ts';

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
    const run = await latestRun(ctx, caller, 'TDS', year).catch(nullIfNotFound);
    const keys = run ? await partyKeysOfSales(ctx, run.job_id, ids) : [];
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
