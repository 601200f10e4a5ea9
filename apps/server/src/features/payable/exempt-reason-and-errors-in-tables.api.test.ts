import type { PayableEntriesPage, PayableResponse } from '@taxrecon/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, eventually, startTestServer, type TestServer } from '../../testing/test-server.ts';
import { insertExpenseSections, insertPayableVendors, storeExpenseLedger } from '../demo/payable-demo.ts';
import { mapLedgerHeaders } from './ledger-read.ts';

// The 34A tables say why an entry is exempt, and count the errors of a
// summary line (docs/decisions.md, session 39 "the mapping upload on screen;
// why exempt, and errors, in the 34A tables"). A run of April 2024 over:
//   TR1 Ganesh Roadways, 194C exempt with reason T: FR-1 40,000, FR-3 35,000.50
//   TR2 Laxmi Carriers, 194C exempt, no reason recorded: FR-2 45,000
//   PT1 a partner, 194T by GL 430100: PR-1 and PR-2, no rate in force in
//       2024-25 (194T starts 1 Apr 2025), so two errors NO_RATE on the line
//       April / 194T / individual, which has no other entry.

let t: TestServer;
let token: string;
let entityId: string;
let jobId: string;

const call = (method: string, route: string, body?: unknown) =>
  t.api(method, route, { token, ...(body === undefined ? {} : { body }) });
const ok = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
  const answer = await call(method, route, body);
  expect(answer.status, `${route}: ${JSON.stringify(answer.json)}`).toBe(200);
  return answer.json as T;
};

const LEDGER = `${[
  'documentNumber\tdocumentType\tdocumentDate\tpostingDate\tglCode\tdocumentDescription\tvendorCode\tbaseAmount\ttdsAmount\ttanNumber',
  'FR-1\tKR\t2024-04-02\t2024-04-02\t420100\tfreight inward\tTR1\t40000.00\t0.00\tPNEA12345B',
  'FR-2\tKR\t2024-04-10\t2024-04-10\t420100\tfreight inward\tTR2\t45000.00\t0.00\tPNEA12345B',
  'FR-3\tKR\t2024-04-20\t2024-04-20\t420100\tfreight inward\tTR1\t35000.50\t0.00\tPNEA12345B',
  'PR-1\tKR\t2024-04-15\t2024-04-15\t430100\tpartner remuneration\tPT1\t50000.00\t0.00\tPNEA12345B',
  'PR-2\tKR\t2024-04-25\t2024-04-25\t430100\tpartner remuneration\tPT1\t60000.00\t0.00\tPNEA12345B',
].join('\r\n')}\r\n`;

const vendor = (vendorCode: string, vendorName: string, pan: string) => ({
  vendorCode,
  vendorName,
  pan,
  vendorType: 'Personal',
  resident: true,
  compliance206AB: false,
  aadhaarPanLink: 'Operative',
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
  const pool = t.server.ctx.database.pool;
  await insertPayableVendors(pool, entityId, [
    vendor('TR1', 'Ganesh Roadways', 'ABCPG1234K'),
    vendor('TR2', 'Laxmi Carriers', 'ABCPL5678M'),
    vendor('PT1', 'R S Mehta', 'ABCPM4321Q'),
  ]);
  const ids = Object.fromEntries(
    (
      await pool.query<{ id: string; vendor_code: string }>(
        'SELECT id, vendor_code FROM vendors WHERE entity_id = $1',
        [entityId],
      )
    ).rows.map((v) => [v.vendor_code, v.id]),
  );
  const section = (expenseKey: string, description: string, s: string) => ({
    expenseKey,
    description,
    section: s,
    expenseType: null,
    tdsExempted: false,
    from: null,
    to: null,
  });
  await insertExpenseSections(pool, entityId, [
    section('420100', 'Freight', '194C'),
    section('430100', 'Partner remuneration', '194T'),
  ]);
  for (const body of [
    { vendorId: ids.TR1, sectionNumber: '194C', tdsExempted: true, tdsExemptionReason: 'T' },
    { vendorId: ids.TR2, sectionNumber: '194C', tdsExempted: true },
  ])
    await ok('POST', '/master-data-management/vendor-section-mapping', body);
  await storeExpenseLedger(
    t.server.ctx,
    { tenantId: admin.tenant_id, entityId, userId: admin.id, login: admin.login },
    '2024-25',
    '2024-04',
    'expenses_2024-04.txt',
    Buffer.from(LEDGER, 'utf8'),
  );
  const headers = LEDGER.slice(0, LEDGER.indexOf('\r\n')).split('\t');
  const mapping: Record<string, string> = {};
  for (const [field, index] of Object.entries(mapLedgerHeaders(headers)))
    if (index !== undefined) mapping[headers[index]!] = field;
  jobId = (
    await ok<{ jobId: string }>('PUT', '/job/34a-reconciliation/24-25', {
      mappingDefinitions: mapping,
      customCalculationRules: [],
      vendors: [],
      month: '2024-04',
    })
  ).jobId;
  await t.server.ctx.jobs.work();
  await eventually(async () => {
    const job = (await call('GET', `/job/${jobId}`)).json as { status: string; failureReason: string };
    if (job.status === 'Failed') throw new Error(`34A failed: ${job.failureReason}`);
    return job.status === 'Completed' ? job : null;
  }, 60_000);
});

