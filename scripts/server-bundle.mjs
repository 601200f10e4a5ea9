// How the server and its worker threads are compiled to JavaScript
// (esbuild): shared by `npm run build:server` and the benchmarks, which run
// the app compiled exactly as `taxrecon serve` does. Our workspace packages
// (@taxrecon/*, TypeScript sources) are bundled in; every other package stays
// an import from node_modules. Dynamic imports become chunks, so `taxrecon
// --help` loads only the dispatcher. Worker threads get their own entries
// beside the chunks that start them (they look for them next to themselves).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'apps/server');

const externalPackages = {
  name: 'external-packages',
  setup(b) {
    // a bare import that is not one of ours: leave it to node_modules
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@taxrecon/') ? undefined : { path: args.path, external: true },
    );
  },
};

// `entries`: the programs to compile ({ name: TypeScript file }); the worker
// threads' entries are added beside them.
export const compileServer = async (outdir, entries) => {
  fs.rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: {
      ...entries,
      'recon-worker': path.join(server, 'src/features/reconciliation/matching/worker.ts'),
      'train-worker': path.join(server, 'src/features/classification/train-worker.ts'),
      // the pool's thread (lib/worker-pool.ts) and the task modules it loads
      'pool-worker': path.join(server, 'src/lib/pool-worker.ts'),
      'parse-chunk': path.join(server, 'src/parsing/parse-chunk.ts'),
      'match-bucket': path.join(server, 'src/features/reconciliation/matching/bucket-task.ts'),
    },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    chunkNames: 'chunk-[hash]',
    outExtension: { '.js': '.mjs' },
    plugins: [externalPackages],
    logLevel: 'warning',
  });
  // plain JavaScript workers of our packages, found beside the chunk that starts them
  fs.copyFileSync(
    path.join(root, 'packages/formats/src/registers/xls-worker.mjs'),
    path.join(outdir, 'xls-worker.mjs'),
  );
};
