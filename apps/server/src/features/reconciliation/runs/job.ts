import { RECON_JOB_TYPE_LABELS, RECON_JOB_TYPES } from '@taxrecon/contracts';
import {
  countOf,
  financialYearLabel,
  formatInr,
  isFinancialYear,
  numericOfPaise,
  type Paise,
  rupeesNumber,
} from '@taxrecon/shared';
import type pg from 'pg';
import { z } from 'zod';
import type { AppContext } from '../../../platform/context.ts';
import { withTransaction } from '../../../platform/db/transaction.ts';
import { defineTask, type TaskContext, type TaskOutcome } from '../../../platform/queue/task.ts';
import { recordArrivedCredits } from '../../follow-ups/credit-arrived.ts';
import { PARTY_COLUMNS, ROW_COLUMNS, UNRESOLVED_COLUMNS } from '../matching/result-codec.ts';
import { type StreamedMatching, startStreamedMatching } from '../matching/run-worker.ts';
import { streamSourceData } from '../matching/source-read.ts';
import type { OutputBatch, StreamedSummary } from '../matching/streamed-compute.ts';
import { releaseLock } from './locks.ts';

export const ReconJobInput = z.object({
  entityId: z.string().uuid(),
  kind: z.enum(['TDS', 'TCS']),
  financialYear: z.string().refine(isFinancialYear, 'a financial year like 2024-25'),
  matchMode: z.enum(['TaxOrSaleAmount', 'TaxAndSaleAmount', 'TaxOnly', 'SaleAmountOnly']),
  // paise
  tolerance: z.number().int().min(0),
  toleranceTotal: z.number().int().min(0),
  toleranceAmountTotal: z.number().int().min(0),
  selected: z.array(z.string()).nullable(),
  notes: z.string().nullable(),
  emailReportTo: z.string().nullable(),
  login: z.string(),
  userId: z.string().nullable(),
});
export type ReconJobInput = z.infer<typeof ReconJobInput>;

const RETRIES = 1;
// Parties are matched in about this many batches; each finished batch moves the progress bar.
const BATCHES = 20;

// remarks and e-mails are read by people: rupee sign and lakh grouping
const rupees = (p: number) => formatInr(p);

// The run row exists before the job starts (the submit writes it); a job
// picked up before that, or retried, writes it itself.
export const upsertRun = async (
  ctx: AppContext,
  jobId: string,
  input: ReconJobInput,
  status: 'Queued' | 'Running',
) => {
  await ctx.database.pool.query(
    `INSERT INTO recon_runs (job_id, entity_id, kind, financial_year, match_mode, tolerance, tolerance_total,
       tolerance_amount_total, selected_parties, notes, email_report_to, status, created_by, created_by_login)
     VALUES ($1, $2, $3, $4, $5, $6::numeric, $7::numeric, $8::numeric, $9, $10, $11, $12, $13, $14)
     ON CONFLICT (job_id) DO UPDATE SET status = CASE WHEN $12 = 'Running' THEN 'Running' ELSE recon_runs.status END,
       batch_finished = CASE WHEN $12 = 'Running' THEN 0 ELSE recon_runs.batch_finished END`,
    [
      jobId,
      input.entityId,
      input.kind,
      input.financialYear,
      input.matchMode,
      numericOfPaise(input.tolerance),
      numericOfPaise(input.toleranceTotal),
      numericOfPaise(input.toleranceAmountTotal),
      input.selected,
      input.notes,
      input.emailReportTo,
      status,
      input.userId,
      input.login,
    ],
  );
};

