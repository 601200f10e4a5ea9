import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { API_BASE } from '@taxrecon/contracts';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { type Config, loadConfig } from '../platform/config.ts';
import type { JobHooks } from '../platform/queue/job-runner.ts';
import { createServer, type RunningServer } from '../server.ts';

export const ADMIN = { email: 'admin@acme.test', password: 'Admin-pass-1' };

export interface TestServer {
  server: RunningServer;
  baseUrl: string;
  api: (method: string, path: string, options?: { token?: string; body?: unknown }) => Promise<ApiAnswer>;
  login: (userId: string, password: string) => Promise<string>;
  // multipart PUT with files in the field `files`, as the upload screens send them
  upload: (
    route: string,
    options: {
      token: string;
      files: { name: string; content: string | Uint8Array }[];
      fields?: Record<string, string>;
    },
  ) => Promise<ApiAnswer>;
  close: () => Promise<void>;
}

export interface ApiAnswer {
  status: number;
  headers: Headers;
  json: unknown;
}

// A real server on a random port over a fresh database: embedded PGlite in
// memory, or, when TAXRECON_TEST_PG is set (the CI's second pass), a new
// database created on that PostgreSQL server and dropped afterwards.
export const startTestServer = async (
  overrides: Partial<Config> = {},
  options: {
    work?: boolean;
    jobHooks?: JobHooks;
    logDestination?: DestinationStream;
    loginRateLimit?: number;
  } = {},
): Promise<TestServer> => {
  const pgServer = process.env.TAXRECON_TEST_PG;
  let databaseUrl: string | null = null;
  let dropDatabase: (() => Promise<void>) | null = null;
  if (pgServer) {
    const name = `taxrecon_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: `${pgServer.replace(/\/$/, '')}/postgres` });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    databaseUrl = `${pgServer.replace(/\/$/, '')}/${name}`;
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: `${pgServer.replace(/\/$/, '')}/postgres` });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const dataDir = path.join(os.tmpdir(), `taxrecon-test-${randomBytes(4).toString('hex')}`);
  const config: Config = {
    ...loadConfig({}),
    port: 0,
    host: '127.0.0.1',
    dataDir,
    ingestFolder: path.join(dataDir, 'inbox'),
    databaseUrl,
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    secret: 'test-secret-not-for-production',
    // the demo company only where a test asks for it, and its reconciliation
    // only where a test asks for that too (most run their own)
    demo: false,
    demoReconciliation: false,
    // never the real TRACES portal: a closed port unless a test starts a stand-in
    tracesUrl: 'http://127.0.0.1:9/app',
    ...overrides,
  };
  const server = await createServer(config, {
    pgliteDir: 'memory://',
    loginRateLimit: options.loginRateLimit ?? 1000,
    work: options.work ?? true,
    ...(options.jobHooks ? { jobHooks: options.jobHooks } : {}),
    ...(options.logDestination ? { logger: { level: 'info' }, logDestination: options.logDestination } : {}),
  });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  server.ctx.config.publicUrl = baseUrl;

  const api: TestServer['api'] = async (method, route, options = {}) => {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${baseUrl}${API_BASE}${route}`, {
      method,
      headers,
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: response.status, headers: response.headers, json };
  };

  return {
    server,
    baseUrl,
    api,
    login: async (userId, password) => {
      const answer = await api('POST', '/login', { body: { userId, password } });
      if (answer.status !== 200)
        throw new Error(`login ${userId} failed: ${answer.status} ${JSON.stringify(answer.json)}`);
      return (answer.json as { token: string }).token;
    },
    upload: async (route, options) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(options.fields ?? {})) form.append(k, v);
      for (const f of options.files) form.append('files', new Blob([f.content]), f.name);
      const response = await fetch(`${baseUrl}${API_BASE}${route}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${options.token}` },
        body: form,
      });
      const text = await response.text();
      let json: unknown = text;
      try {
        json = JSON.parse(text);
      } catch {
        // keep the text
      }
      return { status: response.status, headers: response.headers, json };
    },
    close: async () => {
      await server.close();
      await dropDatabase?.();
    },
  };
};

// Waits for a condition the server reaches in the background (a job finishing, a mail arriving).
export const eventually = async <T>(
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs = 20_000,
): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 100));
  }
};

export interface JobView {
  status: string;
  remarks: string;
  payload: string | null;
  // 'NothingLoaded' for a load that found nothing to load
  outcome?: string | null;
}

// Waits until a job has finished (Completed or Failed) and returns its view.
export const jobFinished = (t: TestServer, token: string, jobId: string, timeoutMs = 60_000) =>
  eventually(async () => {
    const view = (await t.api('GET', `/job/${jobId}`, { token })).json as JobView;
    return view.status === 'Completed' || view.status === 'Failed' ? view : null;
  }, timeoutMs);

// The entity a user is working in (their current one), as the server keeps it.
export const currentEntityId = async (t: TestServer, login = ADMIN.email): Promise<string> => {
  const user = await t.server.ctx.db
    .selectFrom('users')
    .select(['current_entity_id'])
    .where('login', '=', login)
    .executeTakeFirstOrThrow();
  if (!user.current_entity_id) throw new Error(`${login} has no current entity`);
  return user.current_entity_id;
};

// Waits until the demo company's jobs have run, down to a job of type
// `last` (the demo starts them one after another), all of them Completed; a
// failed one stops the wait with its remarks.
export const demoSettled = (t: TestServer, token: string, last: string, timeoutMs = 240_000) =>
  eventually(async () => {
    const list = (await t.api('GET', '/job/jobs-queue', { token })).json as {
      status: string;
      jobType: string;
      remarks?: string;
    }[];
    const failed = list.find((j) => j.status === 'Failed');
    if (failed) throw new Error(`demo job ${failed.jobType} failed: ${failed.remarks ?? ''}`);
    return list.some((j) => j.jobType === last) && list.every((j) => j.status === 'Completed');
  }, timeoutMs);
