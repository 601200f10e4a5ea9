import type { ReturnDeductor, VendorSectionMapping } from '@taxrecon/contracts';
import { read26qFvu } from '@taxrecon/formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, eventually, startTestServer, type TestServer } from '../../testing/test-server.ts';
import { insertExpenseSections, insertPayableVendors, storeExpenseLedger } from '../demo/payable-demo.ts';
import { mapLedgerHeaders } from '../payable/ledger-read.ts';

// Why a vendor is exempt reaches the 26Q (docs/decisions.md session 39): a
// vendor section mapping saved with reason T (a transporter's declaration
// under 194C(6)), a 34A run of April 2024 over a ledger of freight bills with
// nothing deducted, and Q1's 26Q text file, where those bills are DD rows of
// the nil challan with remark T, rate 0.0000 and nothing deducted or
// deposited. An exempt vendor whose mapping records no reason stays out of
// the file, as before. Then the mapping file upload: a reason without the
// exemption, or T under 194J, is refused naming the line and the column.
//   TR1 Ganesh Roadways, individual ABCPG1234K, 194C exempt, reason T:
//       02 Apr 40,000 and 20 Apr 35,000.50, nothing deducted
//   TR2 Laxmi Carriers, individual ABCPL5678M, 194C exempt, no reason: 10 Apr 45,000

let t: TestServer;
let token: string;
let entityId: string;
const vendorIds: Record<string, string> = {};

const call = (method: string, route: string, body?: unknown) =>
  t.api(method, route, { token, ...(body === undefined ? {} : { body }) });

const DEDUCTOR: ReturnDeductor = {
  tan: 'PNEA12345B',
  name: 'Example Logistics Private Limited',
  branch: 'Pune',
  address1: 'Plot 4, MIDC',
  address2: 'Bhosari',
  city: 'Pune',
  stateCode: '19',
  pin: '411026',
  email: 'accounts@example.in',
  phone: '2027120000',
  deductorType: 'K',
  responsibleName: 'A K Joshi',
  responsibleDesignation: 'Director',
  responsiblePan: 'ABCPJ1234K',
  responsibleMobile: '9820000000',
};

const LEDGER = `${[
  'documentNumber\tdocumentType\tdocumentDate\tpostingDate\tglCode\tdocumentDescription\tvendorCode\tbaseAmount\ttdsAmount\ttanNumber',
  'FR-1\tKR\t2024-04-02\t2024-04-02\t420100\tfreight inward\tTR1\t40000.00\t0.00\tPNEA12345B',
  'FR-2\tKR\t2024-04-10\t2024-04-10\t420100\tfreight inward\tTR2\t45000.00\t0.00\tPNEA12345B',
  'FR-3\tKR\t2024-04-20\t2024-04-20\t420100\tfreight inward\tTR1\t35000.50\t0.00\tPNEA12345B',
].join('\r\n')}\r\n`;

const saveMapping = (body: Record<string, unknown>) =>
  call('POST', '/master-data-management/vendor-section-mapping', body);

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
  await pool.query("UPDATE legal_entities SET pan = 'AABCE1234F' WHERE id = $1", [entityId]);
  await insertPayableVendors(pool, entityId, [
    {
      vendorCode: 'TR1',
      vendorName: 'Ganesh Roadways',
      pan: 'ABCPG1234K',
      vendorType: 'Personal',
      resident: true,
      compliance206AB: false,
      aadhaarPanLink: 'Operative',
    },
    {
      vendorCode: 'TR2',
      vendorName: 'Laxmi Carriers',
      pan: 'ABCPL5678M',
      vendorType: 'Personal',
      resident: true,
      compliance206AB: false,
      aadhaarPanLink: 'Operative',
    },
  ]);
  for (const v of (
    await pool.query<{ id: string; vendor_code: string }>(
      'SELECT id, vendor_code FROM vendors WHERE entity_id = $1',
      [entityId],
    )
  ).rows)
    vendorIds[v.vendor_code] = v.id;
  await insertExpenseSections(pool, entityId, [
    {
      expenseKey: '420100',
      description: 'Freight',
      section: '194C',
      expenseType: null,
      tdsExempted: false,
      from: null,
      to: null,
    },
  ]);
  await storeExpenseLedger(
    t.server.ctx,
    { tenantId: admin.tenant_id, entityId, userId: admin.id, login: admin.login },
    '2024-25',
    '2024-04',
    'freight_2024-04.txt',
    Buffer.from(LEDGER, 'utf8'),
  );
});

