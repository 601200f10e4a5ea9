import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../platform/context.ts';
import { laterParties, statementText } from '../../testing/form-26as-statements.ts';
import { type SmtpCapture, startSmtpCapture } from '../../testing/smtp-capture.ts';
import {
  ADMIN,
  eventually,
  jobFinished,
  startTestServer,
  type TestServer,
} from '../../testing/test-server.ts';

// "A job that is retried after a crash must not do its work twice" (session
// 39's audit of job retries): the 26AS converter and diff queue their result
// mail, then mark the job Completed. A run that dies between the two is run
// again, and the user was mailed the result twice.

let smtp: SmtpCapture;
let t: TestServer;
let admin: string;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await startTestServer({ smtpUrl: smtp.url });
  admin = await t.login(ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

// The run fails right after its first mail whose subject matches is queued,
// as a process dying at that moment would leave it.
const crashAfterMail = (ctx: AppContext, subject: RegExp): (() => void) => {
  const original = ctx.sendMail;
  let crashed = false;
  ctx.sendMail = async (mail, options) => {
    const id = await original(mail, options);
    if (!crashed && subject.test(mail.subject)) {
      crashed = true;
      throw new Error('simulated crash after the mail was queued');
    }
    return id;
  };
  return () => {
    ctx.sendMail = original;
  };
};

const mailsDelivered = async () => {
  await eventually(async () => {
    const waiting = await t.server.ctx.db
      .selectFrom('jobs')
      .select('id')
      .where('job_type', '=', 'SendEmail')
      .where('status', 'in', ['NotStarted', 'InProgress'])
      .execute();
    return waiting.length === 0;
  }, 30_000);
};

describe('a 26AS utility job retried after a crash mails its result once', () => {
  it('the converter', async () => {
    const to = 'convert-retry@acme.test';
    const restore = crashAfterMail(t.server.ctx, /26AS converted/);
    try {
      const answer = await t.upload('/apps/26as-converter', {
        token: admin,
        files: [{ name: 'Form26AS_retry.txt', content: statementText() }],
        fields: { format: 'csv', email: to, password: 'Zip-secret-42' },
      });
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
      const job = await jobFinished(t, admin, (answer.json as { jobId: string }).jobId, 90_000);
      expect(job.status, job.remarks).toBe('Completed');
      await mailsDelivered();
      expect(smtp.inbox.filter((m) => m.to.includes(to))).toHaveLength(1);
    } finally {
      restore();
    }
  }, 120_000);

  it('the diff', async () => {
    const to = 'diff-retry@acme.test';
    const restore = crashAfterMail(t.server.ctx, /26AS diff/);
    try {
      const answer = await t.upload('/apps/26as-diff', {
        token: admin,
        files: [
          { name: 'june.txt', content: statementText() },
          { name: 'july.txt', content: statementText(laterParties()) },
        ],
        fields: { format: 'excel', email: to },
      });
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
      const job = await jobFinished(t, admin, (answer.json as { jobId: string }).jobId, 90_000);
      expect(job.status, job.remarks).toBe('Completed');
      await mailsDelivered();
      expect(smtp.inbox.filter((m) => m.to.includes(to))).toHaveLength(1);
    } finally {
      restore();
    }
  }, 120_000);
});
