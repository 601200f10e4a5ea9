import fs from 'node:fs';
import path from 'node:path';
import type {
  Conversation,
  DiscrepancyResponse,
  EmailTemplate,
  FollowUpCustomer,
  Thread,
  ThreadSummary,
} from '@taxrecon/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMail, type SmtpCapture, startSmtpCapture } from '../../testing/smtp-capture.ts';
import { ADMIN, eventually, startTestServer, type TestServer } from '../../testing/test-server.ts';
import { bulkFollowUpTask } from './bulk-job.ts';

// Follow-ups end to end over HTTP and a real local SMTP server: the fixture
// company reconciled with BETA's 26AS credit missing, BETA followed up (the
// xlsx arrives and opens with its row, the body is sanitised), its thread
// with comments and status changes, a bulk follow-up that mails each customer
// once even when run again, the system entry when a later run finds BETA's
// credit, and another entity seeing none of it.

const FIXTURES = path.resolve(import.meta.dirname, '../../../../../packages/formats/fixtures');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name), 'utf8');

// The statement without BETA's deductor block, and one holding only BETA's credit.
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
    // Part VI's credit is in the first statement already
    .replace(
      /1\^DELTA STEEL[^\n]*\n\^Sr[^\n]*\n\^1\^206CR[^\n]*\n/,
      '^^^*********** No Transactions Present **********^\n',
    );

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

const jobDone = (id: string) =>
  eventually(async () => {
    const job = (await t.api('GET', `/job/${id}`, { token })).json as { status: string; remarks: string };
    if (job.status === 'Failed') throw new Error(`job ${id} failed: ${job.remarks}`);
    return job.status === 'Completed' ? job : null;
  }, 60_000);

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

const followUp = (body: Record<string, unknown>) =>
  t.api('PUT', '/follow-up/follow-up-customer', {
    token,
    body: {
      jobId,
      tanNumber: 'MUMB00002B',
      followuptype: 'TDSFollowup',
      followupemailAddress: 'beta@buyer.test',
      followupselectedStatuses: ['FollowUp', 'Pending'],
      followupEmailContent: '<p>Dear Customer</p>',
      subject: 'TDS Transactions to be followed up.',
      ...body,
    },
  });

