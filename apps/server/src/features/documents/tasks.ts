import type { AppContext } from '../../platform/context.ts';
import { bulkForm16aTask } from './bulk-job.ts';
import { bulkEmailForm16aTask } from './mail.ts';

export const documentTasks = (ctx: () => AppContext) => ({
  bulkUpload: bulkForm16aTask(ctx),
  bulkEmail: bulkEmailForm16aTask(ctx),
});
export type DocumentTasks = ReturnType<typeof documentTasks>;
