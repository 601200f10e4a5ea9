import type { ManualReconJob } from '@taxrecon/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failFirstInsert } from '../../testing/fail-first-insert.ts';
import { loadSmallBooks, reconcileSmall, SMALL_YEAR } from '../../testing/small-reconciliation.ts';
import { ADMIN, jobFinished, startTestServer, type TestServer } from '../../testing/test-server.ts';

// "A job that is retried after a crash must not do its work twice", and its
// record must say what was done (session 39): the manual reconciliation job
// decides one customer (and status) at a time, each in its own commit. A run
// that failed after the first customer's decision was retried; the retry
// found that customer's entries decided and left them alone (right), but its
// "Updated" count then left them out.

let t: TestServer;
let token: string;
let jobId: string;

beforeAll(async () => {
  t = await startTestServer();
  token = await t.login(ADMIN.email, ADMIN.password);
  await loadSmallBooks(t, token);
  // an invoice of two customers the 26AS shows nothing of: open entries of each
  const register = [
    'Zedex Sample Private Limited',
    'Sales Register',
    '1-Apr-2024 to 31-Mar-2025',
    '',
    'Date\tParticulars\tVch Type\tVch No.\tVoucher Ref.\tGSTIN/UIN\tPAN No.\tTAN No.\tGross Total\tProfessional Services\tOthers\tCGST @9%\tSGST @9%\tIGST @18%\tTDS Rate\tTDS on Sales',
    '02-Aug-2024\tALPHA CUSTOMER LIMITED\tSales\tINV/24-25/301\t\t27AAACA1234K1ZZ\tAAACA1234K\tPNEA00001A\t35,400.00\t30,000.00\t\t2,700.00\t2,700.00\t\t10%\t3,000.00',
    '03-Aug-2024\tSIGMA SERVICES\tSales\tINV/24-25/302\t\t27AAACO9753P1ZX\tAAACO9753P\tPNES00005S\t23,600.00\t20,000.00\t\t1,800.00\t1,800.00\t\t10%\t2,000.00',
    '',
  ].join('\n');
  const sales = await t.upload('/ingest/sales-register', {
    token,
    files: [{ name: 'more-sales.txt', content: register }],
    fields: { financialYear: SMALL_YEAR },
  });
  expect(sales.status, JSON.stringify(sales.json)).toBe(200);
  await jobFinished(t, token, (sales.json as { jobId: string }).jobId);
  jobId = await reconcileSmall(t, token);
}, 180_000);

afterAll(async () => {
  await t?.close();
});

const held = async () =>
  (
    await sql<{ n: number }>`SELECT count(*)::int AS n FROM recon_rows
      WHERE job_id = ${jobId} AND action = 'Hold'`.execute(t.server.ctx.db)
  ).rows[0]!.n;

describe('a manual reconciliation job retried after a crash between two customers', () => {
  it('counts every entry it decided, the first run’s too, and decides nothing twice', async () => {
    const db = t.server.ctx.db;
    // every open entry (no action, not matched by the engine) of every customer, put on Hold
    const open = await db
      .selectFrom('recon_rows')
      .select(['party', 'side', 'ord'])
      .where('job_id', '=', jobId)
      .where('action', 'is', null)
      .where('match_no', 'is', null)
      .orderBy('party')
      .orderBy('side')
      .orderBy('ord')
      .execute();
    const parties = new Set(open.map((r) => r.party));
    expect(parties.size).toBeGreaterThan(1);
    const csv = ['Entry id,Status', ...open.map((r) => `${r.party}:${r.side}:${r.ord},Hold`)].join('\r\n');
    expect(await held()).toBe(0);

    // the second customer's decision fails, after the first one's committed
    const removeFault = await failFirstInsert(db, 'recon_decisions', { after: 1 });
    try {
      const upload = await t.upload(`/ingest/ingest-manual-reconciliation?jobId=${jobId}`, {
        token,
        files: [{ name: 'held.csv', content: csv }],
      });
      expect(upload.status, JSON.stringify(upload.json)).toBe(200);
      const manualJob = (upload.json as { jobId: string }).jobId;
      const done = await jobFinished(t, token, manualJob, 90_000);
      expect(done.status, JSON.stringify(done)).toBe('Completed');

      const steps = (
        await sql<{ n: number }>`SELECT count(*)::int AS n FROM job_steps
          WHERE job_id = ${manualJob} AND step LIKE 'decided:%'`.execute(db)
      ).rows[0]!.n;
      const decisions = (
        await sql<{ n: number }>`SELECT count(*)::int AS n FROM recon_decisions
          WHERE made_on_job = ${jobId} AND action = 'Hold'`.execute(db)
      ).rows[0]!.n;
      // one decision per customer, none recorded twice
      expect(decisions).toBe(parties.size);
      const decided = await held();
      expect(decided).toBe(open.length);

      const listed = (await t.api('GET', '/manual-reconciliation/reports', { token }))
        .json as ManualReconJob[];
      const row = listed.find((j) => j.jobId === manualJob);
      expect(row).toMatchObject({ status: 'Completed', updated: decided, fileName: 'held.csv' });
      expect(done.remarks).toBe(`${decided} entries updated`);
      const payload = JSON.parse(done.payload!) as { decisions: number; updated: number };
      expect(payload).toMatchObject({ decisions, updated: decided });
      // each decision is a step of the job, with its count
      expect(steps).toBe(decisions);
    } finally {
      await removeFault();
    }
  }, 180_000);
});
