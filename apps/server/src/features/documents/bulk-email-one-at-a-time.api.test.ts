import { beforeAll, describe, expect, it } from 'vitest';
import { serverPerFile } from '../../testing/server-per-file.ts';
import { jobFinished, type TestServer } from '../../testing/test-server.ts';
import { SAMPLE_VENDORS, samplePdf } from './sample-certificates.ts';

// One Form 16A bulk e-mail per entity and filters at a time (each job mails
// every matching vendor), and filters that are not a year or a quarter are
// refused. The server starts without workers, so a job stays queued while
// the concurrent requests arrive.
let t: TestServer;
let token: string;

serverPerFile({ work: false }, (server, adminToken) => {
  t = server;
  token = adminToken;
});

// One certificate to mail (a bulk e-mail that matches none is refused at once).
beforeAll(async () => {
  const { BLUE } = SAMPLE_VENDORS;
  const vendor = await t.api('POST', '/master-data-management/vendor', {
    token,
    body: {
      vendor: { vendorCode: BLUE.code, vendorName: BLUE.name, panNumber: BLUE.pan, contactEmail: BLUE.email },
    },
  });
  expect(vendor.status, JSON.stringify(vendor.json)).toBe(200);
  const upload = await t.upload('/ingest/ingest-form-16-a', {
    token,
    files: [{ name: 'blue-q1.pdf', content: await samplePdf(BLUE, '2024-25', 'Q1') }],
    fields: { financialYear: '2024-25', quarter: 'Q1', panNumber: BLUE.pan, email: BLUE.email },
  });
  expect(upload.status, JSON.stringify(upload.json)).toBe(200);
});

const mailJobs = async () =>
  t.server.ctx.db
    .selectFrom('jobs')
    .select(['id', 'status', 'input'])
    .where('job_type', '=', 'BulkEmailForm16A')
    .orderBy('created_at')
    .execute();

const request = (query: string) => t.api('POST', `/job/bulk-email-form-16-a${query}`, { token });
type Answer = { error: string | null; message: string; jobId: string | null };
const refusal = (jobId: string | null | undefined) =>
  `A Form 16A bulk e-mail with these filters is already being sent (job ${jobId}); wait for it to finish.`;

describe('Form 16A bulk e-mail, one at a time', () => {
  it('five identical requests at once start one job; the others answer an error naming it', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => request('?financialYear=2024-25')));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const bodies = answers.map((a) => a.json as Answer);
    const started = bodies.filter((b) => b.error === null);
    expect(started).toHaveLength(1);
    const jobId = started[0]?.jobId;
    expect(bodies.filter((b) => b.error !== null)).toEqual(
      Array.from({ length: 4 }, () => ({ error: refusal(jobId), message: refusal(jobId), jobId: null })),
    );
    expect((await mailJobs()).map((j) => j.id)).toEqual([jobId]);
  });

  it('the same filters written another way are the same job; other filters are another', async () => {
    const [running] = await mailJobs();
    const again = (await request('?financialYear=24-25')).json as Answer;
    expect(again).toMatchObject({ error: refusal(running?.id), jobId: null });
    const q1 = (await request('?financialYear=2024-25&quarter=q1')).json as Answer;
    expect(q1.error).toBeNull();
    const q1Again = (await request('?quarter=Q1&financialYear=2024-25')).json as Answer;
    expect(q1Again).toMatchObject({ error: refusal(q1.jobId), jobId: null });
    expect((await mailJobs()).map((j) => j.input)).toEqual([
      expect.objectContaining({ query: { financialYear: '2024-25' } }),
      expect.objectContaining({ query: { financialYear: '2024-25', quarter: 'Q1' } }),
    ]);
  });

  it.each([
    ['?financialYear=abc', 'financialYear must be a financial year such as 2024-25'],
    ['?financialYear=2024-26', 'financialYear must be a financial year such as 2024-25'],
    ['?quarter=Q5', 'quarter must be one of Q1, Q2, Q3, Q4'],
    ['?financialYear=2023-24&quarter=anything', 'quarter must be one of Q1, Q2, Q3, Q4'],
  ])('refuses %s with 400 and starts nothing', async (query, message) => {
    const before = (await mailJobs()).length;
    const answer = await request(query);
    expect(answer.status).toBe(400);
    expect((answer.json as { message: string }).message).toContain(message);
    expect(await mailJobs()).toHaveLength(before);
  });

  it('takes an empty year or quarter as no filter, as a search always has', async () => {
    const answer = await t.api('GET', '/document-management/search-form-16-a?financialYear=&quarter=', {
      token,
    });
    expect(answer.status).toBe(200);
  });

  it('once the job has finished, the same request starts a new one', async () => {
    const [first] = await mailJobs();
    expect(((await request('?financialYear=2024-25')).json as Answer).error).toBe(refusal(first?.id));
    await t.server.ctx.jobs.work();
    expect((await jobFinished(t, token, first?.id ?? '')).status).toBe('Completed');
    const again = (await request('?financialYear=2024-25')).json as Answer;
    expect(again.error).toBeNull();
    expect(again.jobId).not.toBe(first?.id);
  });
});