const xlsxRows = async (content: Buffer) => {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(content as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { rows, numFmt: sheet.getCell('E2').numFmt };
};

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await startTestServer({ smtpUrl: smtp.url });
  token = await t.login(ADMIN.email, ADMIN.password);
  await upload('/ingest/ingest-customer', 'customer-master.txt', fixture('customer-master.txt'));
  await upload('/ingest/sales-register', 'sales-register.csv', fixture('sales-register.csv'));
  await upload('/ingest/taxbook', '26as-first.txt', without26asBeta);
  jobId = await reconcile();
  // BETA's sale is marked FollowUp on the discrepancy screen
  const beta = await api<DiscrepancyResponse>('GET', `/discrepancy/entries/MUMB00002B?jobId=${jobId}`);
  expect(beta.category).toBe('missingFromTaxBook');
  await api('PUT', '/discrepancy/update-discrepancies', {
    jobId,
    actionType: 'FollowUp',
    salesPurchaseBookDiscrepancyIds: [beta.entrySalesDiscrepancies[0]!.id],
  });
}, 180_000);

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('one follow-up from the dialog', () => {
  it('lists BETA among the customers to follow up, without a usable contact e-mail until one is added', async () => {
    const list = await api<FollowUpCustomer[]>('GET', `/follow-up/follow-up/${jobId}/customers`);
    expect(list.map((c) => c.customerName)).toEqual(['BETA BUYER LLP']);
    const beta = list[0]!;
    // the master's 'not-an-email' is no address
    expect(beta).toMatchObject({ tanNumber: 'MUMB00002B', followUpEntries: 1, contactEmail: null });
    expect(beta.customerId).toBeTruthy();
    await api('POST', `/master-data-management/customer/${beta.customerId}/email?email=beta@buyer.test`);
    const again = await api<FollowUpCustomer[]>('GET', `/follow-up/follow-up/${jobId}/customers`);
    expect(again[0]!.contactEmail).toBe('beta@buyer.test');
    const all = await api<FollowUpCustomer[]>('GET', `/follow-up/follow-up/${jobId}/customers?status=All`);
    expect(all.length).toBeGreaterThan(1);
  });

  it('mails the chosen transactions as xlsx with a sanitised body and a summary in rupees', async () => {
    const answer = await followUp({
      followupccEmailAddress: 'cfo@zedex.test',
      followupEmailContent:
        '<p onclick="steal()">Dear <b>Customer</b>,</p><script>alert(1)</script><a href="javascript:x">see</a><ul><li>one</li></ul>',
      saveTemplate: true,
    });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const sent = answer.json as { message: string; threadId: string; transactions: number };
    expect(sent.message).toBe('Follow up job submitted. Status will be known shortly: BETA BUYER LLP');
    expect(sent.transactions).toBe(1);
    betaThread = sent.threadId;

    const mail = await parseMail(await smtp.waitFor('beta@buyer.test'));
    expect(mail.subject).toBe('TDS Transactions to be followed up.');
    expect(JSON.stringify(mail.cc)).toContain('cfo@zedex.test');
    const html = String(mail.html);
    expect(html).toContain('Dear <b>Customer</b>,');
    expect(html).toContain('<ul><li>one</li></ul>');
    expect(html).not.toMatch(/script|onclick|javascript|href/);
    expect(mail.text).toContain('Sale amount per our books: ₹51,00,000.00');
    expect(mail.text).toContain('TDS per 26AS: ₹0.00');
    expect(mail.text).toContain('Difference in TDS (our books - 26AS): ₹100.00');
    // the customer reads the statuses as words, not as the codes the rows carry
    expect(mail.text).toContain('Transactions attached: 1 (Follow up, Pending)');
    expect(mail.text).not.toContain('FollowUp');

    const attachment = mail.attachments.find((a) => a.filename?.endsWith('.xlsx'));
    expect(attachment?.filename).toBe('TDS-transactions-2024-25-C002.xlsx');
    const { rows, numFmt } = await xlsxRows(attachment!.content);
    expect(rows[0]).toEqual([
      'Invoice No.',
      'Date',
      'Section',
      'Sale amount',
      'TDS per our books',
      'TDS per 26AS',
      'Difference',
      'Status',
    ]);
    expect(rows[1]).toEqual([
      'INV/24-25/140',
      new Date('2025-02-10T00:00:00Z'),
      '194Q',
      5100000,
      100,
      0,
      100,
      'Follow up',
    ]);
    expect(rows[2]?.[0]).toBe('Total');
    expect(numFmt).toContain('₹');
  });

  it('refuses a follow-up without statuses, with a bad address, or with an empty CC', async () => {
    const none = await followUp({ followupselectedStatuses: [] });
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.json)).toContain('Choose at least one transaction status');
    const bad = await followUp({ followupemailAddress: 'beta at buyer' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('Invalid Email Address');
    expect((await followUp({ followupccEmailAddress: '' })).status).toBe(400);
  });

  it('remembers the template it was asked to save', async () => {
    const template = await api<EmailTemplate>(
      'GET',
      `/follow-up/email-template/MUMB00002B?jobId=${jobId}&templateType=TDSFollowup`,
    );
    expect(template).toMatchObject({
      saved: true,
      toEmailAddress: 'beta@buyer.test',
      ccEmailAddress: 'cfo@zedex.test',
    });
    expect(template.bodyContent).not.toContain('script');
    const fresh = await api<EmailTemplate>('GET', `/follow-up/email-template/PNEA00001A?jobId=${jobId}`);
    expect(fresh).toMatchObject({ saved: false, subject: 'TDS Transactions to be followed up.' });
    expect(fresh.toEmailAddress).toContain('accounts@alpha.example');
  });
});

