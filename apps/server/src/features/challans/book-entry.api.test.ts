import { randomUUID } from 'node:crypto';
import type { ChallanList, QuarterChallanSummary, ReturnDeductor } from '@taxrecon/contracts';
import { read26qFvu } from '@taxrecon/formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, currentEntityId, startTestServer, type TestServer } from '../../testing/test-server.ts';

// A government deductor's deposit by book entry (transfer voucher, Form 24G)
// through the API (docs/decisions.md session 41): refused for any other
// deductor, its own numbers and messages, identity per deposit mode, and the
// 26Q's challan record of it. Hand-computed: one May 194C company row of
// 2,500 tax, paid by voucher 24G 7654321 / DDO 42 of 31 May 2024.

let t: TestServer;
let token: string;
let entityId: string;

const call = (method: string, route: string, body?: unknown) =>
  t.api(method, route, { token, ...(body === undefined ? {} : { body }) });
const messageOf = (a: { json: unknown }) => (a.json as { message?: string } | null)?.message;

const CREATE = '/tds-payable/tds-payable-challan/create';
const UPDATE = '/tds-payable/tds-payable-challan/update';
const DEDUCTOR_ROUTE = '/tds-payable/return-deductor';
const line = { monthYear: '2024-05', section: '194C', subsection: '', deducteeType: 'company' };
const listRoute = `/tds-payable/tds-payable-challans/${line.monthYear}/${line.section}/${line.deducteeType}?subsection=`;
const voucher = {
  depositMode: 'book_entry',
  bsrCode: '7654321',
  challanSerialNumber: '42',
  dateOfDeposit: '2024-05-31',
  tanNumber: 'DELS12345C',
  taxAmount: '2500',
  ...line,
};
const listed = async () => {
  const a = await call('GET', listRoute);
  expect(a.status, JSON.stringify(a.json)).toBe(200);
  return (a.json as ChallanList).challans;
};

const DEDUCTOR: ReturnDeductor = {
  tan: 'DELS12345C',
  name: 'Office of the Accountant General',
  branch: 'Treasury',
  address1: 'Room 12, Secretariat',
  address2: 'Civil Lines',
  city: 'Delhi',
  stateCode: '25',
  pin: '110054',
  email: 'ddo@example.gov.in',
  phone: '23960000',
  deductorType: 'K',
  pan: '',
  responsibleName: 'R K Sharma',
  responsibleDesignation: 'DDO',
  responsiblePan: 'ABCPS1234K',
  responsibleMobile: '9810000000',
};
const STATE_GOVERNMENT = { ...DEDUCTOR, deductorType: 'S', pan: 'PANNOTREQD', ain: '123456' };
const saveDeductor = async (d: ReturnDeductor) => {
  const a = await call('PUT', DEDUCTOR_ROUTE, d);
  expect(a.status, JSON.stringify(a.json)).toBe(200);
};

beforeAll(async () => {
  t = await startTestServer({}, { work: false });
  token = await t.login(ADMIN.email, ADMIN.password);
  entityId = await currentEntityId(t);
});

afterAll(async () => {
  await t?.close();
});

describe('deposit by book entry for a deductor that is not a government one', () => {
  it('is refused while no deductor details say the deductor type', async () => {
    const a = await call('POST', CREATE, voucher);
    expect(a.status).toBe(400);
    expect(a.json).toMatchObject({ code: 'BOOK_ENTRY_NOT_GOVERNMENT' });
    expect(messageOf(a)).toBe(
      'Deposit by book entry (transfer voucher) is only for a government deductor (deductor type A, S, D, E, G, H, L, N); no deductor type is given in Deductor details. Enter a bank challan, or correct the deductor type in Deductor details.',
    );
  });

  it('is refused for a company, and nothing is recorded', async () => {
    await saveDeductor(DEDUCTOR);
    const a = await call('POST', CREATE, voucher);
    expect(a.status).toBe(400);
    expect(messageOf(a)).toMatch(/; the deductor is type K \(Company\)\. Enter a bank challan/);
    expect(await listed()).toEqual([]);
  });
});

