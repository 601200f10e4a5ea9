import type { ChallanList, PayableMonthSummary, QuarterChallanSummary } from '@taxrecon/contracts';
import { CHALLAN_MESSAGES } from '@taxrecon/contracts';
import { paiseOfNumeric } from '@taxrecon/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMail, type SmtpCapture, startSmtpCapture } from '../../testing/smtp-capture.ts';
import { ADMIN, eventually, startTestServer, type TestServer } from '../../testing/test-server.ts';
import { generateDemoExpenses } from '../demo/expenses.ts';
import { loadDemoExpenses } from '../demo/payable-demo.ts';

// Challans through the API on the demo company's April 2024 (computed by a
// real 34A job): every validation message, lock against delete, the image
// with its limit, the month verified once its lines are covered (and the 34A
// submit refused for it), the quarterly summary and its downloads, and
// another entity seeing none of it.

const demo = generateDemoExpenses();
let t: TestServer;
let smtp: SmtpCapture;
let token: string;
let mapping: Record<string, string>;
let summary: PayableMonthSummary;

const call = (method: string, route: string, body?: unknown) =>
  t.api(method, route, { token, ...(body === undefined ? {} : { body }) });
const ok = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
  const a = await call(method, route, body);
  if (a.status !== 200) throw new Error(`${method} ${route}: ${a.status} ${JSON.stringify(a.json)}`);
  return a.json as T;
};
const submit = (month: string) =>
  call('PUT', '/job/34a-reconciliation/24-25', {
    mappingDefinitions: mapping,
    customCalculationRules: [],
    vendors: [],
    month,
  });

const valid = {
  challanSerialNumber: '00123',
  dateOfDeposit: '2024-05-07',
  bsrCode: '0510002',
  tanNumber: 'MUMA12345B',
  taxAmount: '1000.00',
  fee: '',
  surcharge: '10',
  educationCess: '4.50',
  interest: '0',
  penalty: '',
  others: '1',
};

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await startTestServer({ smtpUrl: smtp.url }, { work: false });
  token = await t.login(ADMIN.email, ADMIN.password);
  const admin = await t.server.ctx.db
    .selectFrom('users')
    .select(['id', 'tenant_id', 'current_entity_id', 'login'])
    .where('login', '=', ADMIN.email)
    .executeTakeFirstOrThrow();
  ({ mapping } = await loadDemoExpenses(
    t.server.ctx,
    { tenantId: admin.tenant_id, entityId: admin.current_entity_id!, userId: admin.id, login: admin.login },
    demo,
  ));
  await t.server.ctx.jobs.work();
  const answer = await submit('2024-04');
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  const jobId = (answer.json as { jobId: string }).jobId;
  await eventually(async () => {
    await t.server.ctx.database.pool.query("UPDATE pgboss.job SET start_after = now() WHERE state = 'retry'");
    const job = (await call('GET', `/job/${jobId}`)).json as { status: string; failureReason: string };
    if (job.status === 'Failed') throw new Error(job.failureReason);
    return job.status === 'Completed' ? job : null;
  }, 120_000);
  summary = await ok<PayableMonthSummary>('GET', '/34a/summary/24-25/2024-04');
}, 300_000);

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const lineRoute = (r: { monthYear: string; section: string; deducteeType: string; subsection: string }) =>
  `/tds-payable/tds-payable-challans/${r.monthYear}/${r.section}/${r.deducteeType}?subsection=${r.subsection}`;

