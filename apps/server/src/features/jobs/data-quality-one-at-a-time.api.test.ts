import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { serverPerFile } from '../../testing/server-per-file.ts';
import { ADMIN, jobFinished, type TestServer } from '../../testing/test-server.ts';
import { START_LOCK_CLASS, startLockKey } from './one-at-a-time.ts';

// One data-quality report per entity at a time. The server starts without
// workers, so a report stays queued while the concurrent requests arrive.
let t: TestServer;
let token: string;

serverPerFile({ work: false }, (server, adminToken) => {
  t = server;
  token = adminToken;
});

const reportJobs = async () =>
  t.server.ctx.db
    .selectFrom('jobs')
    .select(['id', 'status'])
    .where('job_type', '=', 'DataQualityReport')
    .execute();

const request = () => t.api('POST', '/job/data-quality-report', { token });

describe('data-quality report, one at a time', () => {
  it('five identical requests at once start one report; the others are refused naming it', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, request));
    const started = answers.filter((a) => a.status === 200);
    expect(started).toHaveLength(1);
    const jobId = (started[0]?.json as { id: string } | undefined)?.id;
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(4);
    for (const answer of refused) {
      expect(answer.json).toEqual({
        code: 'JOB_RUNNING',
        message: `A data quality report for this entity is already being prepared (job ${jobId}); wait for it to finish.`,
      });
    }
    expect(await reportJobs()).toEqual([{ id: jobId, status: 'NotStarted' }]);
  });

  it('a failed report blocks nothing', async () => {
    expect((await request()).status).toBe(409);
    await t.server.ctx.db
      .updateTable('jobs')
      .set({ status: 'Failed', ended_at: new Date() })
      .where('job_type', '=', 'DataQualityReport')
      .execute();
    const answer = await request();
    expect(answer.status).toBe(200);
    expect((await reportJobs()).filter((j) => j.status === 'NotStarted')).toHaveLength(1);
  });

  it('once the report has finished, a new request starts a new one', async () => {
    const queued = (await reportJobs()).find((j) => j.status === 'NotStarted');
    expect((await request()).status).toBe(409);
    await t.server.ctx.jobs.work();
    expect((await jobFinished(t, token, queued?.id ?? '')).status).toBe('Completed');
    const again = await request();
    expect(again.status).toBe(200);
    expect((again.json as { id: string }).id).not.toBe(queued?.id);
    expect(await reportJobs()).toHaveLength(3);
  });

  // Another web process in check-and-start holds the lock; this one waits for
  // it and then sees the job it started (PGlite lives in one process only).
  it.skipIf(!process.env.TAXRECON_TEST_PG)(
    'waits for another process starting the same report and refuses naming its job',
    async () => {
      const me = await t.server.ctx.db
        .selectFrom('users')
        .select(['id', 'tenant_id', 'current_entity_id', 'login'])
        .where('login', '=', ADMIN.email)
        .executeTakeFirstOrThrow();
      const entityId = me.current_entity_id ?? '';
      for (const job of await reportJobs()) await jobFinished(t, token, job.id);
      const other = new pg.Client({ connectionString: t.server.ctx.config.databaseUrl ?? '' });
      await other.connect();
      try {
        await other.query('BEGIN');
        await other.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [
          START_LOCK_CLASS,
          startLockKey(entityId, 'DataQualityReport'),
        ]);
        let answered = false;
        const pending = request().finally(() => {
          answered = true;
        });
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(answered).toBe(false);
        const theirs = await t.server.ctx.db
          .insertInto('jobs')
          .values({
            tenant_id: me.tenant_id,
            entity_id: entityId,
            user_id: me.id,
            user_login: me.login,
            job_type: 'DataQualityReport',
            input: JSON.stringify({ entityId }),
            queue_name: 'data-quality-report',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await other.query('COMMIT');
        const answer = await pending;
        expect(answer.status).toBe(409);
        expect((answer.json as { message: string }).message).toContain(`(job ${theirs.id})`);
        await t.server.ctx.db
          .updateTable('jobs')
          .set({ status: 'Failed' })
          .where('id', '=', theirs.id)
          .execute();
      } finally {
        await other.end();
      }
    },
  );
});