// Writes a job's result in one transaction: COPY of parties, rows and rows
// not considered, a batch of parties at a time as the matching worker encodes
// them (the next batch is encoded while this one is written), then the run's
// figures. A retry first removes what an earlier attempt may have left.
const writeResult = async (
  ctx: AppContext,
  jobId: string,
  input: ReconJobInput,
  computed: StreamedSummary,
  matching: StreamedMatching,
  onBatch: (batch: OutputBatch) => Promise<void>,
  extra: {
    previousJobId: string | null;
    billsWithoutTcs: number;
    timings: Record<string, number>;
    // last inside the transaction: the job marks itself Completed with the result
    beforeCommit: (
      client: pg.PoolClient,
      timings: Record<string, number>,
      out: StreamedSummary,
    ) => Promise<void>;
  },
) => {
  const { database } = ctx;
  return await withTransaction(database.pool, async (client) => {
    for (const table of ['recon_rows', 'recon_parties', 'recon_unresolved']) {
      await client.query(`DELETE FROM ${table} WHERE job_id = $1`, [jobId]);
    }
    const started = performance.now();
    let pending = matching.next();
    let out = computed;
    for (;;) {
      const batch = await pending;
      // a computation that matches as it writes knows its figures only at the end
      if (batch.summary) out = batch.summary;
      if (!batch.last) {
        pending = matching.next();
        pending.catch(() => {}); // awaited on the next turn; a failure meanwhile is not unhandled
      }
      if (batch.partyChunks.length)
        await database.copyInto(client, 'recon_parties', PARTY_COLUMNS, batch.partyChunks);
      if (batch.rowChunks.length) await database.copyInto(client, 'recon_rows', ROW_COLUMNS, batch.rowChunks);
      if (batch.unresolvedChunks.length)
        await database.copyInto(client, 'recon_unresolved', UNRESOLVED_COLUMNS, batch.unresolvedChunks);
      await onBatch(batch);
      if (batch.last) break;
    }
    const timings = { ...extra.timings, ...out.timings, write: Math.round(performance.now() - started) };
    const s = out.stats;
    await client.query(
      `UPDATE recon_runs SET status = 'Completed', completed_at = clock_timestamp(), book_rows = $2, tax_book_rows = $3,
         brought_forward_book_rows = $4, brought_forward_tax_book_rows = $5, parties = $6, unresolved_rows = $7,
         previous_job_id = $8, options = $9, warnings = $10, decision_errors = $11, decisions_applied = $12,
         timings = $13, left_out_rows = $14
       WHERE job_id = $1`,
      [
        jobId,
        s.bookRows,
        s.taxBookRows,
        s.broughtForwardBookRows,
        s.broughtForwardTaxBookRows,
        s.parties,
        s.unresolved,
        extra.previousJobId,
        JSON.stringify(out.options),
        JSON.stringify(out.warnings),
        JSON.stringify(out.decisionErrors),
        out.applied,
        JSON.stringify(timings),
        extra.billsWithoutTcs,
      ],
    );
    // A whole year reconciled: edited sales entries need no more reconciling.
    if (input.kind === 'TDS' && input.selected === null) {
      await client.query(
        'UPDATE sales_entries SET to_reconcile = false WHERE entity_id = $1 AND financial_year = $2 AND to_reconcile',
        [input.entityId, input.financialYear],
      );
    }
    await client.query(
      'DELETE FROM recon_locks WHERE entity_id = $1 AND purpose = $2 AND job_id IS NOT DISTINCT FROM $3::uuid',
      [input.entityId, 'recon', jobId],
    );
    await extra.beforeCommit(client, timings, out);
    return out;
  });
};

const remarksOf = (kind: 'TDS' | 'TCS', out: StreamedSummary, billsWithoutTcs: number): string => {
  const c = out.stats.categories;
  const party = kind === 'TDS' ? 'customer' : 'vendor';
  const book = kind === 'TDS' ? 'sales book' : 'purchase book';
  return [
    `${countOf(out.stats.parties, party)}: ${c.fullMatches} compliant, ${c.partialMatches} mismatched, ${c.missingFromSales} missing from the ${book}, ${c.missingFromTaxBook} missing from 26AS`,
    `tax claimable ${rupees(out.stats.claimableTax)}`,
    out.stats.unresolved ? `${out.stats.unresolved} rows not considered` : '',
    // source-rows.ts BEARS_TCS: nothing of theirs is in Part VI
    billsWithoutTcs ? `${countOf(billsWithoutTcs, 'bill')} without TCS left out` : '',
    out.applied ? `${out.applied} decision(s) applied` : '',
    out.decisionErrors.length ? `${out.decisionErrors.length} decision(s) no longer fit the data` : '',
  ]
    .filter(Boolean)
    .join('; ');
};

export const reconcileJob = async (ctx: AppContext, input: ReconJobInput, job: TaskContext) => {
  const { jobId } = job;
  const started = performance.now();
  await upsertRun(ctx, jobId, input, 'Running');
  await job.progress(2);

  // Progress from the worker is written one update at a time, never piling up.
  let pending: Promise<void> = Promise.resolve();
  let latest: { finished: number; total: number } | null = null;
  const flush = async () => {
    const p = latest;
    latest = null;
    if (!p) return;
    await ctx.database.pool.query(
      'UPDATE recon_runs SET batch_finished = $2, batch_total = $3 WHERE job_id = $1',
      [jobId, p.finished, p.total],
    );
    await job.progress(10 + (p.total ? (60 * p.finished) / p.total : 0));
  };
  // The rows go to the matching worker batch by batch as they are read.
  let matching: StreamedMatching | null = null;
  try {
    const source = await streamSourceData(ctx.database, input, (meta) => {
      const m = startStreamedMatching(
        {
          scope: { jobId, entityId: input.entityId, financialYear: input.financialYear },
          kind: input.kind,
          financialYear: input.financialYear as `${number}-${number}`,
          options: {
            matchMode: input.matchMode,
            tolerance: input.tolerance as Paise,
            toleranceForOverallTotal: input.toleranceTotal as Paise,
            toleranceForTransactionAmountTotal: input.toleranceAmountTotal as Paise,
          },
          parties: meta.parties,
          mappings: meta.mappings,
          decisions: meta.decisions,
          selected: input.selected,
          batches: BATCHES,
        },
        (finished, total) => {
          latest = { finished, total };
          pending = pending.then(flush);
        },
      );
      matching = m;
      return m.input;
    });
    const readMs = Math.round(performance.now() - started);
    await job.progress(10);
    const computeStarted = performance.now();
    const running = matching as StreamedMatching | null;
    if (!running) throw new Error('the matching worker did not start');
    const out = await running.compute();
    await pending;
    const computeMs = Math.round(performance.now() - computeStarted);
    await job.progress(70);
    return await finishJob(ctx, input, job, started, running, out, source, {
      read: readMs,
      worker: computeMs,
    });
  } finally {
    await (matching as StreamedMatching | null)?.close();
  }
};

