import { type Kysely, sql, type Updateable } from 'kysely';
import type pg from 'pg';
import type { DB, JobsTable } from '../db/schema.ts';
import type { JobTransaction, TaskOutcome } from './task.ts';

// The reason given to a job cut short by a restart (and noted on its result
// when a later run completes it).
export const INTERRUPTED = 'interrupted by a restart';

// How a job's success is written: the row's values, and the mark made inside
// the task's own transaction so its writes and its "done" commit together.

export const withNote = (outcome: TaskOutcome, interrupted: boolean): TaskOutcome =>
  interrupted
    ? {
        ...outcome,
        remarks: [outcome.remarks, `run again after being ${INTERRUPTED}`].filter(Boolean).join('; '),
      }
    : outcome;

export const completedValues = (outcome: TaskOutcome): Updateable<JobsTable> => ({
  status: 'Completed',
  progress: 100,
  ended_at: new Date(),
  failure_reason: null,
  remarks: outcome.remarks ?? null,
  result: outcome.result === undefined ? null : JSON.stringify(outcome.result),
  ...(outcome.transactionsCount === undefined ? {} : { transactions_count: outcome.transactionsCount }),
});

// The "done" mark written in the task's transaction. Only an unfinished job
// is marked: if another run committed first, this UPDATE (which waits for
// that run's row lock on PostgreSQL) finds it Completed and throws, and the
// task's transaction is rolled back with its writes. The end time is the
// clock's, not now(): now() is when the transaction began, which for a job
// that writes its result in it would leave the writing out of its duration.
export const markCompleted = async (tx: JobTransaction, jobId: string, outcome: TaskOutcome) => {
  const v = completedValues(outcome);
  const text = `UPDATE jobs SET status = 'Completed', progress = 100, ended_at = clock_timestamp(), failure_reason = NULL,
      remarks = $2, result = $3::jsonb, transactions_count = coalesce($4::bigint, transactions_count)
    WHERE id = $1 AND status IN ('NotStarted', 'InProgress')`;
  const values = [jobId, v.remarks ?? null, v.result ?? null, outcome.transactionsCount ?? null];
  let changed: number;
  if ('query' in tx && typeof tx.query === 'function') {
    const r = await (tx as Pick<pg.PoolClient, 'query'>).query(text, values);
    changed = r.rowCount ?? 0;
  } else {
    const r =
      await sql`UPDATE jobs SET status = 'Completed', progress = 100, ended_at = clock_timestamp(), failure_reason = NULL,
        remarks = ${values[1]}, result = ${values[2]}::jsonb, transactions_count = coalesce(${values[3]}::bigint, transactions_count)
      WHERE id = ${jobId} AND status IN ('NotStarted', 'InProgress')`.execute(tx as Kysely<DB>);
    changed = Number(r.numAffectedRows ?? 0n);
  }
  if (changed !== 1)
    throw new Error(`job ${jobId} was already finished by another run; this run's writes are undone`);
};
