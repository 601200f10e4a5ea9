import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

// A pool of worker threads that runs a list of tasks and answers their results
// in the order of the tasks, whichever thread finished first: callers merge
// deterministically by simply concatenating. Used by the CLI to parse a big
// register in chunks; an ingest job can use it the same way.
//
// A task module (run in each thread, see pool-worker.ts) exports `runTask(task)`.
// The compiled build (scripts/build-server.mjs) puts the pool's thread entry
// beside the code that starts it as plain JavaScript; from TypeScript sources it
// boots through tsx.
const compiledWorker = new URL('./pool-worker.mjs', import.meta.url);
const COMPILED_WORKER = fs.existsSync(fileURLToPath(compiledWorker)) ? compiledWorker : null;

export type PoolMessage =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; message: string };

// Threads for CPU work: the machine's cores, or TAXRECON_THREADS when set.
export const poolSize = (): number => {
  const set = Number(process.env.TAXRECON_THREADS);
  return Number.isInteger(set) && set > 0 ? set : os.availableParallelism();
};

// Parsing and matching make many short-lived objects (cells, rows, a party's
// matches): a young generation bigger than V8's default (16 MB semi-spaces)
// is scavenged less often and promotes less. TAXRECON_YOUNG_MB overrides it
// (for measuring).
export const youngGenerationMb = (): number => {
  const set = Number(process.env.TAXRECON_YOUNG_MB);
  return Number.isInteger(set) && set > 0 ? set : 96;
};

export class WorkerPool {
  private readonly workers: Worker[] = [];
  // Task ids run on across runs: an answer still on its way from a run that
  // failed or was left early is not taken for one of the next run's.
  private ids = 0;

  // `task` names the module the threads run: `compiled` is its entry name in
  // the compiled build, `source` its TypeScript file (for tests and tsx).
  constructor(
    private readonly task: { compiled: string; source: URL },
    readonly size = poolSize(),
  ) {}

  private start(): Worker {
    const module = COMPILED_WORKER
      ? new URL(`./${this.task.compiled}.mjs`, COMPILED_WORKER).href
      : this.task.source.href;
    const worker = new Worker(COMPILED_WORKER ?? new URL('./worker-boot.mjs', import.meta.url), {
      workerData: { module, typescript: COMPILED_WORKER === null },
      resourceLimits: { maxYoungGenerationSizeMb: youngGenerationMb() },
    });
    // an idle thread must not keep the process alive
    worker.unref();
    // A thread may fail while no run listens (warmed, or between runs): the
    // failure must not bring the process down, and a dead thread leaves the
    // pool so that the next run starts another in its place. (A run's own
    // listeners fail the run.)
    worker.on('error', () => {});
    worker.once('exit', () => {
      const at = this.workers.indexOf(worker);
      if (at >= 0) this.workers.splice(at, 1);
    });
    return worker;
  }

  // Starts the threads ahead of their first tasks, so that they load their
  // code while this thread does something else (a thread takes a tenth of a
  // second or more to start).
  warm(): void {
    while (this.workers.length < this.size) this.workers.push(this.start());
  }

  // Runs every task; the results come back in the order of `tasks`. A task
  // that throws rejects the whole run with its message.
  async run<T, R>(tasks: readonly T[], transfer: (task: T) => ArrayBuffer[] = () => []): Promise<R[]> {
    const results: R[] = [];
    for await (const ready of this.runInWindows<T, R>(tasks, transfer, tasks.length)) {
      for (const r of ready) results.push(r);
    }
    return results;
  }

  // Every task, the results handed out as they are ready: each step yields the results
  // that have come in, in task order, as soon as the ones before them are
  // in. Threads are fed a new task whenever they finish one, while fewer than
  // `window` results are running or waiting to be taken, so no thread waits
  // for the slowest task of a batch, taking the results overlaps the threads'
  // work, and at most `window` results are held.
  async *runInWindows<T, R>(
    tasks: readonly T[],
    transfer: (task: T) => ArrayBuffer[] = () => [],
    window = 2 * this.size,
  ): AsyncGenerator<R[]> {
    if (tasks.length === 0) return;
    while (this.workers.length < Math.min(this.size, tasks.length)) this.workers.push(this.start());
    const base = this.ids;
    this.ids += tasks.length;
    const results = new Map<number, R>();
    const idle: Worker[] = [];
    let next = 0;
    let taken = 0;
    let failure: Error | null = null;
    let wake: (() => void) | null = null;
    const notify = () => {
      const w = wake;
      wake = null;
      w?.();
    };
    const fail = (error: Error) => {
      failure ??= error;
      notify();
    };
    const feed = (worker: Worker) => {
      if (failure || next >= tasks.length || next - taken >= window) {
        idle.push(worker);
        return;
      }
      const id = next++;
      const task = tasks[id] as T;
      try {
        worker.postMessage({ id: base + id, task }, transfer(task));
      } catch (error) {
        fail(error instanceof Error ? error : new Error(String(error)));
      }
    };
    const cleanups: (() => void)[] = [];
    for (const worker of this.workers) {
      const onMessage = (m: PoolMessage) => {
        if (m.id < base || m.id >= base + tasks.length) return;
        if (!m.ok) return fail(new Error(m.message));
        results.set(m.id - base, m.result as R);
        feed(worker);
        notify();
      };
      const onError = (error: Error) => fail(error);
      const onExit = (code: number) => fail(new Error(`a worker thread stopped (exit code ${code})`));
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      cleanups.push(() => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      });
    }
    try {
      for (const worker of this.workers) feed(worker);
      while (taken < tasks.length) {
        if (failure) throw failure;
        const ready: R[] = [];
        while (results.has(taken)) {
          ready.push(results.get(taken) as R);
          results.delete(taken);
          taken++;
        }
        if (ready.length === 0) {
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
          continue;
        }
        // room for more work now that these are taken
        while (idle.length > 0 && next < tasks.length && next - taken < window) feed(idle.pop() as Worker);
        yield ready;
      }
    } finally {
      for (const c of cleanups) c();
    }
  }

  async close(): Promise<void> {
    const workers = this.workers.splice(0);
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
