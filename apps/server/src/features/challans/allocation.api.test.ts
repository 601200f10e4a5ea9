import { randomUUID } from 'node:crypto';
import type { ChallanList, QuarterAllocation, ReturnDeductor } from '@taxrecon/contracts';
import { read26qFvu } from '@taxrecon/formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../platform/db/transaction.ts';
import { ADMIN, startTestServer, type TestServer } from '../../testing/test-server.ts';
import { keepAllocations, restoreAllocations } from '../payable/runs/allocation-carry.ts';
import { deleteUnverifiedEntries, verifiedMonths } from '../payable/runs/entries-delete.ts';

// Allocation of a quarter's deductee rows to challans and the 26Q text file
// built on it, through the API. The books are rows of payable_entries as the
// 34A job writes them (its own tests cover how); the challans go through the
// challan calls. Hand-computed:
//   194C company: r1 05 Apr 1,000; r2 20 Apr 2,000; r3 10 May 500
//     C1 (April line) deposited 07 May, tax 2,500; C2 (May line) 07 Jun, tax 1,000
//     auto: r1 -> C1 (1,500 left); r2 fits neither (C1 1,500, C2 1,000);
//           r3 -> C2 (C1 was deposited before r3's date), C2 500 left
//   194J(b) others: r4 15 Jun 10,000, no challan yet

let t: TestServer;
let token: string;
let entityId: string;
const rows: Record<string, string> = {};
const challans: Record<string, string> = {};

const call = (method: string, route: string, body?: unknown) =>
  t.api(method, route, { token, ...(body === undefined ? {} : { body }) });
const ok = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
  const a = await call(method, route, body);
  if (a.status !== 200) throw new Error(`${method} ${route}: ${a.status} ${JSON.stringify(a.json)}`);
  return a.json as T;
};
const allocation = () => ok<QuarterAllocation>('GET', '/tds-payable/challan-allocation/24-25/Q1');
const move = (entry: string, challan: string | null) =>
  call('PUT', '/tds-payable/challan-allocation/move', {
    entryId: rows[entry],
    challanId: challan && challans[challan],
  });
const challanOf = (a: QuarterAllocation, name: string) =>
  a.groups.flatMap((g) => g.challans).find((c) => c.id === challans[name])!;
const rowOf = (a: QuarterAllocation, name: string) =>
  a.groups.flatMap((g) => g.rows).find((r) => r.entryId === rows[name])!;

const entry = async (
  name: string,
  o: {
    date: string;
    pan: string;
    vendor: string;
    section: string;
    type: string;
    base: string;
    tax: string;
    rate: string;
  },
) => {
  const [, number, sub] = /^(\d+[A-Z]*)(?:\((\w)\))?$/.exec(o.section)!;
  await t.server.ctx.database.pool.query(
    `INSERT INTO vendors (entity_id, vendor_code, vendor_name, pan_number) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING`,
    [entityId, `V-${o.pan}`, o.vendor, o.pan],
  );
  const { rows: r } = await t.server.ctx.database.pool.query<{ id: string }>(
    `INSERT INTO payable_entries (entity_id, financial_year, job_id, file, line, ref, document_date, month,
       recognised_month, vendor_code, pan, section, section_number, sub_section, deductee_type, return_form, base,
       taxable, rate, liable, due, deducted, interest, status, reason)
     VALUES ($1, '2024-25', $2, 'ledger.csv', 1, $3, $4::date, substr($4::text, 1, 7), substr($4::text, 1, 7), $5, $6, $7, $8, $9,
       $10, '26Q', $11, $11, $12, true, $13, $13, 0, 'OK', 'test')
     RETURNING id::text`,
    [
      entityId,
      randomUUID(),
      `DOC-${name}`,
      o.date,
      `V-${o.pan}`,
      o.pan,
      o.section,
      number,
      sub ?? '',
      o.type,
      o.base,
      o.rate,
      o.tax,
    ],
  );
  rows[name] = r[0]!.id;
};

