import type { PayableMonthSummary, PayableResponse } from '@taxrecon/contracts';
import { formatRupees, paiseOfNumeric } from '@taxrecon/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, eventually, startTestServer, type TestServer } from '../../testing/test-server.ts';
import { generateDemoExpenses } from '../demo/expenses.ts';
import { loadDemoExpenses } from '../demo/payable-demo.ts';
import { form3cdOfRun, reportSheets } from './reports/report-kinds.ts';

// Form 3CD clause 34(a) "tax deposited" and the summaries' "deposited" and
// "challan count" are what the challans hold (DOMAIN 7.8), not the tax of
// ledger lines that carry a deposit date. The demo ledger dates nearly every
// deduction's deposit, so before challans were read the year's 3CD showed
// everything deducted as deposited, with no challan at all.

const demo = generateDemoExpenses();
let t: TestServer;
let token: string;
let entityId: string;
let jobId: string;
let april: PayableMonthSummary;

const call = (method: string, route: string, body?: unknown) =>
  t.api(method, route, { token, ...(body === undefined ? {} : { body }) });
const ok = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
  const a = await call(method, route, body);
  if (a.status !== 200) throw new Error(`${method} ${route}: ${a.status} ${JSON.stringify(a.json)}`);
  return a.json as T;
};
const response = () => ok<PayableResponse>('GET', `/34a/response/${jobId}`);
const sectionOf = (r: { section: string; subsection: string }) =>
  r.subsection ? `${r.section}(${r.subsection})` : r.section;
const total = (rows: readonly { deposited: string }[]) =>
  formatRupees(rows.reduce((n, r) => n + paiseOfNumeric(r.deposited), 0));

const challan = (
  line: { monthYear: string; section: string; subsection: string; deducteeType: string },
  taxAmount: string,
  tanNumber: string,
  challanSerialNumber: string,
) =>
  ok('POST', '/tds-payable/tds-payable-challan/create', {
    monthYear: line.monthYear,
    section: line.section,
    subsection: line.subsection,
    deducteeType: line.deducteeType,
    challanSerialNumber,
    dateOfDeposit: '2024-05-07',
    bsrCode: '0510002',
    tanNumber,
    taxAmount,
    fee: '',
    surcharge: '',
    educationCess: '',
    interest: '',
    penalty: '',
    others: '',
  });

beforeAll(async () => {
  t = await startTestServer({}, { work: false });
  token = await t.login(ADMIN.email, ADMIN.password);
  const admin = await t.server.ctx.db
    .selectFrom('users')
    .select(['id', 'tenant_id', 'current_entity_id', 'login'])
    .where('login', '=', ADMIN.email)
    .executeTakeFirstOrThrow();
  entityId = admin.current_entity_id!;
  const { mapping } = await loadDemoExpenses(
    t.server.ctx,
    { tenantId: admin.tenant_id, entityId, userId: admin.id, login: admin.login },
    demo,
  );
  await t.server.ctx.jobs.work();
  const answer = await call('PUT', '/job/34a-reconciliation/24-25', {
    mappingDefinitions: mapping,
    customCalculationRules: [],
    vendors: [],
    month: '2024-04',
  });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  jobId = (answer.json as { jobId: string }).jobId;
  await eventually(async () => {
    await t.server.ctx.database.pool.query("UPDATE pgboss.job SET start_after = now() WHERE state = 'retry'");
    const job = (await call('GET', `/job/${jobId}`)).json as { status: string; failureReason: string };
    if (job.status === 'Failed') throw new Error(job.failureReason);
    return job.status === 'Completed' ? job : null;
  }, 120_000);
  april = await ok<PayableMonthSummary>('GET', '/34a/summary/24-25/2024-04');
}, 300_000);

afterAll(async () => {
  await t?.close();
});

