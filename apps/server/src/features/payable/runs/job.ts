import {
  type CustomRule,
  computePayable,
  type LedgerEntry,
  type PayableInput,
  type PayableResult,
} from '@taxrecon/engine';
import { type FinancialYear, isFinancialYear, numericOfPaise } from '@taxrecon/shared';
import type pg from 'pg';
import { z } from 'zod';
import type { AppContext } from '../../../platform/context.ts';
import { withTransaction } from '../../../platform/db/transaction.ts';
import { defineTask, type TaskContext, type TaskOutcome } from '../../../platform/queue/task.ts';
import { applyAdjustments, loadEntryAdjustments } from '../../payable-adjustments/store.ts';
import { copyRow } from '../../reconciliation/matching/copy-text.ts';
import { loadExpenseSections } from '../inputs/expense-sections.ts';
import { listExpenseFiles, readExpenseFiles } from '../inputs/ledger-files.ts';
import { loadRuleSets } from '../inputs/rule-sets.ts';
import { loadSectionTypes } from '../inputs/section-types.ts';
import { loadVendorSections } from '../inputs/vendor-sections.ts';
import { loadPayableVendors } from '../inputs/vendors.ts';
import { keepAllocations, restoreAllocations } from './allocation-carry.ts';
import { deleteUnverifiedEntries, verifiedMonths } from './entries-delete.ts';
import { ENTRY_COLUMNS, entryCopyLines, utf8Chunks } from './entry-copy.ts';
import { releasePayableLock } from './locks.ts';
import { monthEnd, monthsOfYear } from './months.ts';
import { sectionParts } from './section-parts.ts';

export const PAYABLE_JOB_TYPE_NAME = '34A Reconciliation';

export const PayableJobInput = z.object({
  entityId: z.string().uuid(),
  financialYear: z.string().refine(isFinancialYear, 'a financial year like 2024-25'),
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
  // header -> target field
  mapping: z.record(z.string(), z.string()),
  customRules: z.array(
    z.object({ glCode: z.string(), section: z.string(), vendorCode: z.string(), forceApplyTds: z.boolean() }),
  ),
  vendors: z.array(z.string()),
  login: z.string(),
  userId: z.string().nullable(),
});
export type PayableJobInput = z.infer<typeof PayableJobInput>;

// a run recomputes from its inputs and writes in the transaction that completes
// it, so a run interrupted by restarts (the demo's, killed with its server) may
// simply run again
const RETRIES = 3;

export const upsertPayableRun = async (
  db: Pick<pg.Pool, 'query'>,
  jobId: string,
  input: PayableJobInput,
  status: 'Queued' | 'Running',
) => {
  await db.query(
    `INSERT INTO payable_runs (job_id, entity_id, financial_year, month, mapping, custom_rules, vendors,
       interest_as_of, status, created_by, created_by_login)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT (job_id) DO UPDATE SET status = CASE WHEN $9 = 'Running' THEN 'Running' ELSE payable_runs.status END`,
    [
      jobId,
      input.entityId,
      input.financialYear,
      input.month,
      JSON.stringify(input.mapping),
      JSON.stringify(input.customRules),
      input.vendors,
      monthEnd(input.month),
      status,
      input.userId,
      input.login,
    ],
  );
};

// Everything the engine needs for an entity's year up to a month, read from
// the database and the file store. Shared by the job and the parity test.
export const loadPayableInput = async (
  ctx: AppContext,
  input: Pick<
    PayableJobInput,
    'entityId' | 'financialYear' | 'month' | 'mapping' | 'customRules' | 'vendors'
  >,
): Promise<{ payable: PayableInput; files: number }> => {
  const pool = ctx.database.pool;
  const list = await listExpenseFiles(pool, input.entityId, input.financialYear, input.month);
  const { entries: read } = await readExpenseFiles(ctx.files, list, input.mapping);
  // what adjustments against the challans set on ledger lines holds for every run
  const all = applyAdjustments(read, await loadEntryAdjustments(pool, input.entityId, input.financialYear));
  const chosen = new Set(input.vendors.map((v) => v.trim().toUpperCase()));
  const entries: LedgerEntry[] =
    chosen.size === 0 ? all : all.filter((e) => chosen.has((e.vendorCode ?? '').trim().toUpperCase()));
  const [vendors, vendorSections, expenseSections, sectionTypes, ruleSets] = await Promise.all([
    loadPayableVendors(pool, input.entityId),
    loadVendorSections(pool, input.entityId),
    loadExpenseSections(pool, input.entityId),
    loadSectionTypes(pool, input.entityId),
    loadRuleSets(pool, input.entityId),
  ]);
  return {
    files: list.length,
    payable: {
      financialYear: input.financialYear as FinancialYear,
      entries,
      vendors,
      vendorSections,
      expenseSections,
      sectionTypes,
      customRules: input.customRules as CustomRule[],
      ruleSets,
    },
  };
};

