import type { SubmitAnswer } from '@taxrecon/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failFirstInsert } from '../../testing/fail-first-insert.ts';
import { ADMIN, eventually, startTestServer, type TestServer } from '../../testing/test-server.ts';
import { generateDemoCompany } from '../demo/generate.ts';

// "A job that is retried after a crash must not do its work twice", and its
// record must say what was done (session 39's audit of job retries): a smart
// filter Bulk Update decides one customer at a time, each in its own commit.
// A run that failed after the first customer's decision was retried; the
// retry found that customer's entries decided and left them alone (right),
// but its remarks and counts then said they were never updated.

const demo = generateDemoCompany();
const FY = demo.financialYear;

let t: TestServer;
let token: string;
let job: string;

const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
  const answer = await t.api(method, path, { token, ...(body === undefined ? {} : { body }) });
  if (answer.status !== 200)
    throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.json)}`);
  return answer.json as T;
};

const finished = (jobId: string) =>
  eventually(async () => {
    const j = (await t.api('GET', `/job/${jobId}`, { token })).json as {
      status: string;
      failureReason: string | null;
      remarks: string | null;
      payload: string | null;
    };
    if (j.status === 'Failed') throw new Error(`job ${jobId} failed: ${j.failureReason}`);
    return j.status === 'Completed' ? j : null;
  }, 90_000);

beforeAll(async () => {
  t = await startTestServer({ demo: true });
  token = await t.login(ADMIN.email, ADMIN.password);
  await eventually(async () => {
    const list = (await t.api('GET', '/job/jobs-queue', { token })).json as {
      status: string;
      jobType: string;
    }[];
    const ingest = list.filter((j) => j.jobType.startsWith('Ingest'));
    return ingest.length === demo.files.length && ingest.every((j) => j.status === 'Completed');
  }, 120_000);
  const answer = await api<SubmitAnswer>('PUT', `/job/tds-reconciliation/${FY}`, {});
  expect(answer).toMatchObject({ throttled: false, error: false });
  await finished(answer.jobId!);
  job = answer.jobId!;
}, 240_000);

afterAll(async () => {
  await t?.close();
});

const held = async () =>
  (
    await sql<{ n: number }>`SELECT count(*)::int AS n FROM recon_rows
      WHERE job_id = ${job} AND side = 'B' AND action = 'Hold'`.execute(t.server.ctx.db)
  ).rows[0]!.n;

describe('a smart filter bulk update retried after a crash between two customers', () => {
  it('counts every entry it decided, the first run’s too, and decides nothing twice', async () => {
    // every customer of the run: those with open book entries get a decision each
    const db = t.server.ctx.db;
    const ids = (
      await db.selectFrom('recon_parties').select('party_key').where('job_id', '=', job).execute()
    ).map((r) => r.party_key);
    const before = await held();
    // the second customer's decision fails, after the first one's committed
    const removeFault = await failFirstInsert(db, 'recon_decisions', { after: 1 });
    try {
      const submitted = await api<{ jobId: string }>('PUT', '/smart-filters/update-discrepancies-bulk', {
        jobId: job,
        salesStatus: 'Hold',
        taxbookStatus: 'Do Nothing',
        entityIds: ids,
      });
      const done = await finished(submitted.jobId);
      const outcome = JSON.parse(done.payload!) as { entries: number; decisions: number; errors: string[] };
      const decided = (await held()) - before;
      expect(decided).toBeGreaterThan(0);
      // one decision per customer decided, none recorded twice
      const decisions = (
        await sql<{ n: number }>`SELECT count(*)::int AS n FROM recon_decisions
          WHERE made_on_job = ${job} AND action = 'Hold'`.execute(db)
      ).rows[0]!.n;
      expect(decisions).toBeGreaterThan(1);
      expect(outcome.decisions).toBe(decisions);
      expect(outcome.entries).toBe(decided);
      expect(done.remarks).toContain(`${decided} entries of ${ids.length} customer(s) updated`);
    } finally {
      await removeFault();
    }
  }, 120_000);
});