describe('a transfer voucher of a government deductor', () => {
  it('is created and listed with its Form 24G receipt number, DDO serial number and no minor head', async () => {
    await saveDeductor(STATE_GOVERNMENT);
    const a = await call('POST', CREATE, voucher);
    expect(a.status, JSON.stringify(a.json)).toBe(200);
    expect(await listed()).toMatchObject([
      {
        depositMode: 'book_entry',
        bsrCode: '7654321',
        challanSerialNumber: '42',
        dateOfDeposit: '2024-05-31',
        taxAmount: '2500.00',
        minorHead: '',
      },
    ]);
  });

  it.each<[string, Record<string, unknown>, string]>([
    [
      'a receipt number of five digits',
      { bsrCode: '76543' },
      'Form 24G receipt number must be exactly 7 digits, the receipt number the Accounts Officer gave for Form 24G',
    ],
    ['no receipt number', { bsrCode: '' }, 'Form 24G receipt number is required'],
    ['no DDO serial number', { challanSerialNumber: '' }, 'DDO serial number (Form 24G) is required'],
    [
      'a DDO serial number of letters',
      { challanSerialNumber: 'DDO1' },
      'DDO serial number (Form 24G) must be 1 to 5 digits, the DDO serial number the Accounts Officer gave on Form 24G',
    ],
    ['no voucher date', { dateOfDeposit: '' }, 'Transfer voucher date is required'],
    [
      'a deposit mode no one knows',
      { depositMode: 'cash' },
      "depositMode must be 'challan' (bank challan) or 'book_entry' (transfer voucher)",
    ],
  ])('refuses %s, naming the field', async (_, change, message) => {
    const a = await call('POST', CREATE, { ...voucher, ...change });
    expect(a.status).toBe(400);
    expect(JSON.stringify(a.json)).toContain(message);
  });

  it('is entered once, by receipt number, DDO serial number and date; a bank challan of the same numbers is another', async () => {
    const again = await call('POST', CREATE, { ...voucher, challanSerialNumber: '00042' });
    expect(again.status).toBe(409);
    expect(messageOf(again)).toBe(
      'The transfer voucher with Form 24G receipt number 7654321, DDO serial number 00042 and date 2024-05-31 is already recorded (May 2024, section 194C): a voucher is entered once.',
    );
    const bank = { ...voucher, depositMode: 'challan', monthYear: '2024-06', taxAmount: '1' };
    expect((await call('POST', CREATE, bank)).status).toBe(200);
  });

  it('is edited keeping its deposit mode when the edit does not name one', async () => {
    const [c] = await listed();
    const {
      monthYear: _m,
      section: _s,
      subsection: _u,
      deducteeType: _d,
      depositMode: _x,
      ...fields
    } = voucher;
    const a = await call('PUT', UPDATE, {
      ...fields,
      id: c!.id,
      challanSerialNumber: '43',
      taxAmount: '2500.00',
    });
    expect(a.status, JSON.stringify(a.json)).toBe(200);
    expect(await listed()).toMatchObject([
      { depositMode: 'book_entry', challanSerialNumber: '43', minorHead: '' },
    ]);
    const back = await call('PUT', UPDATE, { ...fields, id: c!.id, depositMode: 'book_entry' });
    expect(back.status, JSON.stringify(back.json)).toBe(200);
    expect(await listed()).toMatchObject([{ challanSerialNumber: '42' }]);
  });

  it('shows as a book entry in the quarterly summary and downloads its rows by ?mode=book_entry', async () => {
    const s = (await call('GET', '/tds-payable/quarterly-challan-summary/2024-25/Q1'))
      .json as QuarterChallanSummary;
    expect(s.rows.find((r) => r.monthYear === '2024-05')).toMatchObject({
      depositMode: 'book_entry',
      modeOfDesposited: 'Book entry',
      bsrCode: '7654321',
      challanSerialNumber: '42',
    });
    const details = await call(
      'GET',
      '/tds-payable/download-challan-details/7654321/42/2024-05-31?mode=book_entry',
    );
    expect(details.status).toBe(200);
    expect(details.headers.get('content-disposition')).toContain('voucher-7654321-42-2024-05-31.xlsx');
    // without ?mode the same numbers name the bank challan (June's line)
    const asChallan = await call('GET', '/tds-payable/download-challan-details/7654321/42/2024-05-31');
    expect(asChallan.status).toBe(200);
    expect(asChallan.headers.get('content-disposition')).toContain('challan-7654321-42-2024-05-31.xlsx');
  });
});

