import { PARTIAL_THROTTLED_MESSAGE } from '@taxrecon/contracts';
import { countOf, type Paise } from '@taxrecon/shared';
import { z } from 'zod';
import type { AppContext } from '../../../platform/context.ts';
import { withTransaction } from '../../../platform/db/transaction.ts';
import type { Caller } from '../../../platform/http/caller.ts';
import { badRequest } from '../../../platform/http/errors.ts';
import {
  defineTask,
  type TaskContext,
  type TaskDefinition,
  type TaskOutcome,
} from '../../../platform/queue/task.ts';
import { PARTY_COLUMNS, ROW_COLUMNS } from '../matching/result-codec.ts';
import { runInWorker } from '../matching/run-worker.ts';
import { readSourceData } from '../matching/source-read.ts';
import { runById } from '../reports/report-job.ts';
import { attachLock, releaseLock, takeLock } from '../runs/locks.ts';
import { type RunView, runOptions } from '../runs/runs.ts';
import { currentParty, lockParty, refreshJobTotals, writeParty } from './decisions.ts';

// Some parties of a finished job reconciled again, in the background and
// counted as the entity's one reconciliation at a time:
// - 'tolerance' (Tolerance Insights' partial reconciliation): from the
//   stored rows, with another totals tolerance and match mode;
// - 'sync' (sync a customer, re-run after editing sales entries): from the
//   entity's current data, with the job's options.

export const PartiesJobInput = z.object({
  entityId: z.string().uuid(),
  reconJobId: z.string().uuid(),
  mode: z.enum(['tolerance', 'sync']),
  keys: z.array(z.string()).min(1),
  // paise
  totalsTolerance: z.number().int().min(0).nullable(),
  matchMode: z.enum(['TaxOrSaleAmount', 'TaxAndSaleAmount', 'TaxOnly', 'SaleAmountOnly']).nullable(),
  // sales entries edited since the job: no longer to be reconciled once this is done
  editedSalesIds: z.array(z.string()).default([]),
});
export type PartiesJobInput = z.infer<typeof PartiesJobInput>;

const RETRIES = 1;

const ordinalsOf = async (ctx: AppContext, jobId: string, keys: readonly string[]) => {
  const rows = await ctx.db
    .selectFrom('recon_parties')
    .select(['party', 'party_key'])
    .where('job_id', '=', jobId)
    .where((eb) => eb.or([eb('party_key', 'in', keys), eb('tan', 'in', keys), eb('code', 'in', keys)]))
    .execute();
  return rows;
};

const withTolerance = async (ctx: AppContext, run: RunView, input: PartiesJobInput, job: TaskContext) => {
  const base = runOptions(run);
  const options = {
    ...base,
    ...(input.totalsTolerance !== null
      ? {
          toleranceForOverallTotal: input.totalsTolerance as Paise,
          toleranceForTransactionAmountTotal: input.totalsTolerance as Paise,
        }
      : {}),
    ...(input.matchMode ? { matchMode: input.matchMode } : {}),
  };
  const parties = await ordinalsOf(ctx, run.job_id, input.keys);
  let done = 0;
  for (const { party } of parties) {
    await withTransaction(ctx.database.pool, async (client) => {
      await lockParty(client, run.job_id, party);
      const { result } = await currentParty(ctx, client, run, party, options);
      const p = result.parties[0];
      if (p) await writeParty(ctx, client, run, party, p, options);
    });
    done++;
    await job.progress((done * 100) / parties.length);
  }
  return parties.length;
};

