#!/usr/bin/env node
// node apps/server/bench/run-compiled.mjs <benchmark.ts> [its arguments]
//
// Runs a benchmark of the app compiled as `taxrecon serve` runs it (no
// TypeScript loader in the server, its worker threads or its matching
// threads): the benchmark and the server code it starts are compiled into
// apps/server/dist/bench-<name>/ with the worker entries beside them, and run
// with node. Measured under tsx, the same job took about a tenth longer.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { compileServer, root } from '../../../scripts/server-bundle.mjs';

const [file, ...args] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: node apps/server/bench/run-compiled.mjs <benchmark.ts> [arguments]\n');
  process.exit(2);
}
const source = path.resolve(file);
const name = path.basename(source).replace(/\.ts$/, '');
const outdir = path.join(root, 'apps/server/dist', `bench-${name}`);
await compileServer(outdir, { [name]: source });
const run = spawnSync(process.execPath, [path.join(outdir, `${name}.mjs`), ...args], {
  stdio: 'inherit',
  // the benchmark's own files (generators, DuckDB) stay beside its source
  env: { ...process.env, TAXRECON_BENCH_DIR: path.dirname(source) },
});
process.exit(run.status ?? 1);
