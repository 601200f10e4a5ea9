import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventually, startTestServer, type TestServer } from '../../testing/test-server.ts';

// On PostgreSQL, notifications reach this process through a LISTEN session;
// when that session dies (a server restart, a failover, an administrator's
// pg_terminate_backend) the hub opens a new one and notifications arrive again.

const pgOnly = Boolean(process.env.TAXRECON_TEST_PG);
let t: TestServer;

beforeAll(async () => {
  if (pgOnly) t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const listenerPids = async () =>
  (
    await t.server.ctx.database.pool.query<{ pid: number }>(
      "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN taxrecon_notify'",
    )
  ).rows.map((r) => r.pid);

it.runIf(pgOnly)('delivers notifications again after the listening session was terminated', async () => {
  const received: string[] = [];
  const unsubscribe = t.server.ctx.hub.subscribe('user-1', { send: (text) => received.push(text) });
  const [before] = await listenerPids();
  expect(before).toBeDefined();
  await t.server.ctx.database.pool.query('SELECT pg_terminate_backend($1)', [before]);
  const after = await eventually(async () => {
    const pids = await listenerPids();
    return pids.length === 1 && pids[0] !== before ? pids[0] : null;
  });
  expect(after).not.toBe(before);
  await t.server.ctx.hub.publish('user-1', { msgType: 'info', msg: 'after the reconnect', detail: '' });
  const text = await eventually(async () => received.find((r) => r.includes('after the reconnect')));
  expect(JSON.parse(text)).toMatchObject({ msg: 'after the reconnect' });
  unsubscribe();
});
