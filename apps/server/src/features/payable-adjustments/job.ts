import { PAYABLE_ADJUSTMENT_JOB_TYPE } from '@taxrecon/contracts';
import { computePayable } from '@taxrecon/engine';
import { isFinancialYear } from '@taxrecon/shared';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { defineTask, type TaskContext, type TaskOutcome } from '../../platform/queue/task.ts';
import { refreshMonthVerified } from '../challans/verify.ts';
import { loadPayableInput, type PayableJobInput, upsertPayableRun, writeRun } from '../payable/runs/job.ts';
import { releasePayableLock } from '../payable/runs/locks.ts';
import { monthEnd, monthLabel } from '../payable/runs/months.ts';
import { applyAdjustments, findAdjustment, saveEntryAdjustments } from './store.ts';

// The job of an adjustment: the 34A computation of the year again, over the
// ledger with the adjusted values on their lines, written like a 34A run (it
// becomes the year's latest result, so the explore screen, the summaries and
// the reports show the change). The adjusted values, the recomputed result,
// the adjustment's Completed mark and the job's are one transaction: a retry
// after a crash either finds nothing written and does it all, or finds the
// job finished and is not run; the values are absolute, never increments.

export const AdjustmentJobInput = z.object({
  adjustmentId: z.string().uuid(),
  entityId: z.string().uuid(),
  // the run it recomputes from: the year's latest complete 34A run's inputs
  run: z.object({
    financialYear: z.string().refine(isFinancialYear, 'a financial year like 2024-25'),
    month: z.string(),
    mapping: z.record(z.string(), z.string()),
    customRules: z.array(
      z.object({
        glCode: z.string(),
        section: z.string(),
        vendorCode: z.string(),
        forceApplyTds: z.boolean(),
      }),
    ),
  }),
  login: z.string(),
  userId: z.string().nullable(),
});
export type AdjustmentJobInput = z.infer<typeof AdjustmentJobInput>;

export const runInputOf = (input: AdjustmentJobInput): PayableJobInput => ({
  entityId: input.entityId,
  financialYear: input.run.financialYear,
  month: input.run.month,
  mapping: input.run.mapping,
  customRules: input.run.customRules,
  vendors: [],
  login: input.login,
  userId: input.userId,
});

const adjustmentJob = async (ctx: AppContext, input: AdjustmentJobInput, job: TaskContext) => {
  const pool = ctx.database.pool;
  const adjustment = await findAdjustment(pool, input.entityId, input.adjustmentId);
  if (!adjustment) throw new Error(`Adjustment ${input.adjustmentId} no longer exists.`);
  const runInput = runInputOf(input);
  await upsertPayableRun(pool, job.jobId, runInput, 'Running');
  await job.progress(5);
  // the stored adjustments of the year are on the entries already; this file's go on top
  const { payable, files } = await loadPayableInput(ctx, runInput);
  const entries = applyAdjustments(payable.entries, adjustment.changes);
  await job.progress(35);
  const result = computePayable({ ...payable, entries }, { interestAsOf: monthEnd(runInput.month) });
  await job.progress(70);
  const n = adjustment.changes.length;
  const remarks = `${n} ${n === 1 ? 'entry' : 'entries'} of ${adjustment.file_name} adjusted; ${result.summary.totalEntries} entries of the year computed again up to ${monthLabel(runInput.month)}`;
  let outcome: TaskOutcome = {};
  await writeRun(ctx, job.jobId, runInput, result, entries, files, {}, async (client) => {
    // The upload refused a verified month; one verified since (its challans
    // completed meanwhile) has locked results the run has just kept as they
    // were, so the adjustment would be recorded but not applied.
    const touched = [
      adjustment.month,
      ...adjustment.changes.flatMap((c) => (c.documentDate ? [c.documentDate.slice(0, 7)] : [])),
    ];
    const locked = await client.query<{ month: string }>(
      `SELECT month FROM payable_month_states
       WHERE entity_id = $1 AND financial_year = $2 AND verified AND month = ANY($3::text[]) ORDER BY month`,
      [input.entityId, adjustment.financial_year, touched],
    );
    if (locked.rows[0])
      throw new Error(
        `${monthLabel(locked.rows[0].month)} was verified after ${adjustment.file_name} was uploaded: its results are locked, so nothing was adjusted.`,
      );
    await saveEntryAdjustments(
      client,
      input.entityId,
      adjustment.financial_year,
      adjustment.id,
      adjustment.changes,
    );
    await client.query(
      `UPDATE payable_adjustments SET status = 'Completed', completed_at = clock_timestamp(), rows_changed = $2
       WHERE id = $1`,
      [adjustment.id, adjustment.changes.length],
    );
    // the line's deducted tax has changed: whether its challans cover the month follows
    await refreshMonthVerified(client, input.entityId, adjustment.month);
    outcome = {
      remarks,
      transactionsCount: adjustment.changes.length,
      result: { adjustmentId: adjustment.id, changed: adjustment.changes.length },
    };
    await job.complete(client, outcome);
  });
  return outcome;
};

export const adjustmentTask = (ctx: () => AppContext) =>
  defineTask({
    queue: 'payable-adjustment',
    jobType: PAYABLE_ADJUSTMENT_JOB_TYPE,
    input: AdjustmentJobInput,
    retryLimit: 3,
    retryDelaySeconds: 5,
    run: async (input, job) => adjustmentJob(ctx(), input, job),
    onFailed: async (input, { jobId, reason }) => {
      const pool = ctx().database.pool;
      await pool.query(
        `UPDATE payable_adjustments SET status = 'Failed', completed_at = now(), failure_reason = $2
         WHERE id = $1 AND status = 'Queued'`,
        [input.adjustmentId, reason],
      );
      await pool.query("UPDATE payable_runs SET status = 'Failed' WHERE job_id = $1", [jobId]);
      await releasePayableLock(pool, input.entityId, 'run', jobId);
    },
  });