const fromCurrentData = async (ctx: AppContext, run: RunView, input: PartiesJobInput, job: TaskContext) => {
  const existing = await ordinalsOf(ctx, run.job_id, input.keys);
  const keys = [...new Set([...input.keys, ...existing.map((p) => p.party_key)])];
  const source = await readSourceData(ctx.database, {
    entityId: run.entity_id,
    kind: run.kind,
    financialYear: run.financial_year,
  });
  await job.progress(20);
  const max = await ctx.db
    .selectFrom('recon_parties')
    .select((eb) => eb.fn.max('party').as('max'))
    .where('job_id', '=', run.job_id)
    .executeTakeFirst();
  const options = runOptions(run);
  const out = await runInWorker(
    {
      scope: { jobId: run.job_id, entityId: run.entity_id, financialYear: run.financial_year },
      kind: run.kind,
      financialYear: run.financial_year as `${number}-${number}`,
      options,
      book: source.book,
      taxBook: source.taxBook,
      broughtForwardBook: source.broughtForwardBook,
      broughtForwardTaxBook: source.broughtForwardTaxBook,
      parties: source.parties,
      mappings: source.mappings,
      decisions: source.decisions,
      selected: keys,
      batches: 1,
      ordinals: Object.fromEntries(existing.map((p) => [p.party_key, p.party])),
      nextOrdinal: (max?.max ?? -1) + 1,
    },
    () => {},
  );
  await job.progress(70);
  await withTransaction(ctx.database.pool, async (client) => {
    const ordinals = existing.map((p) => p.party);
    await client.query('DELETE FROM recon_rows WHERE job_id = $1 AND party = ANY($2::int[])', [
      run.job_id,
      ordinals,
    ]);
    await client.query('DELETE FROM recon_parties WHERE job_id = $1 AND party = ANY($2::int[])', [
      run.job_id,
      ordinals,
    ]);
    await ctx.database.copyInto(client, 'recon_parties', PARTY_COLUMNS, out.partyChunks);
    await ctx.database.copyInto(client, 'recon_rows', ROW_COLUMNS, out.rowChunks);
    await client.query(
      'UPDATE recon_runs SET parties = (SELECT count(*) FROM recon_parties WHERE job_id = $1) WHERE job_id = $1',
      [run.job_id],
    );
    if (input.editedSalesIds.length > 0) {
      await client.query(
        'UPDATE sales_entries SET to_reconcile = false WHERE entity_id = $1 AND id = ANY($2::bigint[])',
        [run.entity_id, input.editedSalesIds],
      );
    }
    await refreshJobTotals(client, run.job_id);
    await client.query(
      'DELETE FROM recon_locks WHERE entity_id = $1 AND purpose = $2 AND job_id IS NOT DISTINCT FROM $3::uuid',
      [run.entity_id, 'recon', job.jobId],
    );
    await job.complete(client, outcomeOf(run, input, out.stats.parties));
  });
  return out.stats.parties;
};

const outcomeOf = (run: RunView, input: PartiesJobInput, parties: number): TaskOutcome => ({
  remarks: `${countOf(parties, run.kind === 'TDS' ? 'customer' : 'vendor')} of job ${run.job_id} reconciled again`,
  result: { reconJobId: run.job_id, parties, mode: input.mode },
});

// 'sync' commits its parties with the job's Completed mark; 'tolerance'
// recomputes each party from the stored rows, so running it twice gives the
// same result and the runner marks it Completed afterwards.
export const partiesTask = (ctx: () => AppContext) =>
  defineTask({
    queue: 'recon-parties',
    jobType: 'PartialReconciliation',
    input: PartiesJobInput,
    retryLimit: RETRIES,
    retryDelaySeconds: 5,
    run: async (input, job) => {
      const c = ctx();
      const run = await runById(c, input.reconJobId, input.entityId);
      if (input.mode === 'sync') {
        const n = await fromCurrentData(c, run, input, job);
        return outcomeOf(run, input, n);
      }
      const n = await withTolerance(c, run, input, job);
      await releaseLock(c.database.pool, input.entityId, 'recon', job.jobId);
      return outcomeOf(run, input, n);
    },
    onFailed: async (input, { jobId }) => {
      await releaseLock(ctx().database.pool, input.entityId, 'recon', jobId);
    },
  });

export const startPartiesJob = async (
  ctx: AppContext,
  task: TaskDefinition,
  caller: Caller,
  run: RunView,
  input: Omit<PartiesJobInput, 'entityId' | 'reconJobId'>,
): Promise<{ throttled: boolean; message: string; jobId: string | null }> => {
  if (run.status !== 'Completed')
    throw badRequest('The reconciliation has not finished yet.', 'JOB_NOT_COMPLETED');
  if (input.keys.length === 0) throw badRequest('Choose at least one customer.', 'NO_CUSTOMERS');
  const pool = ctx.database.pool;
  if (!(await takeLock(pool, run.entity_id, 'recon'))) {
    return { throttled: true, message: PARTIAL_THROTTLED_MESSAGE, jobId: null };
  }
  try {
    const job = await ctx.jobs.start(
      task,
      { ...input, entityId: run.entity_id, reconJobId: run.job_id },
      { tenantId: caller.tenantId, entityId: run.entity_id, userId: caller.userId, login: caller.login },
    );
    await attachLock(pool, run.entity_id, 'recon', job.id);
    return { throttled: false, message: `Job submitted successfully (Job Id: ${job.id})`, jobId: job.id };
  } catch (error) {
    await releaseLock(pool, run.entity_id, 'recon', null);
    throw error;
  }
};
