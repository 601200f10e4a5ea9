import type { AppContext } from '../../platform/context.ts';
import { bulkForm16aTask } from './bulk-job.ts';
import { demoForm16aTask } from './demo-certificates.ts';
import { bulkEmailForm16aTask } from './mail.ts';

export const documentTasks = (ctx: () => AppContext) => ({
  bulkUpload: bulkForm16aTask(ctx),
  bulkEmail: bulkEmailForm16aTask(ctx),
  demo: demoForm16aTask(ctx),
});
export type DocumentTasks = ReturnType<typeof documentTasks>;
