import { describe, expect, it } from 'vitest';
import { serverPerFile } from '../../testing/server-per-file.ts';
import { eventually, jobFinished, type TestServer } from '../../testing/test-server.ts';
import { SAMPLE_VENDORS, samplePdf } from './sample-certificates.ts';

const { BLUE, GREEN } = SAMPLE_VENDORS;

// A Form 16A bulk e-mail retried after a crash mails only the vendors the
// crashed run had not: each vendor's mail is a recorded step of the job. The
// server starts without workers, so the test can leave the job in the state a
// run that crashed after mailing one vendor leaves (its step recorded) before
// any worker takes it. Mail goes to the outbox (no SMTP_URL).
let t: TestServer;
let token: string;
serverPerFile({ work: false }, (server, adminToken) => {
  t = server;
  token = adminToken;
});

const certificateMails = () =>
  t.server.ctx.db
    .selectFrom('mail_messages')
    .select('recipient')
    .where('subject', 'like', 'Form 16A certificates from %')
    .orderBy('recipient')
    .execute();

describe('a retried Form 16A bulk e-mail', () => {
  it('does not mail again a vendor the crashed run mailed, and mails the rest', async () => {
    for (const v of [BLUE, GREEN]) {
      const vendor = await t.api('POST', '/master-data-management/vendor', {
        token,
        body: { vendor: { vendorCode: v.code, vendorName: v.name, panNumber: v.pan, contactEmail: v.email } },
      });
      expect(vendor.status, JSON.stringify(vendor.json)).toBe(200);
      const upload = await t.upload('/ingest/ingest-form-16-a', {
        token,
        files: [{ name: `${v.code}-q1.pdf`, content: await samplePdf(v, '2024-25', 'Q1') }],
        fields: { financialYear: '2024-25', quarter: 'Q1', panNumber: v.pan, email: v.email },
      });
      expect(upload.status, JSON.stringify(upload.json)).toBe(200);
    }
    const answer = await t.api('POST', '/job/bulk-email-form-16-a?financialYear=2024-25', { token });
    const { jobId } = answer.json as { jobId: string };
    expect(jobId).toBeTruthy();
    // what the crashed run left: Blue's mail queued and recorded
    const blue = await t.server.ctx.db
      .selectFrom('vendors')
      .select('id')
      .where('pan_number', '=', BLUE.pan)
      .executeTakeFirstOrThrow();
    await t.server.ctx.db
      .insertInto('job_steps')
      .values({ job_id: jobId, step: `vendor:${blue.id}` })
      .execute();

    await t.server.ctx.jobs.work();
    const job = await jobFinished(t, token, jobId);
    expect(job.status).toBe('Completed');
    expect(job.remarks).toBe('2 vendor(s) e-mailed their Form 16A; 0 skipped without a contact e-mail');
    const mails = await eventually(async () => {
      const sent = await certificateMails();
      return sent.length > 0 ? sent : null;
    });
    // the send-email jobs have all run: none is waiting
    await eventually(async () => {
      const waiting = await t.server.ctx.db
        .selectFrom('jobs')
        .select('id')
        .where('job_type', '=', 'SendEmail')
        .where('status', 'in', ['NotStarted', 'InProgress'])
        .execute();
      return waiting.length === 0;
    });
    expect(await certificateMails()).toEqual([{ recipient: GREEN.email }]);
    expect(mails).toEqual([{ recipient: GREEN.email }]);
    const steps = await t.server.ctx.db
      .selectFrom('job_steps')
      .select('step')
      .where('job_id', '=', jobId)
      .execute();
    expect(steps).toHaveLength(2);
  });
});
