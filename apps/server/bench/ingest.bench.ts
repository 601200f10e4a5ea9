// npm run bench:ingest [-- --rows 1000000] [--pg postgres://postgres@127.0.0.1:5432]
//
// Generates a 26AS text file and a sales register of N rows each, then measures:
//   1. parsing the 26AS text in the CLI (`taxrecon parse-26as --csv`, end to end);
//   2. ingest through the app: upload over HTTP, the ingest job parses and COPYs
//      in one transaction; rows/s is rows loaded over the job's run time;
//   on the embedded database, and on PostgreSQL when --pg names a server.
// Peak RSS is the server process's (this process), read from the OS.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startBenchServer, uploadAndWait, withScratchDatabase } from './bench-server.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    pg: { type: 'string' },
    out: { type: 'string' },
    'skip-embedded': { type: 'boolean', default: false },
  },
});
const rows = Number(values.rows);
const out = values.out ?? path.join(os.tmpdir(), `taxrecon-bench-${rows}`);
// run-compiled.mjs runs this compiled elsewhere and says where its sources are
const benchDir = process.env.TAXRECON_BENCH_DIR ?? import.meta.dirname;
const root = path.resolve(benchDir, '../../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const statement = path.join(out, `26as-${rows}.txt`);
const register = path.join(out, `sales-register-${rows}.txt`);

if (!fs.existsSync(statement) || !fs.existsSync(register)) {
  console.log(`generating ${rows.toLocaleString('en-IN')} rows of each into ${out} ...`);
  execFileSync(tsx, [path.join(benchDir, 'generate-ingest-files.ts'), '--rows', String(rows), '--out', out], {
    stdio: 'inherit',
  });
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const rate = (n: number, seconds: number) => `${Math.round(n / seconds).toLocaleString('en-IN')} rows/s`;

// 1. The CLI, end to end (process start, parse, CSV out to /dev/null).
{
  const started = process.hrtime.bigint();
  const run = spawnSync(
    process.execPath,
    [path.join(root, 'apps/server/bin/taxrecon.mjs'), 'parse-26as', statement, '--csv'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
      maxBuffer: 1 << 26,
    },
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (run.status !== 0) throw new Error(`parse-26as failed: ${run.stderr}`);
  console.log(
    `CLI parse-26as --csv: ${rows.toLocaleString('en-IN')} rows in ${seconds.toFixed(1)} s = ${rate(rows, seconds)}`,
  );
}

// issue 14's aims for a million rows on two cores
const AIM = { embedded: 60_000, postgres: 150_000 };

const ingest = async (label: string, databaseUrl: string | null) => {
  const aim = databaseUrl ? AIM.postgres : AIM.embedded;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'taxrecon-bench-data-'));
  const bench = await startBenchServer(dataDir, databaseUrl);
  const load = async (route: string, file: string, fields: Record<string, string>) => {
    const { job, seconds } = await uploadAndWait(bench, route, file, fields).catch((error: Error) => {
      throw new Error(`${label}: ${error.message}`);
    });
    const loaded = Number(job.transactions_count);
    console.log(
      `${label} ingest ${path.basename(file)}: ${loaded.toLocaleString('en-IN')} rows in ${seconds.toFixed(1)} s = ${rate(loaded, seconds)} (aim ${rate(aim, 1)}); peak RSS ${mb(process.resourceUsage().maxRSS * 1024)}`,
    );
  };
  await load('/ingest/taxbook', statement, {});
  await load('/ingest/sales-register', register, { financialYear: '2024-25' });
  await bench.server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
};

if (!values['skip-embedded']) await ingest('embedded (PGlite)', null);
if (values.pg) await withScratchDatabase(values.pg, (databaseUrl) => ingest('PostgreSQL', databaseUrl));
