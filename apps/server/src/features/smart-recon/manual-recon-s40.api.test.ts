import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSmallBooks, reconcileSmall, SMALL_YEAR } from '../../testing/small-reconciliation.ts';
import { ADMIN, jobFinished, startTestServer, type TestServer } from '../../testing/test-server.ts';

// Session 40, the manual reconciliation upload:
// - a job that crashed after a customer's decision committed but before its
//   step was recorded was retried, found that customer's entries decided,
//   left them alone (right) and counted them as none: its "Updated" said
//   fewer entries than a run without the crash;
// - the upload checked the header line itself with a substring test ("entry
//   identifier" passed as Entry id); it now uses Bulk Update's column check
//   and its message: file, line, the columns, what to upload.

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

// A crash injected in the real database: the first "decided:" step a job
// records fails (the process dying right after the decision committed).
const failFirstDecidedStep = async (): Promise<() => Promise<void>> => {
  const db = t.server.ctx.db;
  await sql`CREATE SEQUENCE fail_first_decided_step`.execute(db);
  await sql`CREATE FUNCTION fail_first_decided_step() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.step LIKE 'decided:%' THEN
        IF nextval('fail_first_decided_step') = 1 THEN
          RAISE EXCEPTION 'simulated crash after the decision committed';
        END IF;
      END IF;
      RETURN NEW;
    END $$`.execute(db);
  await sql`CREATE TRIGGER fail_first_decided_step BEFORE INSERT ON job_steps
    FOR EACH ROW EXECUTE FUNCTION fail_first_decided_step()`.execute(db);
  return async () => {
    await sql`DROP TRIGGER IF EXISTS fail_first_decided_step ON job_steps`.execute(db);
    await sql`DROP FUNCTION IF EXISTS fail_first_decided_step()`.execute(db);
    await sql`DROP SEQUENCE IF EXISTS fail_first_decided_step`.execute(db);
  };
};

describe('the manual reconciliation upload', () => {
  it('refuses a header without the Entry id column as Bulk Update does, naming file and line', async () => {
    const open = await t.server.ctx.db
      .selectFrom('recon_rows')
      .select(['party', 'side', 'ord'])
      .where('job_id', '=', jobId)
      .where('action', 'is', null)
      .where('match_no', 'is', null)
      .executeTakeFirstOrThrow();
    const answer = await t.upload(`/ingest/ingest-manual-reconciliation?jobId=${jobId}`, {
      token,
      files: [
        {
          name: 'renamed.csv',
          content: `Entry identifier,Status\r\n${open.party}:${open.side}:${open.ord},Hold\r\n`,
        },
      ],
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({
      code: 'BAD_COLUMNS',
      message: 'renamed.csv, line 1: no "Entry id" and "Status" columns; upload the downloaded file.',
    });
    expect(await held()).toBe(0);
  });

  it('a job retried after a crash between a decision and its step counts that decision', async () => {
    const db = t.server.ctx.db;
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

    const removeFault = await failFirstDecidedStep();
    try {
      const upload = await t.upload(`/ingest/ingest-manual-reconciliation?jobId=${jobId}`, {
        token,
        files: [{ name: 'held.csv', content: csv }],
      });
      expect(upload.status, JSON.stringify(upload.json)).toBe(200);
      const manualJob = (upload.json as { jobId: string }).jobId;
      const done = await jobFinished(t, token, manualJob, 90_000);
      expect(done.status, JSON.stringify(done)).toBe('Completed');
      // the crash did happen: the first run failed after its first decision
      const fault = await sql<{
        n: string;
      }>`SELECT last_value::text AS n FROM fail_first_decided_step`.execute(db);
      expect(Number(fault.rows[0]!.n)).toBeGreaterThan(1);

      const decisions = (
        await sql<{ n: number }>`SELECT count(*)::int AS n FROM recon_decisions
          WHERE made_on_job = ${jobId} AND action = 'Hold'`.execute(db)
      ).rows[0]!.n;
      // one decision per customer, none made twice, every entry on Hold ...
      expect(decisions).toBe(parties.size);
      expect(await held()).toBe(open.length);
      // ... and counted, as a run without the crash counts them
      expect(done.remarks).toBe(`${open.length} entries updated`);
      const payload = JSON.parse(done.payload!) as { decisions: number; updated: number };
      expect(payload).toMatchObject({ decisions, updated: open.length });
      const steps = (
        await sql<{ n: number }>`SELECT count(*)::int AS n FROM job_steps
          WHERE job_id = ${manualJob} AND step LIKE 'decided:%'`.execute(db)
      ).rows[0]!.n;
      expect(steps).toBe(decisions);
    } finally {
      await removeFault();
    }
  }, 180_000);
});
