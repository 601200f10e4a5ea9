import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { RECON_JOB_TYPES, type SubmitAnswer } from '@taxrecon/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEMO_PAN, generateDemoCompany } from '../../features/demo/generate.ts';
import { ADMIN, eventually, startTestServer, type TestServer } from '../../testing/test-server.ts';
import type { JobHooks } from './job-runner.ts';
import { defineTask } from './task.ts';

// The job runner drives every background job: a run that committed is never
// run again (the crash between the commit and the queue's acknowledgement is
// simulated by the afterRun seam throwing once there), a notification that
// fails does not re-run a finished job, onFailed records the last failure
// once, and a job held by a dead worker does not throttle its entity.

const FIXTURES = path.resolve(import.meta.dirname, '../../../../../packages/formats/fixtures');

let t: TestServer;
let token: string;
const logLines: { level: number; msg: string; jobId?: string }[] = [];
// job type -> rows counted inside the hook, i.e. right after the commit; only
// jobs created once armed (a demo load may still be finishing its own hook)
const crashOnce = new Map<string, (jobId: string) => Promise<number>>();
let armedAt = Number.POSITIVE_INFINITY;
const arm = (jobType: string, counter: (jobId: string) => Promise<number>) => {
  armedAt = Date.now();
  crashOnce.set(jobType, counter);
};
const countedAtCommit = new Map<string, number>();

const hooks: JobHooks = {
  afterRun: async (row) => {
    const count = crashOnce.get(row.job_type);
    if (!count || row.created_at.getTime() < armedAt) return;
    crashOnce.delete(row.job_type);
    countedAtCommit.set(row.id, await count(row.id));
    throw new Error('simulated crash after the commit, before the queue was told');
  },
};

