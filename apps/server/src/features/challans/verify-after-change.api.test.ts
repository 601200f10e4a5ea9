import { randomUUID } from 'node:crypto';
import type { ChallanList, MonthVerification } from '@taxrecon/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from '../../testing/test-server.ts';

// A month is verified when its challans cover the tax deducted on every line
// (and its 34A results are then locked). What was verified is the month's
// challans and the rows allocated to them: a change to either afterwards (a
// challan added, edited or deleted; rows allocated, moved or unallocated)
// clears the verification, says what changed, when and by whom, and the month
// stays unverified until the user verifies it again. The 34A result is written
// as the 34A job writes it (as challan-rules.api.test.ts does); challans and
// allocations go through their calls. Hand-worked, all 194C company, Q3 2024-25:
//   October: r1 05 Oct 700, r2 20 Oct 300 = 1,000 deducted; C1 deposited 07 Nov, tax 1,000
//   November: r3 10 Nov 300 deducted; C2 deposited 07 Dec, tax 600

let t: TestServer;
let token: string;
let entityId: string;
let runId: string;
const rows: Record<string, string> = {};
const challans: Record<string, string> = {};

const call = (method: string, route: string, body?: unknown) =>
  t.api(method, route, { token, ...(body === undefined ? {} : { body }) });
const ok = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
  const a = await call(method, route, body);
  if (a.status !== 200) throw new Error(`${method} ${route}: ${a.status} ${JSON.stringify(a.json)}`);
  return a.json as T;
};

const lineOf = (month: string) =>
  ok<ChallanList>('GET', `/tds-payable/tds-payable-challans/${month}/194C/company?subsection=`);
const verification = async (month: string) => {
  const list = await lineOf(month);
  return { verified: list.monthVerified, ...list.monthVerification } as MonthVerification & {
    verified: boolean;
  };
};
const monthsList = async () =>
  ok<{ month: string; verified: boolean }[]>('GET', '/tds-payable/months?financialYear=24-25');
const verifyAgain = (month: string) => ok('POST', `/tds-payable/month-verification/${month}`);

const createChallan = async (
  name: string,
  o: { serial: string; month: string; date: string; tax: string },
) => {
  await ok('POST', '/tds-payable/tds-payable-challan/create', {
    challanSerialNumber: o.serial,
    dateOfDeposit: o.date,
    bsrCode: '0510308',
    tanNumber: 'MUMD12345E',
    taxAmount: o.tax,
    monthYear: o.month,
    section: '194C',
    subsection: '',
    deducteeType: 'company',
  });
  challans[name] = (await lineOf(o.month)).challans.find((c) => c.challanSerialNumber === o.serial)!.id;
};

const entry = async (name: string, date: string, deducted: string) => {
  rows[name] = (
    await t.server.ctx.database.pool.query<{ id: string }>(
      `INSERT INTO payable_entries (entity_id, financial_year, job_id, file, line, ref, document_date, month,
         recognised_month, vendor_code, pan, section, section_number, sub_section, deductee_type, return_form,
         base, taxable, rate, liable, due, deducted, interest, status, reason)
       VALUES ($1, '2024-25', $2, 'ledger.csv', 1, $3, $4::date, substr($4::text, 1, 7), substr($4::text, 1, 7),
         'V-VF', 'AAACV1234F', '194C', '194C', '', 'company', '26Q', $5::numeric * 50, $5::numeric * 50, 2,
         true, $5, $5, 0, 'OK', 'test')
       RETURNING id::text`,
      [entityId, randomUUID(), `DOC-${name}`, date, deducted],
    )
  ).rows[0]!.id;
};

