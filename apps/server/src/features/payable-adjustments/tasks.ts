import type { AppContext } from '../../platform/context.ts';
import { adjustmentTask } from './job.ts';

// The background task of payable adjustments, registered with the job runner.
export const adjustmentTasks = (ctx: () => AppContext) => ({ apply: adjustmentTask(ctx) });
export type AdjustmentTasks = ReturnType<typeof adjustmentTasks>;