const count = async (table: 'tax_entries' | 'recon_rows' | 'recon_parties', jobId: string) => {
  const r = await t.server.ctx.database.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${table} WHERE job_id = $1`,
    [jobId],
  );
  return r.rows[0]?.n ?? 0;
};

const queueEntry = async (jobId: string) => {
  const r = await t.server.ctx.database.pool.query<{ state: string; retry_count: number }>(
    'SELECT state, retry_count FROM pgboss.job WHERE id = $1',
    [jobId],
  );
  return r.rows[0] ?? null;
};

// Retries wait seconds with backoff; a test need not.
const hurryRetries = () =>
  t.server.ctx.database.pool.query("UPDATE pgboss.job SET start_after = now() WHERE state = 'retry'");

const settled = (jobId: string) =>
  eventually(async () => {
    await hurryRetries();
    const entry = await queueEntry(jobId);
    return entry && ['completed', 'failed', 'cancelled'].includes(entry.state) ? entry : null;
  }, 90_000);

const jobRow = (jobId: string) =>
  t.server.ctx.db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
      done();
    },
  });
  t = await startTestServer({ demo: true }, { jobHooks: hooks, logDestination: sink });
  token = await t.login(ADMIN.email, ADMIN.password);
  const files = generateDemoCompany().files.length;
  await eventually(async () => {
    const jobs = await t.server.ctx.db
      .selectFrom('jobs')
      .select('status')
      .where('job_type', 'like', 'Ingest%')
      .execute();
    return jobs.length === files && jobs.every((j) => j.status === 'Completed');
  }, 120_000);
});

afterAll(async () => {
  await t?.close();
});

describe('a job whose commit landed before the queue was told', () => {
  it('is not loaded again when the queue retries an ingest', async () => {
    arm('Ingest26AS', (jobId) => count('tax_entries', jobId));
    const answer = await t.upload('/ingest/taxbook', {
      token,
      files: [
        {
          name: 'crash.txt',
          // the demo entity's own PAN: a statement of another PAN is refused
          content: fs
            .readFileSync(path.join(FIXTURES, '26as-current-layout.txt'), 'utf8')
            .replaceAll('AAACZ9999Z', DEMO_PAN),
        },
      ],
      fields: { force: 'true' },
    });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const { jobId } = answer.json as { jobId: string };
    const entry = await settled(jobId);
    // the queue did run it a second time, and that run found the job done
    expect(entry).toMatchObject({ state: 'completed', retry_count: 1 });
    const job = await jobRow(jobId);
    expect(job).toMatchObject({ status: 'Completed', attempts: 1 });
    const atCommit = countedAtCommit.get(jobId);
    expect(atCommit).toBeGreaterThan(0);
    expect(await count('tax_entries', jobId)).toBe(atCommit);
    expect(Number(job.transactions_count)).toBe(atCommit);
  });

  it('is not written again when the queue retries a reconciliation', async () => {
    const demo = generateDemoCompany();
    arm(RECON_JOB_TYPES.TDS, (jobId) => count('recon_rows', jobId));
    const answer = await t.api('PUT', `/job/tds-reconciliation/${demo.financialYear}`, { token, body: {} });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const jobId = (answer.json as SubmitAnswer).jobId as string;
    const entry = await settled(jobId);
    expect(entry).toMatchObject({ state: 'completed', retry_count: 1 });
    expect(await jobRow(jobId)).toMatchObject({ status: 'Completed', attempts: 1 });
    const atCommit = countedAtCommit.get(jobId);
    expect(atCommit).toBeGreaterThan(0);
    expect(await count('recon_rows', jobId)).toBe(atCommit);
    const run = await t.server.ctx.db
      .selectFrom('recon_runs')
      .select(['status', 'parties'])
      .where('job_id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(run.status).toBe('Completed');
    expect(await count('recon_parties', jobId)).toBe(run.parties);
  });
});

describe('finishing a job', () => {
  it('does not run a Completed job again when its notification fails, and logs why', async () => {
    const hub = t.server.ctx.hub;
    const publish = hub.publish;
    hub.publish = async () => {
      throw new Error('notification hub down');
    };
    try {
      const answer = await t.api('POST', '/job/data-quality-report', { token });
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
      const jobId = (answer.json as { id: string }).id;
      const entry = await settled(jobId);
      expect(entry).toMatchObject({ state: 'completed', retry_count: 0 });
      expect(await jobRow(jobId)).toMatchObject({ status: 'Completed', attempts: 1 });
      expect(logLines.some((l) => l.jobId === jobId && /notification failed/.test(l.msg))).toBe(true);
    } finally {
      hub.publish = publish;
    }
  });

  it('records the reason once after the last try, through the task onFailed', async () => {
    const me = await t.server.ctx.db
      .selectFrom('users')
      .select('current_entity_id')
      .where('login', '=', ADMIN.email)
      .executeTakeFirstOrThrow();
    // a file where the entity's snapshot folder should be: every try fails writing
    const blocker = path.join(t.server.ctx.config.dataDir, 'snapshots', me.current_entity_id ?? '');
    fs.mkdirSync(path.dirname(blocker), { recursive: true });
    fs.writeFileSync(blocker, 'not a folder');
    try {
      const answer = await t.api('PUT', '/snapshot/snapshot', { token, body: { description: 'doomed' } });
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
      const { jobId } = answer.json as { jobId: string };
      const entry = await settled(jobId);
      expect(entry?.state).toBe('failed');
      const job = await jobRow(jobId);
      expect(job).toMatchObject({ status: 'Failed', attempts: 3 });
      expect(job.failure_reason).toBeTruthy();
      const snapshot = await eventually(() =>
        t.server.ctx.db
          .selectFrom('snapshots')
          .select(['status', 'failure_reason'])
          .where('description', '=', 'doomed')
          .where('status', '=', 'Failed')
          .executeTakeFirst(),
      );
      expect(snapshot.failure_reason).toBe(job.failure_reason);
    } finally {
      fs.rmSync(blocker, { force: true });
    }
  });
});

describe('the one-reconciliation-at-a-time throttle', () => {
  it('ignores a job left InProgress by a worker that is gone', async () => {
    const demo = generateDemoCompany();
    const me = await t.server.ctx.db
      .selectFrom('users')
      .select(['current_entity_id', 'tenant_id'])
      .where('login', '=', ADMIN.email)
      .executeTakeFirstOrThrow();
    const entityId = me.current_entity_id as string;
    // what a process killed mid-reconciliation leaves: its job InProgress under
    // a worker key no live process holds, and the entity's lock on that job
    const orphan = await t.server.ctx.db
      .insertInto('jobs')
      .values({
        tenant_id: me.tenant_id,
        entity_id: entityId,
        job_type: RECON_JOB_TYPES.TDS,
        input: '{}',
        status: 'InProgress',
        queue_name: 'recon-tds',
        worker_key: 2_000_000_000,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.server.ctx.database.pool.query(
      "INSERT INTO recon_locks (entity_id, purpose, job_id) VALUES ($1, 'recon', $2) ON CONFLICT (entity_id, purpose) DO UPDATE SET job_id = $2",
      [entityId, orphan.id],
    );
    const answer = await t.api('PUT', `/job/tds-reconciliation/${demo.financialYear}`, { token, body: {} });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect(answer.json).toMatchObject({ throttled: false });
    await settled((answer.json as SubmitAnswer).jobId as string);
  });
});

describe('a job the queue refuses', () => {
  it('is Failed with the reason, through onFailed, not left NotStarted holding its entity', async () => {
    const failures: { jobId: string; reason: string }[] = [];
    let runs = 0;
    // pg-boss refuses an expiry under a second when the job is sent
    const task = defineTask({
      queue: 'test-unqueueable',
      jobType: 'TestUnqueueable',
      input: z.object({ n: z.number() }),
      retryLimit: 0,
      retryDelaySeconds: 1,
      expireInSeconds: -1,
      run: async () => {
        runs += 1;
        return {};
      },
      onFailed: async (_input, failure) => {
        failures.push(failure);
      },
    });
    t.server.ctx.jobs.register(task);
    await expect(t.server.ctx.jobs.start(task, { n: 1 }, null)).rejects.toThrow(/expireInSeconds/);
    const rows = await t.server.ctx.db
      .selectFrom('jobs')
      .select(['id', 'status', 'failure_reason', 'ended_at'])
      .where('job_type', '=', 'TestUnqueueable')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'Failed' });
    expect(rows[0]?.failure_reason).toMatch(/^The job could not be queued: .*expireInSeconds/);
    expect(rows[0]?.ended_at).toBeInstanceOf(Date);
    expect(failures).toEqual([{ jobId: rows[0]?.id, reason: rows[0]?.failure_reason }]);
    expect(runs).toBe(0);
  });
});
