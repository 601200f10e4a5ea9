import { randomUUID } from 'node:crypto';
import type { Form26qResult, ReturnDeductor } from '@taxrecon/contracts';
import { read26qFvu } from '@taxrecon/formats';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from '../../testing/test-server.ts';

// The 26Q text file's rows with nothing deducted and a government deductor's
// PANNOTREQD, through the API. The books are rows of payable_entries as the
// 34A job writes them (its own tests cover how); a challan and its allocation
// are rows as the challan calls write them. Hand-computed, FY 2024-25 Q1:
//   paid  194C company AAACB2345C 05 Apr: 1,00,000, 2,000 deducted, on C1
//   y     194C individual ABCPK7788L 02 May: 25,000, below the threshold -> Y
//   a     194J(b) others AAFCS5566D 14 Jun: 50,000, nil-rate certificate -> A
//   left out, nothing deducted: below the threshold without a PAN; exempt;
//   liable but not deducted; a credit note; a non-resident's (27Q)
//   Q2: only z, 194C individual ABCPK7788L 10 Jul: 8,000, below the threshold

let t: TestServer;
let token: string;
let entityId: string;
const ids: Record<string, string> = {};

const call = (method: string, route: string, body?: unknown) =>
  t.api(method, route, { token, ...(body === undefined ? {} : { body }) });
const ROUTE = '/tds-payable/download-26q-fvu/24-25/Q1';

const entry = async (
  name: string,
  o: {
    date: string;
    pan: string | null;
    section: string;
    type: string;
    base: string;
    deducted: string;
    status: string;
    rate?: string;
    rateBasis?: string;
    due?: string;
    returnForm?: string;
  },
) => {
  const [, number, sub] = /^(\d+[A-Z]*)(?:\((\w)\))?$/.exec(o.section)!;
  const vendor = `V-${name}`;
  await t.server.ctx.database.pool.query(
    'INSERT INTO vendors (entity_id, vendor_code, vendor_name, pan_number) VALUES ($1, $2, $3, $4)',
    [entityId, vendor, `Vendor ${name}`, o.pan],
  );
  const { rows } = await t.server.ctx.database.pool.query<{ id: string }>(
    `INSERT INTO payable_entries (entity_id, financial_year, job_id, file, line, ref, document_date, month,
       recognised_month, vendor_code, pan, section, section_number, sub_section, deductee_type, return_form, base,
       taxable, rate, rate_basis, liable, due, deducted, interest, status, reason)
     VALUES ($1, '2024-25', $2, 'ledger.csv', 1, $3, $4::date, substr($4::text, 1, 7), substr($4::text, 1, 7),
       $5, $6, $7, $8, $9, $10, $11, $12, $12, $13, $14, $15, $16, $17, 0, $18, 'test')
     RETURNING id::text`,
    [
      entityId,
      randomUUID(),
      `DOC-${name}`,
      o.date,
      vendor,
      o.pan,
      o.section,
      number,
      sub ?? '',
      o.type,
      o.returnForm ?? '26Q',
      o.base,
      o.rate ?? '1.0000',
      o.rateBasis ?? 'normal',
      o.status !== 'belowThreshold',
      o.due ?? o.deducted,
      o.deducted,
      o.status,
    ],
  );
  ids[name] = rows[0]!.id;
};

const DEDUCTOR: ReturnDeductor = {
  tan: 'DELM09876B',
  name: 'Ministry of Example Affairs',
  branch: 'PAO Delhi',
  address1: 'Nirman Bhavan',
  address2: 'Maulana Azad Road',
  city: 'New Delhi',
  stateCode: '09',
  pin: '110011',
  email: 'ddo@example.gov.in',
  phone: '23061234',
  deductorType: 'K',
  responsibleName: 'R K Sharma',
  responsibleDesignation: 'DDO',
  responsiblePan: 'ABCPS1234K',
  responsibleMobile: '9810000000',
};

