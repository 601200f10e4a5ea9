import type { ChallanList } from '@taxrecon/contracts';
import { describe, expect, it } from 'vitest';
import { serverPerFile } from '../../testing/server-per-file.ts';
import type { TestServer } from '../../testing/test-server.ts';

// What the API fuzzing found challans taking (they feed the 26Q, so bad data
// here goes to the tax department): text or negative serials and amounts,
// unknown sections, months before 2000, endless sub-sections, the same
// challan (BSR code + date + serial) recorded twice, even by five requests at
// once, and quarter, date and challan path values no calendar has.

let t: TestServer;
let token: string;

const call = (method: string, route: string, body?: unknown) =>
  t.api(method, route, { token, ...(body === undefined ? {} : { body }) });
const messageOf = (a: { json: unknown }) => (a.json as { message?: string } | null)?.message;

const CREATE = '/tds-payable/tds-payable-challan/create';
const UPDATE = '/tds-payable/tds-payable-challan/update';
// a line no other test of this file uses, so its challans are only these
const line = { monthYear: '2023-10', section: '194C', subsection: '', deducteeType: 'company' };
const listRoute = `/tds-payable/tds-payable-challans/${line.monthYear}/${line.section}/${line.deducteeType}?subsection=`;
const challan = {
  challanSerialNumber: '00071',
  dateOfDeposit: '2023-11-07',
  bsrCode: '0510999',
  tanNumber: 'MUMA12345B',
  taxAmount: '1000',
  ...line,
};
const listed = async () => {
  const a = await call('GET', listRoute);
  expect(a.status, JSON.stringify(a.json)).toBe(200);
  return (a.json as ChallanList).challans;
};

serverPerFile({ work: false }, (server, adminToken) => {
  t = server;
  token = adminToken;
});

describe('a challan the 26Q could not carry', () => {
  it.each<[string, Record<string, unknown>, string]>([
    [
      'a serial of letters',
      { challanSerialNumber: 'abc' },
      "Challan serial number must be 1 to 5 digits, as the bank's challan counterfoil prints it",
    ],
    [
      'a negative serial',
      { challanSerialNumber: '-1' },
      "Challan serial number must be 1 to 5 digits, as the bank's challan counterfoil prints it",
    ],
    ['a negative tax amount as text', { taxAmount: '-500' }, 'Tax amount must not be negative'],
    ['a negative tax amount as a number', { taxAmount: -1 }, 'Tax amount must not be negative'],
    ['a negative fee', { fee: '-1' }, 'Fee must not be negative'],
    ['a negative interest', { interest: '-0.50' }, 'Interest must not be negative'],
    ['a negative penalty', { penalty: -2 }, 'Penalty must not be negative'],
    ['a negative surcharge', { surcharge: '-3' }, 'Surcharge must not be negative'],
    ['a negative education cess', { educationCess: '-4' }, 'Education cess must not be negative'],
    ['negative others', { others: '-5' }, 'Others must not be negative'],
    [
      'an amount of 14 digits of rupees',
      { taxAmount: '12345678901234' },
      'Tax amount must be at most 13 digits of rupees',
    ],
    [
      'a section that is none',
      { section: 'XYZ' },
      'section: XYZ is not a TDS section (e.g. 194C, 194J with sub-section b)',
    ],
    [
      'markup as the section',
      { section: '<script>' },
      'section: <script> is not a TDS section (e.g. 194C, 194J with sub-section b)',
    ],
    [
      'a sub-section no section has',
      { subsection: '<b>' },
      'section: 194C with sub-section <b> is not a TDS section (e.g. 194C, 194J with sub-section b)',
    ],
    [
      'a sub-section of 100 KB',
      { subsection: 'b'.repeat(100_000) },
      'subsection must be at most 10 characters',
    ],
    [
      'a month before 2000',
      { monthYear: '1899-03' },
      'monthYear must be a month as yyyy-mm, 2000-01 to 2099-12',
    ],
  ])('refuses %s on create, naming the field', async (_, change, message) => {
    const a = await call('POST', CREATE, { ...challan, ...change });
    expect(a.status, JSON.stringify(a.json)).toBe(400);
    expect(messageOf(a)).toBe(message);
  });

  it('stored none of them', async () => {
    expect(await listed()).toEqual([]);
  });

  it('refuses negative amounts on update too, and keeps the challan as it was', async () => {
    const created = await call('POST', CREATE, { ...challan, challanSerialNumber: '501' });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const c = (await listed()).find((x) => x.challanSerialNumber === '501')!;
    for (const [change, message] of [
      [{ taxAmount: '-500' }, 'Tax amount must not be negative'],
      [{ fee: -1 }, 'Fee must not be negative'],
      [{ others: '-0.01' }, 'Others must not be negative'],
      [
        { challanSerialNumber: 'abc' },
        "Challan serial number must be 1 to 5 digits, as the bank's challan counterfoil prints it",
      ],
    ] as const) {
      const a = await call('PUT', UPDATE, { ...challan, challanSerialNumber: '501', id: c.id, ...change });
      expect(a.status, JSON.stringify(change)).toBe(400);
      expect(messageOf(a), JSON.stringify(change)).toBe(message);
    }
    expect((await listed()).find((x) => x.id === c.id)).toMatchObject({ taxAmount: '1000.00', fee: '0.00' });
    expect((await call('DELETE', `/tds-payable/tds-payable-challan/delete/${c.id}`)).status).toBe(200);
  });

  it('stores a section as summary lines carry it', async () => {
    const a = await call('POST', CREATE, {
      ...challan,
      challanSerialNumber: '502',
      section: '194JB',
      subsection: '',
      deducteeType: 'others',
    });
    expect(a.status, JSON.stringify(a.json)).toBe(200);
    const mine = await call('GET', '/tds-payable/tds-payable-challans/2023-10/194J/others?subsection=b');
    const c = (mine.json as ChallanList).challans.find((x) => x.challanSerialNumber === '502')!;
    expect(c).toMatchObject({ sectionCode: '194J', subsection: 'b' });
    expect((await call('DELETE', `/tds-payable/tds-payable-challan/delete/${c.id}`)).status).toBe(200);
  });
});

