import type { AppContext } from '../../platform/context.ts';
import { bulkFollowUpTask } from './bulk-job.ts';

export const followUpTasks = (ctx: () => AppContext) => ({
  bulk: bulkFollowUpTask(ctx),
});
export type FollowUpTasks = ReturnType<typeof followUpTasks>;
