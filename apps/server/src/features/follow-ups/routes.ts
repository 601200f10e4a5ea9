import type { followUpRoutes } from '@taxrecon/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Handlers } from '../../platform/http/bind-routes.ts';
import { entityOf } from '../../platform/http/caller.ts';
import { findRun } from '../reconciliation/runs/runs.ts';
import { startBulkFollowUp } from './bulk-job.ts';
import { followUpCustomers } from './customers.ts';
import { addEntry, conversationsOf, findThread, partyTotals, threadView } from './repo.ts';
import { sanitizeRichText } from './rich-text.ts';
import {
  changeStatus,
  createThread,
  emailTemplate,
  partyEmails,
  searchThreads,
  sendOneFollowUp,
  threadsByTan,
} from './service.ts';
import type { FollowUpTasks } from './tasks.ts';

type R = typeof followUpRoutes;

// Follow-ups (spec part 2, calls under "Follow-ups"). Every call works in the
// caller's current entity; a thread or job of another entity answers 404.
export const followUpHandlers = (ctx: AppContext, tasks: FollowUpTasks): Handlers<R> => ({
  followUpCustomers: async ({ caller, params, query }) => {
    const run = await findRun(ctx, caller, params.jobId);
    return (await followUpCustomers(ctx, run, query.status)).map(({ party: _p, emails: _e, ...c }) => c);
  },
  bulkFollowUp: async ({ caller, body }) => startBulkFollowUp(ctx, tasks.bulk, caller, body),
  followUpCustomer: async ({ caller, body }) => sendOneFollowUp(ctx, caller, body),
  followUpThread: async ({ caller, params }) =>
    threadView(await findThread(ctx.db, entityOf(caller), params.threadId)),
  followUpConversations: async ({ caller, params }) =>
    conversationsOf(ctx.db, await findThread(ctx.db, entityOf(caller), params.threadId)),
  addConversation: async ({ caller, params, body }) => {
    const entityId = entityOf(caller);
    const thread = await findThread(ctx.db, entityId, params.threadId);
    const party = await ctx.db
      .selectFrom('recon_parties')
      .select('party')
      .where('job_id', '=', thread.job_id)
      .where('party_key', '=', thread.party_key)
      .executeTakeFirst();
    return addEntry(ctx.db, {
      threadId: thread.id,
      entityId,
      type: 'COMMENT',
      comments: sanitizeRichText(body.comments),
      login: caller.login,
      totals: party ? await partyTotals(ctx.db, thread.job_id, party.party) : null,
    });
  },
  updateThread: async ({ caller, body }) => changeStatus(ctx, caller, body.threadId, body.status),
  threadsByTan: async ({ caller, query }) => threadsByTan(ctx, caller, query.customerTan, query.jobId),
  createThread: async ({ caller, body }) => createThread(ctx, caller, body),
  emailTemplate: async ({ caller, params, query }) =>
    emailTemplate(ctx, caller, params.customerTan, query.jobId, query.templateType),
  followUpEmails: async ({ caller, params, query }) =>
    partyEmails(ctx, caller, params.customerTan, query.jobId),
  searchFollowUps: async ({ caller, query }) => searchThreads(ctx, caller, query),
});
