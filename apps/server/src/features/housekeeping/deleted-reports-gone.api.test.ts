import { Readable } from 'node:stream';
import { PAYABLE_REPORT_JOB_TYPES } from '@taxrecon/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from '../../testing/test-server.ts';

// Delete Data removes the entity's reports with its results, and marks their
// jobs "results deleted" (session 39); a job's result then answers 410, but a
// report downloaded by its id (a reconciliation report, a TDS payable report,
// a miscellaneous report) still answered a bare 404 once its row was gone.
// The report's job names it in its input, so the download now answers the
// same 410, with when and by whom. An id nobody made, or another entity's
// report, stays 404.

let t: TestServer;
let admin: string;
let entityId = '';
let otherEntityId = '';
const YEAR = '2024-25';

const api = (method: string, path: string, body?: unknown) =>
  t.api(method, path, { token: admin, ...(body === undefined ? {} : { body }) });

// A completed report job of `entity`, its input naming the report as the real task's does.
const reportJob = async (entity: string, jobType: string, input: Record<string, unknown>) => {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO jobs (tenant_id, entity_id, job_type, status, progress, user_login, input)
    SELECT tenant_id, id, ${jobType}, 'Completed', 100, 'admin', ${JSON.stringify(input)}::jsonb
    FROM legal_entities WHERE id = ${entity}
    RETURNING id`.execute(t.server.ctx.db);
  return rows[0]!.id;
};

const stored = async (key: string) => {
  await t.server.ctx.files.put(key, Readable.from([Buffer.from('report')]));
  return key;
};

// One report of each kind, completed with its file, as their jobs leave them.
const reportsOf = async (entity: string) => {
  const db = t.server.ctx.db;
  const recon = (
    await sql<{ id: string }>`
      INSERT INTO recon_reports (entity_id, kind, financial_year, report_type, file_name, status, created_by_login)
      VALUES (${entity}, 'TDS', ${YEAR}, 'AllCategories', 'recon.zip', 'Completed', 'admin') RETURNING id`.execute(
      db,
    )
  ).rows[0]!.id;
  const reconJob = await reportJob(entity, 'ReconciliationReport', { reportId: recon, entityId: entity });
  await sql`UPDATE recon_reports SET job_id = ${reconJob},
    storage_path = ${await stored(`reports/${entity}/${recon}.zip`)} WHERE id = ${recon}`.execute(db);

  const payable = async (type: string, errors: boolean) => {
    const id = (
      await sql<{ id: string }>`
        INSERT INTO payable_reports (entity_id, report_type, error_report, financial_year, month, file_name, status, created_by_login)
        VALUES (${entity}, ${type}, ${errors}, ${YEAR}, '2024-06', 'payable.xlsx', 'Completed', 'admin') RETURNING id`.execute(
        db,
      )
    ).rows[0]!.id;
    const job = await reportJob(entity, 'TDSPayableReport', { reportId: id, entityId: entity, type });
    await sql`UPDATE payable_reports SET job_id = ${job},
      storage_path = ${await stored(`reports/payable/${entity}/${id}.xlsx`)} WHERE id = ${id}`.execute(db);
    return id;
  };
  const monthly = await payable(PAYABLE_REPORT_JOB_TYPES.monthly, false);
  const errors = await payable(PAYABLE_REPORT_JOB_TYPES.monthlyErrors, true);

  const misc = (
    await sql<{ id: string }>`
      INSERT INTO misc_reports (entity_id, report_id, financial_year, format, file_name, status, created_by_login)
      VALUES (${entity}, 'tan-wise-summary', ${YEAR}, 'csv', 'misc.csv', 'Completed', 'admin') RETURNING id`.execute(
      db,
    )
  ).rows[0]!.id;
  const miscJob = await reportJob(entity, 'MiscellaneousReport', {
    miscId: misc,
    entityId: entity,
    reportId: 'tan-wise-summary',
  });
  await sql`UPDATE misc_reports SET job_id = ${miscJob},
    storage_path = ${await stored(`reports/misc/${entity}/${misc}.csv`)} WHERE id = ${misc}`.execute(db);
  return { recon, monthly, errors, misc };
};

const downloads = (r: { recon: string; monthly: string; errors: string; misc: string }) => ({
  recon: () => api('GET', `/reports/reconciliation-reports/${r.recon}`),
  monthly: () => api('GET', `/reports/tds-payable-reports/${r.monthly}`),
  errors: () => api('GET', `/reports/tds-payable-error-reports/${r.errors}`),
  misc: () => api('GET', `/reports/miscellaneous-reports/${r.misc}`),
  // the View Reports list downloads payable reports too
  monthlyFromList: () => api('GET', `/reports/miscellaneous-reports/${r.monthly}`),
});

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.login(ADMIN.email, ADMIN.password);
  entityId = ((await api('GET', '/entities')).json as { id: string }[])[0]!.id;
  otherEntityId = ((await api('PUT', '/legal-entity', { name: 'Pune Branch' })).json as { id: string }).id;
});
afterAll(async () => {
  await t?.close();
});

describe('a report whose results were deleted', () => {
  it('answers 410 with when and by whom, where it answered 404', async () => {
    const mine = await reportsOf(entityId);
    const get = downloads(mine);
    for (const [name, download] of Object.entries(get)) {
      const before = await download();
      expect(before.status, `${name}: ${JSON.stringify(before.json)}`).toBe(200);
    }

    for (const object of ['tdsreceivable', 'tdspayable']) {
      const answer = await api('DELETE', `/data-admin/delete?financialYear=${YEAR}`, [object]);
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    }
    const left = await sql<{ n: number }>`SELECT (
      (SELECT count(*) FROM recon_reports WHERE entity_id = ${entityId}) +
      (SELECT count(*) FROM payable_reports WHERE entity_id = ${entityId}) +
      (SELECT count(*) FROM misc_reports WHERE entity_id = ${entityId}))::int AS n`.execute(t.server.ctx.db);
    expect(left.rows[0]!.n).toBe(0);

    for (const [name, download] of Object.entries(get)) {
      const gone = await download();
      expect(gone.status, `${name}: ${JSON.stringify(gone.json)}`).toBe(410);
      expect(gone.json).toMatchObject({ code: 'RESULTS_DELETED' });
      expect((gone.json as { message: string }).message).toMatch(
        new RegExp(`^This report was deleted on .+ by ${ADMIN.email.replace('.', '\\.')}\\.`),
      );
    }
    // a payable report asked for as an error report (and the other way) is not one
    expect((await api('GET', `/reports/tds-payable-error-reports/${mine.monthly}`)).status).toBe(404);
    expect((await api('GET', `/reports/tds-payable-reports/${mine.errors}`)).status).toBe(404);
  });

  it('stays 404 for an id nobody made', async () => {
    const nobody = '00000000-0000-4000-8000-000000000000';
    const get = downloads({ recon: nobody, monthly: nobody, errors: nobody, misc: nobody });
    for (const [name, download] of Object.entries(get)) expect((await download()).status, name).toBe(404);
  });

  it('stays 404 for another entity’s report, deleted or not', async () => {
    const theirs = await reportsOf(otherEntityId);
    const get = downloads(theirs);
    for (const [name, download] of Object.entries(get)) expect((await download()).status, name).toBe(404);
    // the branch's results deleted too (as its own Delete Data would)
    const db = t.server.ctx.db;
    await sql`UPDATE jobs SET results_deleted_at = now(), results_deleted_by_login = 'someone@else.test'
      WHERE entity_id = ${otherEntityId}`.execute(db);
    await sql`DELETE FROM recon_reports WHERE entity_id = ${otherEntityId}`.execute(db);
    await sql`DELETE FROM payable_reports WHERE entity_id = ${otherEntityId}`.execute(db);
    await sql`DELETE FROM misc_reports WHERE entity_id = ${otherEntityId}`.execute(db);
    for (const [name, download] of Object.entries(get)) expect((await download()).status, name).toBe(404);
  });
});
