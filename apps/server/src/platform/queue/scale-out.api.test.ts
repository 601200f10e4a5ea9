import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { API_BASE, RECON_JOB_TYPES, type SubmitAnswer } from '@taxrecon/contracts';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { generateDemoCompany } from '../../features/demo/generate.ts';
import { eventually } from '../../testing/test-server.ts';

// How a team outgrows one machine: one web process (`serve --no-workers`)
// and two worker processes (`taxrecon worker`) of the compiled build share
// one PostgreSQL. Jobs submitted to the web process run once each, in a
// worker, and their notifications reach the user's websocket on the web
// process through LISTEN/NOTIFY.

const BIN = path.resolve(import.meta.dirname, '../../../bin/taxrecon.mjs');
const ADMIN = { email: 'scale@acme.test', password: 'Scale-pass-1' };
const demo = generateDemoCompany();
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

// Starts `taxrecon <args>` and answers the first stdout line that matches `ready`.
const startProcess = async (args: string[], env: Record<string, string>, ready: RegExp) => {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: {
      ...process.env,
      ...env,
      TAXRECON_ADMIN_EMAIL: ADMIN.email,
      TAXRECON_ADMIN_PASSWORD: ADMIN.password,
      TAXRECON_SECRET: 'scale-out-secret',
      // the demo's own reconciliation would hold the lock the test's submit needs
      TAXRECON_DEMO_RECONCILIATION: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited(child);
  });
  const line = await new Promise<RegExpMatchArray>((resolve, reject) => {
    readline.createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (text) => {
      const match = text.match(ready);
      if (match) resolve(match);
    });
    void exited(child).then(() => reject(new Error(`taxrecon ${args.join(' ')} exited before it was ready`)));
  });
  return { child, line };
};

interface JobView {
  id: string;
  jobType: string;
  status: string;
}

describe('web and workers in separate processes', () => {
  it('refuses to split the embedded database between processes', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'taxrecon-role-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const child = spawn(process.execPath, [BIN, 'worker'], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    await exited(child);
    expect(child.exitCode).toBe(2);
    expect(stderr).toMatch(/needs PostgreSQL/);
  }, 60_000);

  it.runIf(process.env.TAXRECON_TEST_PG)(
    'runs each job once, in a worker, and notifies the user through the web process',
    async () => {
      const server = (process.env.TAXRECON_TEST_PG as string).replace(/\/$/, '');
      const name = `taxrecon_scale_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: `${server}/postgres` });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      cleanups.push(async () => {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      });
      const url = `${server}/${name}`;
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'taxrecon-scale-'));
      cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
      // one shared file store, as a team would mount one volume on every machine
      const env = { DATABASE_URL: url, DATA_DIR: dataDir };

      const port = await freePort();
      await startProcess(
        ['serve', '--no-workers'],
        { ...env, PORT: String(port), TAXRECON_DEMO: 'true' },
        /is serving .* without job workers/,
      );
      const workers = await Promise.all(
        [1, 2].map(() => startProcess(['worker'], env, /TaxRecon worker (\d+) is running jobs/)),
      );
      const workerKeys = workers.map((w) => Number(w.line[1]));
      const db = new pg.Client({ connectionString: url });
      await db.connect();
      cleanups.push(async () => db.end());

      const call = async <T>(method: string, route: string, token: string, body?: unknown) => {
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
      const { token } = await call<{ token: string }>('POST', '/login', '', {
        userId: ADMIN.email,
        password: ADMIN.password,
      });
      const socket = new WebSocket(`ws://127.0.0.1:${port}/taxrecon/stomp`);
      cleanups.push(async () => socket.close());
      const messages: { msgType: string; msg: string; detail: string; jobId?: string }[] = [];
      await new Promise((resolve) => socket.once('open', resolve));
      socket.on('message', (data) => messages.push(JSON.parse(String(data))));
      socket.send(JSON.stringify({ token }));
      await eventually(async () => messages.some((m) => m.msg === 'connected') || null, 30_000);

      // the demo company's ingest jobs, queued by the web process, then a reconciliation
      const ingests = demo.files.length;
      const settled = (expected: number) =>
        eventually(async () => {
          const jobs = await call<JobView[]>('GET', '/job/jobs-queue', token);
          return jobs.length >= expected &&
            jobs.every((j) => j.status === 'Completed' || j.status === 'Failed')
            ? jobs
            : null;
        }, 180_000);
      await settled(ingests);
      const submitted = await call<SubmitAnswer>(
        'PUT',
        `/job/tds-reconciliation/${demo.financialYear}`,
        token,
        {},
      );
      const jobs = await settled(ingests + 1);

      expect(jobs.map((j) => j.status)).toEqual(jobs.map(() => 'Completed'));
      expect(jobs.map((j) => j.jobType)).toContain(RECON_JOB_TYPES.TDS);
      const ran = await db.query<{ id: string; worker_key: string }>(
        `SELECT id, worker_key FROM jobs WHERE job_type <> 'SendEmail'`,
      );
      // every job the user sees (the demo's loads, its 34A run, Form 16A and
      // training jobs, and the reconciliation) and no other
      expect(ran.rows.map((r) => r.id).sort()).toEqual(jobs.map((j) => j.id).sort());
      // each ran in one of the two worker processes (the web process has a key of its own)
      for (const row of ran.rows) expect(workerKeys, JSON.stringify(row)).toContain(Number(row.worker_key));
      // each load happened once: the rows equal one load of the demo company
      const count = async (sql: string) => Number((await db.query<{ n: string }>(sql)).rows[0]?.n);
      expect(await count('SELECT count(*) AS n FROM sales_entries')).toBe(
        demo.expectations.controlTotals.sales.rows,
      );
      expect(await count(`SELECT count(*) AS n FROM recon_runs WHERE job_id = '${submitted.jobId}'`)).toBe(1);
      // the reconciliation's notification, sent by a worker, reached the socket on the
      // web process (the demo loads may have finished before the socket connected)
      const notice = await eventually(
        async () => messages.find((m) => m.jobId === submitted.jobId) ?? null,
        30_000,
      ).catch(() => null);
      expect(notice, JSON.stringify(messages)).toMatchObject({ msgType: 'success' });
    },
    300_000,
  );
});
