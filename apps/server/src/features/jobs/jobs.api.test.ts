import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { z } from 'zod';
import { defineTask } from '../../platform/queue/task.ts';
import { outboxMail } from '../../testing/accounts.ts';
import { ADMIN, eventually, startTestServer, type TestServer } from '../../testing/test-server.ts';

// The server starts without workers so the test can act before a job runs.
let t: TestServer;
let token: string;
const messages: { msgType: string; msg: string; jobId?: string }[] = [];
let socket: WebSocket;

const flaky = defineTask({
  queue: 'test-flaky',
  jobType: 'TestFlaky',
  input: z.object({ failTimes: z.number() }),
  retryLimit: 1,
  retryDelaySeconds: 1,
  run: async ({ failTimes }, job) => {
    if (job.attempt <= failTimes) throw new Error(`attempt ${job.attempt} failed on purpose`);
    return { remarks: `succeeded on attempt ${job.attempt}` };
  },
});

beforeAll(async () => {
  t = await startTestServer({}, { work: false });
  token = await t.login(ADMIN.email, ADMIN.password);
  socket = new WebSocket(`${t.baseUrl.replace('http', 'ws')}/taxrecon/stomp`);
  await new Promise((resolve) => socket.once('open', resolve));
  socket.send(JSON.stringify({ token }));
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  await new Promise((resolve) => socket.once('message', resolve));
  t.server.ctx.jobs.register(flaky);
});
afterAll(async () => {
  socket?.close();
  await t?.close();
});

const owner = async () => {
  const me = await t.server.ctx.db
    .selectFrom('users')
    .select(['id', 'tenant_id', 'current_entity_id', 'login'])
    .where('login', '=', ADMIN.email)
    .executeTakeFirstOrThrow();
  return { tenantId: me.tenant_id, entityId: me.current_entity_id, userId: me.id, login: me.login };
};

describe('jobs', () => {
  it('runs a data-quality report: NotStarted, then Completed with progress 100, the owner notified and e-mailed', async () => {
    const started = (await t.api('POST', '/job/data-quality-report', { token })).json as {
      id: string;
      status: string;
    };
    expect(started.status).toBe('NotStarted');
    const pref = await t.api('PUT', `/job/notif-preference/${started.id}/true`, { token });
    expect(pref.json).toEqual({ message: "We'll email you when this job finishes" });
    await t.server.ctx.jobs.work();
    const done = await eventually(async () => {
      const view = (await t.api('GET', `/job/${started.id}`, { token })).json as {
        status: string;
        progress: number;
        remarks: string;
      };
      return view.status === 'Completed' ? view : null;
    });
    expect(done.progress).toBe(100);
    expect(done.remarks).toMatch(/ingest job/);
    await eventually(async () => messages.find((m) => m.jobId === started.id));
    expect(messages.find((m) => m.jobId === started.id)).toMatchObject({ msgType: 'success' });
    const mail = await outboxMail(t, ADMIN.email);
    expect(mail.subject).toContain('Data quality report job completed');
    const late = await t.api('PUT', `/job/notif-preference/${started.id}/false`, { token });
    expect(late.status).toBe(400);
  });

  it('retries a failing task and completes it on the next attempt', async () => {
    const row = await t.server.ctx.jobs.start(flaky, { failTimes: 1 }, await owner());
    const done = await eventually(async () => {
      const view = (await t.api('GET', `/job/${row.id}`, { token })).json as {
        status: string;
        remarks: string;
      };
      return view.status === 'Completed' ? view : null;
    });
    expect(done.remarks).toBe('succeeded on attempt 2');
  });

  it('marks a task Failed with its reason once retries are spent, and tells the owner', async () => {
    const row = await t.server.ctx.jobs.start(flaky, { failTimes: 5 }, await owner());
    const failed = await eventually(async () => {
      const view = (await t.api('GET', `/job/${row.id}`, { token })).json as {
        status: string;
        failureReason: string;
      };
      return view.status === 'Failed' ? view : null;
    });
    expect(failed.failureReason).toBe('attempt 2 failed on purpose');
    await eventually(async () => messages.find((m) => m.jobId === row.id));
    expect(messages.find((m) => m.jobId === row.id)).toMatchObject({ msgType: 'error' });
  });

  it('closes a websocket that comes without a valid token', async () => {
    const stranger = new WebSocket(`${t.baseUrl.replace('http', 'ws')}/taxrecon/stomp`);
    stranger.on('open', () => stranger.send(JSON.stringify({ token: 'nope' })));
    const code = await new Promise<number>((resolve) => stranger.on('close', (c) => resolve(c)));
    expect(code).toBe(4401);
  });
});