describe('a challan recorded once', () => {
  const duplicate =
    'The challan with BSR code 0510999, date of deposit 2023-11-07 and serial number 00071 is already recorded (October 2023, section 194C): a challan is entered once.';

  it('refuses the same BSR code, date and serial a second time', async () => {
    expect((await call('POST', CREATE, challan)).status).toBe(200);
    const again = await call('POST', CREATE, challan);
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ code: 'CHALLAN_DUPLICATE', message: duplicate });
    // the serial as typed without the counterfoil's leading zeros, and on another line
    const unpadded = await call('POST', CREATE, { ...challan, challanSerialNumber: '71' });
    expect(unpadded.status).toBe(409);
    expect(messageOf(unpadded)).toMatch(
      /BSR code 0510999, date of deposit 2023-11-07 and serial number 71 is already recorded/,
    );
    const otherLine = await call('POST', CREATE, {
      ...challan,
      monthYear: '2023-09',
      section: '194I',
      subsection: 'b',
    });
    expect(otherLine.status).toBe(409);
    expect(await listed()).toHaveLength(1);
    // another serial, BSR code or date is another challan
    for (const change of [
      { challanSerialNumber: '72' },
      { bsrCode: '0510998' },
      { dateOfDeposit: '2023-11-08' },
    ]) {
      const a = await call('POST', CREATE, { ...challan, ...change });
      expect(a.status, JSON.stringify(change)).toBe(200);
    }
    expect(await listed()).toHaveLength(4);
  });

  it('refuses an edit that would make a challan the copy of another, and takes one that keeps it', async () => {
    const c72 = (await listed()).find((x) => x.challanSerialNumber === '72')!;
    const refused = await call('PUT', UPDATE, { ...challan, id: c72.id, challanSerialNumber: '00071' });
    expect(refused.status).toBe(409);
    expect(messageOf(refused)).toBe(duplicate);
    const kept = await call('PUT', UPDATE, {
      ...challan,
      id: c72.id,
      challanSerialNumber: '72',
      taxAmount: '1500',
    });
    expect(kept.status, JSON.stringify(kept.json)).toBe(200);
    expect((await listed()).find((x) => x.id === c72.id)).toMatchObject({
      challanSerialNumber: '72',
      taxAmount: '1500.00',
    });
  });

  it('keeps one of five identical creates sent at once', async () => {
    const same = { ...challan, challanSerialNumber: '90001', dateOfDeposit: '2023-11-06' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => call('POST', CREATE, same)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const stored = await t.server.ctx.database.pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM payable_challans WHERE bsr_code = '0510999' AND challan_serial_number = '90001'",
    );
    expect(stored.rows[0]!.n).toBe(1);
    expect((await listed()).filter((x) => x.challanSerialNumber === '90001')).toHaveLength(1);
  });
});