describe('the 26Q of a quarter paid by book entry', () => {
  const route = '/tds-payable/download-26q-fvu/24-25/Q1';

  it('writes the voucher in the challan record: receipt number, DDO serial number, no bank challan number', async () => {
    const pool = t.server.ctx.database.pool;
    await pool.query(
      `INSERT INTO vendors (entity_id, vendor_code, vendor_name, pan_number)
       VALUES ($1, 'V-1', 'Bright Logistics Ltd', 'AAACB2345C')`,
      [entityId],
    );
    await pool.query(
      `INSERT INTO payable_entries (entity_id, financial_year, job_id, file, line, ref, document_date, month,
         recognised_month, vendor_code, pan, section, section_number, sub_section, deductee_type, return_form,
         base, taxable, rate, liable, due, deducted, interest, status, reason)
       VALUES ($1, '2024-25', $2, 'ledger.csv', 1, 'DOC-1', '2024-05-31', '2024-05', '2024-05', 'V-1',
         'AAACB2345C', '194C', '194C', '', 'company', '26Q', 125000, 125000, 2, true, 2500, 2500, 0, 'OK', 'test')`,
      [entityId, randomUUID()],
    );
    expect((await call('POST', '/tds-payable/challan-allocation/24-25/Q1/auto')).status).toBe(200);
    const answer = await call('GET', route);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const text = answer.json as string;
    const { value, errors } = read26qFvu(text);
    expect(errors).toEqual([]);
    expect(value!.deductor.type).toBe('S');
    expect(value!.challans).toMatchObject([
      {
        bsrCode: '7654321',
        serial: '',
        transferVoucher: { ddoSerial: '00042' },
        depositedOn: '2024-05-31',
        minorHead: '',
        deductees: [{ pan: 'AAACB2345C', deducted: 2_500_00 }],
      },
    ]);
    const cd = text.split('\r\n')[2]!.split('^');
    expect([12, 14, 16, 18, 37, 40].map((n) => cd[n - 1])).toEqual([
      '',
      '00042',
      '7654321',
      '31052024',
      'Y',
      '',
    ]);
  });

  it('keeps the deductor a government one while a voucher is recorded', async () => {
    const refused = await call('PUT', DEDUCTOR_ROUTE, DEDUCTOR);
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({
      code: 'BOOK_ENTRY_RECORDED',
      message: expect.stringMatching(
        /^Deductor type K is not a government deductor, and a deposit by book entry is recorded \(transfer voucher 24G 7654321 \/ DDO 42 of 31 May 2024\)\. Change it to bank challans first/,
      ),
    });
    const kept = await t.server.ctx.database.pool.query<{ deductor_type: string }>(
      'SELECT deductor_type FROM return_deductors WHERE entity_id = $1',
      [entityId],
    );
    expect(kept.rows[0]?.deductor_type).not.toBe('K');
  });

  it('refuses (422) a voucher once the deductor is no longer a government one', async () => {
    // as a database from before that rule may hold it
    await t.server.ctx.database.pool.query(
      `UPDATE return_deductors SET deductor_type = 'K', pan = '', pao_code = '', ddo_code = '', ministry = '',
         ministry_other = '', pao_registration = '', ddo_registration = '', ain = '' WHERE entity_id = $1`,
      [entityId],
    );
    const refused = await call('GET', route);
    expect(refused.status).toBe(422);
    const details = (refused.json as { details: { message: string }[] }).details;
    expect(details.map((d) => d.message)).toContainEqual(
      expect.stringMatching(
        /^Transfer voucher 24G 7654321 \/ DDO 42 of 2024-05-31: Deposit by book entry .* the deductor is type K \(Company\)/,
      ),
    );
  });
});
