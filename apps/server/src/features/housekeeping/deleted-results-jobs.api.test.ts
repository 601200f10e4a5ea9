import type { Job } from '@taxrecon/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from '../../testing/test-server.ts';

// Deleting results (Delete Data's TDS receivable and TDS payable objects, or a
// 34A job deleted from its jobs screen) keeps the jobs on the jobs list, the
// record of who ran what and when, but marked "results deleted", with when
// and by whom; the result's address then answers 410 saying so, where it
// answered a bare 404 behind the list's View (session 39).

let t: TestServer;
let admin: string;
let entityId = '';
let otherEntityId = '';

const api = (method: string, path: string, body?: unknown) =>
  t.api(method, path, { token: admin, ...(body === undefined ? {} : { body }) });

const jobOf = async (jobId: string) => {
  const a = await api('GET', `/job/${jobId}`);
  expect(a.status, JSON.stringify(a.json)).toBe(200);
  return a.json as Job;
};

const newJob = async (entity: string, jobType: string) => {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO jobs (tenant_id, entity_id, job_type, status, progress, user_login)
    SELECT tenant_id, id, ${jobType}, 'Completed', 100, 'admin' FROM legal_entities WHERE id = ${entity}
    RETURNING id`.execute(t.server.ctx.db);
  return rows[0]!.id;
};

// A completed 34A run of the year (no entries needed for its year view).
const payableRun = async (entity: string, financialYear: string) => {
  const jobId = await newJob(entity, '34A Reconciliation');
  await sql`
    INSERT INTO payable_runs (job_id, entity_id, financial_year, month, mapping, status, created_by_login, form3cd, summary)
    VALUES (${jobId}, ${entity}, ${financialYear}, ${`${financialYear.slice(0, 4)}-04`}, '{}'::jsonb, 'Completed',
            'admin', '[]'::jsonb, NULL)`.execute(t.server.ctx.db);
  return jobId;
};

const receivableRun = async (entity: string, financialYear: string) => {
  const jobId = await newJob(entity, 'TDSReconciliation');
  await sql`
    INSERT INTO recon_runs (job_id, entity_id, kind, financial_year, match_mode, status, created_by_login)
    VALUES (${jobId}, ${entity}, 'TDS', ${financialYear}, 'TaxOrSaleAmount', 'Completed', 'admin')`.execute(
    t.server.ctx.db,
  );
  return jobId;
};

const resultOfReceivable = (jobId: string) => api('POST', `/reconciliation-response/tds/job/${jobId}/1`, {});
const resultOfPayable = (jobId: string) => api('GET', `/34a/response/${jobId}`);

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.login(ADMIN.email, ADMIN.password);
  entityId = ((await api('GET', '/entities')).json as { id: string }[])[0]!.id;
  otherEntityId = ((await api('PUT', '/legal-entity', { name: 'Pune Branch' })).json as { id: string }).id;
});
afterAll(async () => {
  await t?.close();
});

describe('a job whose results were deleted', () => {
  it('stays on the jobs list marked, and its 34A result answers 410 after Delete Data', async () => {
    const deleted = await payableRun(entityId, '2024-25');
    const kept = await payableRun(entityId, '2023-24');
    const branch = await payableRun(otherEntityId, '2024-25');
    expect((await resultOfPayable(deleted)).status).toBe(200);

    const answer = await api('DELETE', '/data-admin/delete?financialYear=2024-25', ['tdspayable']);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);

    const job = await jobOf(deleted);
    expect(job.status).toBe('Completed');
    expect(job.resultsDeletedAt).not.toBeNull();
    expect(job.resultsDeletedBy).toBe(ADMIN.email);
    const list = (await api('GET', '/job/jobs-queue')).json as Job[];
    expect(list.find((j) => j.id === deleted)?.resultsDeletedAt).toBe(job.resultsDeletedAt);

    const gone = await resultOfPayable(deleted);
    expect(gone.status).toBe(410);
    expect(gone.json).toMatchObject({ code: 'RESULTS_DELETED' });
    expect((gone.json as { message: string }).message).toMatch(
      new RegExp(`^The results of this job were deleted on .+ by ${ADMIN.email.replace('.', '\\.')}\\.`),
    );

    // the other year and the other entity keep their results, unmarked
    expect((await jobOf(kept)).resultsDeletedAt).toBeNull();
    expect((await resultOfPayable(kept)).status).toBe(200);
    const mark = await sql<{ at: Date | null }>`
      SELECT results_deleted_at AS at FROM jobs WHERE id = ${branch}`.execute(t.server.ctx.db);
    expect(mark.rows[0]!.at).toBeNull();
    // another entity's job is still simply not found here
    expect((await resultOfPayable(branch)).status).toBe(404);
    // a job id nobody ran is not found either
    expect((await resultOfPayable('00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('is marked when a 34A job is deleted from its jobs screen', async () => {
    const jobId = await payableRun(entityId, '2022-23');
    const answer = await api('DELETE', `/reconciliation-response/34A/job/${jobId}`);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect((await jobOf(jobId)).resultsDeletedBy).toBe(ADMIN.email);
    expect((await resultOfPayable(jobId)).status).toBe(410);
  });

  it('is marked for a TDS receivable reconciliation deleted by Delete Data, whose result answers 410', async () => {
    const jobId = await receivableRun(entityId, '2024-25');
    const before = await resultOfReceivable(jobId);
    expect(before.status, JSON.stringify(before.json)).not.toBe(404);
    const answer = await api('DELETE', '/data-admin/delete?financialYear=2024-25', ['tdsreceivable']);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const job = await jobOf(jobId);
    expect(job.resultsDeletedAt).not.toBeNull();
    const gone = await resultOfReceivable(jobId);
    expect(gone.status).toBe(410);
    expect(gone.json).toMatchObject({ code: 'RESULTS_DELETED' });
  });
});