const MONTH_COLUMNS = [
  'job_id',
  'entity_id',
  'financial_year',
  'month',
  'section',
  'section_number',
  'sub_section',
  'deductee_type',
  'tan',
  'entries',
  'base',
  'due',
  'deducted',
  'shortfall',
  'interest',
  'errors',
] as const;

function* monthLines(
  result: PayableResult,
  scope: { entityId: string; financialYear: string; jobId: string },
  keep: (month: string) => boolean,
): Generator<string> {
  for (const m of result.months) {
    if (!keep(m.month)) continue;
    const s = sectionParts(m.section);
    yield copyRow([
      scope.jobId,
      scope.entityId,
      scope.financialYear,
      m.month,
      m.section,
      s.number,
      s.sub,
      m.deducteeType,
      m.tan,
      m.entries,
      numericOfPaise(m.base),
      numericOfPaise(m.due),
      numericOfPaise(m.deducted),
      numericOfPaise(m.shortfall),
      numericOfPaise(m.interest),
      m.errors,
    ]);
  }
}

// The latest completed run over all vendors of an entity-year: whose monthly
// rows the year's screens show (a run for chosen vendors is a view of its own).
export const latestRunSql = `SELECT job_id FROM payable_runs
  WHERE entity_id = $1 AND financial_year = $2 AND status = 'Completed' AND cardinality(vendors) = 0
  ORDER BY completed_at DESC, created_at DESC LIMIT 1`;

// Writes a run in one transaction with the job's Completed mark. A run over
// all vendors replaces the entity-year's entries and month states except the
// verified months, whose entries and monthly rows are carried over; a retry
// finds its own earlier writes replaced by the same statements.
export const writeRun = async (
  ctx: AppContext,
  jobId: string,
  input: PayableJobInput,
  result: PayableResult,
  entries: readonly LedgerEntry[],
  files: number,
  timings: Record<string, number>,
  complete: (client: pg.PoolClient) => Promise<void>,
) => {
  const { database } = ctx;
  const scope = { entityId: input.entityId, financialYear: input.financialYear, jobId };
  const whole = input.vendors.length === 0;
  await withTransaction(database.pool, async (client) => {
    await client.query('DELETE FROM payable_months WHERE job_id = $1', [jobId]);
    const verified = new Set(await verifiedMonths(client, input.entityId, input.financialYear));
    const open = (month: string | null) => month === null || !verified.has(month);
    if (whole) {
      const previous = (
        await client.query<{ job_id: string }>(latestRunSql, [input.entityId, input.financialYear])
      ).rows[0]?.job_id;
      let mark = performance.now();
      await keepAllocations(client, input.entityId, input.financialYear, [...verified]);
      await deleteUnverifiedEntries(client, input.entityId, input.financialYear, [...verified]);
      timings.writeDelete = Math.round(performance.now() - mark);
      mark = performance.now();
      await database.copyInto(
        client,
        'payable_entries',
        ENTRY_COLUMNS,
        // On the embedded database each chunk is a COPY of its own, so 4 MB; on
        // PostgreSQL a chunk waits for the last to be sent, and smaller ones
        // keep the server busy while the next is built.
        utf8Chunks(
          entryCopyLines(result, entries, scope, open),
          database.kind === 'pglite' ? 4 << 20 : 256 << 10,
        ),
      );
      timings.writeEntries = Math.round(performance.now() - mark);
      await restoreAllocations(client, input.entityId, input.financialYear, jobId);
      if (previous && verified.size > 0)
        await client.query(
          `INSERT INTO payable_months (${MONTH_COLUMNS.join(', ')})
           SELECT $1, entity_id, financial_year, month, section, section_number, sub_section, deductee_type, tan,
             entries, base, due, deducted, shortfall, interest, errors
           FROM payable_months WHERE job_id = $2 AND month = ANY($3::text[])`,
          [jobId, previous, [...verified]],
        );
      await database.copyInto(
        client,
        'payable_months',
        MONTH_COLUMNS,
        monthLines(result, scope, (m) => !verified.has(m)),
      );
      // April..M computed by this run; later months are no longer (their
      // entries were computed from a year that has changed).
      const months = monthsOfYear(input.financialYear as FinancialYear);
      for (const month of months) {
        if (verified.has(month)) continue;
        const computed = month <= input.month;
        await client.query(
          `INSERT INTO payable_month_states (entity_id, financial_year, month, computed, job_id, computed_at)
           VALUES ($1, $2, $3, $4, $5, CASE WHEN $4 THEN now() END)
           ON CONFLICT (entity_id, financial_year, month) DO UPDATE SET computed = $4,
             job_id = CASE WHEN $4 THEN $5::uuid END, computed_at = CASE WHEN $4 THEN now() END`,
          [input.entityId, input.financialYear, month, computed, computed ? jobId : null],
        );
      }
    } else {
      await database.copyInto(
        client,
        'payable_months',
        MONTH_COLUMNS,
        monthLines(result, scope, () => true),
      );
    }
    await client.query(
      `UPDATE payable_runs SET status = 'Completed', completed_at = clock_timestamp(), files = $2, entries = $3,
         vendor_count = $4, summary = $5, form3cd = $6, timings = $7
       WHERE job_id = $1`,
      [
        jobId,
        files,
        result.summary.totalEntries,
        result.summary.vendors,
        JSON.stringify(result.summary),
        JSON.stringify(result.form3cd),
        JSON.stringify(timings),
      ],
    );
    await client.query(
      "DELETE FROM payable_locks WHERE entity_id = $1 AND purpose = 'run' AND job_id IS NOT DISTINCT FROM $2::uuid",
      [input.entityId, jobId],
    );
    await complete(client);
  });
};

