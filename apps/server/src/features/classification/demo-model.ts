import { sampleDescriptions } from '@taxrecon/engine';
import type { AppContext } from '../../platform/context.ts';
import type { JobOwner } from '../../platform/queue/job-runner.ts';
import { keepBytes } from '../../platform/storage/stored-files.ts';
import type { trainingTask } from './tasks.ts';
import { TRAINING_FILE_KIND } from './training-upload.ts';

export const DEMO_TRAINING_FILE = 'demo-expense-training.txt';
const DEMO_DESCRIPTIONS = 3_000;

// The demo company's classifier: a small file of sampled ledger narrations,
// stored and trained by the same job a person's upload starts, so Expense
// Classification answers on a fresh installation and the jobs page shows how.
export const queueDemoTraining = async (
  ctx: AppContext,
  task: ReturnType<typeof trainingTask>,
  owner: JobOwner & { entityId: string },
): Promise<string> => {
  const lines = sampleDescriptions(DEMO_DESCRIPTIONS, 2024).map((e) => `${e.text}\t${e.label}`);
  const bytes = Buffer.from(['Description\tSection', ...lines].join('\n'), 'utf8');
  const storedId = await keepBytes(ctx.db, ctx.files, owner, {
    kind: TRAINING_FILE_KIND,
    fileName: DEMO_TRAINING_FILE,
    bytes,
  });
  const job = await ctx.jobs.start(
    task,
    { entityId: owner.entityId, fileId: storedId, userId: owner.userId },
    owner,
  );
  return job.id;
};
