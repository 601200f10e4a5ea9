import { EMAIL_PATTERN, type Form16aQuery, Form16aQuery as QuerySchema } from '@taxrecon/contracts';
import { financialYearLabel, isFinancialYear } from '@taxrecon/shared';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { type Caller, entityOf } from '../../platform/http/caller.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import type { StoredAttachment } from '../../platform/mail/mailer.ts';
import { jobSteps, recordJobStep } from '../../platform/queue/job-steps.ts';
import { defineTask, type TaskDefinition } from '../../platform/queue/task.ts';
import { startUnlessRunning } from '../jobs/one-at-a-time.ts';
import { certificateByFileName, certificatesToMail, panMissingEmail } from './repo.ts';

// Form 16A writes a year 'FY 2024 - 2025' (spec part 3 section 9), whatever form the row keeps.
const yearLabel = (fy: string): string => (isFinancialYear(fy) ? financialYearLabel(fy) : fy);

// An uploaded original kept by files.adopt lives under 'files/' in the store.
const attachment = (fileName: string, storageKey: string): StoredAttachment => ({
  fileName,
  key: `files/${storageKey}`,
  contentType: 'application/pdf',
});

const entityName = async (ctx: AppContext, entityId: string): Promise<string> =>
  (await ctx.db.selectFrom('legal_entities').select('name').where('id', '=', entityId).executeTakeFirst())
    ?.name ?? 'TaxRecon';

// E-mails one certificate, the PDF attached, to the address the user typed.
// "success" means the mail is queued: the send-email job delivers it with retries.
export const emailOneCertificate = async (
  ctx: AppContext,
  caller: Caller,
  fileName: string,
  email: string,
): Promise<{ status: string; message: string }> => {
  const entityId = entityOf(caller);
  if (!EMAIL_PATTERN.test(email)) throw badRequest(`${email} is not an e-mail address.`, 'INVALID_EMAIL');
  const row = await certificateByFileName(ctx.db, entityId, fileName);
  if (!row) throw notFound(`No Form 16A named ${fileName} in this entity.`);
  const from = await entityName(ctx, entityId);
  await ctx.sendMail({
    to: email,
    tenantId: caller.tenantId,
    subject: `Form 16A for ${yearLabel(row.financial_year)} ${row.quarter} from ${from}`,
    text: `Dear ${row.vendor_name ?? row.vendor_pan},\n\nPlease find attached the Form 16A (TDS certificate) for PAN ${row.vendor_pan}, ${yearLabel(row.financial_year)} ${row.quarter}${row.certificate_number ? `, certificate ${row.certificate_number}` : ''}.\n\nRegards,\n${from}\n`,
    attachments: [attachment(row.file_name, row.storage_key)],
  });
  return { status: 'success', message: 'Email Sent' };
};

export const emailStats = async (ctx: AppContext, caller: Caller, query: Form16aQuery) => ({
  missingEmails: await panMissingEmail(ctx.db, entityOf(caller), query),
});

export const BulkEmailInput = z.object({
  entityId: z.string().uuid(),
  tenantId: z.string().uuid(),
  query: QuerySchema,
});

