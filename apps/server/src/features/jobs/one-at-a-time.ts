import { type Selectable, sql } from 'kysely';
import type pg from 'pg';
import type { AppContext } from '../../platform/context.ts';
import type { JobsTable } from '../../platform/db/schema.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import { type JobOwner, liveJobSql } from '../../platform/queue/job-runner.ts';
import type { TaskDefinition } from '../../platform/queue/task.ts';

// One job of a kind with the same input per entity at a time: while one is
// queued or running, a second start gets that job back instead of starting
// another (five clicks of "bulk e-mail Form 16A" mailed every vendor five
// times). A finished job, or one a crashed process held, blocks nothing
// (liveJobSql, as the reconciliation throttle counts them).
//
// The check and the start are one critical section. On PostgreSQL a
// transaction-scoped advisory lock per entity and job type, held on a
// connection of its own, makes it one across processes: the job row is
// inserted on another connection and committed before the lock goes, so the
// next holder sees it. PGlite lives in one process and its pool has a single
// connection (holding it would leave none to start the job with), so there
// the in-process queue below is the whole critical section.

export type JobRow = Selectable<JobsTable>;
export type StartOutcome =
  | { started: JobRow; running?: undefined }
  | { running: JobRow; started?: undefined };

// Beside the job runner's worker presence locks (class 7301).
export const START_LOCK_CLASS = 7302;
export const startLockKey = (entityId: string, jobType: string): string => `${entityId}:${jobType}`;

// Starts wait for each other per database, even for different entities: each
// may hold a pooled connection for its lock, and several holders at once could
// take every connection and leave none to start their jobs with.
const queues = new WeakMap<pg.Pool, Promise<unknown>>();
const oneAtATime = <T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> => {
  const previous = queues.get(pool) ?? Promise.resolve();
  const run = previous.then(work, work);
  queues.set(
    pool,
    run.catch(() => undefined),
  );
  return run;
};

export const startUnlessRunning = <I>(
  ctx: AppContext,
  task: TaskDefinition,
  input: I,
  owner: JobOwner & { entityId: string },
  // whether a live job's stored input asks for the same work as `input`
  sameInput: (stored: unknown) => boolean = () => true,
): Promise<StartOutcome> => {
  const checkAndStart = async (): Promise<StartOutcome> => {
    const live = await ctx.db
      .selectFrom('jobs as j')
      .selectAll('j')
      .where('j.entity_id', '=', owner.entityId)
      .where('j.job_type', '=', task.jobType)
      .where(sql<boolean>`${sql.raw(liveJobSql('j'))}`)
      .orderBy('j.created_at')
      .execute();
    const running = live.find((job) => sameInput(job.input));
    if (running) return { running };
    return { started: await ctx.jobs.start(task, input, owner) };
  };
  const { database } = ctx;
  return oneAtATime(database.pool, () =>
    database.kind === 'postgres'
      ? withTransaction(database.pool, async (client) => {
          await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [
            START_LOCK_CLASS,
            startLockKey(owner.entityId, task.jobType),
          ]);
          return checkAndStart();
        })
      : checkAndStart(),
  );
};
