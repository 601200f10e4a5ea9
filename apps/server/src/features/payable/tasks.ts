import type { AppContext } from '../../platform/context.ts';
import { payableReportTask } from './reports/report-job.ts';
import { payableTask } from './runs/job.ts';

// The background tasks of TDS payable (34A), registered with the job runner.
export const payableTasks = (ctx: () => AppContext) => ({
  run: payableTask(ctx),
  report: payableReportTask(ctx),
});

export type PayableTasks = ReturnType<typeof payableTasks>;
