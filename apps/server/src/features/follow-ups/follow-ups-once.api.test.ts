import fs from 'node:fs';
import path from 'node:path';
import type { Conversation, DiscrepancyResponse, FollowUpCustomer } from '@taxrecon/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failFirstInsert } from '../../testing/fail-first-insert.ts';
import { type SmtpCapture, startSmtpCapture } from '../../testing/smtp-capture.ts';
import { ADMIN, eventually, startTestServer, type TestServer } from '../../testing/test-server.ts';

// Follow-ups mail each customer once, and only with something to ask
// (session 38's audit): no empty attachment, no second mail after a retry or a
// second click, a credit that arrived is said once and not asked for again.
// Same fixture company as follow-ups.api.test.ts: reconciled with BETA's 26AS
// credit missing.

const FIXTURES = path.resolve(import.meta.dirname, '../../../../../packages/formats/fixtures');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name), 'utf8');

const full26as = fixture('26as-current-layout.txt');
const betaBlock =
  /2\^BETA BUYER LLP\^MUMB00002B[^\n]*\n\^Sr\. No\.[^\n]*\n\^1\^194Q[^\n]*\n/.exec(full26as)?.[0] ?? '';
const without26asBeta = full26as.replace(betaBlock, '');
const partStart = full26as.indexOf('1^ALPHA CUSTOMER LIMITED');
const onlyBeta26as =
  full26as.slice(0, partStart) +
  betaBlock.replace(/^2\^/, '1^') +
  full26as
    .slice(full26as.indexOf('\n^PART-II'))
    .replace(
      /1\^DELTA STEEL[^\n]*\n\^Sr[^\n]*\n\^1\^206CR[^\n]*\n/,
      '^^^*********** No Transactions Present **********^\n',
    );

const ALPHA_EMAIL = 'accounts@alpha.example';
const BETA_EMAIL = 'beta@buyer.test';

let t: TestServer;
let smtp: SmtpCapture;
let token: string;
let jobId: string;
let betaThread: string;

const api = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
  const answer = await t.api(method, url, { token, ...(body === undefined ? {} : { body }) });
  if (answer.status !== 200)
    throw new Error(`${method} ${url}: ${answer.status} ${JSON.stringify(answer.json)}`);
  return answer.json as T;
};

const jobDone = (id: string, timeoutMs = 60_000) =>
  eventually(async () => {
    const job = (await t.api('GET', `/job/${id}`, { token })).json as {
      status: string;
      remarks: string;
      outcome: string | null;
    };
    if (job.status === 'Failed') throw new Error(`job ${id} failed: ${job.remarks}`);
    return job.status === 'Completed' ? job : null;
  }, timeoutMs);

const upload = async (route: string, name: string, content: string) => {
  const answer = await t.upload(route, {
    token,
    files: [{ name, content }],
    fields: { force: 'true', financialYear: '2024-25' },
  });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  await jobDone((answer.json as { jobId: string }).jobId);
};

const reconcile = async () => {
  const answer = await api<{ jobId: string }>('PUT', '/job/tds-reconciliation/2024-25', {});
  await jobDone(answer.jobId);
  return answer.jobId;
};

const sendEmailJobsDone = () =>
  eventually(async () => {
    const waiting = await t.server.ctx.db
      .selectFrom('jobs')
      .select('id')
      .where('job_type', '=', 'SendEmail')
      .where('status', 'in', ['NotStarted', 'InProgress'])
      .execute();
    return waiting.length === 0;
  }, 30_000);

const bulk = (body: { status: 'FollowUp' | 'All'; selectedTans: string[] }) =>
  api<{ jobId: string }>('POST', '/follow-up/bulk-follow-up', {
    jobId,
    subject: 'TDS Transactions to be followed up.',
    emailBody: 'Dear Customer, Please find attached the TDS transactions for your review and action.',
    ...body,
  });

