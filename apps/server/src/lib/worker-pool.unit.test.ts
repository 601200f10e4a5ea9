import { afterAll, describe, expect, it } from 'vitest';
import { WorkerPool } from './worker-pool.ts';

// The pool hands results out in task order whatever thread finishes first,
// keeps its threads busy without a barrier, holds no more than its window,
// and a failing task stops the run with its message.
interface Task {
  n: number;
  wait: number;
  fail?: boolean;
  exit?: boolean;
}
interface Answer {
  n: number;
  thread: number;
}

const pool = new WorkerPool(
  { compiled: 'pool-test-task', source: new URL('./pool-test-task.ts', import.meta.url) },
  2,
);
afterAll(() => pool.close());

describe('WorkerPool.runInWindows', () => {
  it('yields every result once, in task order, with uneven task times', async () => {
    // odd tasks are slow: a thread finishing an even one goes on at once
    const tasks = Array.from({ length: 12 }, (_, n) => ({ n, wait: n % 2 ? 40 : 5 }));
    const seen: Answer[] = [];
    for await (const ready of pool.runInWindows<Task, Answer>(tasks, () => [], 3)) {
      expect(ready.length).toBeGreaterThan(0);
      seen.push(...ready);
    }
    expect(seen.map((a) => a.n)).toEqual(tasks.map((t) => t.n));
    // both threads worked
    expect(new Set(seen.map((a) => a.thread)).size).toBe(2);
  });

  it('runs no further ahead of the taker than its window', async () => {
    const tasks = Array.from({ length: 10 }, (_, n) => ({ n, wait: 1 }));
    const taken: number[] = [];
    for await (const ready of pool.runInWindows<Task, Answer>(tasks, () => [], 2)) {
      // a slow taker: the threads must wait for it, not run on
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(ready.length).toBeLessThanOrEqual(2);
      taken.push(...ready.map((a) => a.n));
    }
    expect(taken).toEqual(tasks.map((t) => t.n));
  });

  it('stops with the failing task message, and the pool runs again afterwards', async () => {
    const tasks = Array.from({ length: 6 }, (_, n) => ({ n, wait: 5, fail: n === 3 }));
    const taken: number[] = [];
    await expect(
      (async () => {
        for await (const ready of pool.runInWindows<Task, Answer>(tasks))
          taken.push(...ready.map((a) => a.n));
      })(),
    ).rejects.toThrow('task 3 failed as told');
    expect(taken).not.toContain(3);
    // let what was still running finish, then the pool is fit for the next run
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = await pool.run<Task, Answer>([{ n: 7, wait: 1 }]);
    expect(again.map((a) => a.n)).toEqual([7]);
  });

  it('keeps two runs at once apart (the command line reads a statement and a register side by side)', async () => {
    const collect = async (from: number) => {
      const seen: number[] = [];
      const tasks = Array.from({ length: 8 }, (_, i) => ({ n: from + i, wait: (i * 7) % 11 }));
      for await (const ready of pool.runInWindows<Task, Answer>(tasks)) seen.push(...ready.map((a) => a.n));
      return seen;
    };
    const [a, b] = await Promise.all([collect(100), collect(200)]);
    expect(a).toEqual(Array.from({ length: 8 }, (_, i) => 100 + i));
    expect(b).toEqual(Array.from({ length: 8 }, (_, i) => 200 + i));
  });

  it('runs on threads started ahead, and starts another in place of one that ended', async () => {
    const own = new WorkerPool(
      { compiled: 'pool-test-task', source: new URL('./pool-test-task.ts', import.meta.url) },
      2,
    );
    try {
      own.warm();
      const first = await own.run<Task, Answer>([
        { n: 1, wait: 20 },
        { n: 2, wait: 20 },
      ]);
      expect(first.map((a) => a.n)).toEqual([1, 2]);
      await expect(own.run<Task, Answer>([{ n: 3, wait: 1, exit: true }])).rejects.toThrow(
        /a worker thread stopped/,
      );
      // the ended thread is gone from the pool: the next run does not wait for it forever
      await new Promise((resolve) => setTimeout(resolve, 50));
      const after = await own.run<Task, Answer>(
        Array.from({ length: 4 }, (_, n) => ({ n: 10 + n, wait: 5 })),
      );
      expect(after.map((a) => a.n)).toEqual([10, 11, 12, 13]);
      expect(new Set(after.map((a) => a.thread)).size).toBe(2);
    } finally {
      await own.close();
    }
  });

  it('yields nothing for no tasks', async () => {
    const all: Answer[][] = [];
    for await (const ready of pool.runInWindows<Task, Answer>([])) all.push(ready);
    expect(all).toEqual([]);
  });
});
