import { parentPort } from 'node:worker_threads';
import { type ComputeRequest, computeReconciliation } from './compute.ts';
import { transferOf } from './copy-text.ts';
import type {
  InputSide,
  OutputBatch,
  StreamedJob,
  StreamedRequest,
  StreamedSummary,
} from './streamed-compute.ts';
import { newStreamedJob } from './streamed-job.ts';

// The matching worker. Either one ComputeRequest answered whole (re-reconciling
// chosen parties), or the streamed job: a 'start', the rows in 'input'
// chunks, 'compute', then one 'next' per batch of result rows the job writes.
// Progress is reported per batch of parties; the API stays responsive meanwhile.
export type WorkerMessage =
  | { type: 'progress'; finished: number; total: number }
  | { type: 'done'; result: ReturnType<typeof computeReconciliation> }
  | { type: 'taken' }
  | { type: 'computed'; summary: StreamedSummary }
  | { type: 'batch'; batch: OutputBatch }
  | { type: 'error'; message: string; stack?: string };

export type WorkerRequest =
  | { type: 'whole'; request: ComputeRequest }
  | { type: 'start'; request: StreamedRequest }
  | { type: 'input'; side: InputSide; chunk: Uint8Array }
  | { type: 'compute' }
  | { type: 'next' };

const port = parentPort;
if (port) {
  const send = (m: WorkerMessage) =>
    // a batch's rows are moved, not copied (copy-text.ts)
    port.postMessage(m, m.type === 'batch' ? transferOf(m.batch.rowChunks) : []);
  let streamed: StreamedJob | null = null;
  const running = (): StreamedJob => {
    if (!streamed) throw new Error('the matching worker was not started');
    return streamed;
  };
  port.on('message', (m: WorkerRequest) => {
    try {
      switch (m.type) {
        case 'whole':
          send({
            type: 'done',
            result: computeReconciliation(m.request, (finished, total) =>
              send({ type: 'progress', finished, total }),
            ),
          });
          break;
        case 'start':
          streamed = newStreamedJob(m.request);
          break;
        case 'input':
          running().input(m.side, m.chunk);
          send({ type: 'taken' });
          break;
        case 'compute':
          send({
            type: 'computed',
            summary: running().compute((finished, total) => send({ type: 'progress', finished, total })),
          });
          break;
        case 'next':
          // a batch matched in other threads comes later
          Promise.resolve(running().nextBatch()).then(
            (batch) => send({ type: 'batch', batch }),
            (error: unknown) => {
              const e = error instanceof Error ? error : new Error(String(error));
              send({ type: 'error', message: e.message, ...(e.stack ? { stack: e.stack } : {}) });
            },
          );
          break;
      }
    } catch (error) {
      const e = error instanceof Error ? error : new Error(String(error));
      send({ type: 'error', message: e.message, ...(e.stack ? { stack: e.stack } : {}) });
    }
  });
}
