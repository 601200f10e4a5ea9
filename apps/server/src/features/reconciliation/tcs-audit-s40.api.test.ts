import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpCapture, startSmtpCapture } from '../../testing/smtp-capture.ts';
import { loadTcsBooks, reconcileTcs, TCS_26AS_SIGMA, TCS_PURCHASES } from '../../testing/tcs-small.ts';
import { ADMIN, jobFinished, startTestServer, type TestServer } from '../../testing/test-server.ts';

// Session 40's audit of TCS reconciliation (purchase book against 26AS Part
// VI): each test failed on the code before its fix.

let t: TestServer;
let smtp: SmtpCapture;
let token: string;
let jobId: string;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await startTestServer({ smtpUrl: smtp.url });
  token = await t.login(ADMIN.email, ADMIN.password);
  await loadTcsBooks(t, token);
  jobId = await reconcileTcs(t, token);
}, 180_000);

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const download = async (path: string) => {
  const res = await fetch(`${t.baseUrl}/taxrecon/api/v1${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return unzipSync(new Uint8Array(await res.arrayBuffer()));
};

describe('the TCS report', () => {
  it("names the summary's party columns vendors, not customers", async () => {
    const files = await download(`/discrepancy/entries/download/${jobId}`);
    const summary = new TextDecoder().decode(files['summary.csv']!);
    const header = summary.split(/\r?\n/)[0]!;
    expect(header).toContain('Vendors in book');
    expect(header).toContain('Vendors in 26AS');
    expect(header).not.toMatch(/Customer/);
  });
});

describe('the discrepancy view of a job of the other kind', () => {
  it('is a 404 when the screen names TDS and the job is a TCS one', async () => {
    const answer = await t.api('GET', `/discrepancy/entries/PNES00008G?jobId=${jobId}&discrepancyType=TDS`, {
      token,
    });
    expect(answer.status).toBe(404);
    const right = await t.api('GET', `/discrepancy/entries/PNES00008G?jobId=${jobId}&discrepancyType=TCS`, {
      token,
    });
    expect(right.status).toBe(200);
    expect(right.json).toMatchObject({ kind: 'TCS', customerTAN: 'PNES00008G' });
  });
});

describe('a purchase register upload', () => {
  it('refuses a year no register can be of, as the sales register does, instead of rejecting every bill', async () => {
    for (const financialYear of ['1999-00', '2040-41']) {
      const answer = await t.upload('/ingest/purchase-register', {
        token,
        files: [
          {
            name: `purchases-${financialYear}.txt`,
            content: TCS_PURCHASES.replace('OT-11', `OT-11-${financialYear}`),
          },
        ],
        fields: { financialYear },
      });
      expect(answer.status, `${financialYear}: ${JSON.stringify(answer.json)}`).toBe(400);
      expect(answer.json).toMatchObject({ code: 'NO_FINANCIAL_YEAR' });
    }
  });
});

describe('a TCS follow-up thread', () => {
  it("says TCS, not TDS, when the vendor's Part VI credit arrives", async () => {
    const sent = await t.api('PUT', '/follow-up/follow-up-customer', {
      token,
      body: {
        jobId,
        tanNumber: 'PNES00008G',
        followuptype: 'TCSFollowup',
        followupemailAddress: 'ap@sigma.example',
        followupselectedStatuses: ['Pending', 'FollowUp'],
        followupEmailContent: '<p>Dear Vendor</p>',
        subject: 'TCS Transactions to be followed up.',
      },
    });
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
    const threadId = (sent.json as { threadId: string }).threadId;
    const statement = await t.upload('/ingest/taxbook', {
      token,
      files: [{ name: '26as-sigma.txt', content: TCS_26AS_SIGMA }],
    });
    expect(statement.status, JSON.stringify(statement.json)).toBe(200);
    expect((await jobFinished(t, token, (statement.json as { jobId: string }).jobId)).status).toBe(
      'Completed',
    );
    await reconcileTcs(t, token);
    const history = (await t.api('GET', `/follow-up/follow-up-conversations/${threadId}`, { token }))
      .json as {
      comments: string;
      systemCreated: boolean;
    }[];
    const arrived = history.at(-1)!;
    expect(arrived.systemCreated).toBe(true);
    expect(arrived.comments).toContain('finds ₹500.00 TCS from SIGMA ALLOYS LTD in 26AS Part VI');
    expect(arrived.comments).not.toContain('TDS');
  });
});