describe('challans of a summary line', () => {
  it('refuses each invalid field with its own message', async () => {
    const line = summary.rows[0]!;
    const base = {
      ...valid,
      monthYear: line.monthYear,
      section: line.section,
      subsection: line.subsection,
      deducteeType: line.deducteeType,
    };
    const cases: [Record<string, string>, string][] = [
      [{ challanSerialNumber: '' }, 'Challan serial number is required'],
      [
        { challanSerialNumber: '123456' },
        "Challan serial number must be 1 to 5 digits, as the bank's challan counterfoil prints it",
      ],
      [{ bsrCode: '051000' }, 'BSR code must be exactly 7 digits'],
      [{ bsrCode: '05100AB' }, 'BSR code must be exactly 7 digits'],
      [{ bsrCode: '' }, 'BSR code is required'],
      [{ dateOfDeposit: '' }, 'Date of deposit is required'],
      [{ dateOfDeposit: '07/05/2024' }, 'Date of deposit must be a date (yyyy-mm-dd)'],
      [{ taxAmount: '0' }, 'Tax amount must not be zero'],
      [{ taxAmount: '' }, 'Tax amount is required'],
      [{ taxAmount: '12.345' }, 'Tax amount must be an amount in rupees with at most two decimals'],
      [{ fee: 'ten' }, 'Fee must be an amount in rupees with at most two decimals'],
      [{ tanNumber: '' }, 'TAN is required'],
      [{ tanNumber: 'MUMA1234' }, 'TAN must be 4 letters, 5 digits and a letter (e.g. MUMA12345B)'],
    ];
    for (const [change, message] of cases) {
      const a = await call('POST', '/tds-payable/tds-payable-challan/create', { ...base, ...change });
      expect(a.status, JSON.stringify(change)).toBe(400);
      expect((a.json as { message: string }).message, JSON.stringify(change)).toBe(message);
    }
    const list = await ok<ChallanList>('GET', lineRoute(line));
    expect(list.challans).toEqual([]);
  });

  it('creates, edits, locks, refuses to delete when locked, and deletes', async () => {
    const line = summary.rows[0]!;
    const base = {
      ...valid,
      monthYear: line.monthYear,
      section: line.section,
      subsection: line.subsection,
      deducteeType: line.deducteeType,
    };
    expect(await ok('POST', '/tds-payable/tds-payable-challan/create', base)).toEqual({
      message: 'Challan Created Succesfully',
    });
    let list = await ok<ChallanList>('GET', lineRoute(line));
    expect(list.challans).toHaveLength(1);
    const c = list.challans[0]!;
    expect(c).toMatchObject({
      challanSerialNumber: '00123',
      dateOfDeposit: '2024-05-07',
      bsrCode: '0510002',
      taxAmount: '1000.00',
      amountDeposited: '1015.50', // tax + surcharge + cess + others
      minorHead: '300',
      sectionCode: line.section,
      deducteeType: line.deducteeType,
      locked: false,
      hasImage: false,
    });
    expect(list.deposited).toBe('1000.00');
    expect(
      await ok('PUT', '/tds-payable/tds-payable-challan/update', {
        ...valid,
        id: c.id,
        taxAmount: '2000',
        dateOfDeposit: '2024-06-30',
      }),
    ).toEqual({ message: 'Challan Upated Succesfully' });
    list = await ok<ChallanList>('GET', lineRoute(line));
    // the deposit date is kept on edit
    expect(list.challans[0]).toMatchObject({
      taxAmount: '2000.00',
      dateOfDeposit: '2024-05-07',
      amountDeposited: '2015.50',
    });
    const badEdit = await call('PUT', '/tds-payable/tds-payable-challan/update', {
      ...valid,
      id: c.id,
      bsrCode: '1',
    });
    expect(badEdit.status).toBe(400);

    await ok('PUT', `/tds-payable/tds-payable-challan/lock/${c.id}`, { locked: true });
    const refused = await call('DELETE', `/tds-payable/tds-payable-challan/delete/${c.id}`);
    expect(refused.status).toBe(400);
    expect((refused.json as { message: string }).message).toBe(CHALLAN_MESSAGES.lockedNoDelete);
    expect((await ok<ChallanList>('GET', lineRoute(line))).challans).toHaveLength(1);
    await ok('PUT', `/tds-payable/tds-payable-challan/lock/${c.id}`, { locked: false });
    expect(await ok('DELETE', `/tds-payable/tds-payable-challan/delete/${c.id}`)).toEqual({
      message: 'Challan Deleted Succesfully',
    });
    expect((await ok<ChallanList>('GET', lineRoute(line))).challans).toEqual([]);
    expect((await call('DELETE', `/tds-payable/tds-payable-challan/delete/${c.id}`)).status).toBe(404);
  });

  it('keeps the challan image as a data URL, at most 20 MB', async () => {
    const line = summary.rows[0]!;
    await ok('POST', '/tds-payable/tds-payable-challan/create', {
      ...valid,
      monthYear: line.monthYear,
      section: line.section,
      subsection: line.subsection,
      deducteeType: line.deducteeType,
    });
    const c = (await ok<ChallanList>('GET', lineRoute(line))).challans[0]!;
    expect(await ok('GET', `/tds-payable/tds-payable-challan/getChallanImage/${c.id}`)).toEqual({
      imageUrl: null,
    });
    const png = `data:image/png;base64,${Buffer.from('not really a png but bytes').toString('base64')}`;
    await ok('POST', `/tds-payable/tds-payable-challan/uploadChallan/${c.id}`, { imageUrl: png });
    expect(await ok('GET', `/tds-payable/tds-payable-challan/getChallanImage/${c.id}`)).toEqual({
      imageUrl: png,
    });
    expect((await ok<ChallanList>('GET', lineRoute(line))).challans[0]!.hasImage).toBe(true);
    const big = `data:image/png;base64,${Buffer.alloc(20_000_001).toString('base64')}`;
    const tooBig = await call('POST', `/tds-payable/tds-payable-challan/uploadChallan/${c.id}`, {
      imageUrl: big,
    });
    expect(tooBig.status).toBe(400);
    expect((tooBig.json as { message: string }).message).toMatch(/at most 20000000 bytes/);
    const notUrl = await call('POST', `/tds-payable/tds-payable-challan/uploadChallan/${c.id}`, {
      imageUrl: 'hello',
    });
    expect(notUrl.status).toBe(400);
    await ok('DELETE', `/tds-payable/tds-payable-challan/delete/${c.id}`);
  });

  it('verifies the month once every line is covered, and the 34A job then refuses it', async () => {
    const lines = summary.rows.filter((r) => paiseOfNumeric(r.deducted) > 0);
    expect(lines.length).toBeGreaterThan(1);
    for (const [i, line] of lines.entries()) {
      await ok('POST', '/tds-payable/tds-payable-challan/create', {
        ...valid,
        challanSerialNumber: String(i + 1),
        taxAmount: line.deducted,
        monthYear: line.monthYear,
        section: line.section,
        subsection: line.subsection,
        deducteeType: line.deducteeType,
      });
      const list = await ok<ChallanList>('GET', lineRoute(line));
      expect(list.lineVerified).toBe(true);
      expect(list.deposited).toBe(line.deducted);
      expect(list.monthVerified).toBe(i === lines.length - 1);
    }
    // challansCount (spec part 3 "Month summary"): per line, and the month's total
    const after = await ok<PayableMonthSummary>('GET', '/34a/summary/24-25/2024-04');
    for (const line of lines) {
      const row = after.rows.find(
        (r) =>
          r.section === line.section &&
          r.subsection === line.subsection &&
          r.deducteeType === line.deducteeType,
      )!;
      expect(row.challansCount).toBe((await ok<ChallanList>('GET', lineRoute(line))).challans.length);
    }
    const inDb = await t.server.ctx.database.pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM payable_challans WHERE month = '2024-04'",
    );
    expect(after.challansCount).toBe(inDb.rows[0]!.n);
    expect(after.challansCount).toBeGreaterThanOrEqual(lines.length);
    const refused = await submit('2024-04');
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.json)).toMatch(/April 2024 is verified/);
    const explore = await ok<{ verified: boolean }>(
      'GET',
      `/34a/explore/2024-04/${lines[0]!.section}/${lines[0]!.deducteeType}?subsection=${lines[0]!.subsection}`,
    );
    expect(explore.verified).toBe(true);
  });

  it("sums the quarter and downloads it and a challan's entries", async () => {
    const q = await ok<QuarterChallanSummary>(
      'GET',
      '/tds-payable/quarterly-challan-summary/24-25/Q1?filedOn=2024-08-10',
    );
    const lines = summary.rows.filter((r) => paiseOfNumeric(r.deducted) > 0);
    expect(q.rows).toHaveLength(lines.length);
    const total = lines.reduce((n, r) => n + paiseOfNumeric(r.deducted), 0);
    expect(paiseOfNumeric(q.totals.deposited)).toBe(total);
    expect(paiseOfNumeric(q.totals.deducted)).toBe(total);
    // deposited 7 May for April: on time, no interest
    expect(q.totals.interestDue).toBe('0.00');
    expect(q.totals.returnDueDate).toBe('2024-07-31');
    // 10 days late at Rs 200, capped at the quarter's TDS
    expect(paiseOfNumeric(q.totals.fee234E)).toBe(Math.min(2000_00, total));
    expect(q.rows[0]).toMatchObject({
      bsrCode: '0510002',
      challanDate: '2024-05-07',
      minorHeadOfChallan: '300',
    });

    const get = async (route: string) => {
      const r = await fetch(`${t.baseUrl}/taxrecon/api/v1${route}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(r.status, route).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(await r.arrayBuffer());
      return book.worksheets[0]!;
    };
    const sheet = await get('/tds-payable/download-challan-summary/24-25/Q1');
    expect(sheet.rowCount).toBeGreaterThanOrEqual(lines.length + 2);
    const first = q.rows[0]!;
    const details = await get(
      `/tds-payable/download-challan-details/${first.bsrCode}/${first.challanSerialNumber}/${first.challanDate}`,
    );
    const entries = summary.rows.find(
      (r) =>
        r.section === first.section &&
        r.deducteeType === first.deducteeType &&
        r.subsection === first.subsection,
    )!.entries;
    expect(details.rowCount).toBeGreaterThanOrEqual(entries);
  });
});

describe('adjusting entries with challans', () => {
  it("e-mails the line's entries as an xlsx attachment", async () => {
    const line = summary.rows[0]!;
    const route = `/job/entries/${line.monthYear}/${line.section}/${line.deducteeType}?subsection=${line.subsection}`;
    const bad = await call('POST', `${route}&email=not-an-address`);
    expect(bad.status).toBe(400);
    expect((bad.json as { message: string }).message).toBe('Invalid Email Address');
    expect(await ok('POST', `${route}&email=ap%40books.test`)).toEqual({
      message: 'Job Submitted - The file will be emailed to the mentioned email address.',
    });
    // its e-mail has not gone yet (the workers are not running): a second send of the line waits
    const again = await call('POST', `${route}&email=ap%40books.test`);
    expect(again.status).toBe(409);
    expect((again.json as { message: string }).message).toBe(
      'Theres already a job in progress. Please wait for it to finish',
    );
    // another line of the month is not held up by it (its mail goes elsewhere:
    // the two jobs may finish in either order)
    const other = summary.rows.find(
      (r) => r.section !== line.section || r.deducteeType !== line.deducteeType,
    );
    if (other) {
      const otherRoute = `/job/entries/${other.monthYear}/${other.section}/${other.deducteeType}?subsection=${other.subsection}`;
      expect((await call('POST', `${otherRoute}&email=other%40books.test`)).status).toBe(200);
    }
    await t.server.ctx.jobs.work();
    const mail = await parseMail(await smtp.waitFor('ap@books.test'));
    expect(mail.attachments).toHaveLength(1);
    const a = mail.attachments[0]!;
    expect(a.filename).toMatch(new RegExp(`^entries-${line.monthYear}-${line.section}`));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(a.content as unknown as ArrayBuffer);
    // title, header, the entries and a totals row
    expect(book.worksheets[0]!.rowCount).toBeGreaterThanOrEqual(line.entries + 2);
  });
});

describe('another entity', () => {
  it('sees none of the challans', async () => {
    const line = summary.rows[0]!;
    const mine = (await ok<ChallanList>('GET', lineRoute(line))).challans[0]!;
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
      expect((await ok<ChallanList>('GET', lineRoute(line))).challans).toEqual([]);
      expect((await call('DELETE', `/tds-payable/tds-payable-challan/delete/${mine.id}`)).status).toBe(404);
      expect((await call('GET', `/tds-payable/tds-payable-challan/getChallanImage/${mine.id}`)).status).toBe(
        404,
      );
      expect(
        (await call('PUT', `/tds-payable/tds-payable-challan/lock/${mine.id}`, { locked: true })).status,
      ).toBe(404);
      expect(
        (await call('PUT', '/tds-payable/tds-payable-challan/update', { ...valid, id: mine.id })).status,
      ).toBe(404);
      const q = await ok<QuarterChallanSummary>('GET', '/tds-payable/quarterly-challan-summary/24-25/Q1');
      expect(q.rows).toEqual([]);
    } finally {
      await call('PUT', `/entity/${current.id}/${current.subGroupId}`);
    }
  });
});