const monthRow = (month: string, deducted: string) =>
  t.server.ctx.database.pool.query(
    `INSERT INTO payable_months (job_id, entity_id, financial_year, month, section, section_number, sub_section,
       deductee_type, tan, entries, base, due, deducted, shortfall, interest)
     VALUES ($1, $2, '2024-25', $3, '194C', '194C', '', 'company', 'MUMD12345E', 1, 0, $4, $4, 0, 0)`,
    [runId, entityId, month, deducted],
  );

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
     VALUES ($1, $2, '2024-25', '2024-12', '{}'::jsonb, 'Completed', 'audit', now())`,
    [runId, entityId],
  );
  await pool.query(
    `INSERT INTO vendors (entity_id, vendor_code, vendor_name, pan_number) VALUES ($1, 'V-VF', 'Verify Freight Ltd', 'AAACV1234F')`,
    [entityId],
  );
  await monthRow('2024-10', '1000');
  await monthRow('2024-11', '300');
  await entry('r1', '2024-10-05', '700');
  await entry('r2', '2024-10-20', '300');
  await entry('r3', '2024-11-10', '300');
});

afterAll(async () => {
  await t?.close();
});

describe('a change to a verified month clears its verification', () => {
  it('verifies October once C1 covers it, naming who and when', async () => {
    await createChallan('C1', { serial: '701', month: '2024-10', date: '2024-11-07', tax: '1000' });
    const v = await verification('2024-10');
    expect(v).toMatchObject({ verified: true, verifiedBy: ADMIN.email, cleared: null, covered: true });
    expect(v.verifiedAt).not.toBeNull();
    expect((await monthsList()).find((m) => m.month === '2024-10')?.verified).toBe(true);
  });

  it('an edit that still covers the month clears it; the month says why; only the user verifies it again', async () => {
    const before = await verification('2024-10');
    const c1 = (await lineOf('2024-10')).challans[0]!;
    await ok('PUT', '/tds-payable/tds-payable-challan/update', {
      ...c1,
      bsrCode: '0510309',
      fee: '',
      surcharge: '',
      educationCess: '',
      interest: '',
      penalty: '',
      others: '',
      section: '194C',
      subsection: '',
      deducteeType: 'company',
    });
    const after = await verification('2024-10');
    expect(after).toMatchObject({
      verified: false,
      verifiedAt: null,
      covered: true,
      cleared: {
        because: 'challan 0510308/701 of 07 Nov 2024 edited',
        by: ADMIN.email,
        verifiedAt: before.verifiedAt,
      },
    });
    expect((await monthsList()).find((m) => m.month === '2024-10')?.verified).toBe(false);
    // another deposit does not verify it behind the user's back
    await createChallan('C1b', { serial: '702', month: '2024-10', date: '2024-11-07', tax: '50' });
    expect((await verification('2024-10')).verified).toBe(false);
    await verifyAgain('2024-10');
    expect(await verification('2024-10')).toMatchObject({
      verified: true,
      verifiedBy: ADMIN.email,
      cleared: null,
    });
  });

  it('adding or deleting a challan of a verified month clears it', async () => {
    await createChallan('C1c', { serial: '703', month: '2024-10', date: '2024-11-08', tax: '25' });
    expect((await verification('2024-10')).cleared?.because).toBe('challan 0510308/703 of 08 Nov 2024 added');
    await verifyAgain('2024-10');
    await ok('DELETE', `/tds-payable/tds-payable-challan/delete/${challans.C1c}`);
    expect(await verification('2024-10')).toMatchObject({
      verified: false,
      cleared: { because: 'challan 0510308/703 of 08 Nov 2024 deleted', by: ADMIN.email },
    });
    await verifyAgain('2024-10');
    await ok('DELETE', `/tds-payable/tds-payable-challan/delete/${challans.C1b}`);
    await verifyAgain('2024-10');
  });

  it('locking a challan or attaching its image changes nothing that was verified', async () => {
    await ok('PUT', `/tds-payable/tds-payable-challan/lock/${challans.C1}`, { locked: true });
    await ok('PUT', `/tds-payable/tds-payable-challan/lock/${challans.C1}`, { locked: false });
    await ok('POST', `/tds-payable/tds-payable-challan/uploadChallan/${challans.C1}`, {
      imageUrl: `data:image/png;base64,${Buffer.from('counterfoil').toString('base64')}`,
    });
    expect((await verification('2024-10')).verified).toBe(true);
  });

  it('automatic allocation of a verified month’s rows clears it', async () => {
    await createChallan('C2', { serial: '801', month: '2024-11', date: '2024-12-07', tax: '600' });
    expect((await verification('2024-11')).verified).toBe(true);
    await ok('POST', '/tds-payable/challan-allocation/24-25/Q3/auto');
    const allocated = await t.server.ctx.database.pool.query<{ entry_id: string; challan_id: string }>(
      'SELECT entry_id::text, challan_id::text FROM challan_allocations WHERE entity_id = $1 ORDER BY entry_id',
      [entityId],
    );
    // r1 and r2 to C1 (deposited after them), r3 to C2
    expect(allocated.rows).toEqual([
      { entry_id: rows.r1, challan_id: challans.C1 },
      { entry_id: rows.r2, challan_id: challans.C1 },
      { entry_id: rows.r3, challan_id: challans.C2 },
    ]);
    for (const month of ['2024-10', '2024-11'])
      expect(await verification(month)).toMatchObject({
        verified: false,
        cleared: { because: '3 rows of Q3 allocated automatically', by: ADMIN.email },
      });
    await verifyAgain('2024-10');
    await verifyAgain('2024-11');
    // nothing left to allocate: nothing changed, nothing cleared
    await ok('POST', '/tds-payable/challan-allocation/24-25/Q3/auto');
    expect((await verification('2024-10')).verified).toBe(true);
  });

  it('unallocating a row clears its month and its challan’s', async () => {
    await ok('PUT', '/tds-payable/challan-allocation/move', { entryId: rows.r2, challanId: null });
    expect(await verification('2024-10')).toMatchObject({
      verified: false,
      cleared: {
        because: 'a row (DOC-r2) of October 2024 unallocated from challan 0510309/701 of 07 Nov 2024',
      },
    });
    expect((await verification('2024-11')).verified).toBe(true);
    await verifyAgain('2024-10');
  });

  it('allocating a row of October to a November challan clears both months', async () => {
    await ok('PUT', '/tds-payable/challan-allocation/move', { entryId: rows.r2, challanId: challans.C2 });
    for (const month of ['2024-10', '2024-11'])
      expect(await verification(month)).toMatchObject({
        verified: false,
        cleared: {
          because: 'a row (DOC-r2) of October 2024 allocated to challan 0510308/801 of 07 Dec 2024',
        },
      });
    await verifyAgain('2024-10');
    await verifyAgain('2024-11');
    // the same challan again is no change
    await ok('PUT', '/tds-payable/challan-allocation/move', { entryId: rows.r2, challanId: challans.C2 });
    expect((await verification('2024-10')).verified).toBe(true);
  });

  it('deleting a challan clears the months of the rows it paid, and a month not covered cannot be verified', async () => {
    await ok('DELETE', `/tds-payable/tds-payable-challan/delete/${challans.C2}`);
    // C2 paid r2 (October) and r3 (November)
    for (const month of ['2024-10', '2024-11'])
      expect((await verification(month)).cleared?.because).toBe('challan 0510308/801 of 07 Dec 2024 deleted');
    expect((await verification('2024-11')).covered).toBe(false);
    const refused = await call('POST', '/tds-payable/month-verification/2024-11');
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({
      code: 'MONTH_NOT_COVERED',
      message:
        'November 2024 cannot be verified: the challans do not cover the tax deducted on 1 line (194C company: ₹0.00 deposited of ₹300.00 deducted).',
    });
    expect((await verification('2024-11')).verified).toBe(false);
    await verifyAgain('2024-10');
  });
});

describe('entity boundaries', () => {
  it("another entity can neither verify nor change this entity's months", async () => {
    const created = await t.api('PUT', '/legal-entity', { token, body: { name: 'Verify Branch' } });
    const other = created.json as { id: string; subGroupId: string };
    const entities = (await t.api('GET', '/entities', { token })).json as {
      id: string;
      subGroupId: string;
    }[];
    const home = entities.find((e) => e.id !== other.id)!;
    await ok('PUT', `/entity/${other.id}/${other.subGroupId}`);
    try {
      expect((await call('POST', '/tds-payable/month-verification/2024-11')).status).toBe(409);
      expect(
        (await call('PUT', '/tds-payable/challan-allocation/move', { entryId: rows.r1, challanId: null }))
          .status,
      ).toBe(404);
      expect((await call('DELETE', `/tds-payable/tds-payable-challan/delete/${challans.C1}`)).status).toBe(
        404,
      );
    } finally {
      await ok('PUT', `/entity/${home.id}/${home.subGroupId}`);
    }
    expect((await verification('2024-10')).verified).toBe(true);
    expect((await verification('2024-11')).verified).toBe(false);
  });
});
