import { parentPort } from 'node:worker_threads';
import { type ComputeRequest, computeReconciliation } from './compute.ts';

// The matching worker: takes one ComputeRequest, reports progress per batch
// of parties, answers the rows to write. The API stays responsive meanwhile.
export type WorkerMessage =
  | { type: 'progress'; finished: number; total: number }
  | { type: 'done'; result: ReturnType<typeof computeReconciliation> }
  | { type: 'error'; message: string; stack?: string };

const port = parentPort;
if (port) {
  port.once('message', (request: ComputeRequest) => {
    try {
      const result = computeReconciliation(request, (finished, total) =>
        port.postMessage({ type: 'progress', finished, total } satisfies WorkerMessage),
      );
      port.postMessage({ type: 'done', result } satisfies WorkerMessage);
    } catch (error) {
      const e = error instanceof Error ? error : new Error(String(error));
      port.postMessage({
        type: 'error',
        message: e.message,
        ...(e.stack ? { stack: e.stack } : {}),
      } satisfies WorkerMessage);
    }
  });
}
