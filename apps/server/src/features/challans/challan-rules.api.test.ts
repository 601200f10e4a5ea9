import { randomUUID } from 'node:crypto';
import type { ChallanList, QuarterChallanSummary } from '@taxrecon/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from '../../testing/test-server.ts';

// Challans, the quarterly summary and allocation through the API on a fresh
// database (session 38's audit): the 234E fee capped at the tax deductible, no
// deposit in the future, a row only to challans of its own TAN. The 34A result
// is written as the 34A job writes it (payable_runs / payable_months /
// payable_entries rows), as allocation.api.test.ts does; challans go through
// the challan calls.

let t: TestServer;
let token: string;
let entityId: string;
let runId: string;

const call = (method: string, route: string, body?: unknown) =>
  t.api(method, route, { token, ...(body === undefined ? {} : { body }) });
const ok = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
  const a = await call(method, route, body);
  if (a.status !== 200) throw new Error(`${method} ${route}: ${a.status} ${JSON.stringify(a.json)}`);
  return a.json as T;
};

const monthRow = async (o: {
  month: string;
  section: string;
  sub: string;
  type: string;
  due: string;
  deducted: string;
}) => {
  await t.server.ctx.database.pool.query(
    `INSERT INTO payable_months (job_id, entity_id, financial_year, month, section, section_number, sub_section,
       deductee_type, tan, entries, base, due, deducted, shortfall, interest)
     VALUES ($1, $2, '2024-25', $3, $4, $5, $6, $7, 'MUMD12345E', 1, 0, $8, $9, 0, 0)`,
    [
      runId,
      entityId,
      o.month,
      o.sub ? `${o.section}(${o.sub})` : o.section,
      o.section,
      o.sub,
      o.type,
      o.due,
      o.deducted,
    ],
  );
};

beforeAll(async () => {
  t = await startTestServer({}, { work: false });
  token = await t.login(ADMIN.email, ADMIN.password);
  const admin = await t.server.ctx.db
    .selectFrom('users')
    .select(['current_entity_id'])
    .where('login', '=', ADMIN.email)
    .executeTakeFirstOrThrow();
  entityId = admin.current_entity_id!;
  const pool = t.server.ctx.database.pool;
  runId = (
    await pool.query<{ id: string }>(
      `INSERT INTO jobs (entity_id, job_type, status) VALUES ($1, '34A', 'Completed') RETURNING id::text`,
      [entityId],
    )
  ).rows[0]!.id;
  await pool.query(
    `INSERT INTO payable_runs (job_id, entity_id, financial_year, month, mapping, status, created_by_login,
       completed_at)
     VALUES ($1, $2, '2024-25', '2024-09', '{}'::jsonb, 'Completed', 'audit', now())`,
    [runId, entityId],
  );
});

afterAll(async () => {
  await t?.close();
});

describe('234E late-filing fee', () => {
  // Reference 3.2 (s.234E / s.427): "₹200 per day while the failure
  // continues, capped at the tax deductible/collectible". A quarter where
  // ₹50,000 was deductible but only ₹1,000 deducted: 30 days late is
  // 30 x ₹200 = ₹6,000, under the ₹50,000 cap. The code caps at the tax
  // deducted (₹1,000).
  it('caps the fee at the tax deductible of the quarter, not at the tax deducted', async () => {
    await monthRow({
      month: '2024-07',
      section: '194C',
      sub: '',
      type: 'company',
      due: '50000',
      deducted: '1000',
    });
    const q = await ok<QuarterChallanSummary>(
      'GET',
      '/tds-payable/quarterly-challan-summary/24-25/Q2?filedOn=2024-11-30',
    );
    expect(q.totals.returnDueDate).toBe('2024-10-31');
    expect(q.totals.fee234E).toBe('6000.00');
  });
});

