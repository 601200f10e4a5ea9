import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type ComputeRequest, type ComputeResult, computeReconciliation } from './compute.ts';
import type { WorkerMessage } from './worker.ts';

// The compiled build (scripts/build-server.mjs) puts the worker beside the
// code that starts it as plain JavaScript; from TypeScript sources it boots
// through tsx.
const compiledWorker = new URL('./recon-worker.mjs', import.meta.url);
const COMPILED_WORKER = fs.existsSync(fileURLToPath(compiledWorker)) ? compiledWorker : null;

// Runs a reconciliation in a worker thread, so matching lakhs of rows never
// blocks the API. TAXRECON_RECON_IN_PROCESS=1 runs it on the main thread
// instead (for profiling).
export const runInWorker = (
  request: ComputeRequest,
  onProgress: (finished: number, total: number) => void,
): Promise<ComputeResult> => {
  if (process.env.TAXRECON_RECON_IN_PROCESS === '1') {
    return Promise.resolve(computeReconciliation(request, onProgress));
  }
  return new Promise((resolve, reject) => {
    const worker = new Worker(COMPILED_WORKER ?? new URL('./worker-boot.mjs', import.meta.url), {
      workerData: { module: new URL('./worker.ts', import.meta.url).href },
      // The engine holds a whole year of rows and their results. Matching makes
      // many short-lived objects: a big young generation keeps them out of the
      // old one (measured on 2,000,000 rows: 27 s in the worker became 15 s).
      resourceLimits: { maxOldGenerationSizeMb: 6144, maxYoungGenerationSizeMb: 256 },
    });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
      void worker.terminate();
    };
    worker.on('message', (m: WorkerMessage) => {
      if (m.type === 'progress') onProgress(m.finished, m.total);
      else if (m.type === 'done') finish(() => resolve(m.result));
      else finish(() => reject(new Error(m.message)));
    });
    worker.on('error', (error) => finish(() => reject(error)));
    worker.on('exit', (code) =>
      finish(() => reject(new Error(`the matching worker stopped (exit code ${code})`))),
    );
    // Big inputs are moved, not copied. A small Buffer may sit in Node's shared
    // pool, whose memory must not be moved away: those are copied.
    const buffers = [request.book, request.taxBook, request.broughtForwardBook, request.broughtForwardTaxBook]
      .filter((b) => b.byteLength > 65_536 && b.byteOffset === 0 && b.byteLength === b.buffer.byteLength)
      .map((b) => b.buffer)
      .filter((b, i, all): b is ArrayBuffer => b instanceof ArrayBuffer && all.indexOf(b) === i);
    worker.postMessage(request, buffers);
  });
};
