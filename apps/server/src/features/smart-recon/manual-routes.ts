import type { manualReconRoutes } from '@taxrecon/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Handlers } from '../../platform/http/bind-routes.ts';
import { type ManualReconTask, manualReconJobs, startManualRecon } from './manual-recon.ts';

export const manualReconHandlers = (
  ctx: AppContext,
  task: ManualReconTask,
): Handlers<typeof manualReconRoutes> => ({
  ingestManualRecon: async ({ caller, request, query }) =>
    startManualRecon(ctx, task, caller, request, query.jobId),
  manualReconReports: async ({ caller }) => manualReconJobs(ctx, caller),
});
