import {
  BULK_FOLLOW_UP_SUBMITTED,
  type BulkFollowUpRequest,
  type BulkFollowUpRequest as BulkFollowUpRequestSchema,
  FOLLOW_UP_STATUSES,
  type FollowUpStatus,
} from '@taxrecon/contracts';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Caller } from '../../platform/http/caller.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { defineTask, type TaskDefinition } from '../../platform/queue/task.ts';
import { findRun, JOB_NOT_FOUND, runQuery } from '../reconciliation/runs/runs.ts';
import { followUpCustomers } from './customers.ts';
import { plainToRichText } from './rich-text.ts';
import { queueFollowUpMail } from './send.ts';

export const BulkFollowUpInput = z.object({
  entityId: z.string().uuid(),
  tenantId: z.string().uuid(),
  login: z.string(),
  reconJobId: z.string().uuid(),
  subject: z.string(),
  bodyHtml: z.string(),
  status: z.enum(['FollowUp', 'All']),
  partyKeys: z.array(z.string()),
});

// Spec 2.8: "Only attach Transactions that are marked as FollowUp" or "Attach all Transactions".
const attachedStatuses = (status: 'FollowUp' | 'All'): FollowUpStatus[] =>
  status === 'FollowUp' ? ['FollowUp'] : [...FOLLOW_UP_STATUSES];

// One e-mail per selected customer to its contact e-mails, each recorded on
// the customer's thread of the job. A retry (the job failed midway, or the
// process died) skips every customer this job already mailed: the record of a
// mail is its follow_up_mails row, keyed by this job and the customer.
export const bulkFollowUpTask = (ctx: () => AppContext) =>
  defineTask({
    queue: 'bulk-follow-up',
    jobType: 'BulkFollowUp',
    input: BulkFollowUpInput,
    retryLimit: 2,
    retryDelaySeconds: 10,
    run: async (input, job) => {
      const c = ctx();
      const run = await runQuery(c)
        .where('r.job_id', '=', input.reconJobId)
        .where('r.entity_id', '=', input.entityId)
        .executeTakeFirst();
      if (!run) throw new Error(`${JOB_NOT_FOUND}: ${input.reconJobId}`);
      const customers = await followUpCustomers(c, run, null, input.partyKeys);
      const done = new Set(
        (
          await c.db
            .selectFrom('follow_up_mails')
            .select('party_key')
            .where('bulk_job_id', '=', job.jobId)
            .execute()
        ).map((r) => r.party_key),
      );
      const statuses = attachedStatuses(input.status);
      let mailed = 0;
      const skipped: { customer: string; reason: string }[] = [];
      const found = new Set(customers.map((cu) => cu.entityId));
      for (const key of input.partyKeys)
        if (!found.has(key)) skipped.push({ customer: key, reason: 'not in this reconciliation' });
      for (const [i, cu] of customers.entries()) {
        await job.progress(Math.round((100 * i) / Math.max(1, customers.length)), i);
        if (done.has(cu.entityId)) {
          mailed += 1;
          continue;
        }
        if (cu.emails.length === 0) {
          skipped.push({ customer: cu.customerName, reason: 'no contact e-mail in the customer master' });
          continue;
        }
        await queueFollowUpMail(c, {
          tenantId: input.tenantId,
          party: {
            entityId: run.entity_id,
            jobId: run.job_id,
            kind: run.kind,
            financialYear: run.financial_year,
            partyKey: cu.entityId,
            party: cu.party,
            tan: cu.tanNumber,
            name: cu.customerName,
          },
          to: cu.emails,
          cc: [],
          subject: input.subject,
          bodyHtml: input.bodyHtml,
          statuses,
          includeSummary: true,
          login: input.login,
          bulkJobId: job.jobId,
        });
        mailed += 1;
      }
      const outcome = {
        remarks: `${mailed} customer(s) followed up by e-mail${skipped.length ? `; ${skipped.length} skipped (${skipped.map((s) => `${s.customer}: ${s.reason}`).join('; ')})` : ''}`,
        result: { reconJobId: input.reconJobId, mailed, skipped },
        transactionsCount: mailed,
      };
      await c.db.transaction().execute((tx) => job.complete(tx, outcome));
      return outcome;
    },
  });

export const startBulkFollowUp = async (
  ctx: AppContext,
  task: TaskDefinition,
  caller: Caller,
  body: z.output<typeof BulkFollowUpRequestSchema>,
) => {
  const run = await findRun(ctx, caller, body.jobId);
  if (run.kind !== 'TDS') throw notFound(JOB_NOT_FOUND);
  if (run.status !== 'Completed') throw badRequest('The reconciliation job has not completed yet.');
  const keys = [...new Set(body.selectedTans)];
  const job = await ctx.jobs.start(
    task,
    {
      entityId: run.entity_id,
      tenantId: caller.tenantId,
      login: caller.login,
      reconJobId: run.job_id,
      subject: body.subject,
      bodyHtml: plainToRichText(body.emailBody),
      status: body.status,
      partyKeys: keys,
    },
    { tenantId: caller.tenantId, entityId: run.entity_id, userId: caller.userId, login: caller.login },
  );
  return { status: 'Submitted' as const, message: BULK_FOLLOW_UP_SUBMITTED, jobId: job.id };
};
export type { BulkFollowUpRequest };
