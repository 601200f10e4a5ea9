import { createHash } from 'node:crypto';
import { type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import { persistentClient } from '../db/persistent-client.ts';
import type { DB, JobsTable } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import { completedValues, INTERRUPTED, markCompleted, withNote } from './job-completion.ts';
import { NotReadyYet, type TaskDefinition, type TaskOutcome } from './task.ts';

export interface JobOwner {
  tenantId: string;
  entityId: string | null;
  userId: string;
  login: string;
}

export interface JobEvents {
  // called once a job has Completed or finally Failed; a failure here is logged, never retried
  onFinished: (job: Selectable<JobsTable>) => Promise<void>;
}

// Test seam for the crash tests: called after a task's run() returned (its
// transaction committed) and before the queue is told; a test entry kills
// its own process here to leave a committed but unacknowledged job.
export interface JobHooks {
  afterRun?: (job: Selectable<JobsTable>) => Promise<void> | void;
  progress?: (job: { jobId: string; jobType: string; percent: number }) => Promise<void> | void;
}

interface Envelope {
  jobId: string;
  input: unknown;
}

export interface JobRunner {
  // this process's key in jobs.worker_key (and its presence lock)
  workerKey: number;
  register: (task: TaskDefinition) => void;
  // `once`: a key naming this piece of work (a bulk job's mail to one vendor).
  // Started again with the same key (a retry after a crash that came between
  // queuing it and recording it), it answers the job started the first time
  // instead of starting another: the mail goes once.
  start: <I>(
    task: TaskDefinition,
    input: I,
    owner: JobOwner | null,
    options?: { once?: string },
  ) => Promise<Selectable<JobsTable>>;
  // Settles jobs a crashed process left behind: called once at start, after every task is registered.
  recoverInterrupted: () => Promise<number>;
  // starts pulling work; `npm start` runs web and worker in one process
  work: () => Promise<void>;
  stop: () => Promise<void>;
}

export { INTERRUPTED };
// How many restarts a job may be cut short by without using up its own tries.
export const INTERRUPTION_ALLOWANCE = 5;

// Each process that runs jobs holds a session advisory lock (this class, its
// worker key) while it lives; PostgreSQL drops it when the process dies, so
// a job InProgress under a key nobody holds was orphaned by a crash.
// pg_locks lists the whole server's locks, and every database numbers its
// workers from 1: only this database's count.
const WORKER_LOCK_CLASS = 7301;
const workerLocksSql = `SELECT 1 FROM pg_locks k WHERE k.locktype = 'advisory' AND k.classid = ${WORKER_LOCK_CLASS}
     AND k.objsubid = 2 AND k.granted AND k.database = (SELECT oid FROM pg_database WHERE datname = current_database())`;
export const liveWorkerSql = (jobAlias: string) =>
  `EXISTS (${workerLocksSql} AND k.objid::text::bigint = ${jobAlias}.worker_key)`;
// A job that still counts (for the one-at-a-time throttles): queued, or running in a live process.
export const liveJobSql = (jobAlias: string) =>
  `(${jobAlias}.status = 'NotStarted' OR (${jobAlias}.status = 'InProgress' AND (${jobAlias}.worker_key IS NULL OR ${liveWorkerSql(jobAlias)})))`;

const UNFINISHED = ['NotStarted', 'InProgress'] as const;

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

// A job id that follows from its queue and key (a name-based UUID), so the
// same piece of work started twice has one id.
const onceId = (queue: string, key: string): string => {
  const h = createHash('sha256').update(`${queue}\u0000${key}`).digest('hex');
  const variant = ((Number.parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

export const createJobRunner = async (options: {
  db: Kysely<DB>;
  pool: pg.Pool;
  // a dedicated session for the worker's presence lock (PostgreSQL); null on
  // the embedded database, whose one session lives exactly as long as the process
  databaseUrl: string | null;
  log: Logger;
  events: JobEvents;
  hooks?: JobHooks;
}): Promise<JobRunner> => {
  const { db, pool, log, events, hooks } = options;
  // pg-boss runs every statement through our pool, so on PGlite it shares the one session.
  const boss = new PgBoss({
    db: { executeSql: async (text, values) => pool.query(text, values) },
    schema: 'pgboss',
    supervise: true,
    maintenanceIntervalSeconds: 120,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  const tasks = new Map<string, TaskDefinition>();
  // pg-boss 10 drops jobs sent to a queue that does not exist yet, so a queue is made before its first job.
  const queues = new Set<string>();
  // Processes starting together (a web process and its workers) create the
  // same queues at once, and pg-boss's createQueue can then deadlock or
  // collide in PostgreSQL: a loser looks again and retries.
  const ensureQueue = async (name: string) => {
    for (let attempt = 1; !queues.has(name); attempt += 1) {
      try {
        if (!(await boss.getQueue(name))) await boss.createQueue(name);
        queues.add(name);
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (attempt >= 5 || (code !== '40P01' && code !== '23505')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
      }
    }
  };

  const workerKey = Number(
    (await pool.query<{ key: number }>(`SELECT nextval('job_worker_keys')::int AS key`)).rows[0]?.key,
  );
  const takePresence = async (client: Pick<pg.Client, 'query'>) => {
    await client.query('SELECT pg_advisory_lock($1, $2)', [WORKER_LOCK_CLASS, workerKey]);
  };
  const presence = options.databaseUrl
    ? await persistentClient({
        connectionString: options.databaseUrl,
        name: 'worker presence',
        log,
        onConnect: takePresence,
      })
    : null;
  if (!presence) await takePresence(pool);

  const update = (jobId: string, values: Updateable<JobsTable>) =>
    db
      .updateTable('jobs')
      .set(values)
      .where('id', '=', jobId)
      .where('status', 'in', UNFINISHED)
      .returningAll()
      .executeTakeFirst();

  const finished = async (row: Selectable<JobsTable>) => {
    try {
      await events.onFinished(row);
    } catch (error) {
      // The job's own outcome is recorded; only its notification is lost.
      log.error({ err: error, jobId: row.id }, 'job finished but its notification failed');
    }
  };

  const failed = async (task: TaskDefinition, input: unknown, jobId: string, reason: string) => {
    if (!task.onFailed) return;
    try {
      const parsed = task.input.safeParse(input);
      if (parsed.success) await task.onFailed(parsed.data, { jobId, reason });
    } catch (error) {
      log.error({ err: error, jobId }, 'recording a failed job failed');
    }
  };

  const runOne = async (task: TaskDefinition, job: PgBoss.JobWithMetadata<Envelope>) => {
    const { jobId } = job.data;
    // Claimed only while unfinished: a retry of a job whose run already
    // committed (crash before the queue heard of it) stops here.
    const claimed = await update(jobId, {
      status: 'InProgress',
      started_at: new Date(),
      attempts: job.retryCount + 1,
      worker_key: workerKey,
    });
    if (!claimed) {
      log.info({ jobId, queue: task.queue }, 'job already finished; not run again');
      return;
    }
    const interrupted = claimed.failure_reason?.startsWith(INTERRUPTED) ?? false;
    let completedInTransaction = false;
    let outcome: TaskOutcome;
    try {
      const input = task.input.parse(job.data.input);
      outcome = await task.run(input, {
        jobId,
        attempt: job.retryCount + 1,
        progress: async (percent, rowsDone) => {
          await hooks?.progress?.({ jobId, jobType: task.jobType, percent });
          const recorded = update(jobId, {
            progress: Math.max(0, Math.min(100, Math.round(percent))),
            ...(rowsDone === undefined ? {} : { transactions_count: rowsDone }),
          });
          // The embedded database has one connection: a load that streams
          // into its COPY holds it in its transaction while it reports
          // progress, so waiting here would wait for ever. The update runs
          // when the connection is free (in order, and not at all once the
          // job is finished).
          if (options.databaseUrl) await recorded;
          else recorded.catch((error) => log.warn({ err: error, jobId }, 'job progress not recorded'));
        },
        complete: async (tx, done) => {
          await markCompleted(tx, jobId, withNote(done, interrupted));
          completedInTransaction = true;
        },
      });
    } catch (error) {
      const reason = reasonOf(error);
      const final = job.retryCount >= job.retryLimit;
      const row = await update(jobId, {
        failure_reason: reason,
        ...(final ? { status: 'Failed', ended_at: new Date() } : { status: 'NotStarted' }),
      });
      if (!row) {
        // the job was finished already (this run's result committed before the error, or another run's did)
        log.warn({ jobId, err: error }, 'job failed after it was finished; its outcome stands');
        return;
      }
      if (error instanceof NotReadyYet && !final) {
        log.info({ jobId, queue: task.queue, attempt: job.retryCount + 1 }, `job waiting: ${error.message}`);
      } else {
        log.warn({ jobId, queue: task.queue, attempt: job.retryCount + 1, final, err: error }, 'job failed');
      }
      if (final) {
        await failed(task, job.data.input, jobId, reason);
        await finished(row);
      }
      throw error;
    }
    const row = completedInTransaction
      ? await db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow()
      : await update(jobId, completedValues(withNote(outcome, interrupted)));
    if (!row) return;
    await hooks?.afterRun?.(row);
    await finished(row);
  };

  const recoverInterrupted = async (): Promise<number> => {
    // Queue entries still active whose job row is settled, or InProgress under
    // a dead worker. Also one whose row says NotStarted: a process took it
    // from the queue and died before it claimed the row (or after a failed try
    // was recorded and before the queue heard of it). Nothing tells which
    // process took it, so it is settled only when no other process that runs
    // jobs is alive: this one has taken nothing yet (work() comes after).
    // Otherwise the queue's own expiry gives it back, later.
    const orphans = await pool.query<{
      id: string;
      status: string;
      queue_name: string;
      data: Envelope;
      retry_count: number;
      retry_limit: number;
    }>(
      `SELECT j.id, j.status, j.queue_name, b.data, b.retry_count, b.retry_limit
       FROM jobs j JOIN pgboss.job b ON b.name = j.queue_name AND b.id = j.id
       WHERE b.state = 'active' AND (j.status IN ('Completed', 'Failed')
         OR (j.status = 'InProgress' AND j.worker_key IS NOT NULL AND NOT ${liveWorkerSql('j')})
         OR (j.status = 'NotStarted' AND NOT EXISTS (${workerLocksSql} AND k.objid::text::bigint <> $1)))`,
      [workerKey],
    );
    for (const o of orphans.rows) {
      if (o.status === 'Completed' || o.status === 'Failed') {
        // committed, and the crash came before the queue was told
        await boss.complete(o.queue_name, o.id);
        continue;
      }
      const task = tasks.get(o.queue_name);
      // An interruption is not the job's fault, so it does not use up a try
      // meant for errors: the queue entry is granted one more try instead,
      // up to INTERRUPTION_ALLOWANCE times (what was granted is the entry's
      // limit above the task's own). Past that, a job that keeps dying with
      // its process (one that runs it out of memory, say) spends its error
      // tries and then Fails, rather than crashing the server for ever.
      const repeatable = task?.retryAfterInterruption ?? true;
      const granted = task ? o.retry_limit - task.retryLimit : INTERRUPTION_ALLOWANCE;
      const allowed = repeatable && granted < INTERRUPTION_ALLOWANCE;
      const again = allowed || (repeatable && o.retry_count < o.retry_limit);
      if (allowed) {
        await pool.query('UPDATE pgboss.job SET retry_limit = retry_limit + 1 WHERE name = $1 AND id = $2', [
          o.queue_name,
          o.id,
        ]);
      }
      const row = await update(o.id, {
        failure_reason: again ? `${INTERRUPTED}; queued again` : INTERRUPTED,
        ...(again ? { status: 'NotStarted' } : { status: 'Failed', ended_at: new Date() }),
      });
      if (!row) continue;
      log.warn({ jobId: o.id, queue: o.queue_name, queuedAgain: again }, `job ${INTERRUPTED}`);
      if (again) {
        await boss.fail(o.queue_name, o.id, { message: INTERRUPTED });
        // an interruption is not the job's fault: run it again now rather than after the retry backoff
        await pool.query(
          "UPDATE pgboss.job SET start_after = now() WHERE name = $1 AND id = $2 AND state = 'retry'",
          [o.queue_name, o.id],
        );
      } else {
        await boss.cancel(o.queue_name, o.id);
        if (task) await failed(task, o.data.input, o.id, INTERRUPTED);
        await finished(row);
      }
    }
    return orphans.rows.length;
  };

  return {
    register: (task) => {
      tasks.set(task.queue, task);
    },
    start: async (task, input, owner, options) => {
      const checked = task.input.parse(input);
      const id = options?.once === undefined ? undefined : onceId(task.queue, options.once);
      if (id !== undefined) {
        const earlier = await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
        // queued before: leave it be (a row left NotStarted and never queued is queued below)
        const queued =
          earlier &&
          (earlier.status !== 'NotStarted' ||
            (await sql`SELECT 1 FROM pgboss.job WHERE id = ${id}`.execute(db)).rows.length > 0);
        if (earlier && queued) return earlier;
        if (earlier) await db.deleteFrom('jobs').where('id', '=', id).execute();
      }
      const row = await db
        .insertInto('jobs')
        .values({
          ...(id === undefined ? {} : { id }),
          tenant_id: owner?.tenantId ?? null,
          entity_id: owner?.entityId ?? null,
          user_id: owner?.userId ?? null,
          user_login: owner?.login ?? null,
          job_type: task.jobType,
          input: JSON.stringify(task.internal ? {} : withoutSecrets(checked)),
          queue_name: task.queue,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      try {
        await ensureQueue(task.queue);
        // The queue entry has the job's id, so a process starting after a crash can find one from the other.
        const queued = await boss.send(task.queue, { jobId: row.id, input: checked } satisfies Envelope, {
          id: row.id,
          retryLimit: task.retryLimit,
          retryDelay: task.retryDelaySeconds,
          retryBackoff: task.retryBackoff ?? true,
          ...(task.expireInSeconds ? { expireInSeconds: task.expireInSeconds } : {}),
        });
        if (!queued) throw new Error(`job ${row.id} could not be queued on ${task.queue}`);
      } catch (error) {
        // A row left NotStarted would never run, and would hold its entity's
        // one-at-a-time key and reconciliation throttle for good: it is Failed
        // with the reason, and onFailed frees what the feature reserved for it.
        const reason = `The job could not be queued: ${error instanceof Error ? error.message : String(error)}`;
        await db
          .updateTable('jobs')
          .set({ status: 'Failed', failure_reason: reason, ended_at: new Date() })
          .where('id', '=', row.id)
          .execute();
        await failed(task, checked, row.id, reason);
        throw error;
      }
      return row;
    },
    recoverInterrupted,
    workerKey,
    work: async () => {
      for (const task of tasks.values()) {
        await ensureQueue(task.queue);
        await boss.work<Envelope>(
          task.queue,
          { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 0.5 },
          async ([job]) => {
            if (job) await runOne(task, job);
          },
        );
      }
    },
    stop: async () => {
      await boss.stop({ graceful: true, timeout: 5_000, wait: true });
      await presence?.close();
    },
  };
};

// A job's input is shown to the entity's users; passwords (a TRACES zip's) are not kept there.
const withoutSecrets = (input: unknown): unknown =>
  input && typeof input === 'object' && !Array.isArray(input)
    ? Object.fromEntries(Object.entries(input).filter(([key]) => !/password/i.test(key)))
    : input;