describe('the thread', () => {
  it('was opened by the follow-up with its ACTION entry and the totals of the day', async () => {
    const thread = await api<Thread>('GET', `/follow-up/follow-up-thread/${betaThread}`);
    expect(thread).toMatchObject({
      jobId,
      status: 'Open',
      customerName: 'BETA BUYER LLP',
      customerTan: 'MUMB00002B',
      followupType: 'TDSFollowup',
    });
    const history = await api<Conversation[]>('GET', `/follow-up/follow-up-conversations/${betaThread}`);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      conversationType: 'ACTION',
      metadata: { icon: 'mail', badgeColor: 'blue' },
      totalTaxFromBook: '100.00',
      totalTaxFromTaxBook: '0.00',
      diffTax: '100.00',
    });
    expect(history[0]!.comments).toContain('beta@buyer.test');
    const byTan = await api<Thread[]>(
      'GET',
      `/follow-up/follow-up-threads/get-by-tan?customerTan=MUMB00002B&jobId=${jobId}`,
    );
    expect(byTan.map((x) => x.threadId)).toEqual([betaThread]);
    const created = await api<Thread>('POST', '/follow-up/follow-up-threads', {
      jobId,
      customerTan: 'MUMB00002B',
      followupType: 'TDSFollowup',
      status: 'Open',
    });
    expect(created.threadId).toBe(betaThread);
  });

  it('keeps comments as sanitised rich text', async () => {
    const entry = await api<Conversation>('POST', `/follow-up/follow-up-conversation/${betaThread}`, {
      conversationType: 'COMMENT',
      comments: '<img src=x onerror=alert(1)><i>Called</i> their <b>accounts</b> team',
    });
    expect(entry).toMatchObject({
      conversationType: 'COMMENT',
      comments: '<i>Called</i> their <b>accounts</b> team',
    });
    const empty = await t.api('POST', `/follow-up/follow-up-conversation/${betaThread}`, {
      token,
      body: { comments: '<p> </p>' },
    });
    expect(empty.status).toBe(400);
  });

  it('posts the ACTION entry of each status change with its icon and colour', async () => {
    const closed = await api<Thread>('PUT', '/follow-up', { threadId: betaThread, status: 'Closed' });
    expect(closed.status).toBe('Closed');
    const opened = await api<Thread>('PUT', '/follow-up', { threadId: betaThread, status: 'Open' });
    expect(opened.status).toBe('Open');
    const history = await api<Conversation[]>('GET', `/follow-up/follow-up-conversations/${betaThread}`);
    expect(history.slice(-2).map((h) => [h.conversationType, h.comments, h.metadata])).toEqual([
      ['ACTION', 'Updated status to Closed', { icon: 'check-circle', badgeColor: 'red' }],
      ['ACTION', 'Updated status to Open', { icon: 'star', badgeColor: 'green' }],
    ]);
    const search = await api<ThreadSummary[]>(
      'GET',
      '/follow-up/search-follow-ups?customer=beta&status=Open',
    );
    expect(search.map((s) => s.threadId)).toEqual([betaThread]);
    expect(search[0]!.entries).toBe(4);
    expect(await api<ThreadSummary[]>('GET', '/follow-up/search-follow-ups?status=Closed')).toEqual([]);
  });

  it('answers 404 for a thread that does not exist', async () => {
    const answer = await t.api('GET', '/follow-up/follow-up-thread/00000000-0000-4000-8000-000000000000', {
      token,
    });
    expect(answer.status).toBe(404);
  });
});

describe('bulk follow-up', () => {
  it('mails each selected customer once, with a thread each, and a retry mails nobody again', async () => {
    const before = smtp.inbox.length;
    const answer = await api<{ status: string; message: string; jobId: string }>(
      'POST',
      '/follow-up/bulk-follow-up',
      {
        jobId,
        subject: 'TDS Transactions to be followed up.',
        emailBody: 'Dear Customer, Please find attached the TDS transactions for your review and action.',
        status: 'All',
        selectedTans: ['C001', 'C002'],
      },
    );
    expect(answer).toMatchObject({ status: 'Submitted', message: 'Job Submitted' });
    const job = await jobDone(answer.jobId);
    expect(job.remarks).toContain('2 customer(s) followed up');
    const alpha = await parseMail(await smtp.waitFor('accounts@alpha.example'));
    const rows = (await xlsxRows(alpha.attachments[0]!.content)).rows;
    expect(rows.filter((r) => r[0] === 'INV/24-25/001')).toHaveLength(1);
    // the job queues the mails; the send-email jobs deliver them
    await eventually(async () => smtp.inbox.length - before >= 2);
    expect(smtp.inbox.length - before).toBe(2);
    const threads = await api<ThreadSummary[]>('GET', `/follow-up/search-follow-ups?jobId=${jobId}`);
    expect(threads.map((x) => x.customerName).sort()).toEqual(['ALPHA CUSTOMER LIMITED', 'BETA BUYER LLP']);

    // The runner retrying the same job (it died after mailing): nobody is mailed twice.
    const { ctx } = t.server;
    const input = (
      await ctx.db.selectFrom('jobs').select('input').where('id', '=', answer.jobId).executeTakeFirstOrThrow()
    ).input;
    await bulkFollowUpTask(() => ctx).run(bulkFollowUpTask(() => ctx).input.parse(input), {
      jobId: answer.jobId,
      attempt: 2,
      progress: async () => {},
      complete: async () => {},
    });
    const mails = await ctx.db
      .selectFrom('follow_up_mails')
      .select('party_key')
      .where('bulk_job_id', '=', answer.jobId)
      .execute();
    expect(mails.map((m) => m.party_key).sort()).toEqual(['C001', 'C002']);
    // the send-email jobs of a second send would have been queued by now
    const queued = await ctx.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('job_type', '=', 'SendEmail')
      .executeTakeFirstOrThrow();
    expect(Number(queued.n)).toBe(smtp.inbox.length);
  });
});

