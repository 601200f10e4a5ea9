import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../src/platform/config.ts';
import { createServer } from '../src/server.ts';

// The app as the benchmarks drive it: a real server on a random port over the
// given data folder (or PostgreSQL), signed in as its administrator.
export const startBenchServer = async (dataDir: string, databaseUrl: string | null) => {
  const config = {
    ...loadConfig({}),
    dataDir,
    databaseUrl,
    adminEmail: 'bench@taxrecon.local',
    adminPassword: 'bench-password-1',
    demo: false,
    port: 0,
    host: '127.0.0.1',
  };
  const server = await createServer(config, { logger: false });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/taxrecon/api/v1`;
  const { token } = (await (
    await fetch(`${base}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: config.adminEmail, password: config.adminPassword }),
    })
  ).json()) as { token: string };
  return { server, base, token };
};

type BenchServer = Awaited<ReturnType<typeof startBenchServer>>;

// Uploads a file to an ingest route and waits for its job: the finished job's
// row, with the seconds from its start to its end. A refused upload or a
// failed job throws, naming the file.
export const uploadAndWait = async (
  bench: BenchServer,
  route: string,
  file: string,
  fields: Record<string, string>,
) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('files', new Blob([fs.readFileSync(file)]), path.basename(file));
  const response = await fetch(`${bench.base}${route}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${bench.token}` },
    body: form,
  });
  const answer = (await response.json()) as { jobId?: string };
  if (response.status !== 200 || !answer.jobId)
    throw new Error(`upload of ${path.basename(file)}: ${response.status} ${JSON.stringify(answer)}`);
  for (;;) {
    const job = await bench.server.ctx.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', answer.jobId)
      .executeTakeFirstOrThrow();
    if (job.status === 'Failed') throw new Error(`${path.basename(file)}: ${job.failure_reason}`);
    if (job.status === 'Completed')
      return { job, seconds: ((job.ended_at?.getTime() ?? 0) - (job.started_at?.getTime() ?? 0)) / 1000 };
    await new Promise((r) => setTimeout(r, 250));
  }
};

// Runs `use` on a database made for it on the server at `serverUrl`
// (postgres://user@host:port), dropped afterwards.
export const withScratchDatabase = async (serverUrl: string, use: (databaseUrl: string) => Promise<void>) => {
  const name = `taxrecon_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    await use(`${serverUrl}/${name}`);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
};