afterAll(async () => {
  await t?.close();
});

const sheetRows = async (route: string): Promise<unknown[][]> => {
  const response = await fetch(`${t.baseUrl}/taxrecon/api/v1${route}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status, route).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await response.arrayBuffer());
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
};

describe("an entry's reason for exemption in the entries tables", () => {
  it('is answered with each entry of the line: T on the transporter, null without a recorded reason', async () => {
    const page = await ok<PayableEntriesPage>(
      'GET',
      '/job/tds-payable-entries/2024-04/194C/individual?pageSize=50',
    );
    expect(page.rows.map((e) => [e.ref, e.status, e.exemptReason])).toEqual([
      ['FR-1', 'exempt', 'T'],
      ['FR-2', 'exempt', null],
      ['FR-3', 'exempt', 'T'],
    ]);
    // entries that are not exempt carry none
    const errors = await ok<PayableEntriesPage>('GET', '/job/tds-payable-entries/2024-04/194T/individual');
    expect(errors.rows.map((e) => e.exemptReason)).toEqual([null, null]);
  });

  it('is a column "Exempt because" of the entries export, in words, blank otherwise', async () => {
    const rows = await sheetRows('/job/tds-payable-entries/2024-04/194C/individual/xlsx');
    const header = rows[1] as string[];
    const column = header.indexOf('Exempt because');
    expect(column).toBeGreaterThan(header.indexOf('Status'));
    const ref = header.indexOf('Document');
    const byRef = Object.fromEntries(rows.slice(2, 5).map((r) => [r[ref], r[column] ?? null]));
    expect(byRef).toEqual({
      'FR-1': "T: transporter's declaration under 194C(6)",
      'FR-2': null,
      'FR-3': "T: transporter's declaration under 194C(6)",
    });
  });
});

describe('the errors of a monthly summary line', () => {
  it('counts the entries in error on their line, which is listed though it has no other entry', async () => {
    const result = await ok<PayableResponse>('GET', `/34a/response/${jobId}`);
    const line = result.monthly.find((m) => m.section === '194T');
    expect(line).toMatchObject({
      monthYear: '2024-04',
      deducteeType: 'individual',
      tan: 'PNEA12345B',
      entries: 0,
      errors: 2,
      tds: '0.00',
    });
    const freight = result.monthly.find((m) => m.section === '194C')!;
    expect(freight).toMatchObject({ entries: 3, errors: 0 });
    // the entries behind the count
    const entries = await ok<PayableEntriesPage>(
      'GET',
      '/job/tds-payable-entries/2024-04/194T/individual?status=error',
    );
    expect(entries.rows.map((e) => [e.ref, e.errorCode])).toEqual([
      ['PR-1', 'NO_RATE'],
      ['PR-2', 'NO_RATE'],
    ]);
    expect(result.monthly.reduce((n, m) => n + m.errors, 0)).toBe(2);
    expect(result.counts.errors).toBe(2);
  });

  it('rolls up into the quarter, and the month summary carries it', async () => {
    const result = await ok<PayableResponse>('GET', `/34a/response/${jobId}`);
    expect(result.quarterly.find((q) => q.section === '194T')).toMatchObject({
      quarter: 'Q1',
      errors: 2,
      entries: 0,
    });
    expect(result.quarterly.find((q) => q.section === '194C')!.errors).toBe(0);
    const month = await ok<{ totalErrors: number; rows: { section: string; errors: number }[] }>(
      'GET',
      '/34a/summary/24-25/2024-04',
    );
    expect(month.totalErrors).toBe(2);
    expect(month.rows.find((r) => r.section === '194T')!.errors).toBe(2);
  });
});
