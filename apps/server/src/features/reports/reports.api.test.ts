import {
  MISC_NO_DATA_MESSAGE,
  MISC_QUEUED_MESSAGE,
  type MiscReportAnswer,
  type MiscReportItem,
  REPORT_THROTTLED_MESSAGE,
  type ReportsDashboard,
  type SubmitAnswer,
} from '@taxrecon/contracts';
import { type FinancialYear, financialYearRange } from '@taxrecon/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, eventually, startTestServer, type TestServer } from '../../testing/test-server.ts';
import { generateDemoCompany } from '../demo/generate.ts';
import { type ParsedDemo, parseDemo, tdsParties } from '../demo/parsed-demo.test-helper.ts';

// The receivable miscellaneous reports on the demo company, each checked
// against figures added up here from the demo's own files (read back with the
// formats package, as an upload reads them), never from the report code; then
// the throttle, 'No data found to report', csv, the View list, the dashboard,
// the customer TAN csv, and the entity boundary.

const demo = generateDemoCompany();
const FY = demo.financialYear as FinancialYear;
let parsed: ParsedDemo;
let t: TestServer;
let token: string;

const api = async <T>(method: string, path: string): Promise<T> => {
  const answer = await t.api(method, path, { token });
  if (answer.status !== 200)
    throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.json)}`);
  return answer.json as T;
};

const download = async (path: string, as = token) => {
  const response = await fetch(`${t.baseUrl}/taxrecon/api/v1${path}`, {
    headers: { authorization: `Bearer ${as}` },
  });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    disposition: response.headers.get('content-disposition'),
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
};

const finished = (jobId: string) =>
  eventually(async () => {
    const job = (await t.api('GET', `/job/${jobId}`, { token })).json as {
      status: string;
      failureReason: string;
    };
    if (job.status === 'Failed') throw new Error(`job ${jobId} failed: ${job.failureReason}`);
    return job.status === 'Completed' ? job : null;
  }, 60_000);

const request = (reportId: string, query = '') =>
  api<MiscReportAnswer>(
    'GET',
    `/reports/upload-miscellaneous-report-async/${FY.slice(2)}/${reportId}/-1${query}`,
  );

const listed = async (id: string): Promise<MiscReportItem> =>
  eventually(async () => {
    const list = await api<{ records: MiscReportItem[] }>(
      'GET',
      '/reports/miscellaneous-reports?pageSize=500',
    );
    const item = list.records.find((r) => r.id === id);
    if (item?.status === 'Failed') throw new Error(`report failed: ${item.errorMsg}`);
    return item?.status === 'Completed' ? item : null;
  }, 60_000);

// A report's table as records keyed by header, from its first sheet: title
// lines, a header row, the rows, and a totals row.
const generated = async (reportId: string) => {
  const answer = await request(reportId, `?fileName=${reportId} test`);
  expect(answer).toMatchObject({ outcome: 'queued', message: MISC_QUEUED_MESSAGE });
  const item = await listed(answer.reportId!);
  const file = await download(`/reports/miscellaneous-reports/${item.id}`);
  expect(file.status).toBe(200);
  expect(file.disposition).toContain(`${reportId} test.xlsx`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file.bytes as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const values = sheet.getSheetValues().slice(1) as unknown[][];
  // four title lines (entity, report, year, source), then the header row
  const headerAt = 4;
  const header = (values[headerAt] ?? []).slice(1) as string[];
  const rows = values
    .slice(headerAt + 1, -1)
    .map((r) => Object.fromEntries(header.map((h, i) => [h, r[i + 1]])));
  const total = Object.fromEntries(header.map((h, i) => [h, values.at(-1)?.[i + 1]]));
  return { item, rows, total, sheet };
};

// paise -> rupees as the spreadsheet holds them
const rupees = (p: number) => Number((p / 100).toFixed(2));

const taxEntries = () =>
  tdsParties(parsed).flatMap((p) => p.transactions.map((x) => ({ ...x, tan: p.tan, name: p.name })));

// The reconciliation's parties are customers: the branch's credits are its
// customer's, under the customer's own TAN (demo roster BRANCH_TAN_CUSTOMER).
const partyTan = (tan: string): string =>
  tan === demo.expectations.branchTan.branchTan ? demo.expectations.branchTan.tan : tan;

const groupSum = <T>(items: T[], key: (x: T) => string, value: (x: T) => number) => {
  const out = new Map<string, number>();
  for (const x of items) out.set(key(x), (out.get(key(x)) ?? 0) + value(x));
  return out;
};

beforeAll(async () => {
  parsed = await parseDemo(demo);
  t = await startTestServer({ demo: true });
  token = await t.login(ADMIN.email, ADMIN.password);
  await eventually(async () => {
    const list = (await t.api('GET', '/job/jobs-queue', { token })).json as {
      status: string;
      jobType: string;
    }[];
    const ingest = list.filter((j) => j.jobType.startsWith('Ingest'));
    return ingest.length === demo.files.length && ingest.every((j) => j.status === 'Completed');
  }, 120_000);
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('before any reconciliation', () => {
  it('answers No data found to report, and queues nothing', async () => {
    for (const id of [
      'income-comparison',
      'customer-wise-summary',
      'tan-wise-summary',
      'section-wise-summary',
    ]) {
      expect(await request(id)).toEqual({ outcome: 'noData', message: MISC_NO_DATA_MESSAGE, reportId: null });
    }
    expect(
      await api<MiscReportAnswer>(
        'GET',
        '/reports/upload-miscellaneous-report-async/19-20/26as-section-customer-wise/-1',
      ),
    ).toMatchObject({ outcome: 'noData', message: MISC_NO_DATA_MESSAGE });
    const list = await api<{ totalRecords: number; records: MiscReportItem[] }>(
      'GET',
      '/reports/miscellaneous-reports',
    );
    expect(list.records.filter((r) => r.source === 'receivable')).toEqual([]);
  });

  it('builds the 26AS section and customer-wise summary from the loaded 26AS', async () => {
    const { rows, item } = await generated('26as-section-customer-wise');
    const entries = taxEntries();
    const expected = groupSum(
      entries,
      (x) => `${x.section}|${x.tan}`,
      (x) => x.amount,
    );
    const tax = groupSum(
      entries,
      (x) => `${x.section}|${x.tan}`,
      (x) => x.tax,
    );
    expect(rows).toHaveLength(expected.size);
    for (const r of rows) {
      const key = `${r.Section}|${r['Deductor TAN']}`;
      expect(r['Amount paid / credited'], key).toBe(rupees(expected.get(key)!));
      expect(r['TDS deducted'], key).toBe(rupees(tax.get(key)!));
    }
    const count = groupSum(
      entries,
      (x) => `${x.section}|${x.tan}`,
      () => 1,
    );
    expect(rows.map((r) => r.Entries)).toEqual(
      rows.map((r) => count.get(`${r.Section}|${r['Deductor TAN']}`)),
    );
    // The summary line is in rupees with lakh grouping.
    const totalTax = entries.reduce((s, x) => s + x.tax, 0);
    expect(item.summary).toContain(
      new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(totalTax / 100),
    );
    expect(item.financialYear).toBe(FY);
  });
});

describe('after the TDS reconciliation', () => {
  beforeAll(async () => {
    const answer = await api<SubmitAnswer>('GET', '/job/jobs-queue').then(async () => {
      const submit = await t.api('PUT', `/job/tds-reconciliation/${FY}`, { token, body: {} });
      return submit.json as SubmitAnswer;
    });
    await finished(answer.jobId!);
  }, 120_000);

  it('compares sales book income with the 26AS amount paid, per customer', async () => {
    const { rows, total } = await generated('income-comparison');
    const entries = taxEntries();
    const paidByTan = groupSum(
      entries,
      (x) => partyTan(x.tan),
      (x) => x.amount,
    );
    for (const r of rows.filter((x) => typeof x.TAN === 'string' && paidByTan.has(x.TAN as string))) {
      expect(r['Amount paid / credited per 26AS'], String(r.Customer)).toBe(
        rupees(paidByTan.get(r.TAN as string)!),
      );
      expect(r['Difference (books - 26AS)']).toBeCloseTo(
        (r['Income per sales book'] as number) - (r['Amount paid / credited per 26AS'] as number),
        2,
      );
    }
    expect(total['Amount paid / credited per 26AS']).toBe(rupees(entries.reduce((s, x) => s + x.amount, 0)));
    // Every sales row of the year in the register is some customer's income.
    const { from: start, to: end } = financialYearRange(FY);
    const sales = parsed.sales.rows.filter((s) => s.date !== null && s.date >= start && s.date <= end);
    expect(total['Income per sales book']).toBe(rupees(sales.reduce((s, x) => s + (x.saleAmount ?? 0), 0)));
  });

  it('sums TDS per TAN and per section as the 26AS has it', async () => {
    const entries = taxEntries();
    const tan = await generated('tan-wise-summary');
    const taxByTan = groupSum(
      entries,
      (x) => partyTan(x.tan),
      (x) => x.tax,
    );
    for (const r of tan.rows.filter((x) => taxByTan.has(x.TAN as string))) {
      expect(r['TDS per 26AS'], String(r.TAN)).toBe(rupees(taxByTan.get(r.TAN as string)!));
    }
    expect(tan.total['TDS per 26AS']).toBe(rupees(entries.reduce((s, x) => s + x.tax, 0)));

    const section = await generated('section-wise-summary');
    const taxBySection = groupSum(
      entries,
      (x) => x.section,
      (x) => x.tax,
    );
    expect(section.rows.map((r) => r.Section).sort()).toEqual([...taxBySection.keys()].sort());
    for (const r of section.rows) {
      expect(r['TDS per 26AS'], String(r.Section)).toBe(rupees(taxBySection.get(r.Section as string)!));
      expect(
        Math.round(((r['TDS matched with books'] as number) + (r['TDS not matched'] as number)) * 100),
      ).toBe(Math.round((r['TDS per 26AS'] as number) * 100));
    }
  });

  it('lists every customer with its TDS per books and per 26AS, and one line per entity', async () => {
    const entries = taxEntries();
    const customers = await generated('customer-wise-summary');
    const { from: start, to: end } = financialYearRange(FY);
    const sales = parsed.sales.rows.filter((s) => s.date !== null && s.date >= start && s.date <= end);
    expect(customers.total['TDS per sales book']).toBe(
      rupees(sales.reduce((s, x) => s + (x.tdsAmount ?? 0), 0)),
    );
    expect(customers.total['TDS per 26AS']).toBe(rupees(entries.reduce((s, x) => s + x.tax, 0)));
    expect(new Set(customers.rows.map((r) => r.Result))).toContain('Matched');

    const entity = await generated('entity-wise-summary');
    expect(entity.rows).toHaveLength(1);
    expect(entity.rows[0]!.Customers).toBe(customers.rows.length);
    expect(entity.rows[0]!['TDS per 26AS']).toBe(customers.total['TDS per 26AS']);
    expect(entity.rows[0]!['TDS per sales book']).toBe(customers.total['TDS per sales book']);
  });

  it('writes csv when asked, amounts as plain two-decimal rupees', async () => {
    const answer = await request('tan-wise-summary', '?format=csv&fileName=tans');
    const item = await listed(answer.reportId!);
    expect(item).toMatchObject({ format: 'csv', fileName: 'tans.csv' });
    const file = await download(`/reports/miscellaneous-reports/${item.id}`);
    expect(file.type).toContain('text/csv');
    const lines = Buffer.from(file.bytes).toString('utf8').trim().split('\r\n');
    expect(lines[0]).toBe(
      'TAN,Customer,Customers,TDS per sales book,TDS per 26AS,TDS matched,Difference (books - 26AS),Claimable TDS',
    );
    const taxByTan = groupSum(
      taxEntries(),
      (x) => partyTan(x.tan),
      (x) => x.tax,
    );
    const [firstTan, p] = [...taxByTan.entries()].sort()[0]!;
    const line = lines.find((l) => l.startsWith(`${firstTan},`));
    expect(line?.split(',').at(-4)).toBe((p / 100).toFixed(2));
  });

  it('throttles a second report of a kind while one is in progress, not another kind', async () => {
    const entityId = (await api<{ id: string }[]>('GET', '/entities'))[0]!.id;
    const pool = t.server.ctx.database.pool;
    // a report of this kind still running (its job not yet finished)
    await pool.query(
      `INSERT INTO misc_reports (entity_id, report_id, financial_year, format, file_name, created_by_login)
       VALUES ($1, 'income-comparison', $2, 'xlsx', 'running.xlsx', 'someone')`,
      [entityId, FY],
    );
    expect(await request('income-comparison')).toEqual({
      outcome: 'throttled',
      message: REPORT_THROTTLED_MESSAGE,
      reportId: null,
    });
    const other = await request('section-wise-summary');
    expect(other.outcome).toBe('queued');
    await listed(other.reportId!);
    await pool.query(`UPDATE misc_reports SET status = 'Failed' WHERE file_name = 'running.xlsx'`);
    expect((await request('income-comparison')).outcome).toBe('queued');
  });

  it('refuses an unknown report id or year with a 400, and a report not ready with a 404', async () => {
    const bad = await t.api('GET', '/reports/upload-miscellaneous-report-async/24-2/income-comparison/-1', {
      token,
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('Invalid financial year');
    const format = await t.api(
      'GET',
      `/reports/upload-miscellaneous-report-async/${FY}/income-comparison/-1?format=pdf`,
      {
        token,
      },
    );
    expect(format.status).toBe(400);
    const missing = await download('/reports/miscellaneous-reports/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
  });

  it('counts the reports on the dashboard', async () => {
    const dashboard = await api<ReportsDashboard>('GET', '/reports/dashboard');
    const misc = dashboard.tiles.find((x) => x.key === 'miscellaneous')!;
    const list = await api<{ totalRecords: number }>('GET', '/reports/miscellaneous-reports');
    expect(misc.count).toBe(list.totalRecords);
    expect(misc.latest.length).toBeGreaterThan(0);
    expect(dashboard.tiles.map((x) => x.key)).toEqual([
      'reconciliation',
      'miscellaneous',
      'payable',
      'payableErrors',
    ]);
  });
});

describe('the customer TAN csv', () => {
  it("lists the master's TANs", async () => {
    const file = await download('/data-admin/download/customer-tan');
    expect(file.status).toBe(200);
    expect(file.disposition).toContain('customer_tans.csv');
    const lines = Buffer.from(file.bytes).toString('utf8').trim().split('\r\n');
    expect(lines[0]).toBe('TAN,Customer code,Customer name,PAN,TAN of');
    const tans = new Set(lines.slice(1).map((l) => l.split(',')[0]));
    const master = parsed.customers.map((c) => c.tanNumber).filter((x): x is string => !!x);
    expect(master.length).toBeGreaterThan(0);
    for (const tan of master) expect(tans).toContain(tan);
  });
});

describe('the entity boundary', () => {
  it("keeps one entity's reports from another entity", async () => {
    const list = await api<{ records: MiscReportItem[] }>('GET', '/reports/miscellaneous-reports');
    const id = list.records[0]!.id;
    const created = await t.api('PUT', '/legal-entity', { token, body: { name: 'Other Co' } });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const entities = await api<{ id: string; subGroupId: string; subGroupDescription: string }[]>(
      'GET',
      '/entities',
    );
    const other = entities.find((e) => e.subGroupDescription === 'Other Co')!;
    const switched = await t.api('PUT', `/entity/${other.id}/${other.subGroupId}`, { token });
    expect(switched.status, JSON.stringify(switched.json)).toBe(200);
    expect((await download(`/reports/miscellaneous-reports/${id}`)).status).toBe(404);
    expect((await api<{ totalRecords: number }>('GET', '/reports/miscellaneous-reports')).totalRecords).toBe(
      0,
    );
    const csv = await download('/data-admin/download/customer-tan');
    expect(Buffer.from(csv.bytes).toString('utf8').trim()).toBe('TAN,Customer code,Customer name,PAN,TAN of');
  });
});