const finishJob = async (
  ctx: AppContext,
  input: ReconJobInput,
  job: TaskContext,
  started: number,
  matching: StreamedMatching,
  out: StreamedSummary,
  source: { previousJobId: string | null; billsWithoutTcs: number },
  phases: Record<string, number>,
) => {
  const { jobId } = job;
  const { previousJobId, billsWithoutTcs } = source;
  let remarks = '';
  let outcome: TaskOutcome = {};
  // The result rows, the run's figures and the job's Completed mark commit
  // together, so a retry after a crash finds the job done and stops.
  // On PostgreSQL the write moves the progress from 70 to 99, a batch of
  // parties at a time (another connection, seen at once). The embedded
  // database has one connection, held by the write's transaction.
  const onBatch = async (batch: OutputBatch) => {
    if (ctx.database.kind === 'postgres')
      await job.progress(70 + (batch.total ? (29 * batch.done) / batch.total : 29));
  };
  await writeResult(ctx, jobId, input, out, matching, onBatch, {
    previousJobId,
    billsWithoutTcs,
    timings: phases,
    beforeCommit: async (client, timings, out) => {
      const s = out.stats;
      const transactions =
        s.bookRows + s.taxBookRows + s.broughtForwardBookRows + s.broughtForwardTaxBookRows;
      remarks = remarksOf(input.kind, out, billsWithoutTcs);
      const total = Math.round(performance.now() - started);
      outcome = {
        remarks,
        transactionsCount: transactions,
        result: {
          kind: input.kind,
          financialYear: input.financialYear,
          // read by the sign-in page's all-totals: claimable tax matched, rupees
          reconciledRupees: rupeesNumber(s.claimableTax),
          customers: s.parties,
          categories: s.categories,
          bookRows: s.bookRows,
          taxBookRows: s.taxBookRows,
          broughtForwardRows: s.broughtForwardBookRows + s.broughtForwardTaxBookRows,
          previousJobId,
          unresolvedRows: s.unresolved,
          billsWithoutTcs,
          decisionsApplied: out.applied,
          decisionErrors: out.decisionErrors.length,
          timings: { ...timings, total },
        },
      };
      await recordArrivedCredits(client, jobId); // follow-up threads learn what 26AS credit arrived
      await job.complete(client, outcome);
    },
  });
  if (input.emailReportTo) {
    const route = input.kind === 'TDS' ? 'tds-job' : 'tcs-job';
    await ctx.sendMail({
      to: input.emailReportTo,
      subject: `TaxRecon: ${RECON_JOB_TYPE_LABELS[input.kind]} for ${financialYearLabel(input.financialYear as `${number}-${number}`)} completed`,
      text: `${remarks}.\n\n${input.notes ? `Notes: ${input.notes}\n\n` : ''}The result: ${ctx.config.publicUrl}/#/${route}?jobId=${jobId}\n`,
    });
  }
  return outcome;
};

export const reconciliationTask = (ctx: () => AppContext, kind: 'TDS' | 'TCS') =>
  defineTask({
    queue: kind === 'TDS' ? 'recon-tds' : 'recon-tcs',
    jobType: RECON_JOB_TYPES[kind],
    input: ReconJobInput,
    retryLimit: RETRIES,
    retryDelaySeconds: 5,
    run: async (input, job) => reconcileJob(ctx(), input, job),
    // after the last try the run shows Failed and the entity may reconcile again
    onFailed: async (input, { jobId }) => {
      await ctx().database.pool.query("UPDATE recon_runs SET status = 'Failed' WHERE job_id = $1", [jobId]);
      await releaseLock(ctx().database.pool, input.entityId, 'recon', jobId);
    },
  });
