import { threadId } from 'node:worker_threads';

// A task module for worker-pool.unit.test.ts: takes as long as it is told
// (a thread's runTask is synchronous), then answers its number and thread,
// or fails when told to, or ends its thread when told to.
export const runTask = (task: unknown) => {
  const t = task as { n: number; wait: number; fail?: boolean; exit?: boolean };
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, t.wait);
  // (in a worker thread, process.exit ends the thread, not the process)
  if (t.exit) process.exit(3);
  if (t.fail) throw new Error(`task ${t.n} failed as told`);
  return { result: { n: t.n, thread: threadId } };
};
