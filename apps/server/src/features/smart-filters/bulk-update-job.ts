import type { SmartBulkUpdateRequest } from '@taxrecon/contracts';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import type { Caller } from '../../platform/http/caller.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { jobSteps, recordJobStep } from '../../platform/queue/job-steps.ts';
import { defineTask, type TaskDefinition } from '../../platform/queue/task.ts';
import { decideOnRun } from '../reconciliation/discrepancies/decisions.ts';
import { runById } from '../reconciliation/reports/report-job.ts';
import { manualActionOf, rowId } from '../reconciliation/results/row-view.ts';
import type { RunView } from '../reconciliation/runs/runs.ts';

// Bulk Update of a smart filter (spec 2.7): for each chosen customer, its
// open sales entries get the sales action and its open 26AS entries the 26AS
// action, each recorded through decisions.ts exactly as a decision made on
// the discrepancy screen (so the next run applies it again). An entry that
// already has the action is left alone, so a retried job records nothing twice.
// Each customer's decision is recorded as a step of the job with its count of
// entries, so a run retried after a crash counts what the first run decided
// (it finds those entries decided and would otherwise report them as none).

const Action = z.enum(['Accept', 'Hold', 'FollowUp', 'Do Nothing']);

export const SmartBulkUpdateInput = z.object({
  entityId: z.string().uuid(),
  reconJobId: z.string().uuid(),
  userId: z.string(),
  login: z.string(),
  salesStatus: Action,
  taxbookStatus: Action,
  keys: z.array(z.string()).min(1),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type SmartBulkUpdateInput = z.infer<typeof SmartBulkUpdateInput>;

export const BULK_NOTE = 'Bulk update (smart filter)';

// Entries a bulk action may set: not matched by the engine, not split, not partly accepted.
const OPEN = new Set([null, 'Hold', 'FollowUp', 'Pending', 'Accept']);

const openRowIds = async (
  ctx: AppContext,
  run: RunView,
  party: number,
  side: 'B' | 'T',
  action: string,
  from: string | null,
  to: string | null,
) => {
  let q = ctx.db
    .selectFrom('recon_rows')
    .select(['ord', 'action', 'match_no'])
    .where('job_id', '=', run.job_id)
    .where('party', '=', party)
    .where('side', '=', side);
  // compared as days, not as instants: a timestamp at UTC midnight left the
  // last day out on a database session west of UTC
  if (from) q = q.where('txn_date', '>=', sql<Date>`${from}::date`);
  if (to) q = q.where('txn_date', '<=', sql<Date>`${to}::date`);
  const rows = await q.orderBy('ord').execute();
  return rows
    .filter((r) => {
      const current = manualActionOf(r);
      return OPEN.has(current as 'Hold') && current !== action;
    })
    .map((r) => rowId(party, side, r.ord));
};

export const smartBulkUpdateTask = (ctx: () => AppContext) =>
  defineTask({
    queue: 'smart-bulk-update',
    jobType: 'SmartFilterBulkUpdate',
    input: SmartBulkUpdateInput,
    retryLimit: 2,
    retryDelaySeconds: 5,
    run: async (input, job) => {
      const c = ctx();
      const run = await runById(c, input.reconJobId, input.entityId);
      const parties = await c.db
        .selectFrom('recon_parties')
        .select(['party', 'party_key'])
        .where('job_id', '=', run.job_id)
        .where('party_key', 'in', input.keys)
        .orderBy('party')
        .execute();
      const decider = { userId: input.userId, login: input.login };
      // step `decided:<party>:<side>:<entries>`, written once its decision committed
      const earlier = new Map<string, number>();
      for (const step of await jobSteps(c.db, job.jobId)) {
        const m = /^decided:(\d+):([BT]):(\d+)$/.exec(step);
        if (m) earlier.set(`${m[1]}:${m[2]}`, Number(m[3]));
      }
      let entries = 0;
      let decisions = 0;
      const errors: string[] = [];
      let done = 0;
      for (const { party, party_key } of parties) {
        for (const [side, action] of [
          ['B', input.salesStatus],
          ['T', input.taxbookStatus],
        ] as const) {
          if (action === 'Do Nothing') continue;
          const before = earlier.get(`${party}:${side}`);
          if (before !== undefined) {
            entries += before;
            decisions++;
            continue;
          }
          const ids = await openRowIds(c, run, party, side, action, input.from, input.to);
          if (ids.length === 0) continue;
          try {
            await decideOnRun(c, run, decider, {
              jobId: run.job_id,
              actionType: action,
              notes: BULK_NOTE,
              salesPurchaseBookDiscrepancyIds: side === 'B' ? ids : [],
              taxBookDiscrepancyIds: side === 'T' ? ids : [],
            });
            await recordJobStep(c.db, job.jobId, `decided:${party}:${side}:${ids.length}`);
            entries += ids.length;
            decisions++;
          } catch (error) {
            // a refusal for one customer (say, a split entry) does not stop the others
            if (!(error instanceof HttpError) || error.status >= 500) throw error;
            errors.push(`${party_key}: ${error.message}`);
          }
        }
        done++;
        await job.progress((done * 100) / parties.length);
      }
      const outcome = {
        remarks: `${entries} entries of ${parties.length} customer(s) updated${errors.length ? `; ${errors.length} refused` : ''}`,
        result: { reconJobId: run.job_id, customers: parties.length, entries, decisions, errors },
        transactionsCount: entries,
      };
      await withTransaction(c.database.pool, async (client) => job.complete(client, outcome));
      return outcome;
    },
  });

export const startSmartBulkUpdate = async (
  ctx: AppContext,
  task: TaskDefinition,
  caller: Caller,
  run: RunView,
  body: SmartBulkUpdateRequest,
) => {
  const job = await ctx.jobs.start(
    task,
    {
      entityId: run.entity_id,
      reconJobId: run.job_id,
      userId: caller.userId,
      login: caller.login,
      salesStatus: body.salesStatus,
      taxbookStatus: body.taxbookStatus,
      keys: [...new Set(body.entityIds)],
      from: body.transactionStartDate ?? null,
      to: body.transactionEndDate ?? null,
    },
    { tenantId: caller.tenantId, entityId: run.entity_id, userId: caller.userId, login: caller.login },
  );
  return { message: `Bulk update submitted (Job Id: ${job.id})`, jobId: job.id };
};
