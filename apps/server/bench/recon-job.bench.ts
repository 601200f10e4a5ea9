// npm run bench:recon-job -- [--rows 1000000] [--pg postgres://postgres@127.0.0.1:5432]
//     [--deductors 20000]   (the customers the rows are spread over: many small parties cost more)
//     (the app compiled, as `taxrecon serve` runs it: run-compiled.mjs; `npx tsx` on this file runs the sources)
//     [--data DIR]   (embedded only: keep the loaded database in DIR and reuse it next time)
//     [--skip-embedded]   (with --pg: PostgreSQL only)
//     [--database NAME]   (with --pg: load into this database once and keep it for the next runs)
//     [--profile DIR]   (CPU profiles of the job's process and its threads, for node --cpu-prof readers)
//
// The reconciliation job through the app, end to end: generates (or reuses)
// the ingest benchmark's 26AS file and sales register of N rows each over
// 20,000 customers (--deductors), writes a customer master for those customers from the
// 26AS party lines, loads all three through the upload API, then submits a
// TDS reconciliation and measures:
//   1. the job (read with COPY, match in a worker thread, write with COPY);
//   2. the result screen's calls on the finished job (first page of each tab,
//      the summary, a customer's discrepancy view) and one decision;
// on the embedded database, and on PostgreSQL when --pg names a server.
// The job runs in a process of its own, started after the loads, so its peak
// RSS is the job's and not what the loads left behind.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { writeCustomerMaster } from '@taxrecon/formats';
import pg from 'pg';
import { startBenchServer, uploadAndWait } from './bench-server.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    deductors: { type: 'string', default: '20000' },
    pg: { type: 'string' },
    out: { type: 'string' },
    data: { type: 'string' },
    'skip-embedded': { type: 'boolean', default: false },
    // write CPU profiles of the job's process (and its threads) into this folder
    profile: { type: 'string' },
    // with --pg: load into (or reuse) this database and keep it
    database: { type: 'string' },
    // internal: the job's own process, over data already loaded
    'job-only': { type: 'string' },
    label: { type: 'string' },
  },
});
const rows = Number(values.rows);
const deductors = Number(values.deductors);
if (!Number.isInteger(deductors) || deductors < 1 || deductors > 99_999)
  throw new Error(`--deductors: a whole number from 1 to 99,999, not ${values.deductors}`);
// the 20,000-customer files are the ingest benchmark's own (bench:ingest)
const out =
  values.out ??
  path.join(
    os.tmpdir(),
    deductors === 20_000 ? `taxrecon-bench-${rows}` : `taxrecon-bench-${rows}-${deductors}`,
  );
// run-compiled.mjs runs this compiled elsewhere and says where its sources are
const benchDir = process.env.TAXRECON_BENCH_DIR ?? import.meta.dirname;
const root = path.resolve(benchDir, '../../..');
const statement = path.join(out, `26as-${rows}.txt`);
const register = path.join(out, `sales-register-${rows}.txt`);
const master = path.join(out, `customer-master-${rows}.txt`);

if (!fs.existsSync(statement) || !fs.existsSync(register)) {
  console.log(`generating ${rows.toLocaleString('en-IN')} rows of each into ${out} ...`);
  execFileSync(
    path.join(root, 'node_modules/.bin/tsx'),
    [
      path.join(benchDir, 'generate-ingest-files.ts'),
      '--rows',
      String(rows),
      '--deductors',
      String(deductors),
      '--out',
      out,
    ],
    { stdio: 'inherit' },
  );
}