const createChallan = async (
  name: string,
  o: { month: string; section: string; sub: string; type: string; date: string; serial: string; tax: string },
) => {
  await ok('POST', '/tds-payable/tds-payable-challan/create', {
    challanSerialNumber: o.serial,
    dateOfDeposit: o.date,
    bsrCode: '0510308',
    tanNumber: 'MUMD12345E',
    taxAmount: o.tax,
    interest: '',
    monthYear: o.month,
    section: o.section,
    subsection: o.sub,
    deducteeType: o.type,
  });
  const list = await ok<ChallanList>(
    'GET',
    `/tds-payable/tds-payable-challans/${o.month}/${o.section}/${o.type}?subsection=${o.sub}`,
  );
  challans[name] = list.challans.find((c) => c.challanSerialNumber === o.serial)!.id;
};

const DEDUCTOR: ReturnDeductor = {
  tan: 'mumd12345e',
  name: 'Demo Industries Private Limited',
  branch: 'Head office',
  address1: 'Plot 12, MIDC',
  address2: 'Andheri East',
  city: 'Mumbai',
  stateCode: '19',
  pin: '400093',
  email: 'tax@demo.in',
  phone: '28350000',
  deductorType: 'K',
  responsibleName: 'Asha Rao',
  responsibleDesignation: 'CFO',
  responsiblePan: 'ABCPR1234K',
  responsibleMobile: '9820000000',
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
  const c = { section: '194C', type: 'company', rate: '2.0000' };
  await entry('r1', {
    ...c,
    date: '2024-04-05',
    pan: 'AAACB2345C',
    vendor: 'Bright Logistics Ltd',
    base: '50000',
    tax: '1000',
  });
  await entry('r2', {
    ...c,
    date: '2024-04-20',
    pan: 'AAACN3456D',
    vendor: 'Nova Freight Ltd',
    base: '100000',
    tax: '2000',
  });
  await entry('r3', {
    ...c,
    date: '2024-05-10',
    pan: 'AAACB2345C',
    vendor: 'Bright Logistics Ltd',
    base: '25000',
    tax: '500',
  });
  await entry('r4', {
    section: '194J(b)',
    type: 'others',
    rate: '10.0000',
    date: '2024-06-15',
    pan: 'ABCPK7788L',
    vendor: 'Kiran Kumar',
    base: '100000',
    tax: '10000',
  });
  // not in the quarter: July
  await entry('r5', {
    ...c,
    date: '2024-07-02',
    pan: 'AAACB2345C',
    vendor: 'Bright Logistics Ltd',
    base: '5000',
    tax: '100',
  });
  const l = { section: '194C', sub: '', type: 'company' };
  await createChallan('C1', { ...l, month: '2024-04', date: '2024-05-07', serial: '101', tax: '2500' });
  await createChallan('C2', { ...l, month: '2024-05', date: '2024-06-07', serial: '102', tax: '1000' });
});

afterAll(async () => {
  await t?.close();
});

