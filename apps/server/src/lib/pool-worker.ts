import { parentPort, workerData } from 'node:worker_threads';
import type { PoolMessage } from './worker-pool.ts';

// A pool thread: loads the task module it was given and answers each task
// posted to it with runTask's result, tagged with the task's id.
interface TaskModule {
  runTask: (task: unknown) => { result: unknown; transfer?: ArrayBuffer[] };
}

const { module, typescript } = workerData as { module: string; typescript: boolean };
// The listener is attached at once: messages that arrive while the module is
// still loading would otherwise be lost.
const loading = (
  typescript ? import('tsx/esm/api').then((tsx) => tsx.tsImport(module, import.meta.url)) : import(module)
) as Promise<TaskModule>;

const port = parentPort;
port?.on('message', ({ id, task }: { id: number; task: unknown }) => {
  loading
    .then((loaded) => {
      const { result, transfer } = loaded.runTask(task);
      port.postMessage({ id, ok: true, result } satisfies PoolMessage, transfer ?? []);
    })
    .catch((error: unknown) => {
      port.postMessage({
        id,
        ok: false,
        message: error instanceof Error ? (error.stack ?? error.message) : String(error),
      } satisfies PoolMessage);
    });
});