describe('a later reconciliation', () => {
  it("posts a system ACTION on BETA's open thread when its 26AS credit arrives", async () => {
    await upload('/ingest/taxbook', '26as-second.txt', onlyBeta26as);
    await reconcile();
    const history = await api<Conversation[]>('GET', `/follow-up/follow-up-conversations/${betaThread}`);
    const arrived = history.at(-1)!;
    expect(arrived).toMatchObject({
      conversationType: 'ACTION',
      systemCreated: true,
      metadata: { icon: 'coin', badgeColor: 'teal' },
      totalTaxFromTaxBook: '100.00',
      diffTax: '0.00',
    });
    expect(arrived.comments).toContain('finds ₹100.00 TDS from BETA BUYER LLP');
  });
});

describe('a TCS follow-up', () => {
  it('mails a vendor its purchase rows with the TCS message and opens a TCSFollowup thread', async () => {
    await upload('/ingest/ingest-vendor', 'vendor-master.txt', fixture('vendor-master.txt'));
    await upload('/ingest/purchase-register', 'purchase-register.txt', fixture('purchase-register.txt'));
    const tcs = await api<{ jobId: string }>('PUT', '/job/tcs-reconciliation/2024-25', {});
    await jobDone(tcs.jobId);
    const template = await api<EmailTemplate>(
      'GET',
      `/follow-up/email-template/CHED00004D?jobId=${tcs.jobId}&templateType=TCSFollowup`,
    );
    expect(template).toMatchObject({
      toEmailAddress: 'ap@delta.example',
      subject: 'TCS Transactions to be followed up.',
    });
    // a TDS follow-up on a TCS job is refused
    const wrong = await followUp({ jobId: tcs.jobId, tanNumber: 'CHED00004D' });
    expect(wrong.status).toBe(400);
    const sent = await api<{ message: string; threadId: string; transactions: number }>(
      'PUT',
      '/follow-up/follow-up-customer',
      {
        jobId: tcs.jobId,
        tanNumber: 'CHED00004D',
        followuptype: 'TCSFollowup',
        followupemailAddress: template.toEmailAddress,
        followupselectedStatuses: ['Matched'],
        followupEmailContent: template.bodyContent,
        subject: template.subject,
      },
    );
    expect(sent).toMatchObject({
      message: 'Follow up request sent to the contact of: DELTA STEEL SUPPLIERS LTD',
      transactions: 1,
    });
    const mail = await parseMail(await smtp.waitFor('ap@delta.example'));
    expect(mail.text).toContain('Dear Vendor');
    expect(mail.text).toContain('TCS per 26AS: ₹1,000.00');
    const { rows } = await xlsxRows(mail.attachments[0]!.content);
    expect(rows[0]?.slice(0, 6)).toEqual([
      'Bill No.',
      'Date',
      'Section',
      'Purchase amount',
      'TCS per our books',
      'TCS per 26AS',
    ]);
    expect(rows[1]?.slice(3, 8)).toEqual([6000000, 1000, 1000, 0, 'Matched']);
    const thread = await api<Thread>('GET', `/follow-up/follow-up-thread/${sent.threadId}`);
    expect(thread).toMatchObject({ followupType: 'TCSFollowup', customerName: 'DELTA STEEL SUPPLIERS LTD' });
  });
});

describe('entity isolation', () => {
  it("another entity's threads and jobs answer 404", async () => {
    const home = (await t.api('GET', '/entities', { token })).json as {
      id: string;
      subGroupId: string;
      current: boolean;
    }[];
    const current = home.find((x) => x.current)!;
    const other = (
      await t.api('PUT', '/legal-entity', {
        token,
        body: { name: 'Isolated Branch', panNumber: 'AABCI1234Q' },
      })
    ).json as { id: string; subGroupId: string };
    expect((await t.api('PUT', `/entity/${other.id}/${other.subGroupId}`, { token })).status).toBe(200);
    try {
      for (const [method, url, body] of [
        ['GET', `/follow-up/follow-up-thread/${betaThread}`, undefined],
        ['GET', `/follow-up/follow-up-conversations/${betaThread}`, undefined],
        ['POST', `/follow-up/follow-up-conversation/${betaThread}`, { comments: 'x' }],
        ['PUT', '/follow-up', { threadId: betaThread, status: 'Closed' }],
        ['GET', `/follow-up/follow-up/${jobId}/customers`, undefined],
        ['GET', `/follow-up/email-template/MUMB00002B?jobId=${jobId}`, undefined],
      ] as const) {
        const answer = await t.api(method, url, { token, ...(body === undefined ? {} : { body }) });
        expect(answer.status, `${method} ${url}`).toBe(404);
      }
      expect((await followUp({})).status).toBe(404);
      expect(await api('GET', '/follow-up/search-follow-ups')).toEqual([]);
    } finally {
      await t.api('PUT', `/entity/${current.id}/${current.subGroupId}`, { token });
    }
  });
});
