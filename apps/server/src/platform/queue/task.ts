import type { Transaction } from 'kysely';
import type pg from 'pg';
import type { z } from 'zod';
import type { DB } from '../db/schema.ts';

// The transaction a task writes its result in: a pg client between BEGIN and
// COMMIT, or a Kysely transaction.
export type JobTransaction = Pick<pg.PoolClient, 'query'> | Transaction<DB>;

export interface TaskContext {
  jobId: string;
  attempt: number;
  // percent 0..100 and optionally rows done; shown on the jobs screens
  progress: (percent: number, rowsDone?: number) => Promise<void>;
  // Marks the job Completed INSIDE the task's own transaction, just before its
  // COMMIT, so the job's writes and its "done" mark are one transaction: a
  // crash after the commit leaves a Completed job that a retry finds and
  // leaves alone (no second load). Throws if another run already finished the
  // job, which rolls this run's writes back. A task that writes must call it.
  complete: (tx: JobTransaction, outcome: TaskOutcome) => Promise<void>;
}

export interface TaskOutcome {
  remarks?: string;
  result?: unknown;
  transactionsCount?: number;
}

// A typed background task (Outline's BaseTask): a queue name, the job type users
// see, an input schema checked when the job is started and again when it runs,
// retries with backoff, and run(). A thrown error is retried; after the last try
// the job is Failed with the error's message as its reason and onFailed records
// it in the feature's own tables. Never swallow errors in run(): the queue could
// not retry them.
export interface TaskDefinition<I extends z.ZodType = z.ZodType> {
  queue: string;
  jobType: string;
  input: I;
  retryLimit: number;
  retryDelaySeconds: number;
  // Retries wait twice as long each time (the default); a task that waits on
  // another job (NotReadyYet) asks again at the same pace instead.
  retryBackoff?: boolean;
  // How long one run may take before the queue gives it up and retries it;
  // pg-boss's default is 15 minutes. Set for tasks that read very large files.
  expireInSeconds?: number;
  // Internal tasks (sending mail) leave no entry on the user's jobs screens.
  internal?: boolean;
  // A run cut short by a crash is queued again (while tries remain) unless
  // this is false; every task that writes through complete() is safe to repeat.
  retryAfterInterruption?: boolean;
  run: (input: z.output<I>, context: TaskContext) => Promise<TaskOutcome>;
  // Called once, by the runner, when the job has finally Failed (last try
  // failed, or interrupted and not run again): marks the feature's own rows
  // failed and frees what the job held. Its own failure is logged.
  onFailed?: (input: z.output<I>, failure: { jobId: string; reason: string }) => Promise<void>;
}

export const defineTask = <I extends z.ZodType>(task: TaskDefinition<I>): TaskDefinition<I> => task;

// Thrown by a job that waits on another (the demo's Form 16A waits for the
// vendor master to load): it is retried like a failure, but logged as waiting,
// not as a failed job with a stack trace on a new user's console.
export class NotReadyYet extends Error {}
