#!/usr/bin/env node
// Compiles the server and the command line to JavaScript once, so `taxrecon`
// and `serve` start without a TypeScript loader (scripts/server-bundle.mjs).
import path from 'node:path';
import { compileServer, root } from './server-bundle.mjs';

const outdir = path.join(root, 'apps/server/dist');
const started = Date.now();
await compileServer(outdir, { taxrecon: path.join(root, 'apps/server/src/cli/main.ts') });
console.log(`compiled the server into ${path.relative(root, outdir)} in ${Date.now() - started} ms`);
