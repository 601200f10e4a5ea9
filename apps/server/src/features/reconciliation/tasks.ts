import type { AppContext } from '../../platform/context.ts';
import { reconciliationTask } from './job.ts';
import { partiesTask } from './parties-job.ts';
import { reportTask } from './report-job.ts';

// The background tasks of reconciliation, registered with the job runner.
export const reconciliationTasks = (ctx: () => AppContext) => ({
  tds: reconciliationTask(ctx, 'TDS'),
  tcs: reconciliationTask(ctx, 'TCS'),
  parties: partiesTask(ctx),
  report: reportTask(ctx),
});

export type ReconciliationTasks = ReturnType<typeof reconciliationTasks>;