const mailsTo = (to: string) => smtp.inbox.filter((m) => m.to.includes(to)).length;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await startTestServer({ smtpUrl: smtp.url });
  token = await t.login(ADMIN.email, ADMIN.password);
  await upload('/ingest/ingest-customer', 'customer-master.txt', fixture('customer-master.txt'));
  await upload('/ingest/sales-register', 'sales-register.csv', fixture('sales-register.csv'));
  await upload('/ingest/taxbook', '26as-first.txt', without26asBeta);
  jobId = await reconcile();
  const beta = await api<DiscrepancyResponse>('GET', `/discrepancy/entries/MUMB00002B?jobId=${jobId}`);
  await api('PUT', '/discrepancy/update-discrepancies', {
    jobId,
    actionType: 'FollowUp',
    salesPurchaseBookDiscrepancyIds: [beta.entrySalesDiscrepancies[0]!.id],
  });
  // BETA's master e-mail is no address: give it one, as the bulk screen's 'Add email' does
  const customers = await api<FollowUpCustomer[]>('GET', `/follow-up/follow-up/${jobId}/customers`);
  await api('POST', `/master-data-management/customer/${customers[0]!.customerId}/email?email=${BETA_EMAIL}`);
  const sent = await api<{ threadId: string }>('PUT', '/follow-up/follow-up-customer', {
    jobId,
    tanNumber: 'MUMB00002B',
    followuptype: 'TDSFollowup',
    followupemailAddress: BETA_EMAIL,
    followupselectedStatuses: ['FollowUp'],
    followupEmailContent: '<p>Dear Customer</p>',
    subject: 'TDS Transactions to be followed up.',
  });
  betaThread = sent.threadId;
  await sendEmailJobsDone();
}, 180_000);

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('a bulk follow-up attaching only FollowUp transactions', () => {
  it('does not mail a selected customer that has no transaction marked FollowUp (an empty attachment)', async () => {
    const before = mailsTo(ALPHA_EMAIL);
    // ALPHA has no row marked FollowUp in this job
    const { jobId: bulkJob } = await bulk({ status: 'FollowUp', selectedTans: ['C001'] });
    const job = await jobDone(bulkJob);
    await sendEmailJobsDone();
    const recorded = await t.server.ctx.db
      .selectFrom('follow_up_mails')
      .select(['party_key', 'transactions'])
      .where('bulk_job_id', '=', bulkJob)
      .execute();
    expect(mailsTo(ALPHA_EMAIL) - before, `job: ${job.remarks}; mails: ${JSON.stringify(recorded)}`).toBe(0);
    expect(recorded).toEqual([]);
    expect(job.remarks).toContain('no transactions marked Follow up to attach');
    expect(job.outcome).toBe('NothingSent');
  });
});

describe('a bulk follow-up retried after a failure', () => {
  it('does not mail the same customer twice when the run fails right after queuing its mail', async () => {
    // A fault injected in the real database: the record of the first mailed
    // customer fails, as a crash right after its mail was queued would leave it.
    const db = t.server.ctx.db;
    const removeFault = await failFirstInsert(db, 'follow_up_mails');
    try {
      const before = mailsTo(ALPHA_EMAIL);
      const { jobId: bulkJob } = await bulk({ status: 'All', selectedTans: ['C001'] });
      const job = await jobDone(bulkJob, 90_000);
      expect(job.remarks).toContain('1 customer(s) followed up');
      await sendEmailJobsDone();
      expect(mailsTo(ALPHA_EMAIL) - before).toBe(1);
    } finally {
      await removeFault();
    }
  }, 120_000);
});

describe('a bulk follow-up submitted twice (double click, two tabs)', () => {
  it('mails each selected customer once, as the Form 16A bulk e-mail does', async () => {
    const before = mailsTo(ALPHA_EMAIL);
    const body = {
      jobId,
      subject: 'TDS Transactions to be followed up.',
      emailBody: 'Dear Customer, Please find attached the TDS transactions for your review and action.',
      status: 'All',
      selectedTans: ['C001'],
    };
    const answers = await Promise.all(
      [1, 2].map(() => t.api('POST', '/follow-up/bulk-follow-up', { token, body })),
    );
    for (const a of answers) {
      const started = (a.json as { jobId?: string }).jobId;
      if (a.status === 200 && started) await jobDone(started);
    }
    await sendEmailJobsDone();
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(mailsTo(ALPHA_EMAIL) - before, JSON.stringify(answers.map((a) => a.json))).toBe(1);
  });
});

describe('after a later reconciliation finds the credit', () => {
  const arrivals = async () =>
    (await api<Conversation[]>('GET', `/follow-up/follow-up-conversations/${betaThread}`)).filter(
      (c) => c.systemCreated && c.metadata.icon === 'coin',
    );

  it('says once that the credit arrived: a comment in between does not make the same credit arrive again', async () => {
    await upload('/ingest/taxbook', '26as-second.txt', onlyBeta26as);
    await reconcile();
    const first = await arrivals();
    expect(first).toHaveLength(1);
    expect(first[0]!.comments).toContain('finds ₹100.00 TDS from BETA BUYER LLP');
    // a colleague notes the call on the thread
    await api('POST', `/follow-up/follow-up-conversation/${betaThread}`, {
      comments: 'Called their accounts team',
    });
    // the next reconciliation of the same data finds no new credit
    await reconcile();
    const after = await arrivals();
    expect(after.map((a) => a.comments)).toEqual(first.map((a) => a.comments));
  }, 120_000);

  it('a bulk follow-up started on the earlier job does not ask BETA for the credit that has arrived', async () => {
    const before = mailsTo(BETA_EMAIL);
    const { jobId: bulkJob } = await bulk({ status: 'All', selectedTans: ['C002'] });
    const job = await jobDone(bulkJob);
    await sendEmailJobsDone();
    expect(mailsTo(BETA_EMAIL) - before, `job: ${job.remarks}`).toBe(0);
    expect(job.remarks).toMatch(
      /a later reconciliation \(job [0-9a-f-]+\) finds the credit in 26AS: ₹100\.00/,
    );
  });
});
