import {
  BULK_FOLLOW_UP_SUBMITTED,
  type BulkFollowUpRequest,
  type BulkFollowUpRequest as BulkFollowUpRequestSchema,
  FOLLOW_UP_STATUSES,
  type FollowUpStatus,
} from '@taxrecon/contracts';
import { formatInr, paiseOfNumeric, reconStateName } from '@taxrecon/shared';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Caller } from '../../platform/http/caller.ts';
import { badRequest, HttpError, notFound } from '../../platform/http/errors.ts';
import { defineTask, type TaskDefinition } from '../../platform/queue/task.ts';
import { startUnlessRunning } from '../jobs/one-at-a-time.ts';
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

// Customers whose credit a later completed reconciliation of the same
// entity, kind and year finds in full (26AS tax at least the books'): a bulk
// follow-up started from the earlier run does not ask them for it again.
const creditsFoundSince = async (ctx: AppContext, reconJobId: string): Promise<Map<string, string>> => {
  const { rows } = await sql<{ party_key: string; job_id: string; book_tax: string; tb_tax: string }>`
    WITH latest AS (
      SELECT r.job_id FROM recon_runs r
        JOIN recon_runs here ON here.job_id = ${reconJobId}
        JOIN jobs j ON j.id = r.job_id
        JOIN jobs hj ON hj.id = here.job_id
       WHERE r.entity_id = here.entity_id AND r.kind = here.kind AND r.financial_year = here.financial_year
         AND r.status = 'Completed' AND j.created_at > hj.created_at
       ORDER BY j.created_at DESC LIMIT 1)
    SELECT p.party_key, p.job_id::text, p.book_tax::text, p.tb_tax::text
      FROM recon_parties p JOIN latest ON latest.job_id = p.job_id
     WHERE p.tb_tax >= p.book_tax AND p.book_tax > 0`.execute(ctx.db);
  return new Map(
    rows.map((r) => [
      r.party_key,
      `a later reconciliation (job ${r.job_id}) finds the credit in 26AS: ${formatInr(paiseOfNumeric(r.tb_tax))} against ${formatInr(paiseOfNumeric(r.book_tax))} in the books`,
    ]),
  );
};

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
      const arrived = await creditsFoundSince(c, input.reconJobId);
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
        const later = arrived.get(cu.entityId);
        if (later) {
          skipped.push({ customer: cu.customerName, reason: later });
          continue;
        }
        if (cu.emails.length === 0) {
          skipped.push({ customer: cu.customerName, reason: 'no contact e-mail in the customer master' });
          continue;
        }
        const sent = await queueFollowUpMail(c, {
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
        if (!sent) {
          skipped.push({
            customer: cu.customerName,
            reason: `no transactions marked ${statuses.map(reconStateName).join(' or ')} to attach`,
          });
          continue;
        }
        mailed += 1;
      }
      const outcome = {
        remarks: `${mailed} customer(s) followed up by e-mail${skipped.length ? `; ${skipped.length} skipped (${skipped.map((s) => `${s.customer}: ${s.reason}`).join('; ')})` : ''}`,
        result: {
          reconJobId: input.reconJobId,
          mailed,
          skipped,
          ...(mailed === 0 ? { outcome: 'NothingSent' } : {}),
        },
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
  // One bulk follow-up of the same customers of a run at a time: a second
  // click while the first is queued or running would mail every one again.
  const same = JSON.stringify([run.job_id, body.status, [...keys].sort()]);
  const outcome = await startUnlessRunning(
    ctx,
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
    (stored) => {
      const running = BulkFollowUpInput.safeParse(stored);
      return (
        running.success &&
        JSON.stringify([running.data.reconJobId, running.data.status, [...running.data.partyKeys].sort()]) ===
          same
      );
    },
  );
  if (outcome.running)
    throw new HttpError(
      409,
      'JOB_RUNNING',
      `A bulk follow-up of these customers is already being sent (job ${outcome.running.id}); wait for it to finish.`,
    );
  const job = outcome.started;
  return { status: 'Submitted' as const, message: BULK_FOLLOW_UP_SUBMITTED, jobId: job.id };
};
export type { BulkFollowUpRequest };