describe('allocation of deductee rows to challans', () => {
  it('lists the quarter unallocated before anything is allocated', async () => {
    const a = await allocation();
    expect(
      a.groups.map((g) => [g.section, g.subsection, g.deducteeType, g.rows.length, g.unallocated]),
    ).toEqual([
      ['194C', '', 'company', 3, '3500.00'],
      ['194J', 'b', 'others', 1, '10000.00'],
    ]);
    expect(a.totals).toEqual({
      deducted: '13500.00',
      allocated: '0.00',
      unallocated: '13500.00',
      unallocatedRows: 4,
      challanLeft: '3500.00',
    });
  });

  it('allocates automatically by amount and date', async () => {
    const answer = await ok<{ allocated: number; unallocated: number }>(
      'POST',
      '/tds-payable/challan-allocation/24-25/Q1/auto',
    );
    expect(answer).toMatchObject({ allocated: 2, unallocated: 2 });
    const a = await allocation();
    expect(rowOf(a, 'r1')).toMatchObject({ challanId: challans.C1, source: 'auto' });
    expect(rowOf(a, 'r2').challanId).toBeNull();
    expect(rowOf(a, 'r3')).toMatchObject({ challanId: challans.C2, source: 'auto' });
    expect(rowOf(a, 'r4').challanId).toBeNull();
    expect([challanOf(a, 'C1').left, challanOf(a, 'C2').left]).toEqual(['1500.00', '500.00']);
    expect(a.groups[0]!.unallocated).toBe('2000.00');
    expect(a.totals).toMatchObject({ allocated: '1500.00', unallocated: '12000.00', unallocatedRows: 2 });
    // a second run finds nothing more to do and keeps what is allocated
    expect(await ok('POST', '/tds-payable/challan-allocation/24-25/Q1/auto')).toMatchObject({ allocated: 0 });
  });

  it('refuses to allocate a challan beyond its tax amount', async () => {
    const refused = await move('r2', 'C1');
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({
      code: 'CHALLAN_OVER_ALLOCATED',
      message: "Challan 0510308/101 of 07 May 2024 has ₹1,500.00 left; the row's tax is ₹2,000.00.",
    });
    // moving r1 to C2 would need 1,000 where 500 is left
    expect((await move('r1', 'C2')).status).toBe(400);
  });

  it('refuses a challan of another section or deductee type', async () => {
    const refused = await move('r4', 'C1');
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ code: 'ALLOCATION_GROUP' });
    expect((refused.json as { message: string }).message).toMatch(
      /section 194J\(b\), others.*pays section 194C, company/,
    );
  });

  it('refuses a row of another quarter', async () => {
    const refused = await move('r5', 'C1');
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ code: 'ALLOCATION_QUARTER' });
  });

  it('moves rows by hand and unallocates them; each row stays on one challan', async () => {
    expect((await move('r3', 'C1')).status).toBe(200); // C1: 1,000 + 500
    expect((await move('r1', null)).status).toBe(200); // C1: 500
    expect((await move('r2', 'C1')).status).toBe(200); // C1: 2,500, nothing left
    expect((await move('r1', 'C2')).status).toBe(200); // C2: 1,000
    const a = await allocation();
    expect(rowOf(a, 'r1')).toMatchObject({ challanId: challans.C2, source: 'manual' });
    expect(rowOf(a, 'r2')).toMatchObject({ challanId: challans.C1, source: 'manual' });
    expect(challanOf(a, 'C1')).toMatchObject({ allocated: '2500.00', left: '0.00', rows: 2 });
    expect(challanOf(a, 'C2')).toMatchObject({ allocated: '1000.00', left: '0.00', rows: 1 });
    expect(a.groups[0]!.unallocatedRows).toBe(0);
    const stored = await t.server.ctx.database.pool.query(
      'SELECT count(*)::int AS n FROM challan_allocations WHERE entry_id = $1',
      [rows.r1],
    );
    expect(stored.rows[0].n).toBe(1);
  });

  it('refuses to lower a challan below what is allocated to it', async () => {
    const refused = await call('PUT', '/tds-payable/tds-payable-challan/update', {
      id: challans.C1,
      challanSerialNumber: '101',
      dateOfDeposit: '2024-05-07',
      bsrCode: '0510308',
      tanNumber: 'MUMD12345E',
      taxAmount: '2000',
    });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ code: 'CHALLAN_OVER_ALLOCATED' });
  });
});

