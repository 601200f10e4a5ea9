import type { AppContext } from '../../platform/context.ts';
import { partiesTask } from './discrepancies/parties-job.ts';
import { reportTask } from './reports/report-job.ts';
import { reconciliationTask } from './runs/job.ts';

// The background tasks of reconciliation, registered with the job runner.
export const reconciliationTasks = (ctx: () => AppContext) => ({
  tds: reconciliationTask(ctx, 'TDS'),
  tcs: reconciliationTask(ctx, 'TCS'),
  parties: partiesTask(ctx),
  report: reportTask(ctx),
});

export type ReconciliationTasks = ReturnType<typeof reconciliationTasks>;