const download = async (route = ROUTE) => {
  const answer = await call('GET', route);
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  const text = answer.json as string;
  const { value, errors } = read26qFvu(text);
  expect(errors).toEqual([]);
  return { text, value: value! };
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
  await pool.query("UPDATE legal_entities SET pan = 'AABCD1234E' WHERE id = $1", [entityId]);
  const c = { section: '194C', base: '100000' };
  await entry('paid', {
    ...c,
    date: '2024-04-05',
    pan: 'AAACB2345C',
    type: 'company',
    deducted: '2000',
    rate: '2.0000',
    status: 'ok',
  });
  await entry('y', {
    ...c,
    date: '2024-05-02',
    pan: 'ABCPK7788L',
    type: 'individual',
    base: '25000',
    deducted: '0',
    status: 'belowThreshold',
  });
  await entry('a', {
    section: '194J(b)',
    date: '2024-06-14',
    pan: 'AAFCS5566D',
    type: 'others',
    base: '50000',
    deducted: '0',
    rate: '0.0000',
    rateBasis: 'LDC',
    status: 'ok',
  });
  const nothing = { ...c, type: 'individual', deducted: '0', date: '2024-05-20' };
  await entry('noPan', { ...nothing, pan: null, status: 'belowThreshold' });
  await entry('exempt', { ...nothing, pan: 'ABCPE1111E', status: 'exempt' });
  await entry('notDeducted', { ...nothing, pan: 'ABCPN2222N', status: 'notDeducted', due: '1000' });
  await entry('credit', { ...nothing, pan: 'ABCPC3333C', base: '-5000', status: 'belowThreshold' });
  await entry('nonResident', { ...nothing, pan: 'ABCPR4444R', status: 'belowThreshold', returnForm: '27Q' });
  await entry('z', {
    ...nothing,
    date: '2024-07-10',
    pan: 'ABCPK7788L',
    base: '8000',
    status: 'belowThreshold',
  });
  await pool.query(
    `INSERT INTO ldc_certificates (entity_id, certificate_number, pan_number, section_number, sub_section, rate,
       amount_limit, valid_from, valid_to)
     VALUES ($1, 'LDC/2024/0099', 'AAFCS5566D', '194J', 'b', 0, 500000, '2024-04-01', '2025-03-31')`,
    [entityId],
  );
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO payable_challans (entity_id, financial_year, month, section_number, deductee_type,
       challan_serial_number, date_of_deposit, bsr_code, tan, tax_amount, minor_head, created_by_login)
     VALUES ($1, '2024-25', '2024-04', '194C', 'company', '101', '2024-05-07', '0510308', 'DELM09876B', 2000,
       '200', 'test')
     RETURNING id::text`,
    [entityId],
  );
  await pool.query(
    `INSERT INTO challan_allocations (entry_id, entity_id, challan_id, source, allocated_by_login)
     VALUES ($1, $2, $3, 'auto', 'test')`,
    [ids.paid, entityId, rows[0]!.id],
  );
});

afterAll(async () => {
  await t?.close();
});

describe('26Q rows with nothing deducted', () => {
  it('reports them under a nil challan after the paid ones, each with its reason', async () => {
    expect((await call('PUT', '/tds-payable/return-deductor', DEDUCTOR)).status).toBe(200);
    const { text, value } = await download();
    const shape = value.challans.map((c) => [
      c.bsrCode,
      c.serial,
      c.depositedOn,
      c.tax,
      c.minorHead,
      c.deductees.map((d) => [
        d.pan,
        d.section,
        d.deducteeCode,
        d.amountPaid,
        d.deducted,
        d.deposited,
        d.deductedOn,
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
        2_000_00,
        '200',
        [['AAACB2345C', '94C', '01', 1_00_000_00, 2_000_00, 2_000_00, '2024-04-05', 20000, '', undefined]],
      ],
      [
        '',
        '',
        '2024-06-30',
        0,
        '',
        [
          ['ABCPK7788L', '94C', '02', 25_000_00, 0, 0, '', 0, 'Y', undefined],
          ['AAFCS5566D', '4JB', '02', 50_000_00, 0, 0, '', 0, 'A', 'LDC/2024/0099'],
        ],
      ],
    ]);
    const lines = text.split('\r\n');
    const bh = lines[1]!.split('^');
    // two challans; deposits only the paid challan's
    expect([bh[3], bh[46]]).toEqual(['2', '2000.00']);
    // the nil challan: record 2, two rows, NIL indicator Y
    expect(lines.filter((l) => l.split('^')[1] === 'CD').map((l) => l.split('^').slice(3, 6))).toEqual([
      ['1', '1', 'N'],
      ['2', '2', 'Y'],
    ]);
  });

  it('writes a quarter with nothing deducted at all as a nil challan alone', async () => {
    const { value } = await download('/tds-payable/download-26q-fvu/24-25/Q2');
    expect(
      value.challans.map((c) => [c.bsrCode, c.depositedOn, c.deductees.map((d) => [d.pan, d.remark])]),
    ).toEqual([['', '2024-09-30', [['ABCPK7788L', 'Y']]]]);
  });

  it('still refuses a quarter with no rows at all', async () => {
    const refused = await call('GET', '/tds-payable/download-26q-fvu/24-25/Q3');
    expect(refused.status).toBe(422);
    const body = refused.json as { details: { path: string; message: string }[] };
    expect(body.details).toEqual([
      {
        path: 'rows',
        message:
          'The books have no deductee rows in 2024-25 Q3, with tax deducted or below the threshold: run the 34A reconciliation for its months first.',
      },
    ]);
  });

  it('matches a filed return that reports them with no tax against the books', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Deductees');
    sheet.addRow(['PAN', 'Name', 'Section', 'Amount', 'TDS', 'Rate']);
    sheet.addRow(['AAACB2345C', 'Vendor paid', '94C', 100000, 2000, 2]);
    sheet.addRow(['ABCPK7788L', 'Vendor y', '94C', 25000, 0, 0]);
    sheet.addRow(['AAFCS5566D', 'Vendor a', '4JB', 50000, 0, 0]);
    const answer = await t.upload('/34a/reconcile-26q/24-25/Q1', {
      token,
      files: [{ name: 'return Q1.xlsx', content: new Uint8Array(await book.xlsx.writeBuffer()) }],
      fields: {
        mappingDefinition: JSON.stringify({
          PAN: 'vendorPan',
          Name: 'vendorName',
          Section: 'Section',
          Amount: 'sourceBaseAmount',
          TDS: 'sourceTDSAmount',
          Rate: 'tdsRate',
        }),
        sectionMappingDefinition: JSON.stringify({ '94C': '194C', '4JB': '194J(b)' }),
      },
    });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const lines = (answer.json as Form26qResult).lines;
    const of = (pan: string) => lines.find((l) => l.pan === pan);
    expect(
      ['AAACB2345C', 'ABCPK7788L', 'AAFCS5566D'].map((pan) => [pan, of(pan)?.status, of(pan)?.returnTds]),
    ).toEqual([
      ['AAACB2345C', 'Matched', '2000.00'],
      ['ABCPK7788L', 'Matched', '0.00'],
      ['AAFCS5566D', 'Matched', '0.00'],
    ]);
  });
});

// what a central government deductor must give besides (docs/decisions.md session 40)
const CENTRAL: Partial<ReturnDeductor> = {
  deductorType: 'A',
  paoCode: '012345',
  ddoCode: '201234',
  ministry: '99',
  ministryOther: 'Ministry of Example Affairs',
  paoRegistration: '1234567',
  ddoRegistration: 'ddo0012345',
  ain: '7654321',
};

describe("26Q: a government deductor's PAN", () => {
  const save = (d: Partial<ReturnDeductor>) =>
    call('PUT', '/tds-payable/return-deductor', { ...DEDUCTOR, ...d });

  it.each([
    [
      'PANNOTREQD for a company',
      { deductorType: 'K', pan: 'PANNOTREQD' },
      'PANNOTREQD is only for a government deductor (type A, S, D, E, G, H, L or N); deductor type K needs a valid PAN',
    ],
    [
      'a PAN that is not one',
      { deductorType: 'A', pan: 'ABCDE12345' },
      "Invalid PAN Number: give the deductor's PAN, or PANNOTREQD for a government deductor",
    ],
    [
      'a deductor type not in the annexure',
      { deductorType: 'X' },
      'Deductor type must be a code of the 26Q annexure: K company, A central government, S state government...',
    ],
  ])('refuses %s with a message that says why', async (_, d, message) => {
    const refused = await save(d);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.json)).toContain(message);
  });

  it('writes PANNOTREQD in the batch header of a central government deductor without a PAN', async () => {
    await t.server.ctx.database.pool.query('UPDATE legal_entities SET pan = NULL WHERE id = $1', [entityId]);
    expect((await save({ ...CENTRAL, deductorType: 'a', pan: 'pannotreqd' })).status).toBe(200);
    const saved = (await call('GET', '/tds-payable/return-deductor')).json as {
      deductor: { deductorType: string; pan: string };
      pan: string | null;
    };
    expect([saved.deductor.deductorType, saved.deductor.pan, saved.pan]).toEqual(['A', 'PANNOTREQD', null]);
    const { text, value } = await download();
    expect([value.pan, value.deductor.type]).toEqual(['PANNOTREQD', 'A']);
    const bh = text.split('\r\n')[1]!.split('^');
    expect([bh[14], bh[31]]).toEqual(['PANNOTREQD', 'A']);
  });

  it("refuses a government deductor's fields that do not fit its type, naming each", async () => {
    const refused = await save({ deductorType: 'A', pan: 'PANNOTREQD', ministry: '99' });
    expect(refused.status).toBe(400);
    expect((refused.json as { details: { path: string; message: string }[] }).details).toEqual([
      { path: '/paoCode', message: 'Required for deductor type A' },
      { path: '/ddoCode', message: 'Required for deductor type A' },
      { path: '/ministryOther', message: 'Name the ministry: its code is 99 (other)' },
      { path: '/ain', message: 'Required for deductor type A' },
    ]);
    const company = await save({ ...CENTRAL, deductorType: 'K', pan: 'AABCM9999Q' });
    expect(company.status).toBe(400);
    expect(JSON.stringify(company.json)).toContain(
      'Only for deductor type A, S, D, E, G, H, L, N: deductor type K gives no value',
    );
    // a state government names no ministry
    const state = await save({ ...CENTRAL, deductorType: 'S', pan: 'PANNOTREQD' });
    expect(state.status).toBe(400);
    expect(JSON.stringify(state.json)).toContain('Only for deductor type A, D, G, E, H, L, N');
  });

  it("writes a central government deductor's PAO, DDO, ministry and AIN at their batch header positions", async () => {
    expect((await save({ ...CENTRAL, pan: 'PANNOTREQD' })).status).toBe(200);
    const saved = (await call('GET', '/tds-payable/return-deductor')).json as {
      deductor: Record<string, string>;
    };
    expect([saved.deductor.paoCode, saved.deductor.ddoRegistration, saved.deductor.ain]).toEqual([
      '012345',
      'DDO0012345',
      '7654321',
    ]);
    const bh = (await download()).text.split('\r\n')[1]!.split('^');
    expect(bh).toHaveLength(72);
    // 54 state name (none: central), 55 PAO code, 56 DDO code, 57 ministry,
    // 58 ministry other, 59 responsible person's PAN, 60 PAO and 61 DDO
    // registration numbers, 68 AIN
    expect([54, 55, 56, 57, 58, 59, 60, 61, 68].map((n) => bh[n - 1])).toEqual([
      '',
      '012345',
      '201234',
      '99',
      'MINISTRY OF EXAMPLE AFFAIRS',
      'ABCPS1234K',
      '1234567',
      'DDO0012345',
      '7654321',
    ]);
  });

  it("writes a state government's own state code as its state name, and no ministry", async () => {
    const state = { ...CENTRAL, deductorType: 'S', ministry: '', ministryOther: '', pan: 'PANNOTREQD' };
    expect((await save(state)).status).toBe(200);
    const bh = (await download()).text.split('\r\n')[1]!.split('^');
    expect([54, 55, 57, 58, 68].map((n) => bh[n - 1])).toEqual(['09', '012345', '', '', '7654321']);
  });

  it("refuses the return of a company without a PAN, and writes the deductor details' PAN over the entity's", async () => {
    expect((await save({ deductorType: 'K', pan: '' })).status).toBe(200);
    const refused = await call('GET', ROUTE);
    expect(refused.status).toBe(422);
    expect((refused.json as { details: { path: string }[] }).details.map((d) => d.path)).toEqual([
      'deductor.pan',
    ]);
    expect((await save({ deductorType: 'K', pan: 'AABCM9999Q' })).status).toBe(200);
    expect((await download()).value.pan).toBe('AABCM9999Q');
  });
});