afterAll(async () => {
  await t?.close();
});

describe("a vendor section mapping's reason for exemption", () => {
  it('is saved with the mapping and answered back; one without a reason stays valid', async () => {
    const saved = await saveMapping({
      vendorId: vendorIds.TR1,
      sectionNumber: '194C',
      tdsExempted: true,
      tdsExemptionReason: 't',
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect((saved.json as { mapping: VendorSectionMapping }).mapping).toMatchObject({
      tdsExempted: true,
      tdsExemptionReason: 'T',
    });
    const plain = await saveMapping({ vendorId: vendorIds.TR2, sectionNumber: '194C', tdsExempted: true });
    expect(plain.status, JSON.stringify(plain.json)).toBe(200);
    expect((plain.json as { mapping: VendorSectionMapping }).mapping.tdsExemptionReason).toBeNull();
  });

  it('is refused without the exemption, T outside 194C and B outside the 15G/15H sections', async () => {
    const refused = async (body: Record<string, unknown>, pattern: RegExp) => {
      const answer = await saveMapping({ vendorId: vendorIds.TR2, ...body });
      expect(answer.status, JSON.stringify(answer.json)).toBe(400);
      expect(JSON.stringify(answer.json)).toMatch(pattern);
    };
    await refused(
      { sectionNumber: '194C', tdsExempted: false, tdsExemptionReason: 'T' },
      /needs TDS exempted/,
    );
    await refused(
      { sectionNumber: '194J', subSection: 'b', tdsExempted: true, tdsExemptionReason: 'T' },
      /T \(transporter's declaration under 194C\(6\)\) is for section 194C only/,
    );
    await refused(
      { sectionNumber: '194C', tdsExempted: true, tdsExemptionReason: 'B' },
      /B \(declaration under section 197A \(Form 15G\/15H\)\) is for sections 192A, 193, 194, 194A/,
    );
    await refused({ sectionNumber: '194C', tdsExempted: true, tdsExemptionReason: 'Q' }, /B \(15G\/15H\)/);
    // a 15G under 194A and a notified payee under any section are fine
    const b = await saveMapping({
      vendorId: vendorIds.TR2,
      sectionNumber: '194A',
      tdsExempted: true,
      tdsExemptionReason: 'B',
    });
    expect(b.status, JSON.stringify(b.json)).toBe(200);
    const mapping = (b.json as { mapping: VendorSectionMapping }).mapping;
    expect(
      (await call('DELETE', `/master-data-management/vendor-section-mapping/${mapping.id}`)).status,
    ).toBe(200);
  });
});

describe('the 34A run and the 26Q', () => {
  it('keeps T on the exempt entries and reports them under the nil challan with remark T', async () => {
    expect((await call('PUT', '/tds-payable/return-deductor', DEDUCTOR)).status).toBe(200);
    const headers = LEDGER.slice(0, LEDGER.indexOf('\r\n')).split('\t');
    const mapping: Record<string, string> = {};
    for (const [field, index] of Object.entries(mapLedgerHeaders(headers)))
      if (index !== undefined) mapping[headers[index]!] = field;
    const submitted = await call('PUT', '/job/34a-reconciliation/24-25', {
      mappingDefinitions: mapping,
      customCalculationRules: [],
      vendors: [],
      month: '2024-04',
    });
    expect(submitted.status, JSON.stringify(submitted.json)).toBe(200);
    const jobId = (submitted.json as { jobId: string }).jobId;
    await t.server.ctx.jobs.work();
    await eventually(async () => {
      const job = (await call('GET', `/job/${jobId}`)).json as { status: string; failureReason: string };
      if (job.status === 'Failed') throw new Error(`34A failed: ${job.failureReason}`);
      return job.status === 'Completed' ? job : null;
    }, 60_000);

    const entries = (
      await t.server.ctx.database.pool.query<{
        ref: string;
        status: string;
        exempt_reason: string | null;
        reason: string;
      }>('SELECT ref, status, exempt_reason, reason FROM payable_entries WHERE entity_id = $1 ORDER BY ref', [
        entityId,
      ])
    ).rows;
    expect(entries.map((e) => [e.ref, e.status, e.exempt_reason])).toEqual([
      ['FR-1', 'exempt', 'T'],
      ['FR-2', 'exempt', null],
      ['FR-3', 'exempt', 'T'],
    ]);
    expect(entries[0]!.reason).toContain("exempt: transporter's declaration under 194C(6) (T)");

    const answer = await call('GET', '/tds-payable/download-26q-fvu/24-25/Q1');
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const text = answer.json as string;
    const { value, errors } = read26qFvu(text);
    expect(errors).toEqual([]);
    // only the nil challan: nothing was deducted in the quarter
    expect(value!.challans).toHaveLength(1);
    const nil = value!.challans[0]!;
    expect(nil).toMatchObject({ bsrCode: '', serial: '', tax: 0, depositedOn: '2024-06-30' });
    expect(nil.deductees.map((d) => [d.pan, d.paidOn, d.amountPaid, d.remark])).toEqual([
      ['ABCPG1234K', '2024-04-02', 40_000_00, 'T'],
      ['ABCPG1234K', '2024-04-20', 35_000_50, 'T'],
    ]);
    for (const d of nil.deductees)
      expect(d).toMatchObject({ deducted: 0, deposited: 0, rate: 0, deductedOn: '', section: '94C' });
    const dd = text.split('\r\n').filter((l) => l.split('^')[1] === 'DD');
    expect(dd).toHaveLength(2);
    expect(dd.every((l) => l.includes('^0.0000^') && l.split('^').includes('T'))).toBe(true);
    // the exempt vendor whose mapping records no reason is not in the file
    expect(text).not.toContain('ABCPL5678M');
  });
});

describe('the vendor section mapping file', () => {
  const header =
    'vendorCode\tsectionNumber\tsubSection\ttdsExempted\ttdsExemptedFromDate\ttdsExemptedToDate\ttdsExemptionReason\tltdcApplied';
  const upload = (content: string) =>
    t.upload('/ingest/ingest-vendor-section-mapping', { token, files: [{ name: 'vsm.txt', content }] });

  it('refuses a reason without the exemption and T under 194J, naming the line and the column', async () => {
    const refused = await upload(
      `${header}\nTR2\t194C\t\tFalse\t\t\tT\tFalse\nTR2\t194J\tb\tTrue\t\t\tT\tFalse\nTR1\t194C\t\tTrue\t\t\tX\tFalse\n`,
    );
    expect(refused.status, JSON.stringify(refused.json)).toBe(400);
    const body = refused.json as { message: string; details: { path: string; message: string }[] };
    expect(body.message).toMatch(/^vsm\.txt: 3 line\(s\) cannot be used, so nothing was loaded\./);
    expect(body.details.map((d) => d.path)).toEqual([
      'line 4, tdsExemptionReason',
      'line 2, tdsExemptionReason',
      'line 3, tdsExemptionReason',
    ]);
    const byLine = (n: number) => body.details.find((d) => d.path.startsWith(`line ${n},`))!.message;
    expect(byLine(2)).toMatch(
      /Line 2, column tdsExemptionReason: a reason for exemption \(T\) needs TDS exempted/,
    );
    expect(byLine(3)).toMatch(
      /Line 3, column tdsExemptionReason: T .* is for section 194C only, not 194J\(b\)/,
    );
    expect(byLine(4)).toMatch(/Line 4, column tdsExemptionReason: .*"X"/);
  });

  it('loads good lines: a reason added to the mapping of the same vendor and section', async () => {
    const loaded = await upload(`${header}\nTR2\t194C\t\tTrue\t\t\tZ\tFalse\n`);
    expect(loaded.status, JSON.stringify(loaded.json)).toBe(200);
    expect((loaded.json as { message: string }).message).toMatch(
      /0 vendor section mapping\(s\) added and 1 changed/,
    );
    const list = (await call('GET', `/master-data-management/vendorSectionMapping/${vendorIds.TR2}`))
      .json as VendorSectionMapping[];
    expect(list.map((m) => [m.sectionNumber, m.tdsExempted, m.tdsExemptionReason])).toEqual([
      ['194C', true, 'Z'],
    ]);
  });
});
