import type { Form16aBulkResult, Form16aSearchResponse } from '@taxrecon/contracts';
import { Uint8ArrayReader, Uint8ArrayWriter, ZipWriter } from '@zip.js/zip.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failFirstInsert } from '../../testing/fail-first-insert.ts';
import { type SmtpCapture, startSmtpCapture } from '../../testing/smtp-capture.ts';
import {
  ADMIN,
  eventually,
  jobFinished,
  startTestServer,
  type TestServer,
} from '../../testing/test-server.ts';
import { SAMPLE_VENDORS, samplePdf } from './sample-certificates.ts';

// Form 16A where work could be lost or done twice (session 38's audit): a
// file name already used by another certificate, the same certificate sent
// twice at once, a bulk e-mail that mails nobody, and one retried after a
// crash between queuing a vendor's mail and recording it.

const { BLUE, GREEN, GREY } = SAMPLE_VENDORS;
// vendors of this file only, so the tests do not step on each other's certificates
const TEAL = { pan: 'AAACT4321E', name: 'Teal Freight Pvt Ltd', code: 'V-TEAL', email: 'tds@teal.test' };
const PINK = { pan: 'AAACP8765F', name: 'Pink Packaging Ltd', code: 'V-PINK', email: 'ap@pink.test' };

let t: TestServer;
let smtp: SmtpCapture;
let admin: string;

const addVendor = async (v: { pan: string; name: string; code: string; email: string | null }) => {
  const answer = await t.api('POST', '/master-data-management/vendor', {
    token: admin,
    body: {
      vendor: {
        vendorCode: v.code,
        vendorName: v.name,
        panNumber: v.pan,
        ...(v.email ? { contactEmail: v.email } : {}),
      },
    },
  });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
};

const uploadOne = (
  name: string,
  content: Uint8Array,
  v: { pan: string; email: string | null },
  quarter = 'Q1',
) =>
  t.upload('/ingest/ingest-form-16-a', {
    token: admin,
    files: [{ name, content }],
    fields: { financialYear: '2024-25', quarter, panNumber: v.pan, email: v.email ?? 'someone@vendor.test' },
  });

const search = async (query: string) => {
  const answer = await t.api('GET', `/document-management/search-form-16-a${query}`, { token: admin });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json as Form16aSearchResponse;
};

const zipOf = async (files: { name: string; content: Uint8Array }[]): Promise<Uint8Array> => {
  const zip = new ZipWriter(new Uint8ArrayWriter());
  for (const f of files) await zip.add(f.name, new Uint8ArrayReader(f.content));
  return zip.close();
};

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await startTestServer({ smtpUrl: smtp.url });
  admin = await t.login(ADMIN.email, ADMIN.password);
  for (const v of [BLUE, GREEN, GREY, TEAL, PINK]) await addVendor(v);
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('nothing lost: a file name already used by another certificate', () => {
  it("a single upload named like another vendor's certificate does not silently replace it", async () => {
    const first = await uploadOne('form16a.pdf', await samplePdf(BLUE, '2024-25', 'Q1'), BLUE);
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    // another vendor's certificate, downloaded from TRACES under the same generic name
    const second = await uploadOne('form16a.pdf', await samplePdf(GREEN, '2024-25', 'Q1'), GREEN);
    expect(second.status).toBe(409);
    expect(second.json).toMatchObject({
      code: 'FILE_NAME_IN_USE',
      message: `form16a.pdf is already loaded as the Form 16A of ${BLUE.pan} for FY 2024-25 Q1: rename the file to keep both, or load it under its own name.`,
    });
    const blue = await search(`?vendorPan=${BLUE.pan}&financialYear=2024-25&quarter=Q1`);
    expect(blue.totalRecords, `second upload answered ${second.status} ${JSON.stringify(second.json)}`).toBe(
      1,
    );
  });

  it("a single upload of the same vendor's next quarter under the same name keeps the earlier quarter", async () => {
    const q1 = await uploadOne('teal.pdf', await samplePdf(TEAL, '2024-25', 'Q1'), TEAL, 'Q1');
    expect(q1.status, JSON.stringify(q1.json)).toBe(200);
    const q2 = await uploadOne('teal.pdf', await samplePdf(TEAL, '2024-25', 'Q2'), TEAL, 'Q2');
    expect(q2.status).toBe(409);
    const teal = await search(`?vendorPan=${TEAL.pan}&financialYear=2024-25&quarter=Q1`);
    expect(teal.totalRecords, `Q2 upload answered ${q2.status} ${JSON.stringify(q2.json)}`).toBe(1);
  });

  it("a bulk zip entry named like another vendor's certificate is listed as left out, not loaded over it", async () => {
    const pinkQ3 = await uploadOne('certificate.pdf', await samplePdf(PINK, '2024-25', 'Q3'), PINK, 'Q3');
    expect(pinkQ3.status, JSON.stringify(pinkQ3.json)).toBe(200);
    const zip = await zipOf([{ name: 'certificate.pdf', content: await samplePdf(GREEN, '2024-25', 'Q3') }]);
    const answer = await t.upload('/ingest/bulk-form16a', {
      token: admin,
      files: [{ name: 'green-q3.zip', content: zip }],
    });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const { jobId } = answer.json as { jobId: string };
    const job = await jobFinished(t, admin, jobId);
    const result = (await t.api('GET', `/document-management/bulk-form-16-a/${jobId}`, { token: admin }))
      .json as Form16aBulkResult;
    expect(result.rejected).toEqual([
      {
        fileName: 'certificate.pdf',
        reason: `the name is already used by the Form 16A of ${PINK.pan} for FY 2024-25 Q3: rename the file to keep both`,
      },
    ]);
    const pink = await search(`?vendorPan=${PINK.pan}&quarter=Q3`);
    expect(pink.totalRecords, `job: ${job.remarks}; result ${JSON.stringify(result)}`).toBe(1);
  });
});

