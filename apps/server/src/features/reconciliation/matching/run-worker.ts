import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { youngGenerationMb } from '../../../lib/worker-pool.ts';
import { type ComputeRequest, type ComputeResult, computeReconciliation } from './compute.ts';
import { removeSpool } from './party-streamed-compute.ts';
import type { InputSide, OutputBatch, StreamedRequest, StreamedSummary } from './streamed-compute.ts';
import { holdsWholeYear, newStreamedJob } from './streamed-job.ts';
import type { WorkerMessage, WorkerRequest } from './worker.ts';

// The compiled build (scripts/build-server.mjs) puts the worker beside the
// code that starts it as plain JavaScript; from TypeScript sources it boots
// through tsx.
const compiledWorker = new URL('./recon-worker.mjs', import.meta.url);
const COMPILED_WORKER = fs.existsSync(fileURLToPath(compiledWorker)) ? compiledWorker : null;

// Runs a reconciliation in a worker thread, so matching lakhs of rows never
// blocks the API. TAXRECON_RECON_IN_PROCESS=1 runs it on the main thread
// instead (for profiling).
const newWorker = (holdsYear = true) =>
  new Worker(COMPILED_WORKER ?? new URL('./worker-boot.mjs', import.meta.url), {
    workerData: { module: new URL('./worker.ts', import.meta.url).href },
    // Holding a whole year of rows and their results, matching makes many
    // short-lived objects: a big young generation keeps them out of the old
    // one (measured on 2,000,000 rows: 27 s in the worker became 15 s). A
    // job matched a party at a time holds little: V8's own young generation
    // lets its garbage go sooner, and its heap stays small.
    resourceLimits: holdsYear
      ? { maxOldGenerationSizeMb: 6144, maxYoungGenerationSizeMb: 256 }
      : { maxOldGenerationSizeMb: 6144, maxYoungGenerationSizeMb: youngGenerationMb() },
  });

export const runInWorker = (
  request: ComputeRequest,
  onProgress: (finished: number, total: number) => void,
): Promise<ComputeResult> => {
  if (process.env.TAXRECON_RECON_IN_PROCESS === '1') {
    return Promise.resolve(computeReconciliation(request, onProgress));
  }
  return new Promise((resolve, reject) => {
    const worker = newWorker();
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
      else if (m.type === 'error') finish(() => reject(new Error(m.message)));
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
    worker.postMessage({ type: 'whole', request } satisfies WorkerRequest, buffers);
  });
};

// The streamed job's side of the matching worker: rows go in chunk by chunk
// (at most two chunks on their way at a time), then the result comes back a
// batch of parties at a time, each asked for when the writer is ready for it.
export interface StreamedMatching {
  input: (side: InputSide, chunk: Uint8Array) => Promise<void>;
  compute: () => Promise<StreamedSummary>;
  next: () => Promise<OutputBatch>;
  close: () => Promise<void>;
}

const IN_FLIGHT = 2;

export const startStreamedMatching = (
  request: StreamedRequest,
  onProgress: (finished: number, total: number) => void,
): StreamedMatching => {
  if (process.env.TAXRECON_RECON_IN_PROCESS === '1') {
    const c = newStreamedJob(request);
    return {
      input: async (side, chunk) => c.input(side, chunk),
      compute: async () => c.compute(onProgress),
      next: async () => c.nextBatch(),
      close: async () => removeSpool(request.scope.jobId),
    };
  }
  const worker = newWorker(holdsWholeYear(request));
  // Answers come in the order of the requests that expect one.
  const waiting: { resolve: (m: WorkerMessage) => void; reject: (e: Error) => void }[] = [];
  let failure: Error | null = null;
  const fail = (error: Error) => {
    if (failure) return;
    failure = error;
    for (const w of waiting.splice(0)) w.reject(error);
  };
  worker.on('message', (m: WorkerMessage) => {
    if (m.type === 'progress') onProgress(m.finished, m.total);
    else if (m.type === 'error') fail(new Error(m.message));
    else waiting.shift()?.resolve(m);
  });
  worker.on('error', (error) => fail(error));
  worker.on('exit', (code) => fail(new Error(`the matching worker stopped (exit code ${code})`)));
  const ask = <T extends WorkerMessage['type']>(
    message: WorkerRequest,
    answer: T,
    transfer: ArrayBuffer[] = [],
  ): Promise<Extract<WorkerMessage, { type: T }>> => {
    if (failure) return Promise.reject(failure);
    const promise = new Promise<WorkerMessage>((resolve, reject) => waiting.push({ resolve, reject }));
    worker.postMessage(message, transfer);
    return promise.then((m) => {
      if (m.type !== answer) throw new Error(`the matching worker answered ${m.type}, not ${answer}`);
      return m as Extract<WorkerMessage, { type: T }>;
    });
  };
  worker.postMessage({ type: 'start', request } satisfies WorkerRequest);
  const taking: Promise<unknown>[] = [];
  return {
    input: async (side, chunk) => {
      // A chunk of its own memory is moved; one inside a bigger buffer is copied first.
      const own =
        chunk.byteOffset === 0 &&
        chunk.byteLength === chunk.buffer.byteLength &&
        chunk.buffer instanceof ArrayBuffer
          ? chunk
          : new Uint8Array(chunk);
      taking.push(ask({ type: 'input', side, chunk: own }, 'taken', [own.buffer as ArrayBuffer]));
      while (taking.length >= IN_FLIGHT) await taking.shift();
    },
    compute: async () => {
      await Promise.all(taking.splice(0));
      return (await ask({ type: 'compute' }, 'computed')).summary;
    },
    next: async () => (await ask({ type: 'next' }, 'batch')).batch,
    close: async () => {
      failure ??= new Error('the matching worker was closed');
      await worker.terminate();
      removeSpool(request.scope.jobId);
    },
  };
};