// The customers are the 26AS deductors: "<sr>^<name>^<TAN>^..." party lines.
// Their codes are C<sr>, as the register's customer code column has them.
if (!fs.existsSync(master)) {
  const customers: { customerCode: string; customerName: string; nameFrom26AS: string; tanNumber: string }[] =
    [];
  const lines = readline.createInterface({
    input: fs.createReadStream(statement),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  for await (const line of lines) {
    const m = /^(\d+)\^([^^]+)\^([A-Z]{4}\d{5}[A-Z])\^/.exec(line);
    if (m)
      customers.push({
        customerCode: `C${m[1]}`,
        customerName: m[2]!,
        nameFrom26AS: m[2]!,
        tanNumber: m[3]!,
      });
  }
  fs.writeFileSync(master, writeCustomerMaster(customers));
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const bench = async (label: string, databaseUrl: string | null, databaseLoaded = false) => {
  const jobOnly = values['job-only'] !== undefined;
  const kept = jobOnly || (databaseUrl === null && values.data !== undefined);
  const loaded = jobOnly || databaseLoaded || (kept && fs.existsSync(path.join(values.data!, 'db')));
  const dataDir = jobOnly
    ? values['job-only']!
    : kept
      ? values.data!
      : fs.mkdtempSync(path.join(os.tmpdir(), 'taxrecon-bench-data-'));
  const { server, base, token } = await startBenchServer(dataDir, databaseUrl);
  const call = async <T>(method: string, route: string, body?: unknown): Promise<{ ms: number; json: T }> => {
    const started = performance.now();
    const response = await fetch(`${base}${route}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await response.json()) as T;
    if (response.status !== 200)
      throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(json)}`);
    return { ms: performance.now() - started, json };
  };
  const waitFor = async (jobId: string) => {
    for (;;) {
      const job = await server.ctx.db
        .selectFrom('jobs')
        .selectAll()
        .where('id', '=', jobId)
        .executeTakeFirstOrThrow();
      if (job.status === 'Failed') throw new Error(`${label}: job ${jobId} failed: ${job.failure_reason}`);
      if (job.status === 'Completed') return job;
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  const load = async (route: string, file: string, fields: Record<string, string>) => {
    const { job, seconds: took } = await uploadAndWait({ server, base, token }, route, file, fields).catch(
      (error: Error) => {
        throw new Error(`${label}: ${error.message}`);
      },
    );
    console.log(
      `${label}: loaded ${path.basename(file)} (${Number(job.transactions_count).toLocaleString('en-IN')} rows) in ${took.toFixed(1)} s`,
    );
  };
  if (!loaded) {
    await load('/ingest/ingest-customer', master, {});
    await load('/ingest/taxbook', statement, {});
    await load('/ingest/sales-register', register, { financialYear: '2024-25' });
  }
  if (!jobOnly) {
    await server.close();
    const child = spawnSync(
      process.execPath,
      [
        ...(values.profile ? ['--cpu-prof', '--cpu-prof-dir', values.profile] : []),
        // compiled (run-compiled.mjs) or from the sources through tsx
        ...(import.meta.filename.endsWith('.mjs') ? [] : ['--import', 'tsx']),
        import.meta.filename,
        '--rows',
        String(rows),
        '--deductors',
        String(deductors),
        '--job-only',
        dataDir,
        '--label',
        label,
        ...(databaseUrl ? ['--pg', databaseUrl] : []),
      ],
      { stdio: 'inherit' },
    );
    if (!kept) fs.rmSync(dataDir, { recursive: true, force: true });
    if (child.status !== 0) throw new Error(`${label}: the job's process failed`);
    return;
  }

  const rssBefore = process.resourceUsage().maxRSS * 1024;
  // The process's peak while the job runs (the worker thread is in this
  // process; on the embedded database so is the database).
  let jobPeak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    jobPeak = Math.max(jobPeak, process.memoryUsage().rss);
  }, 50);
  const cpuBefore = process.cpuUsage();
  const serverCpuBefore = postgresCpuSeconds();
  const submitted = await call<{ jobId: string }>('PUT', '/job/tds-reconciliation/2024-25', {});
  const job = await waitFor(submitted.json.jobId);
  clearInterval(sampler);
  const cpu = process.cpuUsage(cpuBefore);
  const serverCpu = postgresCpuSeconds() - serverCpuBefore;
  const result = job.result as {
    timings: Record<string, number>;
    customers: number;
    categories: Record<string, number>;
  };
  const wall = (job.ended_at?.getTime() ?? 0) - (job.started_at?.getTime() ?? 0);
  console.log(
    `${label}: TDS reconciliation of ${Number(job.transactions_count).toLocaleString('en-IN')} rows, ${result.customers} customers ${JSON.stringify(result.categories)} in ${seconds(wall)}`,
  );
  console.log(`  phases (ms): ${JSON.stringify(result.timings)}`);
  // On a machine of few cores the job's threads and the database share them:
  // CPU time says what a change saved when the wall time is noisy.
  console.log(
    `  CPU during the job: this process ${seconds((cpu.user + cpu.system) / 1000)}${databaseUrl && serverCpu > 0 ? `, this machine's PostgreSQL processes ${seconds(serverCpu * 1000)}` : ''}`,
  );
  console.log(
    `  peak RSS during the job: ${mb(jobPeak)}${databaseUrl ? ' (aim at 1M x 1M on PostgreSQL: under 1,536 MB)' : ''}; of the process: ${mb(process.resourceUsage().maxRSS * 1024)} (before the job ${mb(rssBefore)})`,
  );
  if (databaseUrl) console.log(`  job time ${seconds(wall)} (aim at 1M x 1M on PostgreSQL: under 20 s)`);

  const jobId = submitted.json.jobId;
  const timings: string[] = [];
  let firstTan = '';
  for (const tab of ['partialMatches', 'missingFromSales', 'missingFromTaxBook', 'fullMatches']) {
    const page = await call<Record<string, { customerTAN: string }[] | undefined>>(
      'POST',
      `/reconciliation-response/tds/job/${jobId}/1?matchType=${tab}`,
      {},
    );
    // a partly matched customer if there is one (small runs may have none)
    if (!firstTan) firstTan = page.json[tab]?.[0]?.customerTAN ?? '';
    timings.push(`${tab} page ${page.ms.toFixed(0)} ms`);
  }
  timings.push(`summary ${(await call('GET', `/job/tds-reconciliation-summary/${jobId}`)).ms.toFixed(0)} ms`);
  const view = firstTan
    ? await call<{ entrySalesDiscrepancies: { id: string; manualAction: string | null }[] }>(
        'GET',
        `/discrepancy/entries/${firstTan}?jobId=${jobId}`,
      )
    : null;
  if (view) timings.push(`discrepancy view ${view.ms.toFixed(0)} ms`);
  const open = view?.json.entrySalesDiscrepancies.find((r) => r.manualAction === null);
  if (open) {
    const decision = await call('PUT', '/discrepancy/update-discrepancies', {
      jobId,
      actionType: 'Hold',
      salesPurchaseBookDiscrepancyIds: [open.id],
    });
    timings.push(`a decision ${decision.ms.toFixed(0)} ms`);
  }
  console.log(`  result screen: ${timings.join(', ')}`);
  await server.close();
  if (!kept) fs.rmSync(dataDir, { recursive: true, force: true });
};

if (values['job-only'] !== undefined) await bench(values.label ?? 'job', values.pg ?? null);
else if (!values['skip-embedded'] || !values.pg) await bench('embedded (PGlite)', null);
if (values.pg && values['job-only'] === undefined) {
  const name = values.database ?? `taxrecon_bench_${process.pid}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`--database: a plain name, not ${name}`);
  const admin = new pg.Client({ connectionString: `${values.pg}/postgres` });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
  if (!exists) await admin.query(`CREATE DATABASE ${name}`);
  try {
    await bench('PostgreSQL', `${values.pg}/${name}`, exists);
  } finally {
    if (!values.database) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

// User and system CPU seconds of this machine's PostgreSQL processes so far
// (Linux /proc; 0 elsewhere, or when the server runs on another machine).
function postgresCpuSeconds(): number {
  let ticks = 0;
  try {
    for (const pid of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        if (!stat.includes('(postgres)')) continue;
        // fields after the command's closing parenthesis: utime is the 12th, stime the 13th
        const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        ticks += Number(rest[11]) + Number(rest[12]);
      } catch {
        // the process ended meanwhile
      }
    }
  } catch {
    return 0;
  }
  return ticks / 100;
}