describe('the same certificate uploaded twice at once', () => {
  it('answers a 4xx for the duplicate, never a 500', async () => {
    const pdf = await samplePdf(PINK, '2024-25', 'Q1');
    const answers = await Promise.all([
      uploadOne('pink-q1-a.pdf', pdf, PINK),
      uploadOne('pink-q1-b.pdf', pdf, PINK),
    ]);
    expect(answers.map((a) => a.status).sort(), JSON.stringify(answers.map((a) => a.json))).toEqual([
      200, 409,
    ]);
  });
});

describe('never a green success when nothing happened', () => {
  it('a bulk e-mail whose filters match no certificate is refused at once', async () => {
    const answer = await t.api('POST', '/job/bulk-email-form-16-a?financialYear=2019-20', { token: admin });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      error: 'No Form 16A matches these filters: there is nothing to e-mail.',
      jobId: null,
    });
  });

  it('a bulk e-mail where every matching vendor lacks an e-mail (nobody mailed) ends as a warning', async () => {
    const grey = await uploadOne('grey-q4.pdf', await samplePdf(GREY, '2024-25', 'Q4'), GREY, 'Q4');
    expect(grey.status, JSON.stringify(grey.json)).toBe(200);
    const answer = await t.api('POST', `/job/bulk-email-form-16-a?vendorPan=${GREY.pan}`, { token: admin });
    const body = answer.json as { error: string | null; jobId: string };
    expect(body.error).toBeNull();
    const job = await jobFinished(t, admin, body.jobId);
    expect(job.remarks).toContain('0 vendor(s) e-mailed');
    expect(job.outcome).toBe('NothingSent');
  });
});

describe('a bulk e-mail retried after a failure', () => {
  it('does not mail the same vendor twice when the run fails right after queuing its mail', async () => {
    // A fault injected in the real database: the first record of a mailed
    // vendor fails, as a crash right after the mail was queued would leave it.
    const db = t.server.ctx.db;
    const removeFault = await failFirstInsert(db, 'job_steps');
    try {
      const before = smtp.inbox.filter((m) => m.to.includes(TEAL.email)).length;
      const answer = await t.api('POST', `/job/bulk-email-form-16-a?vendorPan=${TEAL.pan}`, { token: admin });
      const { jobId, error } = answer.json as { jobId: string; error: string | null };
      expect(error).toBeNull();
      const job = await jobFinished(t, admin, jobId, 90_000);
      expect(job.status, job.remarks).toBe('Completed');
      // every send-email job has run
      await eventually(async () => {
        const waiting = await db
          .selectFrom('jobs')
          .select('id')
          .where('job_type', '=', 'SendEmail')
          .where('status', 'in', ['NotStarted', 'InProgress'])
          .execute();
        return waiting.length === 0;
      }, 30_000);
      const mails = smtp.inbox.filter(
        (m) => m.to.includes(TEAL.email) && m.body.includes('certificates from'),
      );
      expect(mails.length - before).toBe(1);
    } finally {
      await removeFault();
    }
  }, 120_000);
});
