import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { TrainRequest, TrainResult, TrainWorkerMessage } from './train-worker.ts';

// The compiled build (scripts/build-server.mjs) puts the worker beside the
// code that starts it as plain JavaScript; from TypeScript sources it boots
// through tsx.
const compiledWorker = new URL('./train-worker.mjs', import.meta.url);
const COMPILED_WORKER = fs.existsSync(fileURLToPath(compiledWorker)) ? compiledWorker : null;

// Trains in a worker thread so the API stays responsive while a file of
// lakhs of descriptions is learned.
export const trainInWorker = (
  request: TrainRequest,
  onProgress: (fraction: number) => void,
): Promise<TrainResult> =>
  new Promise((resolve, reject) => {
    const worker = new Worker(COMPILED_WORKER ?? new URL('./train-worker-boot.mjs', import.meta.url), {
      workerData: { module: new URL('./train-worker.ts', import.meta.url).href },
    });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
      void worker.terminate();
    };
    worker.on('message', (m: TrainWorkerMessage) => {
      if (m.type === 'progress') onProgress(m.fraction);
      else if (m.type === 'done') finish(() => resolve(m.result));
      else finish(() => reject(new Error(`training failed: ${m.message}`)));
    });
    worker.on('error', (error) => finish(() => reject(error)));
    worker.on('exit', (code) =>
      finish(() => reject(new Error(`the training worker stopped (exit code ${code})`))),
    );
    worker.postMessage(request);
  });
