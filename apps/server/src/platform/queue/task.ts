import type { z } from 'zod';

export interface TaskContext {
  jobId: string;
  attempt: number;
  // percent 0..100 and optionally rows done; shown on the jobs screens
  progress: (percent: number, rowsDone?: number) => Promise<void>;
}

export interface TaskOutcome {
  remarks?: string;
  result?: unknown;
  transactionsCount?: number;
}

// A typed background task (Outline's BaseTask): a queue name, the job type users
// see, an input schema checked when the job is started and again when it runs,
// retries with backoff, and run(). A thrown error is retried; after the last try
// the job is Failed with the error's message as its reason. Never swallow errors
// in run(): the queue could not retry them.
export interface TaskDefinition<I extends z.ZodType = z.ZodType> {
  queue: string;
  jobType: string;
  input: I;
  retryLimit: number;
  retryDelaySeconds: number;
  // Internal tasks (sending mail) leave no entry on the user's jobs screens.
  internal?: boolean;
  run: (input: z.output<I>, context: TaskContext) => Promise<TaskOutcome>;
}

export const defineTask = <I extends z.ZodType>(task: TaskDefinition<I>): TaskDefinition<I> => task;
