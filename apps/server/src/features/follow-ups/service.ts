import {
  DEFAULT_FOLLOW_UP_BODY,
  DEFAULT_FOLLOW_UP_SUBJECT,
  DEFAULT_TCS_FOLLOW_UP_BODY,
  DEFAULT_TCS_FOLLOW_UP_SUBJECT,
  type EmailTemplate,
  type FollowUpRequest,
  type FollowUpRequest as FollowUpRequestSchema,
  type FollowUpType,
  STATUS_ACTION_LOOK,
  statusActionText,
  type Thread,
  type ThreadStatus,
  type ThreadSummary,
  tcsFollowUpSent,
  tdsFollowUpSent,
} from '@taxrecon/contracts';
import { reconStateName, rupeesOfNumeric } from '@taxrecon/shared';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { contains } from '../../platform/db/like.ts';
import { type Caller, entityOf } from '../../platform/http/caller.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { findParty } from '../reconciliation/discrepancies/discrepancies.ts';
import { contactEmails } from '../reconciliation/results/customer-entry.ts';
import { findRun, type RunView } from '../reconciliation/runs/runs.ts';
import {
  addEntry,
  ensureThread,
  findThread,
  kindOfType,
  partyTotals,
  type ThreadParty,
  threadsOfParty,
  threadView,
} from './repo.ts';
import { plainToRichText } from './rich-text.ts';
import { queueFollowUpMail } from './send.ts';

type PartyRow = Awaited<ReturnType<typeof findParty>>;

export const threadParty = (run: RunView, party: PartyRow): ThreadParty => ({
  entityId: run.entity_id,
  jobId: run.job_id,
  kind: run.kind,
  financialYear: run.financial_year,
  partyKey: party.party_key,
  party: party.party,
  tan: party.tan,
  name: party.name,
});

const runOfType = async (ctx: AppContext, caller: Caller, jobId: string, type: FollowUpType) => {
  const run = await findRun(ctx, caller, jobId);
  if (run.kind !== kindOfType(type))
    throw badRequest(`Job ${jobId} is a ${run.kind} reconciliation, not a ${kindOfType(type)} one.`);
  if (run.status !== 'Completed') throw badRequest('The reconciliation job has not completed yet.');
  return run;
};

export const sendOneFollowUp = async (
  ctx: AppContext,
  caller: Caller,
  body: z.output<typeof FollowUpRequestSchema>,
) => {
  const run = await runOfType(ctx, caller, body.jobId, body.followuptype);
  const party = await findParty(ctx, run, body.tanNumber);
  const bodyHtml = plainToRichText(body.followupEmailContent);
  const sent = await queueFollowUpMail(ctx, {
    tenantId: caller.tenantId,
    party: threadParty(run, party),
    to: body.followupemailAddress,
    cc: body.followupccEmailAddress ?? [],
    subject: body.subject,
    bodyHtml,
    statuses: body.followupselectedStatuses,
    includeSummary: body.followupsendDiscrepanciesSummary,
    login: caller.login,
    bulkJobId: null,
  });
  if (!sent)
    throw badRequest(
      `${party.name} has no transactions marked ${body.followupselectedStatuses.map(reconStateName).join(' or ')} in this reconciliation: nothing to attach, so nothing was sent.`,
      'NOTHING_TO_ATTACH',
    );
  if (body.saveTemplate) {
    const row = {
      to_email: body.followupemailAddress.join(', '),
      cc_email: body.followupccEmailAddress?.join(', ') ?? null,
      subject: body.subject,
      body: bodyHtml,
      updated_by_login: caller.login,
      updated_at: new Date(),
    };
    await ctx.db
      .insertInto('follow_up_templates')
      .values({ entity_id: run.entity_id, kind: run.kind, party_key: party.party_key, ...row })
      .onConflict((oc) => oc.columns(['entity_id', 'kind', 'party_key']).doUpdateSet(row))
      .execute();
  }
  return {
    message: run.kind === 'TDS' ? tdsFollowUpSent(party.name) : tcsFollowUpSent(party.name),
    threadId: sent.threadId,
    transactions: sent.transactions,
  };
};
export type { FollowUpRequest };

export const emailTemplate = async (
  ctx: AppContext,
  caller: Caller,
  tan: string,
  jobId: string,
  type: FollowUpType,
): Promise<EmailTemplate> => {
  const run = await runOfType(ctx, caller, jobId, type);
  const party = await findParty(ctx, run, tan);
  const saved = await ctx.db
    .selectFrom('follow_up_templates')
    .selectAll()
    .where('entity_id', '=', run.entity_id)
    .where('kind', '=', run.kind)
    .where('party_key', '=', party.party_key)
    .executeTakeFirst();
  if (saved)
    return {
      toEmailAddress: saved.to_email,
      ccEmailAddress: saved.cc_email,
      bodyContent: saved.body,
      sender: caller.email,
      subject: saved.subject,
      saved: true,
    };
  const emails = (await contactEmails(ctx, run.entity_id, run.kind, [party])).get(party.party_key) ?? [];
  const tds = run.kind === 'TDS';
  return {
    toEmailAddress: emails.join(', '),
    ccEmailAddress: null,
    bodyContent: plainToRichText(tds ? DEFAULT_FOLLOW_UP_BODY : DEFAULT_TCS_FOLLOW_UP_BODY),
    sender: caller.email,
    subject: tds ? DEFAULT_FOLLOW_UP_SUBJECT : DEFAULT_TCS_FOLLOW_UP_SUBJECT,
    saved: false,
  };
};