// One mail per vendor with all of its matching certificates attached, to the
// vendor master's contact e-mail. Vendors without one are counted, not mailed
// (the search screen warned about them before the job was started). Each
// vendor's mail is recorded as a step of the job once queued, and a run
// retried after a crash skips the vendors already mailed; the one in flight
// at the crash is queued under the same name again, which sends nothing new.
export const bulkEmailForm16aTask = (ctx: () => AppContext) =>
  defineTask({
    queue: 'bulk-email-form16a',
    jobType: 'BulkEmailForm16A',
    input: BulkEmailInput,
    retryLimit: 1,
    retryDelaySeconds: 10,
    run: async (input, job) => {
      const c = ctx();
      const rows = await certificatesToMail(c.db, input.entityId, input.query);
      const byVendor = new Map<string, typeof rows>();
      for (const row of rows) {
        const key = row.vendor_id ?? `pan:${row.vendor_pan}`;
        byVendor.set(key, [...(byVendor.get(key) ?? []), row]);
      }
      const from = await entityName(c, input.entityId);
      const done = await jobSteps(c.db, job.jobId);
      let mailed = 0;
      const skipped: string[] = [];
      for (const [i, [vendorKey, group]] of [...byVendor.entries()].entries()) {
        await job.progress(Math.round((100 * i) / Math.max(1, byVendor.size)));
        const first = group[0];
        if (!first) continue;
        const to = first.contact_email?.trim();
        if (!to || !EMAIL_PATTERN.test(to)) {
          skipped.push(first.vendor_pan);
          continue;
        }
        const step = `vendor:${vendorKey}`;
        if (done.has(step)) {
          mailed += 1;
          continue;
        }
        const periods = group.map((g) => `${yearLabel(g.financial_year)} ${g.quarter}`).join(', ');
        await c.sendMail(
          {
            to,
            tenantId: input.tenantId,
            subject: `Form 16A certificates from ${from}`,
            text: `Dear ${first.vendor_name ?? first.vendor_pan},\n\nPlease find attached ${group.length} Form 16A (TDS certificate${group.length > 1 ? 's' : ''}) for PAN ${first.vendor_pan}: ${periods}.\n\nRegards,\n${from}\n`,
            attachments: group.map((g) => attachment(g.file_name, g.storage_key)),
          },
          // a retry after a crash between queuing and recording queues nothing new
          { once: `${job.jobId}:${step}` },
        );
        await recordJobStep(c.db, job.jobId, step);
        mailed += 1;
      }
      const outcome = {
        remarks: `${mailed} vendor(s) e-mailed their Form 16A; ${skipped.length} skipped without a contact e-mail${skipped.length ? ` (${skipped.join(', ')})` : ''}`,
        // nobody mailed is told as a warning, not a success
        result: {
          mailed,
          skipped,
          certificates: rows.length,
          ...(mailed === 0 ? { outcome: 'NothingSent' } : {}),
        },
        transactionsCount: mailed,
      };
      await c.db.transaction().execute((tx) => job.complete(tx, outcome));
      return outcome;
    },
  });

// The filters as the search applies them (a PAN in any case, a name matched
// ignoring case, an empty filter none), so two requests for the same mails match.
const filtersKey = (query: Form16aQuery): string =>
  JSON.stringify([
    query.vendorName?.toLowerCase() || null,
    query.vendorPan?.toUpperCase() || null,
    query.financialYear || null,
    query.quarter || null,
  ]);

// One bulk mail per entity and filters at a time: a job started again while
// the first is queued or running would mail every matching vendor again.
export const startBulkEmail = async (
  ctx: AppContext,
  task: TaskDefinition,
  caller: Caller,
  query: Form16aQuery,
): Promise<{ error: string | null; message: string; jobId: string | null }> => {
  const entityId = entityOf(caller);
  if ((await certificatesToMail(ctx.db, entityId, query)).length === 0) {
    const error = 'No Form 16A matches these filters: there is nothing to e-mail.';
    return { error, message: error, jobId: null };
  }
  const key = filtersKey(query);
  const outcome = await startUnlessRunning(
    ctx,
    task,
    { entityId, tenantId: caller.tenantId, query },
    { tenantId: caller.tenantId, entityId, userId: caller.userId, login: caller.login },
    (stored) => {
      const running = BulkEmailInput.safeParse(stored);
      return running.success && filtersKey(running.data.query) === key;
    },
  );
  if (outcome.running) {
    // spec part 3: this call's answer carries an error, which the screen shows
    const error = `A Form 16A bulk e-mail with these filters is already being sent (job ${outcome.running.id}); wait for it to finish.`;
    return { error, message: error, jobId: null };
  }
  return { error: null, message: 'Job submitted successfully', jobId: outcome.started.id };
};
