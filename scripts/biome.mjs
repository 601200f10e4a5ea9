#!/usr/bin/env node
// Runs Biome's native binary. The registry this project installs from carries
// Biome's Linux builds only, and the @biomejs/biome wrapper lists every
// platform's build as optional, which `npm ci` then reports as missing from the
// lock file; so the Linux builds are dependencies themselves and this picks one.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const name = `@biomejs/cli-${process.platform}-${process.arch}`;
let binary;
try {
  binary = path.join(path.dirname(require.resolve(`${name}/package.json`)), 'biome');
} catch {
  console.error(`Biome has no build installed for ${process.platform}-${process.arch} (${name}).`);
  process.exit(2);
}
const result = spawnSync(binary, process.argv.slice(2), { stdio: 'inherit' });
process.exit(result.status ?? 1);
