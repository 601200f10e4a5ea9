import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { sampleDescriptions } from '@taxrecon/engine';
import type { AppContext } from '../../platform/context.ts';
import type { JobOwner } from '../../platform/queue/job-runner.ts';
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
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const temp = ctx.files.tempPath();
  await fs.promises.writeFile(temp, bytes);
  const key = await ctx.files.adopt(temp, sha256);
  const stored = await ctx.db
    .insertInto('stored_files')
    .values({
      tenant_id: owner.tenantId,
      entity_id: owner.entityId,
      kind: TRAINING_FILE_KIND,
      file_name: DEMO_TRAINING_FILE,
      sha256,
      size_bytes: bytes.length,
      storage_key: key,
      uploaded_by: owner.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const job = await ctx.jobs.start(
    task,
    { entityId: owner.entityId, fileId: stored.id, userId: owner.userId },
    owner,
  );
  return job.id;
};
