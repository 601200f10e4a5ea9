import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from '../../testing/test-server.ts';
import { INTERRUPTED } from './job-runner.ts';

// What a process starting after a crash does with the jobs a dead worker held
// (the crash test drives the whole path; here each outcome is set up exactly):
// queued again while tries remain, Failed with the reason and onFailed once
// they are used up. No workers run here, so nothing else touches the jobs.

let t: TestServer;
let token: string;

beforeAll(async () => {
  t = await startTestServer({}, { work: false });
  token = await t.login(ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await t?.close();
});

// A snapshot job as a process killed mid-run leaves it: InProgress under a
// worker key no live process holds, its queue entry active after `tries` runs.
const orphanedSnapshot = async (description: string, tries: number) => {
  const answer = await t.api('PUT', '/snapshot/snapshot', { token, body: { description } });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  const { jobId } = answer.json as { jobId: string };
  const pool = t.server.ctx.database.pool;
  await pool.query(
    "UPDATE pgboss.job SET state = 'active', started_on = now(), retry_count = $2 WHERE id = $1",
    [jobId, tries - 1],
  );
  await pool.query(
    "UPDATE jobs SET status = 'InProgress', worker_key = 2000000001, attempts = $2 WHERE id = $1",
    [jobId, tries],
  );
  return jobId;
};

const state = async (jobId: string) =>
  (
    await t.server.ctx.database.pool.query<{ state: string }>('SELECT state FROM pgboss.job WHERE id = $1', [
      jobId,
    ])
  ).rows[0]?.state;

it('queues an interrupted job again while it has tries left, and fails it with the reason when not', async () => {
  const again = await orphanedSnapshot('interrupted once', 1);
  // SnapshotTake allows 2 retries: after its third run it has none left
  const spent = await orphanedSnapshot('interrupted at the last try', 3);
  expect(await t.server.ctx.jobs.recoverInterrupted()).toBe(2);

  const rows = await t.server.ctx.db
    .selectFrom('jobs')
    .selectAll()
    .where('id', 'in', [again, spent])
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  expect(byId.get(again)).toMatchObject({
    status: 'NotStarted',
    failure_reason: `${INTERRUPTED}; queued again`,
  });
  expect(await state(again)).toBe('retry');
  expect(byId.get(spent)).toMatchObject({ status: 'Failed', failure_reason: INTERRUPTED });
  expect(byId.get(spent)?.ended_at).not.toBeNull();
  expect(await state(spent)).toBe('cancelled');
  // the task's onFailed recorded it on the snapshot
  const snapshot = await t.server.ctx.db
    .selectFrom('snapshots')
    .select(['status', 'failure_reason'])
    .where('description', '=', 'interrupted at the last try')
    .executeTakeFirstOrThrow();
  expect(snapshot).toMatchObject({ status: 'Failed', failure_reason: INTERRUPTED });
  // a second start finds nothing left to settle
  expect(await t.server.ctx.jobs.recoverInterrupted()).toBe(0);
});