describe('tax deposited comes from the challans', () => {
  it('is nil everywhere while no challan is deposited, whatever deposit dates the ledger carries', async () => {
    const ledgerDated = await t.server.ctx.database.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM payable_entries WHERE job_id = $1 AND deposited AND deducted > 0',
      [jobId],
    );
    expect(ledgerDated.rows[0]!.n).toBeGreaterThan(0);
    const r = await response();
    expect(r.annual.length).toBeGreaterThan(0);
    expect(r.annual.some((s) => paiseOfNumeric(s.deducted) > 0)).toBe(true);
    for (const s of r.annual) expect(s.deposited, s.section).toBe('0.00');
    for (const m of r.monthly) {
      expect(m.deposited).toBe('0.00');
      expect(m.challansCount).toBe(0);
    }
    for (const q of r.quarterly) {
      expect(q.deposited).toBe('0.00');
      expect(q.challansCount).toBe(0);
    }
    for (const s of await form3cdOfRun(t.server.ctx, jobId)) expect(s.deposited).toBe('0.00');
  });

  it("puts a line's challans on its section, its month and its quarter, once each", async () => {
    const line = [...april.rows].sort((a, b) => paiseOfNumeric(b.deducted) - paiseOfNumeric(a.deducted))[0]!;
    const tan = line.tan ?? 'MUMA12345B';
    await challan(line, '1000.00', tan, '00041');
    // a second challan typed with another TAN is still the line's, and still counted once
    await challan(line, '234.50', 'PNEA00001A', '00042');
    const r = await response();
    const section = sectionOf(line);
    const annual = r.annual.find((s) => s.section === section)!;
    expect(annual.deposited).toBe('1234.50');
    expect(total(r.annual)).toBe('1234.50');
    for (const s of r.annual.filter((s) => s.section !== section)) expect(s.deposited).toBe('0.00');

    const rows = r.monthly.filter(
      (m) =>
        m.monthYear === line.monthYear &&
        m.section === line.section &&
        m.subsection === line.subsection &&
        m.deducteeType === line.deducteeType,
    );
    expect(rows.reduce((n, m) => n + m.challansCount, 0)).toBe(2);
    expect(total(rows)).toBe('1234.50');
    expect(total(r.monthly)).toBe('1234.50');

    const q1 = r.quarterly.find(
      (q) =>
        q.quarter === 'Q1' &&
        q.section === line.section &&
        q.subsection === line.subsection &&
        q.deducteeType === line.deducteeType,
    )!;
    expect(q1.deposited).toBe('1234.50');
    expect(q1.challansCount).toBe(2);

    // the month summary (challans screen) and the quarterly challan summary agree
    const month = await ok<PayableMonthSummary>('GET', '/34a/summary/24-25/2024-04');
    expect(total(month.rows)).toBe('1234.50');
    const quarter = await ok<{ totals: { deposited: string } }>(
      'GET',
      '/tds-payable/quarterly-challan-summary/24-25/Q1',
    );
    expect(quarter.totals.deposited).toBe('1234.50');

    // the Form 3CD report and the monthly summary report say the same
    const report = await form3cdOfRun(t.server.ctx, jobId);
    expect(report.find((s) => s.section === section)!.deposited).toBe('1234.50');
    const sheets = await reportSheets(t.server.ctx, 'tds-payable-report', {
      entityId,
      financialYear: '2024-25',
      month: null,
      entityName: 'Demo',
    });
    const monthly = (sheets[0]!.rows as Record<string, unknown>[][])[0]!;
    expect(monthly.reduce((n, c) => n + Number(c.deposited), 0)).toBeCloseTo(1234.5, 2);
    expect(monthly.reduce((n, c) => n + Number(c.challans), 0)).toBe(2);
  });

  it('lists a section with challans and nothing computed, and ignores months the run did not compute', async () => {
    const pool = t.server.ctx.database.pool;
    const insert = (month: string, tax: string) =>
      pool.query(
        `INSERT INTO payable_challans (entity_id, financial_year, month, section_number, sub_section, deductee_type,
           challan_serial_number, date_of_deposit, bsr_code, tan, tax_amount, created_by_login)
         VALUES ($1, '2024-25', $2, '194IB', '', 'individual', '00077', '2024-05-07', '0510002', 'MUMA12345B', $3, 'test')`,
        [entityId, month, tax],
      );
    await insert('2024-04', '500.00');
    // May is after the run's month: not in what it computed
    await insert('2024-05', '700.00');
    const r = await response();
    expect(r.annual.find((s) => s.section === '194IB')).toEqual({
      section: '194IB',
      payments: '0.00',
      taxable: '0.00',
      deductedOn: '0.00',
      deducted: '0.00',
      deposited: '500.00',
      shortfall: '0.00',
    });
    expect(total(r.annual)).toBe('1734.50');
    const own = r.monthly.find((m) => m.section === '194IB')!;
    expect(own).toMatchObject({ monthYear: '2024-04', entries: 0, deposited: '500.00', challansCount: 1 });
    expect(r.monthly.some((m) => m.monthYear === '2024-05')).toBe(false);
  });
});