export const payableJob = async (ctx: AppContext, input: PayableJobInput, job: TaskContext) => {
  const started = performance.now();
  await upsertPayableRun(ctx.database.pool, job.jobId, input, 'Running');
  await job.progress(2);
  const { payable, files } = await loadPayableInput(ctx, input);
  const readMs = Math.round(performance.now() - started);
  await job.progress(30);
  // Interest on tax not deducted runs to the end of the run's month, so the
  // same month computed twice gives the same figures (docs/decisions.md).
  const result = computePayable(payable, { interestAsOf: monthEnd(input.month) });
  const computeMs = Math.round(performance.now() - started) - readMs;
  await job.progress(70);
  const s = result.summary;
  const remarks = `${s.totalEntries} entries of ${s.vendors} vendors from ${files} file(s) up to ${input.month}: ${s.byStatus.short} short, ${s.byStatus.notDeducted} not deducted, ${s.byStatus.excess} excess, ${s.errors} errors (${s.glUnmapped} GL unmapped, ${s.vendorMissing} vendor missing)`;
  let outcome: TaskOutcome = {};
  const writeStarted = performance.now();
  const timings: Record<string, number> = { read: readMs, compute: computeMs };
  await writeRun(ctx, job.jobId, input, result, payable.entries, files, timings, async (client) => {
    outcome = {
      remarks,
      transactionsCount: s.totalEntries,
      result: {
        financialYear: input.financialYear,
        month: input.month,
        entries: s.totalEntries,
        vendors: s.vendors,
        errors: s.errors,
        timings: { ...timings, write: Math.round(performance.now() - writeStarted) },
      },
    };
    await job.complete(client, outcome);
  });
  return outcome;
};

export const payableTask = (ctx: () => AppContext) =>
  defineTask({
    queue: 'payable-34a',
    jobType: PAYABLE_JOB_TYPE_NAME,
    input: PayableJobInput,
    retryLimit: RETRIES,
    retryDelaySeconds: 5,
    run: async (input, job) => payableJob(ctx(), input, job),
    onFailed: async (input, { jobId }) => {
      await ctx().database.pool.query("UPDATE payable_runs SET status = 'Failed' WHERE job_id = $1", [jobId]);
      await releasePayableLock(ctx().database.pool, input.entityId, 'run', jobId);
    },
  });