describe('the 26Q text file', () => {
  const route = '/tds-payable/download-26q-fvu/24-25/Q1';

  it('refuses with everything that is missing rather than write an invalid file', async () => {
    await t.server.ctx.database.pool.query('UPDATE legal_entities SET pan = NULL WHERE id = $1', [entityId]);
    const refused = await call('GET', route);
    expect(refused.status).toBe(422);
    const body = refused.json as {
      code: string;
      message: string;
      details: { path: string; message: string }[];
    };
    expect(body.code).toBe('RETURN_INCOMPLETE');
    expect(body.message).toBe('The 26Q for 2024-25 Q1 cannot be prepared yet: 3 things are missing.');
    expect(body.details.map((d) => d.path)).toEqual(['deductor', 'deductor.pan', `rows.${rows.r4}`]);
    expect(body.details[2]!.message).toBe(
      'Row DOC-r4 (Kiran Kumar, section 194J(b), 2024-06, tax ₹10,000.00) is not allocated to a challan.',
    );
  });

  it('refuses deductor details that are not valid, field by field', async () => {
    const refused = await call('PUT', '/tds-payable/return-deductor', {
      ...DEDUCTOR,
      pin: '40009',
      tan: 'MUM1',
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.json)).toMatch(/PIN code must be 6 digits/);
    expect(JSON.stringify(refused.json)).toMatch(/TAN must be 4 letters, 5 digits and a letter/);
  });

  it('writes the return the reader reads back: challans, their rows and the deductor', async () => {
    await ok('PUT', '/tds-payable/return-deductor', DEDUCTOR);
    expect(
      (await ok<{ deductor: { tan: string } }>('GET', '/tds-payable/return-deductor')).deductor.tan,
    ).toBe('MUMD12345E');
    await t.server.ctx.database.pool.query("UPDATE legal_entities SET pan = 'AABCD1234E' WHERE id = $1", [
      entityId,
    ]);
    await createChallan('C3', {
      month: '2024-06',
      section: '194J',
      sub: 'b',
      type: 'others',
      date: '2024-07-05',
      serial: '7',
      tax: '10000',
    });
    await ok('POST', '/tds-payable/challan-allocation/24-25/Q1/auto');
    // Why the 34A run chose a row's rate goes into the return as Annexure 6's
    // remark: r4 under a lower deduction certificate (A, with its number), r3
    // at the higher rate for an inoperative PAN (C).
    const pool = t.server.ctx.database.pool;
    await pool.query(`UPDATE payable_entries SET rate_basis = 'LDC' WHERE id = $1`, [rows.r4]);
    await pool.query(`UPDATE payable_entries SET rate_basis = '206AA' WHERE id = $1`, [rows.r3]);
    await pool.query(
      `INSERT INTO ldc_certificates (entity_id, certificate_number, pan_number, section_number, sub_section, rate,
         amount_limit, valid_from, valid_to)
       VALUES ($1, 'OLD/2023/0007', 'ABCPK7788L', '194J', 'b', 2, 500000, '2023-04-01', '2024-03-31'),
              ($1, 'LDC/2024/0042', 'ABCPK7788L', '194J', 'b', 2, 500000, '2024-04-01', '2025-03-31'),
              ($1, 'LDC/2024/0043', 'ABCPK7788L', '194C', NULL, 1, 500000, '2024-04-01', '2025-03-31')`,
      [entityId],
    );
    const answer = await call('GET', route);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect(answer.headers.get('content-disposition')).toBe(
      'attachment; filename="26Q-MUMD12345E-2024-25-Q1.txt"',
    );
    const { value, errors } = read26qFvu(answer.json as string);
    expect(errors).toEqual([]);
    expect(value).toMatchObject({
      tan: 'MUMD12345E',
      pan: 'AABCD1234E',
      financialYear: '2024-25',
      quarter: 'Q1',
      deductor: { name: 'DEMO INDUSTRIES PRIVATE LIMITED', address3: 'MUMBAI', state: '19', pin: '400093' },
      responsible: { name: 'ASHA RAO', pan: 'ABCPR1234K', mobile: '9820000000' },
    });
    const shape = value!.challans.map((c) => [
      c.bsrCode,
      c.serial,
      c.depositedOn,
      c.tax,
      c.minorHead,
      c.deductees.map((d) => [
        d.pan,
        d.name,
        d.section,
        d.deducteeCode,
        d.deducted,
        d.amountPaid,
        d.rate,
        d.remark,
        d.certificate,
      ]),
    ]);
    expect(shape).toEqual([
      [
        '0510308',
        '00101',
        '2024-05-07',
        2_500_00,
        '200',
        [
          ['AAACN3456D', 'NOVA FREIGHT LTD', '94C', '01', 2_000_00, 1_00_000_00, 20000, '', undefined],
          ['AAACB2345C', 'BRIGHT LOGISTICS LTD', '94C', '01', 500_00, 25_000_00, 20000, 'C', undefined],
        ],
      ],
      [
        '0510308',
        '00102',
        '2024-06-07',
        1_000_00,
        '200',
        [['AAACB2345C', 'BRIGHT LOGISTICS LTD', '94C', '01', 1_000_00, 50_000_00, 20000, '', undefined]],
      ],
      [
        '0510308',
        '00007',
        '2024-07-05',
        10_000_00,
        '200',
        [['ABCPK7788L', 'KIRAN KUMAR', '4JB', '02', 10_000_00, 1_00_000_00, 100000, 'A', 'LDC/2024/0042']],
      ],
    ]);
  });

  it('writes a row only partly under a certificate as two deductee records, the certificate part with remark A', async () => {
    // ₹60,000 of the ₹1,00,000 at the certificate's 2% (₹1,200), the rest at
    // 10% (₹4,000); ₹5,000 deducted is shared as the two parts were due.
    await t.server.ctx.database.pool.query(
      `UPDATE payable_entries SET rate_basis = 'LDC+normal', rate = 2, ldc_taxable = 60000, normal_rate = 10,
         due = 5200, deducted = 5000 WHERE id = $1`,
      [rows.r4],
    );
    const answer = await call('GET', route);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const { value, errors } = read26qFvu(answer.json as string);
    expect(errors).toEqual([]);
    const c3 = value!.challans.find((c) => c.serial === '00007')!;
    expect(
      c3.deductees.map((d) => [
        d.pan,
        d.section,
        d.amountPaid,
        d.deducted,
        d.deposited,
        d.rate,
        d.remark,
        d.certificate,
      ]),
    ).toEqual([
      // 5,000 x 1,200 / 5,200 = 1,153.846... -> ₹1,153.85; the rest ₹3,846.15
      ['ABCPK7788L', '4JB', 60_000_00, 1_153_85, 1_153_85, 20000, 'A', 'LDC/2024/0042'],
      ['ABCPK7788L', '4JB', 40_000_00, 3_846_15, 3_846_15, 100000, '', undefined],
    ]);
    expect(value!.challans.flatMap((c) => c.deductees)).toHaveLength(5);
  });

  it('a challan deleted sends its rows back to unallocated', async () => {
    const deleted = await call('DELETE', `/tds-payable/tds-payable-challan/delete/${challans.C3}`);
    expect(deleted.status, JSON.stringify(deleted.json)).toBe(200);
    const a = await allocation();
    expect(rowOf(a, 'r4').challanId).toBeNull();
    expect((await call('GET', route)).status).toBe(422);
  });
});

