import type { AppContext } from '../../platform/context.ts';
import { smartBulkUpdateTask } from './bulk-update-job.ts';

// The background tasks of smart filters, registered with the job runner.
export const smartFilterTasks = (ctx: () => AppContext) => ({
  bulkUpdate: smartBulkUpdateTask(ctx),
});

export type SmartFilterTasks = ReturnType<typeof smartFilterTasks>;
