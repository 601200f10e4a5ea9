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
await import(pathToFileURL(compiled).href);
