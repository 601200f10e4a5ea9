#!/usr/bin/env node
// The `taxrecon` command: `serve` (the default) starts the web app and workers;
// other sub-commands are the command-line tools. It runs the compiled build in
// apps/server/dist (made by `npm install` and `npm run build`), never a
// TypeScript loader, so it starts at once.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const compiled = path.join(here, '../dist/taxrecon.mjs');
if (!fs.existsSync(compiled)) {
  process.stderr.write('TaxRecon is not compiled yet: run `npm run build` (npm install does it too).\n');
  process.exit(1);
}
// `taxrecon payable` builds a year's entries on the main thread. With a 64 MB
// young generation instead of V8's default, fewer of them are copied by its
// collections: a million ledger lines took 24.8-25.4 s instead of 28.4-28.6 s,
// for about 120 MB more memory (`taxrecon reconcile`, whose work is in its
// threads, gained nothing). V8 takes the size only when it starts, so the
// command runs itself again with it.
const YOUNG = '--max-semi-space-size=64';
if (process.argv[2] === 'payable' && !process.execArgv.some((a) => a.startsWith('--max-semi-space-size'))) {
  const { spawnSync } = await import('node:child_process');
  const run = spawnSync(
    process.execPath,
    [YOUNG, ...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2)],
    { stdio: 'inherit' },
  );
  if (run.signal) process.kill(process.pid, run.signal);
  process.exit(run.status ?? 1);
}
await import(pathToFileURL(compiled).href);