describe('quarter, date and challan values in the path', () => {
  it.each<[string, string, string, string]>([
    [
      'GET',
      '/tds-payable/quarterly-challan-summary/2024-26/Q1',
      'fy',
      'fy must be a financial year such as 2024-25 (the second year the one after the first, from 2000-01)',
    ],
    [
      'GET',
      '/tds-payable/quarterly-challan-summary/1899-00/Q1',
      'fy',
      'fy must be a financial year such as 2024-25 (the second year the one after the first, from 2000-01)',
    ],
    [
      'GET',
      '/tds-payable/quarterly-challan-summary/2024-25/Q1?filedOn=2024-02-30',
      'filedOn',
      'filedOn must be a calendar date (yyyy-mm-dd)',
    ],
    [
      'GET',
      '/tds-payable/quarterly-challan-summary/2024-25/Q1?filedOn=2024-13-01',
      'filedOn',
      'filedOn must be a calendar date (yyyy-mm-dd)',
    ],
    [
      'GET',
      '/tds-payable/download-challan-summary/2024-26/Q1',
      'fy',
      'fy must be a financial year such as 2024-25 (the second year the one after the first, from 2000-01)',
    ],
    [
      'GET',
      '/tds-payable/challan-allocation/2024-26/Q1',
      'fy',
      'fy must be a financial year such as 2024-25 (the second year the one after the first, from 2000-01)',
    ],
    [
      'POST',
      '/tds-payable/challan-allocation/2024-26/Q1/auto',
      'fy',
      'fy must be a financial year such as 2024-25 (the second year the one after the first, from 2000-01)',
    ],
    [
      'POST',
      '/tds-payable/challan-allocation/1899-00/Q1/auto',
      'fy',
      'fy must be a financial year such as 2024-25 (the second year the one after the first, from 2000-01)',
    ],
    [
      'POST',
      '/tds-payable/challan-allocation/2099-00/Q1/auto',
      'fy',
      'fy must be a financial year such as 2024-25 (the second year the one after the first, from 2000-01)',
    ],
    [
      'GET',
      '/tds-payable/download-26q-fvu/2024-26/Q1',
      'fy',
      'fy must be a financial year such as 2024-25 (the second year the one after the first, from 2000-01)',
    ],
    [
      'GET',
      '/tds-payable/download-challan-details/0510002/12345/2024-02-30',
      'date',
      'date must be the date of deposit as a calendar date (yyyy-mm-dd)',
    ],
    [
      'GET',
      '/tds-payable/download-challan-details/05100/12345/2024-02-03',
      'bsr',
      'bsr must be the 7-digit BSR code',
    ],
    [
      'GET',
      '/tds-payable/download-challan-details/0510002/abc/2024-02-03',
      'serial',
      'serial must be the challan serial number, 1 to 5 digits',
    ],
  ])('%s %s is refused naming %s', async (method, route, _, message) => {
    const a = await call(method, route);
    expect(a.status, JSON.stringify(a.json)).toBe(400);
    expect(messageOf(a)).toBe(message);
  });

  it('takes a year written short and finds a challan by its serial without leading zeros', async () => {
    expect(
      (await call('GET', '/tds-payable/quarterly-challan-summary/24-25/Q1?filedOn=2024-07-31')).status,
    ).toBe(200);
    const file = await call('GET', '/tds-payable/download-challan-details/0510999/71/2023-11-07');
    expect(file.status).toBe(200);
  });
});