describe('another entity', () => {
  it('sees none of the allocation and cannot move the rows', async () => {
    const home = (await call('GET', '/entities')).json as {
      id: string;
      subGroupId: string;
      current: boolean;
    }[];
    const current = home.find((x) => x.current)!;
    const other = (await call('PUT', '/legal-entity', { name: 'Other Branch', panNumber: 'AABCO1234Q' }))
      .json as {
      id: string;
      subGroupId: string;
    };
    expect((await call('PUT', `/entity/${other.id}/${other.subGroupId}`)).status).toBe(200);
    try {
      expect((await allocation()).groups).toEqual([]);
      expect((await move('r2', null)).status).toBe(404);
      expect((await ok<{ deductor: unknown }>('GET', '/tds-payable/return-deductor')).deductor).toBeNull();
      expect((await call('GET', '/tds-payable/download-26q-fvu/24-25/Q1')).status).toBe(422);
    } finally {
      await call('PUT', `/entity/${current.id}/${current.subGroupId}`);
    }
    expect(rowOf(await allocation(), 'r2').challanId).toBe(challans.C1);
  });
});

// A 34A run over all vendors (or deleting the latest run) deletes the year's
// entries of unverified months. challan_allocations has no foreign key to its
// entry (migration 031): the allocations must go in the same call, and a
// verified month's must stay.
describe("a 34A run's replaced entries", () => {
  it('take their allocations with them; a verified month keeps its rows and allocations', async () => {
    const pool = t.server.ctx.database.pool;
    const before = await allocation();
    const onR3 = rowOf(before, 'r3').challanId!;
    expect(onR3).not.toBeNull();
    const allocationsOf = async () =>
      (
        await pool.query<{ entry_id: string }>(
          'SELECT entry_id::text FROM challan_allocations WHERE entity_id = $1 ORDER BY entry_id',
          [entityId],
        )
      ).rows.map((r) => r.entry_id);
    expect(await allocationsOf()).toEqual([rows.r1, rows.r2, rows.r3].sort());
    await pool.query(
      `INSERT INTO payable_month_states (entity_id, financial_year, month, computed, verified)
       VALUES ($1, '2024-25', '2024-04', true, true)
       ON CONFLICT (entity_id, financial_year, month) DO UPDATE SET verified = true`,
      [entityId],
    );
    const verified = await verifiedMonths(pool, entityId, '2024-25');
    expect(verified).toEqual(['2024-04']);
    // r3 (May), r4 (June) and r5 (July) go; r1 and r2 (April) stay
    expect(await deleteUnverifiedEntries(pool, entityId, '2024-25', verified)).toBe(3);
    expect(await allocationsOf()).toEqual([rows.r1, rows.r2].sort());
    const after = await allocation();
    for (const kept of ['r1', 'r2']) expect(rowOf(after, kept).challanId).toBe(rowOf(before, kept).challanId);
    expect(rowOf(after, 'r3')).toBeUndefined();
    // r3's tax (500) no longer counts against the challan it was on
    const challanAfter = after.groups.flatMap((g) => g.challans).find((c) => c.id === onR3)!;
    const challanBefore = before.groups.flatMap((g) => g.challans).find((c) => c.id === onR3)!;
    expect(Number(challanBefore.allocated) - Number(challanAfter.allocated)).toBe(500);
  });
});

