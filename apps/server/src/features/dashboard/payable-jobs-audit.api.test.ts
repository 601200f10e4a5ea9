import { PAYABLE_JOB_TYPE } from '@taxrecon/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from '../../testing/test-server.ts';

// The home dashboard's "Reconciliation Jobs Audit" (spec part 1, dashboard
// data reconciliationLogs) lists the entity's reconciliation jobs: TDS and
// TCS receivable, and the TDS payable (34A) runs. It asked for a job type
// no job has ('TDSPayableReconciliation'), so a 34A run never showed
// (docs/decisions.md, session 39).

let t: TestServer;
let token: string;

beforeAll(async () => {
  t = await startTestServer({}, { work: false });
  token = await t.login(ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await t?.close();
});

describe('the dashboard audit of reconciliation jobs', () => {
  it('lists a 34A (TDS payable) run of the entity', async () => {
    const admin = await t.server.ctx.db
      .selectFrom('users as u')
      .innerJoin('legal_entities as e', 'e.id', 'u.current_entity_id')
      .select(['u.current_entity_id', 'e.tenant_id'])
      .where('u.login', '=', ADMIN.email)
      .executeTakeFirstOrThrow();
    const jobId = (
      await t.server.ctx.database.pool.query<{ id: string }>(
        `INSERT INTO jobs (tenant_id, entity_id, user_login, job_type, status, transactions_count, ended_at)
         VALUES ($1, $2, 'accountant', $3, 'Completed', 1234, now()) RETURNING id::text`,
        [admin.tenant_id, admin.current_entity_id, PAYABLE_JOB_TYPE],
      )
    ).rows[0]!.id;
    const answer = await t.api('GET', '/dashboard/dashboard-raw', { token });
    expect(answer.status).toBe(200);
    const logs = (
      answer.json as { reconciliationLogs: { jobId: string; jobType: string; transactionsCount: number }[] }
    ).reconciliationLogs;
    expect(logs.find((l) => l.jobId === jobId)).toMatchObject({
      jobType: PAYABLE_JOB_TYPE,
      transactionsCount: 1234,
    });
  });
});
