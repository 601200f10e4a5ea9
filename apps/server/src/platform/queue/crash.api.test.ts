import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { API_BASE, RECON_JOB_TYPES, type SubmitAnswer } from '@taxrecon/contracts';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { generateDemoCompany } from '../../features/demo/generate.ts';
import { eventually } from '../../testing/test-server.ts';
import { openDatabase } from '../db/database.ts';
import { createLogger } from '../logger.ts';

// The real server in a child process, killed with SIGKILL in the middle of
// an ingest and of a reconciliation, and just after each committed, then
// started again: every job ends Completed or Failed with a reason, and the
// rows equal one load. `serve` runs the web app and the workers in one
// process on either database, so the whole process is killed on PostgreSQL too.

const ENTRY = path.resolve(import.meta.dirname, '../../testing/crash-server.ts');
const ADMIN = { email: 'crash@acme.test', password: 'Crash-pass-1' };
const demo = generateDemoCompany();
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface Child {
  port: number;
  paused: Promise<string>;
  kill: () => Promise<void>;
  stop: () => Promise<void>;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

const startChild = async (env: Record<string, string>, pause?: string): Promise<Child> => {
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    env: {
      ...process.env,
      ...env,
      TAXRECON_ADMIN_EMAIL: ADMIN.email,
      TAXRECON_ADMIN_PASSWORD: ADMIN.password,
      TAXRECON_SECRET: 'crash-test-secret',
      TAXRECON_DEMO: 'true',
      // the test's own reconciliation is the one paused: the demo's is left out
      TAXRECON_DEMO_RECONCILIATION: 'false',
      WEB_DIST: '',
      TAXRECON_CRASH_PAUSE: pause ?? '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited(child);
  });
  let onPort: (port: number) => void = () => {};
  let onPaused: (id: string) => void = () => {};
  const port = new Promise<number>((resolve) => {
    onPort = resolve;
  });
  const paused = new Promise<string>((resolve) => {
    onPaused = resolve;
  });
  const failed = exited(child).then(() => {
    throw new Error(`server exited (${child.exitCode ?? child.signalCode}) before it listened`);
  });
  for (const p of [port, paused, failed]) p.catch(() => undefined);
  readline.createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    const [word, value = ''] = line.split(' ');
    if (word === 'LISTENING') onPort(Number(value));
    if (word === 'PAUSED') onPaused(value);
  });
  return {
    port: await Promise.race([port, failed]),
    paused,
    kill: async () => {
      child.kill('SIGKILL');
      await exited(child);
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
};

const client = (port: number) => {
  let token = '';
  const call = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
    const response = await fetch(`http://127.0.0.1:${port}${API_BASE}${route}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await response.json()) as T;
    if (response.status !== 200)
      throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
  return {
    call,
    login: async () => {
      token = (
        await call<{ token: string }>('POST', '/login', { userId: ADMIN.email, password: ADMIN.password })
      ).token;
    },
  };
};

interface JobView {
  id: string;
  jobType: string;
  status: string;
  remarks: string | null;
  failureReason: string | null;
}

// On a timeout it names the jobs still unsettled, so a failure says which job waited on what.
const allSettled = async (api: ReturnType<typeof client>, expected: number) => {
  let last: JobView[] = [];
  try {
    return await eventually(async () => {
      last = await api.call<JobView[]>('GET', '/job/jobs-queue');
      return last.length >= expected && last.every((j) => j.status === 'Completed' || j.status === 'Failed')
        ? last
        : null;
    }, 120_000);
  } catch (error) {
    const open = last.filter((j) => j.status !== 'Completed' && j.status !== 'Failed');
    throw new Error(`${last.length} of ${expected} jobs, unsettled: ${JSON.stringify(open)}`, {
      cause: error,
    });
  }
};

const crashAndRecover = async (env: Record<string, string>, count: (sql: string) => Promise<number>) => {
  const ingests = demo.files.length;
  // 1. killed in the middle of the sales register load (parsed, not yet written)
  let server = await startChild(env, 'IngestSales:50');
  const salesJob = await server.paused;
  await server.kill();
  // 2. the restart queues it again; killed just after its load committed
  server = await startChild(env, 'IngestSales:commit');
  expect(await server.paused).toBe(salesJob);
  await server.kill();
  // 3. the restart finds it done; a reconciliation killed in the middle of its matching
  // (10-70%: on the embedded database the write holds the one connection, so no progress is
  // reported past 70 until it commits)
  server = await startChild(env, `${RECON_JOB_TYPES.TDS}:50`);
  let api = client(server.port);
  await api.login();
  await allSettled(api, ingests);
  const submitted = await api.call<SubmitAnswer>('PUT', `/job/tds-reconciliation/${demo.financialYear}`, {});
  const reconJob = submitted.jobId as string;
  expect(await server.paused).toBe(reconJob);
  await server.kill();
  // 4. run again after the restart; killed just after its result committed
  server = await startChild(env, `${RECON_JOB_TYPES.TDS}:commit`);
  expect(await server.paused).toBe(reconJob);
  await server.kill();
  // 5. a last restart settles it; a clean reconciliation to compare with
  server = await startChild(env);
  api = client(server.port);
  await api.login();
  await allSettled(api, ingests + 1);
  const again = await api.call<SubmitAnswer>('PUT', `/job/tds-reconciliation/${demo.financialYear}`, {});
  expect(again).toMatchObject({ throttled: false });
  const jobs = await allSettled(api, ingests + 2);
  await server.stop();

  for (const job of jobs) {
    expect(job.status, JSON.stringify(job)).toBe('Completed');
    expect(job.remarks).toBeTruthy();
  }
  const byId = new Map(jobs.map((j) => [j.id, j]));
  expect(byId.get(salesJob)?.remarks).toMatch(/interrupted by a restart/);
  expect(byId.get(reconJob)?.remarks).toMatch(/interrupted by a restart/);

  const forms = demo.expectations.controlTotals.form26as;
  expect(await count('SELECT count(*) FROM sales_entries')).toBe(demo.expectations.controlTotals.sales.rows);
  expect(await count('SELECT count(*) FROM tax_entries')).toBe(
    forms.reduce((n, f) => n + f.tdsTransactions + f.tcsTransactions, 0),
  );
  const rowsOf = (jobId: string) => count(`SELECT count(*) FROM recon_rows WHERE job_id = '${jobId}'`);
  const partiesOf = (jobId: string) => count(`SELECT count(*) FROM recon_parties WHERE job_id = '${jobId}'`);
  expect(await rowsOf(reconJob)).toBeGreaterThan(0);
  expect(await rowsOf(reconJob)).toBe(await rowsOf(again.jobId as string));
  expect(await partiesOf(reconJob)).toBe(await partiesOf(again.jobId as string));
  expect(await count("SELECT count(*) FROM pgboss.job WHERE state = 'active'")).toBe(0);
};

const tempDir = () => {
  const dir = path.join(os.tmpdir(), `taxrecon-crash-${randomBytes(4).toString('hex')}`);
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
};

describe('a server killed mid-job and started again', () => {
  it('on the embedded database', async () => {
    const dataDir = tempDir();
    await crashAndRecover({ DATA_DIR: dataDir, DATABASE_URL: '' }, async (text) => {
      const database = await openDatabase({ databaseUrl: null, dataDir, log: createLogger(false) });
      try {
        const r = await database.pool.query<{ count: number }>(text);
        return Number(r.rows[0]?.count);
      } finally {
        await database.close();
      }
    });
  }, 300_000);

  it.runIf(process.env.TAXRECON_TEST_PG)(
    'on PostgreSQL',
    async () => {
      const server = (process.env.TAXRECON_TEST_PG as string).replace(/\/$/, '');
      const name = `taxrecon_crash_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: `${server}/postgres` });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      cleanups.push(async () => {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      });
      const url = `${server}/${name}`;
      await crashAndRecover({ DATA_DIR: tempDir(), DATABASE_URL: url }, async (text) => {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        try {
          return Number((await c.query<{ count: string }>(text)).rows[0]?.count);
        } finally {
          await c.end();
        }
      });
    },
    300_000,
  );
});
