import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from '../../testing/test-server.ts';
import { INTERRUPTED, INTERRUPTION_ALLOWANCE } from './job-runner.ts';

// What a process starting after a crash does with the jobs a dead worker held
// (the crash test drives the whole path; here each outcome is set up exactly):
// queued again without using up a try while the interruption allowance lasts,
// then while tries remain; Failed with the reason and onFailed once both are
// used up. No workers run here, so nothing else touches the jobs.

let t: TestServer;
let token: string;

beforeAll(async () => {
  t = await startTestServer({}, { work: false });
  token = await t.login(ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await t?.close();
});

// SnapshotTake's own retry limit
const LIMIT = 2;

// A snapshot job as a process killed mid-run leaves it: InProgress under a
// worker key no live process holds, its queue entry active after `tries` runs,
// `granted` interruptions already forgiven.
const orphanedSnapshot = async (description: string, tries: number, granted = 0) => {
  const answer = await t.api('PUT', '/snapshot/snapshot', { token, body: { description } });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  const { jobId } = answer.json as { jobId: string };
  const pool = t.server.ctx.database.pool;
  await pool.query(
    "UPDATE pgboss.job SET state = 'active', started_on = now(), retry_count = $2, retry_limit = $3 WHERE id = $1",
    [jobId, tries - 1, LIMIT + granted],
  );
  await pool.query(
    "UPDATE jobs SET status = 'InProgress', worker_key = 2000000001, attempts = $2 WHERE id = $1",
    [jobId, tries],
  );
  return jobId;
};

const entry = async (jobId: string) =>
  (
    await t.server.ctx.database.pool.query<{ state: string; retry_limit: number }>(
      'SELECT state, retry_limit FROM pgboss.job WHERE id = $1',
      [jobId],
    )
  ).rows[0];
const state = async (jobId: string) => (await entry(jobId))?.state;

it('queues an interrupted job again without using a try, then while it has tries left, and fails it with the reason when not', async () => {
  const again = await orphanedSnapshot('interrupted once', 1);
  // after its third run SnapshotTake has no error tries left, but the interruption is forgiven
  const forgiven = await orphanedSnapshot('interrupted at the last try', LIMIT + 1);
  // forgiven as often as allowed already, with error tries left: it spends one
  const spending = await orphanedSnapshot(
    'interrupted too often',
    INTERRUPTION_ALLOWANCE + 1,
    INTERRUPTION_ALLOWANCE,
  );
  // forgiven as often as allowed, and at its last try (each forgiven run counted a try too)
  const spent = await orphanedSnapshot(
    'interrupted too often at the last try',
    INTERRUPTION_ALLOWANCE + LIMIT + 1,
    INTERRUPTION_ALLOWANCE,
  );
  expect(await t.server.ctx.jobs.recoverInterrupted()).toBe(4);

  const rows = await t.server.ctx.db
    .selectFrom('jobs')
    .selectAll()
    .where('id', 'in', [again, forgiven, spending, spent])
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const id of [again, forgiven, spending]) {
    expect(byId.get(id)).toMatchObject({
      status: 'NotStarted',
      failure_reason: `${INTERRUPTED}; queued again`,
    });
    expect(await state(id)).toBe('retry');
  }
  // one more try granted for each forgiven interruption, none once the allowance is used up
  expect((await entry(again))?.retry_limit).toBe(LIMIT + 1);
  expect((await entry(forgiven))?.retry_limit).toBe(LIMIT + 1);
  expect((await entry(spending))?.retry_limit).toBe(LIMIT + INTERRUPTION_ALLOWANCE);
  expect(byId.get(spent)).toMatchObject({ status: 'Failed', failure_reason: INTERRUPTED });
  expect(byId.get(spent)?.ended_at).not.toBeNull();
  expect(await state(spent)).toBe('cancelled');
  // the task's onFailed recorded it on the snapshot
  const snapshot = await t.server.ctx.db
    .selectFrom('snapshots')
    .select(['status', 'failure_reason'])
    .where('description', '=', 'interrupted too often at the last try')
    .executeTakeFirstOrThrow();
  expect(snapshot).toMatchObject({ status: 'Failed', failure_reason: INTERRUPTED });
  // a second start finds nothing left to settle
  expect(await t.server.ctx.jobs.recoverInterrupted()).toBe(0);
});

it('queues again a job a dead process took from the queue before it claimed it, only when no other process runs jobs', async () => {
  const pool = t.server.ctx.database.pool;
  // the first test's jobs, queued again, would hold the one-at-a-time snapshot throttle
  await pool.query("UPDATE jobs SET status = 'Failed' WHERE status = 'NotStarted'");
  const answer = await t.api('PUT', '/snapshot/snapshot', {
    token,
    body: { description: 'taken, never claimed' },
  });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  const { jobId } = answer.json as { jobId: string };
  // taken from the queue; the job's row never said InProgress
  await pool.query("UPDATE pgboss.job SET state = 'active', started_on = now() WHERE id = $1", [jobId]);

  // another process that runs jobs is alive (its presence lock, held here): it may be about to claim it
  await pool.query('SELECT pg_advisory_lock(7301, 2000000002)');
  try {
    expect(await t.server.ctx.jobs.recoverInterrupted()).toBe(0);
    expect(await state(jobId)).toBe('active');
  } finally {
    await pool.query('SELECT pg_advisory_unlock(7301, 2000000002)');
  }

  // none is: the process that took it is gone
  expect(await t.server.ctx.jobs.recoverInterrupted()).toBe(1);
  expect(await state(jobId)).toBe('retry');
  const row = await t.server.ctx.db
    .selectFrom('jobs')
    .selectAll()
    .where('id', '=', jobId)
    .executeTakeFirstOrThrow();
  expect(row).toMatchObject({ status: 'NotStarted', failure_reason: `${INTERRUPTED}; queued again` });
});
