import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { defineTask, type TaskOutcome } from '../../platform/queue/task.ts';
import { forgetModel, saveModel } from './model-store.ts';
import { trainInWorker } from './run-training.ts';
import { knownSections } from './section-types.ts';
import { readTrainingFile } from './training-file.ts';

export const TRAINING_JOB_TYPE = 'TrainExpenseClassifier';

export const TrainingInput = z.object({
  entityId: z.string().uuid(),
  fileId: z.string().uuid(),
  userId: z.string().uuid().nullable(),
  mapping: z.record(z.string(), z.string()).optional(),
  headers: z.string().optional(),
});
export type TrainingInput = z.infer<typeof TrainingInput>;

const percent = (x: number) => `${(x * 100).toFixed(1)}%`;

// Hashed features: 65,536 buckets hold a ledger's vocabulary well below a
// lakh of lines and keep the stored model small; larger files get 131,072.
const bucketsFor = (lines: number) => (lines < 50_000 ? 1 << 16 : 1 << 17);

// Reads the stored file again (the upload validated it), trains in a worker
// thread on four fifths of the valid lines, evaluates on the fifth held back,
// and replaces the entity's model and marks the job done in one transaction.
export const trainingTask = (ctx: () => AppContext) =>
  defineTask({
    queue: 'train-expense-classifier',
    jobType: TRAINING_JOB_TYPE,
    input: TrainingInput,
    retryLimit: 3,
    retryDelaySeconds: 10,
    run: async (input, job) => {
      const { db, files } = ctx();
      const stored = await db
        .selectFrom('stored_files')
        .select(['file_name', 'storage_key'])
        .where('id', '=', input.fileId)
        .where('entity_id', '=', input.entityId)
        .executeTakeFirstOrThrow();
      const bytes = await files.read(stored.storage_key);
      const read = await readTrainingFile(
        bytes,
        stored.file_name,
        {
          ...(input.headers ? { headers: input.headers } : {}),
          ...(input.mapping ? { mapping: input.mapping } : {}),
        },
        await knownSections(db, input.entityId),
      );
      if (read.fileError) throw new Error(read.fileError);
      await job.progress(10, 0);
      // Progress is written one update at a time, never piling up behind a slow database.
      let writing: Promise<void> = Promise.resolve();
      let lastPercent = 10;
      const result = await trainInWorker(
        { examples: read.examples, options: { buckets: bucketsFor(read.examples.length) } },
        (fraction) => {
          const pct = Math.min(90, 10 + Math.floor(fraction * 80));
          if (pct <= lastPercent) return;
          lastPercent = pct;
          writing = writing.then(() => job.progress(pct)).catch(() => undefined);
        },
      );
      await writing;
      const outcome: TaskOutcome = {
        remarks: `Model trained on ${read.examples.length} descriptions (${result.trainedOn} to learn, ${result.heldBack} held back): accuracy ${percent(result.accuracy)}, macro-F1 ${percent(result.macroF1)} on the held-back fifth; ${result.labels.length} sections${read.errors.length ? `; ${read.errors.length} line(s) skipped` : ''}`,
        transactionsCount: read.examples.length,
        result: {
          fileName: stored.file_name,
          rowsUsed: read.examples.length,
          rowsTrained: result.trainedOn,
          rowsHeldBack: result.heldBack,
          accuracy: result.accuracy,
          macroF1: result.macroF1,
          sections: result.labels,
          skippedLines: read.errors.length,
        },
      };
      await db.transaction().execute(async (tx) => {
        const saved = await saveModel(
          tx,
          {
            entityId: input.entityId,
            userId: input.userId,
            fileName: stored.file_name,
            jobId: job.jobId,
            rowsUsed: read.examples.length,
          },
          result,
        );
        if (!saved)
          outcome.remarks = `A model from a later training file is in use; this file's model was not kept. ${outcome.remarks}`;
        await tx
          .updateTable('stored_files')
          .set({ job_id: job.jobId })
          .where('id', '=', input.fileId)
          .execute();
        await job.complete(tx, outcome);
      });
      forgetModel(input.entityId);
      return outcome;
    },
  });
