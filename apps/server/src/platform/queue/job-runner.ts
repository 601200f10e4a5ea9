import type { Job as JobView, NotificationMessage } from '@taxrecon/contracts';
import type { Kysely, Selectable, Updateable } from 'kysely';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { DB, JobsTable } from '../db/schema.ts';
import type { TaskDefinition, TaskOutcome } from './task.ts';

export interface JobOwner {
  tenantId: string;
  entityId: string | null;
  userId: string;
  login: string;
}

export interface JobEvents {
  // called once a job has Completed or finally Failed
  onFinished: (job: Selectable<JobsTable>) => Promise<void>;
}

interface Envelope {
  jobId: string;
  input: unknown;
}

export interface JobRunner {
  register: (task: TaskDefinition) => void;
  start: <I>(task: TaskDefinition, input: I, owner: JobOwner | null) => Promise<Selectable<JobsTable>>;
  // starts pulling work; `npm start` runs web and worker in one process
  work: () => Promise<void>;
  stop: () => Promise<void>;
}

export const createJobRunner = async (
  db: Kysely<DB>,
  pool: pg.Pool,
  events: JobEvents,
): Promise<JobRunner> => {
  // pg-boss runs every statement through our pool, so on PGlite it shares the one session.
  const boss = new PgBoss({
    db: { executeSql: async (text, values) => pool.query(text, values) },
    schema: 'pgboss',
    supervise: true,
    maintenanceIntervalSeconds: 120,
  });
  boss.on('error', () => {});
  await boss.start();
  const tasks = new Map<string, TaskDefinition>();
  // pg-boss 10 drops jobs sent to a queue that does not exist yet, so a queue is made before its first job.
  const queues = new Set<string>();
  const ensureQueue = async (name: string) => {
    if (queues.has(name)) return;
    await boss.createQueue(name);
    queues.add(name);
  };

  const update = (jobId: string, values: Updateable<JobsTable>) =>
    db.updateTable('jobs').set(values).where('id', '=', jobId).returningAll().executeTakeFirstOrThrow();

  const runOne = async (task: TaskDefinition, job: PgBoss.JobWithMetadata<Envelope>) => {
    const { jobId } = job.data;
    await update(jobId, { status: 'InProgress', started_at: new Date(), attempts: job.retryCount + 1 });
    let outcome: TaskOutcome;
    try {
      const input = task.input.parse(job.data.input);
      outcome = await task.run(input, {
        jobId,
        attempt: job.retryCount + 1,
        progress: async (percent, rowsDone) => {
          await update(jobId, {
            progress: Math.max(0, Math.min(100, Math.round(percent))),
            ...(rowsDone === undefined ? {} : { transactions_count: rowsDone }),
          });
        },
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const final = job.retryCount >= job.retryLimit;
      const row = await update(jobId, {
        failure_reason: reason,
        ...(final ? { status: 'Failed', ended_at: new Date() } : { status: 'NotStarted' }),
      });
      if (final) await events.onFinished(row);
      throw error;
    }
    const row = await update(jobId, {
      status: 'Completed',
      progress: 100,
      ended_at: new Date(),
      failure_reason: null,
      remarks: outcome.remarks ?? null,
      result: outcome.result === undefined ? null : JSON.stringify(outcome.result),
      ...(outcome.transactionsCount === undefined ? {} : { transactions_count: outcome.transactionsCount }),
    });
    await events.onFinished(row);
  };

  return {
    register: (task) => {
      tasks.set(task.queue, task);
    },
    start: async (task, input, owner) => {
      const checked = task.input.parse(input);
      const row = await db
        .insertInto('jobs')
        .values({
          tenant_id: owner?.tenantId ?? null,
          entity_id: owner?.entityId ?? null,
          user_id: owner?.userId ?? null,
          user_login: owner?.login ?? null,
          job_type: task.jobType,
          input: JSON.stringify(task.internal ? {} : withoutSecrets(checked)),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await ensureQueue(task.queue);
      const queued = await boss.send(task.queue, { jobId: row.id, input: checked } satisfies Envelope, {
        retryLimit: task.retryLimit,
        retryDelay: task.retryDelaySeconds,
        retryBackoff: true,
      });
      if (!queued) throw new Error(`job ${row.id} could not be queued on ${task.queue}`);
      return row;
    },
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
    },
  };
};

// A job's input is shown to the entity's users; passwords (a TRACES zip's) are not kept there.
const withoutSecrets = (input: unknown): unknown =>
  input && typeof input === 'object' && !Array.isArray(input)
    ? Object.fromEntries(Object.entries(input).filter(([key]) => !/password/i.test(key)))
    : input;

export const toJobView = (row: Selectable<JobsTable>): JobView => ({
  id: row.id,
  jobType: row.job_type,
  userId: row.user_login ?? 'system',
  datetime: row.created_at.toISOString(),
  enddatetime: row.ended_at ? row.ended_at.toISOString() : null,
  status: row.status,
  notify: row.notify,
  progress: row.progress,
  remarks: row.remarks,
  failureReason: row.failure_reason,
  payload: row.result === null ? null : JSON.stringify(row.result),
});

export const finishedMessage = (row: Selectable<JobsTable>): NotificationMessage =>
  row.status === 'Completed'
    ? {
        msgType: 'success',
        msg: `${row.job_type} job completed`,
        detail: row.remarks ?? `Job ${row.id} finished.`,
        jobId: row.id,
      }
    : {
        msgType: 'error',
        msg: `${row.job_type} job failed`,
        detail: row.failure_reason ?? `Job ${row.id} failed.`,
        jobId: row.id,
      };
