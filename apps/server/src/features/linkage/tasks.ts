import { Readable } from 'node:stream';
import { LINKAGE_JOB_TYPE } from '@taxrecon/contracts';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { defineTask } from '../../platform/queue/task.ts';
import { previewLinkage, previewText } from './linkage-preview.ts';

export const previewKey = (jobId: string) => `linkage/${jobId}/customer-linkage-preview.txt`;

export const linkageTasks = (ctx: () => AppContext) => ({
  preview: defineTask({
    queue: 'customer-linkage-preview',
    jobType: LINKAGE_JOB_TYPE,
    input: z.object({ entityId: z.string().uuid() }),
    retryLimit: 2,
    retryDelaySeconds: 5,
    run: async (input, job) => {
      const c = ctx();
      const lines = await previewLinkage(c, input.entityId);
      const key = previewKey(job.jobId);
      await c.files.put(key, Readable.from([previewText(lines)]));
      const proposed = lines.filter((l) => l.link === 'Y').length;
      const outcome = {
        remarks: `${proposed} TANs proposed for linking, ${lines.length - proposed} lines to review`,
        result: { key, proposed, lines: lines.length },
        transactionsCount: lines.length,
      };
      await c.db.transaction().execute((tx) => job.complete(tx, outcome));
      return outcome;
    },
  }),
});
export type LinkageTasks = ReturnType<typeof linkageTasks>;
