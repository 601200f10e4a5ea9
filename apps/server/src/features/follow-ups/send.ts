import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FollowUpStatus, ReconKind } from '@taxrecon/contracts';
import { type FinancialYear, financialYearLabel, formatInr, reconStateName } from '@taxrecon/shared';
import type { AppContext } from '../../platform/context.ts';
import { buildFollowUpXlsx } from './follow-up-xlsx.ts';
import { addEntry, ensureThread, partyTotals, type ThreadParty } from './repo.ts';
import { richTextToPlain } from './rich-text.ts';
import { type FollowUpLine, kindWords, type PartyTotals, partyLines } from './transactions.ts';

// One follow-up e-mail: the customer's chosen transactions as xlsx, the body
// the user wrote (sanitised rich text) with a plain summary of the totals,
// queued through the send-email job, and an ACTION entry on the customer's
// thread of the job. Shared by the dialog and the bulk job.

export interface FollowUpMail {
  tenantId: string;
  party: ThreadParty;
  to: string[];
  cc: string[];
  subject: string;
  // sanitised HTML
  bodyHtml: string;
  statuses: readonly FollowUpStatus[];
  includeSummary: boolean;
  login: string;
  bulkJobId: string | null;
}

// The customer reads words ('Follow up', 'On hold'), not the codes the rows carry.
const statusWords = (statuses: readonly FollowUpStatus[]): string => statuses.map(reconStateName).join(', ');

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const entityName = async (ctx: AppContext, entityId: string): Promise<string> =>
  (await ctx.db.selectFrom('legal_entities').select('name').where('id', '=', entityId).executeTakeFirst())
    ?.name ?? 'TaxRecon';

const summaryLines = (
  kind: ReconKind,
  year: string,
  totals: PartyTotals,
  lines: readonly FollowUpLine[],
  statuses: readonly FollowUpStatus[],
): [string, string][] => {
  const w = kindWords(kind);
  return [
    [`${w.amount} per our books`, formatInr(totals.bookAmount)],
    [`${w.tax} per our books`, formatInr(totals.bookTax)],
    ['Amount per 26AS', formatInr(totals.taxBookAmount)],
    [`${w.tax} per 26AS`, formatInr(totals.taxBookTax)],
    [`Difference in ${w.tax} (our books - 26AS)`, formatInr(totals.bookTax - totals.taxBookTax)],
    ['Transactions attached', `${lines.length} (${statusWords(statuses)})`],
    ['Financial year', financialYearLabel(year as FinancialYear)],
  ];
};

export const queueFollowUpMail = async (
  ctx: AppContext,
  m: FollowUpMail,
): Promise<{ threadId: string; transactions: number } | null> => {
  const p = m.party;
  const w = kindWords(p.kind);
  const lines = await partyLines(ctx, p.jobId, p.party, m.statuses);
  // nothing to attach: no mail (a customer asked about an empty list)
  if (lines.length === 0) return null;
  const totals =
    (await partyTotals(ctx.db, p.jobId, p.party)) ??
    ({
      bookAmount: 0,
      bookTax: 0,
      taxBookAmount: 0,
      taxBookTax: 0,
    } as PartyTotals);
  const from = await entityName(ctx, p.entityId);
  const xlsx = await buildFollowUpXlsx(lines, {
    kind: p.kind,
    financialYear: p.financialYear,
    customerName: p.name,
    entityName: from,
  });
  // A bulk job's mail to a customer has one name, so a retry after a crash
  // between queuing it and recording it sends nothing new (JobRunner.start).
  const once = m.bulkJobId === null ? undefined : `${m.bulkJobId}:${p.partyKey}`;
  const key = `follow-ups/${p.entityId}/${once === undefined ? randomUUID() : createHash('sha256').update(once).digest('hex')}.xlsx`;
  await ctx.files.put(key, Readable.from([xlsx]));
  const summary = summaryLines(p.kind, p.financialYear, totals, lines, m.statuses);
  const heading = `Summary of ${w.tax} for ${p.name}${p.tan ? ` (TAN ${p.tan})` : ''}`;
  const text = [
    richTextToPlain(m.bodyHtml),
    ...(m.includeSummary ? ['', `${heading}:`, ...summary.map(([k, v]) => `  ${k}: ${v}`)] : []),
    '',
    `Regards,\n${from}`,
  ].join('\n');
  const html = [
    m.bodyHtml,
    m.includeSummary
      ? `<p><b>${escapeHtml(heading)}</b></p><table cellpadding="4" style="border-collapse:collapse">${summary
          .map(([k, v]) => `<tr><td>${escapeHtml(k)}</td><td align="right">${escapeHtml(v)}</td></tr>`)
          .join('')}</table>`
      : '',
    `<p>Regards,<br>${escapeHtml(from)}</p>`,
  ].join('');
  const fileName = `${w.tax}-transactions-${p.financialYear}-${p.partyKey.replace(/[^A-Za-z0-9_-]/g, '_')}.xlsx`;
  await ctx.sendMail(
    {
      to: m.to.join(', '),
      ...(m.cc.length ? { cc: m.cc } : {}),
      tenantId: m.tenantId,
      subject: m.subject,
      text,
      html,
      attachments: [
        {
          fileName,
          key,
          contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        },
      ],
    },
    once === undefined ? {} : { once },
  );
  // Recorded once the mail is queued: a crash in between loses nothing, and a
  // bulk retry queues the same named mail, which is not sent again.
  const threadId = await ctx.db.transaction().execute(async (tx) => {
    const thread = await ensureThread(tx, p, m.login);
    if (thread.status === 'Closed')
      await tx.updateTable('follow_up_threads').set({ status: 'Open' }).where('id', '=', thread.id).execute();
    await addEntry(tx, {
      threadId: thread.id,
      entityId: p.entityId,
      type: 'ACTION',
      comments: escapeHtml(
        `Follow-up e-mail sent to ${m.to.join(', ')}${m.cc.length ? ` (cc ${m.cc.join(', ')})` : ''}: ${lines.length} transaction(s) attached (${statusWords(m.statuses)}). Subject: ${m.subject}`,
      ),
      icon: 'mail',
      badgeColor: 'blue',
      login: m.login,
      systemCreated: m.bulkJobId !== null,
      totals,
      additionalInfo: { attachment: fileName, bulkJobId: m.bulkJobId },
    });
    await tx
      .insertInto('follow_up_mails')
      .values({
        entity_id: p.entityId,
        thread_id: thread.id,
        bulk_job_id: m.bulkJobId,
        party_key: p.partyKey,
        to_email: m.to.join(', '),
        cc_email: m.cc.length ? m.cc.join(', ') : null,
        subject: m.subject,
        statuses: [...m.statuses],
        transactions: lines.length,
        attachment_key: key,
        created_by_login: m.login,
      })
      .execute();
    return thread.id;
  });
  return { threadId, transactions: lines.length };
};
