import type { platformRoutes } from '@taxrecon/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Handlers } from '../../platform/http/bind-routes.ts';
import { type Caller, entityOf } from '../../platform/http/caller.ts';
import { badRequest, HttpError, notFound } from '../../platform/http/errors.ts';
import { toJobView } from '../../platform/queue/job-view.ts';
import type { TaskDefinition } from '../../platform/queue/task.ts';
import { startUnlessRunning } from './one-at-a-time.ts';

type R = typeof platformRoutes;
const LATEST = 10;
const QUEUE_LIMIT = 2000;

// Jobs belong to an entity: a caller sees the jobs of the current entity only.
// Self-registered utility users share the utility tenant's one entity but are
// strangers to each other, so each sees only the jobs they started (a
// converter job names the file and the address its result went to).
const entityJobs = (ctx: AppContext, caller: Caller) =>
  ctx.db
    .selectFrom('jobs')
    .selectAll()
    .where('tenant_id', '=', caller.tenantId)
    .where('entity_id', '=', caller.entityId ?? '00000000-0000-0000-0000-000000000000')
    .$if(caller.role === 'UTILITY-USER', (q) => q.where('user_id', '=', caller.userId));

export const jobHandlers = (
  ctx: AppContext,
  tasks: { dataQualityReport: TaskDefinition },
): Pick<Handlers<R>, 'latestJobs' | 'jobsQueue' | 'job' | 'notifPreference' | 'dataQualityReport'> => ({
  latestJobs: async ({ caller }) =>
    (await entityJobs(ctx, caller).orderBy('created_at', 'desc').limit(LATEST).execute()).map(toJobView),
  jobsQueue: async ({ caller }) =>
    (await entityJobs(ctx, caller).orderBy('created_at', 'desc').limit(QUEUE_LIMIT).execute()).map(toJobView),
  job: async ({ caller, params }) => {
    const row = await entityJobs(ctx, caller).where('id', '=', params.jobId).executeTakeFirst();
    if (!row) throw notFound('Job not found');
    return toJobView(row);
  },
  notifPreference: async ({ caller, params }) => {
    const row = await entityJobs(ctx, caller).where('id', '=', params.jobId).executeTakeFirst();
    if (!row) throw notFound('Job not found');
    if (row.user_id !== caller.userId) {
      throw new HttpError(
        403,
        'NOT_JOB_OWNER',
        'Only the user who started this job can ask to be e-mailed about it.',
      );
    }
    if (row.status === 'Completed' || row.status === 'Failed')
      throw badRequest('This job has already finished.');
    const notify = params.notify === 'true';
    await ctx.db.updateTable('jobs').set({ notify }).where('id', '=', row.id).execute();
    return {
      message: notify ? "We'll email you when this job finishes" : 'Notification preference removed.',
    };
  },
  // One report per entity at a time: a second request while one is queued or
  // running is refused with its id (the report of the same entity would be the same).
  dataQualityReport: async ({ caller }) => {
    const entityId = entityOf(caller);
    const owner = { tenantId: caller.tenantId, entityId, userId: caller.userId, login: caller.login };
    const outcome = await startUnlessRunning(ctx, tasks.dataQualityReport, { entityId }, owner);
    if (outcome.running) {
      throw new HttpError(
        409,
        'JOB_RUNNING',
        `A data quality report for this entity is already being prepared (job ${outcome.running.id}); wait for it to finish.`,
      );
    }
    return toJobView(outcome.started);
  },
});