// What a run over all vendors does to the entries it computes again:
// keepAllocations, deleteUnverifiedEntries, its COPY, restoreAllocations, in
// one transaction (payable/runs/job.ts writeRun).
describe('a 34A run that computes an entry again unchanged', () => {
  it('carries its allocation, by whom and when, to the new row; a changed row starts unallocated', async () => {
    const pool = t.server.ctx.database.pool;
    await pool.query(
      "UPDATE payable_month_states SET verified = false WHERE entity_id = $1 AND financial_year = '2024-25'",
      [entityId],
    );
    const before = await allocation();
    const r1 = rowOf(before, 'r1');
    expect(r1.challanId).not.toBeNull();
    expect(rowOf(before, 'r2').challanId).not.toBeNull();
    const allocatedBy = async (entry: string) =>
      (
        await pool.query<{ who: string; at: string; source: string }>(
          'SELECT allocated_by_login AS who, allocated_at::text AS at, source FROM challan_allocations WHERE entry_id = $1',
          [entry],
        )
      ).rows[0];
    const r1Was = await allocatedBy(rows.r1!);
    const job = randomUUID();
    const restored = await withTransaction(pool, async (client) => {
      await client.query(
        'CREATE TEMP TABLE old_rows ON COMMIT DROP AS SELECT * FROM payable_entries WHERE entity_id = $1::uuid',
        [entityId],
      );
      await keepAllocations(client, entityId, '2024-25', []);
      expect(await deleteUnverifiedEntries(client, entityId, '2024-25', [])).toBe(2);
      // the run's rows: r1 as it was, r2 with Rs 100 less deducted
      await client.query(
        `INSERT INTO payable_entries (entity_id, financial_year, job_id, file, line, ref, document_date, month,
           recognised_month, vendor_code, pan, section, section_number, sub_section, deductee_type, return_form, base,
           taxable, rate, liable, due, deducted, interest, status, reason)
         SELECT entity_id, financial_year, $1, file, line, ref, document_date, month, recognised_month, vendor_code,
           pan, section, section_number, sub_section, deductee_type, return_form, base, taxable, rate, liable, due,
           CASE WHEN ref = 'DOC-r2' THEN deducted - 100 ELSE deducted END, interest, status, reason
         FROM old_rows ORDER BY id`,
        [job],
      );
      return restoreAllocations(client, entityId, '2024-25', job);
    });
    expect(restored).toBe(1);
    for (const r of (
      await pool.query<{ id: string; ref: string }>(
        'SELECT id::text, ref FROM payable_entries WHERE job_id = $1',
        [job],
      )
    ).rows)
      rows[r.ref.replace('DOC-', '')] = r.id;
    const after = await allocation();
    expect(rowOf(after, 'r1').challanId).toBe(r1.challanId);
    expect(await allocatedBy(rows.r1!)).toEqual(r1Was);
    expect(rowOf(after, 'r2').challanId).toBeNull();
    expect(rowOf(after, 'r2').deducted).toBe('1900.00');
  });
});