describe('a challan is a deposit that has happened', () => {
  // A challan is the bank's receipt of a deposit: its CIN carries the "date of
  // presentation" (reference 6, RBI circular), and the 26Q file the challans
  // feed takes "no future dates" (reference 4.1). A deposit dated in the future
  // has not been paid, yet it is accepted and counts as deposited: it covers
  // the line and verifies (locks) the month.
  it('refuses a date of deposit in the future', async () => {
    await monthRow({
      month: '2024-04',
      section: '194J',
      sub: 'b',
      type: 'others',
      due: '5000',
      deducted: '5000',
    });
    const future = new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10);
    const answer = await call('POST', '/tds-payable/tds-payable-challan/create', {
      challanSerialNumber: '501',
      dateOfDeposit: future,
      bsrCode: '0510308',
      tanNumber: 'MUMD12345E',
      taxAmount: '5000',
      monthYear: '2024-04',
      section: '194J',
      subsection: 'b',
      deducteeType: 'others',
    });
    const list = await ok<ChallanList>(
      'GET',
      '/tds-payable/tds-payable-challans/2024-04/194J/others?subsection=b',
    );
    // what the unpaid challan did, for the report when the status check fails
    const effect = {
      deposited: list.deposited,
      lineVerified: list.lineVerified,
      monthVerified: list.monthVerified,
    };
    expect(answer.status, JSON.stringify({ answer: answer.json, effect })).toBe(400);
    expect(JSON.stringify(answer.json)).toContain('Date of deposit cannot be in the future');
    expect(effect.deposited).toBe('0.00');
  });
});

describe('allocation keeps a row to challans of its own TAN', () => {
  // Reference 6: ITNS 281 is paid under a TAN; TRACES marks a challan in a
  // statement "Unmatched" when the "TAN or CIN ... differs from OLTAS"; each
  // 26Q is one TAN's statement (BH carries the TAN). DOMAIN 7.8 keeps the
  // monthly summary per TAN. A row deducted under one TAN cannot be paid by a
  // challan deposited under another.
  it('refuses to allocate a row of TAN DELA11111A to a challan paid under MUMD12345E', async () => {
    const pool = t.server.ctx.database.pool;
    await pool.query(
      `INSERT INTO vendors (entity_id, vendor_code, vendor_name, pan_number) VALUES ($1, 'V-T', 'Tan Test Ltd', 'AAACT1234T')
       ON CONFLICT DO NOTHING`,
      [entityId],
    );
    const entryId = (
      await pool.query<{ id: string }>(
        `INSERT INTO payable_entries (entity_id, financial_year, job_id, file, line, ref, document_date, month,
           recognised_month, vendor_code, pan, tan, section, section_number, sub_section, deductee_type, return_form,
           base, taxable, rate, liable, due, deducted, interest, status, reason)
         VALUES ($1, '2024-25', $2, 'ledger.csv', 1, 'DOC-TAN', '2024-05-10', '2024-05', '2024-05', 'V-T',
           'AAACT1234T', 'DELA11111A', '194C', '194C', '', 'company', '26Q', 25000, 25000, 2, true, 500, 500, 0,
           'OK', 'test')
         RETURNING id::text`,
        [entityId, randomUUID()],
      )
    ).rows[0]!.id;
    await ok('POST', '/tds-payable/tds-payable-challan/create', {
      challanSerialNumber: '601',
      dateOfDeposit: '2024-06-07',
      bsrCode: '0510308',
      tanNumber: 'MUMD12345E',
      taxAmount: '500',
      monthYear: '2024-05',
      section: '194C',
      subsection: '',
      deducteeType: 'company',
    });
    const challan = (
      await ok<ChallanList>('GET', '/tds-payable/tds-payable-challans/2024-05/194C/company?subsection=')
    ).challans.find((c) => c.challanSerialNumber === '601')!;
    const moved = await call('PUT', '/tds-payable/challan-allocation/move', {
      entryId,
      challanId: challan.id,
    });
    expect(moved.status, JSON.stringify(moved.json)).toBe(400);
    expect(moved.json).toMatchObject({
      code: 'ALLOCATION_TAN',
      message:
        "The row's tax was deducted under TAN DELA11111A; challan 0510308/601 of 07 Jun 2024 was paid under TAN MUMD12345E.",
    });
    // nor does the automatic allocation put it there
    await ok('POST', '/tds-payable/challan-allocation/24-25/Q1/auto');
    const allocated = await pool.query('SELECT challan_id FROM challan_allocations WHERE entry_id = $1', [
      entryId,
    ]);
    expect(allocated.rows).toEqual([]);
  });
});
