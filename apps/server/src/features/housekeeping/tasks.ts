import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { defineTask, type TaskContext, type TaskOutcome } from '../../platform/queue/task.ts';
import { markSnapshotFailed, type Report, restoreSnapshot, takeSnapshot } from './snapshot-jobs.ts';

const SnapshotJobInput = z.object({ snapshotId: z.string().uuid(), entityId: z.string().uuid() });

// On the embedded database a transaction holds its one connection, so a progress
// write awaited inside it would wait for the transaction forever. Progress is
// therefore sent without waiting, the latest value only: on PostgreSQL it shows
// as the job runs, on PGlite it lands when the transaction ends. A progress
// write that fails is dropped: the job's own outcome is recorded by the runner.
const backgroundProgress = (job: TaskContext) => {
  let latest: { percent: number; rows: number | undefined } | null = null;
  let sending: Promise<void> | null = null;
  const send = async () => {
    while (latest) {
      const { percent, rows } = latest;
      latest = null;
      await job.progress(percent, rows).catch(() => undefined);
    }
    sending = null;
  };
  const report: Report = (percent, rows) => {
    latest = { percent, rows };
    sending ??= send();
  };
  return { report, settled: async () => sending ?? undefined };
};

const withProgress = async (
  job: TaskContext,
  work: (report: Report) => Promise<TaskOutcome>,
): Promise<TaskOutcome> => {
  const progress = backgroundProgress(job);
  try {
    return await work(progress.report);
  } finally {
    await progress.settled();
  }
};

export const housekeepingTasks = (ctx: () => AppContext) => ({
  snapshotTake: defineTask({
    queue: 'snapshot-take',
    jobType: 'SnapshotTake',
    input: SnapshotJobInput,
    retryLimit: 2,
    retryDelaySeconds: 5,
    run: async (input, job) =>
      withProgress(job, (report) => takeSnapshot(ctx(), input, report, job.complete)),
    // after the last try the snapshot shows as failed, so the user can delete it and free the quota
    onFailed: async (input, { reason }) => {
      await markSnapshotFailed(ctx(), input.snapshotId, reason);
    },
  }),
  // A failed restore rolled back completely, so trying again is safe.
  snapshotRestore: defineTask({
    queue: 'snapshot-restore',
    jobType: 'SnapshotRestore',
    input: SnapshotJobInput,
    retryLimit: 1,
    retryDelaySeconds: 5,
    run: async (input, job) =>
      withProgress(job, (report) => restoreSnapshot(ctx(), input, report, job.complete)),
  }),
});

export type HousekeepingTasks = ReturnType<typeof housekeepingTasks>;
