import type { AppContext } from '../../platform/context.ts';
import { miscReportTask } from './misc-job.ts';

export const reportTasks = (ctx: () => AppContext) => ({
  misc: miscReportTask(ctx),
});
export type ReportTasks = ReturnType<typeof reportTasks>;