export const partyEmails = async (ctx: AppContext, caller: Caller, tan: string, jobId: string) => {
  const run = await findRun(ctx, caller, jobId);
  const party = await findParty(ctx, run, tan);
  const emails = (await contactEmails(ctx, run.entity_id, run.kind, [party])).get(party.party_key) ?? [];
  return emails.map((contactEmail) => ({ contactEmail }));
};

export const createThread = async (
  ctx: AppContext,
  caller: Caller,
  body: { jobId: string; customerTan: string; followupType: FollowUpType; status: ThreadStatus },
): Promise<Thread> => {
  const run = await runOfType(ctx, caller, body.jobId, body.followupType);
  const party = await findParty(ctx, run, body.customerTan);
  return threadView(await ensureThread(ctx.db, threadParty(run, party), caller.login));
};

// Spec section 4: a status change posts its ACTION entry, then the thread is saved.
export const changeStatus = async (
  ctx: AppContext,
  caller: Caller,
  threadId: string,
  status: ThreadStatus,
): Promise<Thread> => {
  const entityId = entityOf(caller);
  return ctx.db.transaction().execute(async (tx) => {
    const thread = await findThread(tx, entityId, threadId);
    if (thread.status !== status) {
      const party = await tx
        .selectFrom('recon_parties')
        .select('party')
        .where('job_id', '=', thread.job_id)
        .where('party_key', '=', thread.party_key)
        .executeTakeFirst();
      await addEntry(tx, {
        threadId,
        entityId,
        type: 'ACTION',
        comments: statusActionText(status),
        ...STATUS_ACTION_LOOK[status],
        login: caller.login,
        totals: party ? await partyTotals(tx, thread.job_id, party.party) : null,
      });
      await tx
        .updateTable('follow_up_threads')
        .set({ status, updated_at: new Date() })
        .where('id', '=', threadId)
        .execute();
    }
    return threadView(await findThread(tx, entityId, threadId));
  });
};

export const threadsByTan = async (ctx: AppContext, caller: Caller, tan: string, jobId?: string) => {
  const entityId = entityOf(caller);
  const t = tan.trim();
  const rows = await ctx.db
    .selectFrom('follow_up_threads')
    .select('party_key')
    .distinct()
    .where('entity_id', '=', entityId)
    .where((eb) => eb.or([eb('party_key', '=', t), eb('customer_tan', '=', t.toUpperCase())]))
    .execute();
  if (rows.length === 0) return [];
  return (
    await threadsOfParty(
      ctx.db,
      entityId,
      rows.map((r) => r.party_key),
      jobId,
    )
  ).map(threadView);
};

export const SEARCH_LIMIT = 1000;

export const searchThreads = async (
  ctx: AppContext,
  caller: Caller,
  query: {
    customer?: string | undefined;
    status?: ThreadStatus | undefined;
    jobId?: string | undefined;
    followupType?: FollowUpType | undefined;
  },
): Promise<ThreadSummary[]> => {
  const entityId = entityOf(caller);
  let q = ctx.db
    .selectFrom('follow_up_threads as t')
    .selectAll('t')
    .select([
      sql<string | null>`t.transactions_start::text`.as('transactions_start'),
      sql<string | null>`t.transactions_end::text`.as('transactions_end'),
      sql<number>`(SELECT count(*)::int FROM follow_up_conversations c WHERE c.thread_id = t.id)`.as(
        'entries',
      ),
      sql<string | null>`(SELECT c.total_tax_from_book::text FROM follow_up_conversations c
        WHERE c.thread_id = t.id AND c.total_tax_from_book IS NOT NULL ORDER BY c.id DESC LIMIT 1)`.as(
        'book_tax',
      ),
      sql<string | null>`(SELECT c.total_tax_from_tax_book::text FROM follow_up_conversations c
        WHERE c.thread_id = t.id AND c.total_tax_from_tax_book IS NOT NULL ORDER BY c.id DESC LIMIT 1)`.as(
        'tb_tax',
      ),
    ])
    .where('t.entity_id', '=', entityId);
  if (query.customer) {
    const like = contains(query.customer);
    q = q.where((eb) =>
      eb.or([
        eb('t.customer_name', 'ilike', like),
        eb('t.customer_tan', 'ilike', like),
        eb('t.party_key', 'ilike', like),
      ]),
    );
  }
  if (query.status) q = q.where('t.status', '=', query.status);
  if (query.jobId) q = q.where('t.job_id', '=', query.jobId);
  if (query.followupType) q = q.where('t.kind', '=', kindOfType(query.followupType));
  const rows = await q.orderBy('t.updated_at', 'desc').limit(SEARCH_LIMIT).execute();
  return rows.map((r) => ({
    ...threadView(r),
    entries: r.entries,
    lastActivity: r.updated_at.toISOString(),
    totalTaxFromBook: r.book_tax === null ? null : rupeesOfNumeric(r.book_tax),
    totalTaxFromTaxBook: r.tb_tax === null ? null : rupeesOfNumeric(r.tb_tax),
  }));
};
