import { PAYMENTS_DELETED } from '@taxrecon/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from '../../testing/test-server.ts';
import { pictureOf } from './test-data.ts';

// Delete Data's payments and "TDS Payable Reconciliation" work on the tables
// the TDS payable release keeps (vendor_payments in its folder entries, 34A
// runs and entries): a delete that answers "deleted" has deleted the rows.

let t: TestServer;
let admin: string;
const A = { id: '' };
const B = { id: '' };

const del = (path: string, body?: unknown) =>
  t.api('DELETE', path, { token: admin, ...(body === undefined ? {} : { body }) });

const count = async (table: string, entityId: string, where = sql`true`) => {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE entity_id = ${entityId} AND ${where}`.execute(
    t.server.ctx.db,
  );
  return rows[0]?.n ?? 0;
};

// A vendor payment ledger of a month in the entity's folder, with its payments.
const seedPayments = async (entityId: string, month: string, dates: string[]) => {
  const db = t.server.ctx.db;
  const tenant = await db
    .selectFrom('legal_entities')
    .select('tenant_id')
    .where('id', '=', entityId)
    .executeTakeFirstOrThrow();
  const stored = await sql<{ id: string }>`
    INSERT INTO stored_files (tenant_id, entity_id, kind, file_name, sha256, size_bytes, storage_key)
    VALUES (${tenant.tenant_id}, ${entityId}, 'vendor-payment', ${`pay-${month}.csv`}, ${`sha-${entityId}-${month}`}, 10, 'x')
    RETURNING id`.execute(db);
  const file = await sql<{ id: string }>`
    INSERT INTO payable_files (entity_id, kind, financial_year, month, file_name, file_id)
    VALUES (${entityId}, 'vendor-payment', '2024-25', ${month}, ${`pay-${month}.csv`}, ${stored.rows[0]?.id})
    RETURNING id`.execute(db);
  let line = 1;
  for (const date of dates) {
    await sql`
      INSERT INTO vendor_payments (entity_id, payable_file_id, line, financial_year, month, payment_date, vendor_code, base_amount, tds_amount)
      VALUES (${entityId}, ${file.rows[0]?.id}, ${line++}, '2024-25', ${month}, ${date}, 'V001', 100000.00, 10000.00)`.execute(
      db,
    );
  }
};

// A completed 34A run of the year with two entries (one allocated to a
// challan), its monthly row, the month's state and a report.
const seedPayableRun = async (entityId: string, financialYear: string) => {
  const db = t.server.ctx.db;
  const job = await sql<{ id: string }>`
    INSERT INTO jobs (entity_id, job_type, status, progress)
    VALUES (${entityId}, 'TDSPayableReconciliation', 'Completed', 100) RETURNING id`.execute(db);
  const jobId = job.rows[0]?.id ?? '';
  const month = `${financialYear.slice(0, 4)}-04`;
  await sql`
    INSERT INTO payable_runs (job_id, entity_id, financial_year, month, mapping, status, created_by_login)
    VALUES (${jobId}, ${entityId}, ${financialYear}, ${month}, '{}'::jsonb, 'Completed', 'admin')`.execute(
    db,
  );
  const entries = await sql<{ id: string }>`
    INSERT INTO payable_entries (entity_id, financial_year, job_id, file, line, ref, month, section, section_number,
                                 base, taxable, liable, due, deducted, interest, status, reason)
    VALUES
      (${entityId}, ${financialYear}, ${jobId}, 'ledger.csv', 2, 'L2', ${month}, '194C', '194C', 100000, 100000, true, 1000, 1000, 0, 'OK', ''),
      (${entityId}, ${financialYear}, ${jobId}, 'ledger.csv', 3, 'L3', ${month}, '194C', '194C', 50000, 50000, true, 500, 0, 0, 'SHORT', '')
    RETURNING id`.execute(db);
  await sql`
    INSERT INTO payable_months (job_id, entity_id, financial_year, month, section, section_number, deductee_type,
                                entries, base, due, deducted, shortfall, interest)
    VALUES (${jobId}, ${entityId}, ${financialYear}, ${month}, '194C', '194C', 'Company', 2, 150000, 1500, 1000, 500, 0)`.execute(
    db,
  );
  await sql`
    INSERT INTO payable_month_states (entity_id, financial_year, month, computed, job_id)
    VALUES (${entityId}, ${financialYear}, ${month}, true, ${jobId})`.execute(db);
  await sql`
    INSERT INTO payable_reports (entity_id, report_type, financial_year, file_name, created_by_login)
    VALUES (${entityId}, 'TDSPayableMonthlyTransactionsReport', ${financialYear}, 'r.xlsx', 'admin')`.execute(
    db,
  );
  return { jobId, entryIds: entries.rows.map((r) => r.id) };
};

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.login(ADMIN.email, ADMIN.password);
  A.id = ((await t.api('GET', '/entities', { token: admin })).json as { id: string }[])[0]?.id ?? '';
  B.id = (
    (await t.api('PUT', '/legal-entity', { token: admin, body: { name: 'Pune Branch' } })).json as {
      id: string;
    }
  ).id;
});
afterAll(async () => {
  await t?.close();
});

describe('delete payments', () => {
  it("deletes the month's vendor payments of the current entity, with their folder entry", async () => {
    await seedPayments(A.id, '2024-04', ['2024-04-10', '2024-04-30']);
    await seedPayments(A.id, '2024-05', ['2024-05-01']);
    await seedPayments(A.id, '2025-01', ['2025-01-15']);
    await seedPayments(B.id, '2024-04', ['2024-04-10']);
    const branch = await pictureOf(t, B.id);
    const answer = await del('/data-admin/payments?financialYear=2024-25&month=04');
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect(answer.json).toMatchObject({
      message: PAYMENTS_DELETED,
      deleted: { vendor_payments: 2, payable_files: 1 },
    });
    expect(await count('vendor_payments', A.id)).toBe(2);
    expect(await count('vendor_payments', A.id, sql`month = '2024-04'`)).toBe(0);
    expect(await count('payable_files', A.id, sql`kind = 'vendor-payment' AND month = '2024-04'`)).toBe(0);
    // January belongs to the second calendar year of the financial year
    const january = await del('/data-admin/payments?financialYear=2024-25&month=01');
    expect(january.json).toMatchObject({ deleted: { vendor_payments: 1, payable_files: 1 } });
    expect(await count('vendor_payments', A.id)).toBe(1);
    expect(await pictureOf(t, B.id)).toEqual(branch);
  });
});

describe('delete TDS payable reconciliation', () => {
  it("deletes a year's 34A runs, entries and what hangs on them, of the entity alone", async () => {
    const run = await seedPayableRun(A.id, '2024-25');
    await seedPayableRun(A.id, '2023-24');
    await seedPayableRun(B.id, '2024-25');
    const branch = await pictureOf(t, B.id);
    const answer = await del('/data-admin/delete?financialYear=2024-25', ['tdspayable']);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect(answer.json).toMatchObject({
      message: 'All Data Deleted',
      deleted: { payable_entries: 2, payable_months: 1, payable_runs: 1, payable_month_states: 1 },
    });
    const year = sql`financial_year = '2024-25'`;
    for (const table of [
      'payable_runs',
      'payable_entries',
      'payable_months',
      'payable_month_states',
      'payable_reports',
    ])
      expect(await count(table, A.id, year), table).toBe(0);
    expect(await count('payable_entries', A.id, sql`job_id = ${run.jobId}`)).toBe(0);
    // the year before and the branch keep theirs
    expect(await count('payable_entries', A.id, sql`financial_year = '2023-24'`)).toBe(2);
    expect(await count('payable_runs', A.id, sql`financial_year = '2023-24'`)).toBe(1);
    expect(await pictureOf(t, B.id)).toEqual(branch);
  });
});
