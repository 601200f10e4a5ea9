import type {
  CustomerResultEntry,
  DiscrepancyResponse,
  ReconResultPage,
  SmartFilter,
  SmartFilterResult,
  SubmitAnswer,
} from '@taxrecon/contracts';
import { Uint8ArrayReader, Uint8ArrayWriter, ZipReader } from '@zip.js/zip.js';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, eventually, startTestServer, type TestServer } from '../../testing/test-server.ts';
import { generateDemoCompany } from '../demo/generate.ts';

// Smart filters on the demo company's TDS reconciliation: each pre-built
// filter selects the customers the result pages say it should (and the
// planted cases), the operators (between, in-lists, sort) work and bad
// conditions are refused with a clear message, a bulk update is a background
// job whose decisions are recorded like the screen's and survive a re-run
// (and a second identical job records nothing), the downloads open, and
// another entity sees none of it.

const demo = generateDemoCompany();
const e = demo.expectations;
const FY = demo.financialYear;

let t: TestServer;
let token: string;
let job: string;
let customers: CustomerResultEntry[];

const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
  const answer = await t.api(method, path, { token, ...(body === undefined ? {} : { body }) });
  if (answer.status !== 200)
    throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.json)}`);
  return answer.json as T;
};

const finished = (jobId: string) =>
  eventually(async () => {
    const j = (await t.api('GET', `/job/${jobId}`, { token })).json as {
      status: string;
      failureReason: string | null;
      payload: string | null;
    };
    if (j.status === 'Failed') throw new Error(`job ${jobId} failed: ${j.failureReason}`);
    return j.status === 'Completed' ? j : null;
  }, 60_000);

const reconcile = async () => {
  const answer = await api<SubmitAnswer>('PUT', `/job/tds-reconciliation/${FY}`, {});
  expect(answer).toMatchObject({ throttled: false, error: false });
  await finished(answer.jobId!);
  return answer.jobId!;
};

type Term = { field: string; operator: string; value: string; sort?: string };

const filterPath = (filter: string, conditions: Term[], orderBy?: string, jobId = job) =>
  `/smart-filters/entityId/${jobId}/${FY}?query=${encodeURIComponent(JSON.stringify({ filter, conditions }))}${
    orderBy ? `&orderBy=${encodeURIComponent(orderBy)}` : ''
  }`;

const run = (filter: string, conditions: Term[] = [], orderBy?: string) =>
  api<SmartFilterResult>('GET', filterPath(filter, conditions, orderBy));

const tansOf = (r: SmartFilterResult) => r.entities.map((x) => x.customerTAN).sort();
const tans = (list: CustomerResultEntry[]) => list.map((c) => c.customerTAN).sort();

const download = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`${t.baseUrl}/taxrecon/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
};

const unzip = async (bytes: Uint8Array) => {
  const reader = new ZipReader(new Uint8ArrayReader(bytes));
  const files = new Map<string, Uint8Array>();
  for (const entry of await reader.getEntries()) {
    if (!entry.directory && entry.getData)
      files.set(entry.filename, await entry.getData(new Uint8ArrayWriter()));
  }
  await reader.close();
  return files;
};

const workbook = async (bytes: Uint8Array) => {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return book;
};

beforeAll(async () => {
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
  job = await reconcile();
  customers = [];
  for (const matchType of ['fullMatches', 'partialMatches', 'missingFromSales', 'missingFromTaxBook']) {
    const page = await api<ReconResultPage>(
      'POST',
      `/reconciliation-response/tds/job/${job}/1?matchType=${matchType}&pageSize=500`,
      {},
    );
    customers.push(...page[matchType as 'fullMatches']);
  }
  // the master's customers and the name-only one linked to its 26AS deductor
  expect(customers.length).toBe(e.customers + 1);
}, 240_000);

afterAll(async () => {
  await t?.close();
});

describe('the pre-built filters', () => {
  it('lists the filters with their conditions and the job details', async () => {
    const filters = await api<SmartFilter[]>('GET', '/smart-filters/smart-filters');
    expect(filters.map((f) => f.id)).toEqual([
      'booksMoreThan26AS',
      'booksLessThan26AS',
      'matchedPercentageBelow',
      'differenceAbove',
      'missingFrom26AS',
      'statusUCredits',
      'notClaimable',
    ]);
    expect(filters[0]!.name).toBe('Mismatched Entries (Books > 26AS) [Customer/ Vendor wise]');
    expect(filters[0]!.conditions[0]).toMatchObject({ dataType: 'number', readOnly: false });
    expect(filters.find((f) => f.id === 'missingFrom26AS')!.conditions.every((c) => c.readOnly)).toBe(true);
    const details = await api<Record<string, string>>('GET', `/smart-filters/jobDetails/${job}`);
    expect(details).toMatchObject({
      jobType: 'TDS Reconciliation',
      transactionStartDate: `${FY.slice(0, 4)}-04-01`,
      transactionEndDate: `${Number(FY.slice(0, 4)) + 1}-03-31`,
    });
  });

  // Each filter against what the result pages show, and against the planted cases.
  const table: {
    filter: string;
    conditions: Term[];
    expected: (c: CustomerResultEntry) => boolean;
    includes: () => string[];
    excludes?: () => string[];
  }[] = [
    {
      filter: 'booksMoreThan26AS',
      conditions: [{ field: 'difference', operator: '>', value: '0' }],
      expected: (c) => Number(c.totalDiscrepancy) > 0,
      includes: () => [e.neverDeducted.tan, e.invoicesMissingFrom26as.tan],
      excludes: () => [e.missingFromSales.tan],
    },
    {
      filter: 'booksLessThan26AS',
      conditions: [{ field: 'excessIn26AS', operator: '>', value: '0' }],
      expected: (c) => Number(c.totalDiscrepancy) < 0,
      includes: () => [e.missingFromSales.tan],
      excludes: () => [e.neverDeducted.tan],
    },
    {
      filter: 'matchedPercentageBelow',
      conditions: [{ field: 'matchedPercentage', operator: '<', value: '100' }],
      expected: (c) => c.matchedPercentage < 100,
      includes: () => [e.neverDeducted.tan, e.missingFromSales.tan],
      excludes: () => e.compliantTans,
    },
    {
      filter: 'differenceAbove',
      conditions: [
        { field: 'absoluteDifference', operator: '>', value: String(e.smallTaxDifference.difference / 100) },
      ],
      expected: (c) => Math.abs(Number(c.totalDiscrepancy)) > Math.abs(e.smallTaxDifference.difference / 100),
      includes: () => [e.largeTaxDifference.tan],
      excludes: () => e.compliantTans,
    },
    {
      filter: 'missingFrom26AS',
      conditions: [],
      expected: (c) => c.category === 'missingFromTaxBook',
      includes: () => [e.neverDeducted.tan],
      excludes: () => [e.missingFromSales.tan],
    },
    {
      filter: 'statusUCredits',
      conditions: [],
      // no figure of the result pages names status U: the planted case is the whole answer
      expected: (c) => c.customerTAN === e.unmatchedStatus.tan,
      includes: () => [e.unmatchedStatus.tan],
    },
    {
      filter: 'notClaimable',
      conditions: [{ field: 'notClaimableTax', operator: '>', value: '0' }],
      expected: (c) => Number(c.notClaimableTax) > 0,
      includes: () => [e.unmatchedStatus.tan, e.provisionalStatus.tan],
      excludes: () => e.compliantTans,
    },
  ];

  it.each(table)('$filter selects the customers it should', async (row) => {
    const result = await run(row.filter, row.conditions);
    expect(tansOf(result)).toEqual(tans(customers.filter(row.expected)));
    expect(result.total).toBe(result.entities.length);
    for (const tan of row.includes()) expect(tansOf(result)).toContain(tan);
    for (const tan of row.excludes?.() ?? []) expect(tansOf(result)).not.toContain(tan);
  });
});

describe('conditions', () => {
  it('takes between with two values in either order, and sorts', async () => {
    const small = Math.abs(e.smallTaxDifference.difference / 100);
    const large = Math.abs(e.largeTaxDifference.difference / 100);
    const between = await run('differenceAbove', [
      { field: 'absoluteDifference', operator: 'between', value: `${large}, ${small}`, sort: 'DESC' },
    ]);
    expect(tansOf(between)).toEqual(
      tans(
        customers.filter((c) => {
          const d = Math.abs(Number(c.totalDiscrepancy));
          return d >= small && d <= large;
        }),
      ),
    );
    expect(between.entities.map((x) => x.customerTAN)).toContain(e.largeTaxDifference.tan);
    expect(between.entities.map((x) => x.customerTAN)).toContain(e.smallTaxDifference.tan);
    const diffs = between.entities.map((x) => Math.abs(Number(x.difference)));
    expect(diffs).toEqual([...diffs].sort((a, b) => b - a));
    const asc = await run(
      'booksMoreThan26AS',
      [{ field: 'difference', operator: '>=', value: '0.01' }],
      'bookTax:ASC',
    );
    const books = asc.entities.map((x) => Number(x.bookTax));
    expect(books).toEqual([...books].sort((a, b) => a - b));
  });

  it('upper-cases an in-list of names and TANs, and not in excludes them', async () => {
    const pick = [e.neverDeducted, e.invoicesMissingFrom26as];
    const names = pick.map((p) => customers.find((c) => c.customerTAN === p.tan)!.customerName);
    const inList = await run('booksMoreThan26AS', [
      { field: 'customerName', operator: 'in', value: names.map((n) => n.toLowerCase()).join(' , ') },
    ]);
    expect(tansOf(inList)).toEqual(pick.map((p) => p.tan).sort());
    const byTan = await run('booksMoreThan26AS', [
      { field: 'customerTAN', operator: 'in', value: e.neverDeducted.tan.toLowerCase() },
    ]);
    expect(tansOf(byTan)).toEqual([e.neverDeducted.tan]);
    const all = await run('booksMoreThan26AS', [{ field: 'difference', operator: '>', value: '0' }]);
    const notIn = await run('booksMoreThan26AS', [
      { field: 'difference', operator: '>', value: '0' },
      { field: 'customerTAN', operator: 'not in', value: pick.map((p) => p.tan).join(',') },
    ]);
    expect(notIn.total).toBe(all.total - 2);
    // a quote in a value is a value, not SQL
    const quoted = await run('booksMoreThan26AS', [
      { field: 'customerName', operator: 'in', value: "X' OR '1'='1" },
    ]);
    expect(quoted.total).toBe(0);
  });

  it('refuses bad conditions with a clear message', async () => {
    const cases: [string, Term[], RegExp][] = [
      ['differenceAbove', [{ field: 'absoluteDifference', operator: 'between', value: '10' }], /two values/],
      [
        'differenceAbove',
        [{ field: 'absoluteDifference', operator: '>', value: '1; DROP TABLE x' }],
        /not a number/,
      ],
      ['differenceAbove', [{ field: 'absoluteDifference', operator: 'in', value: '1' }], /operators/],
      ['differenceAbove', [{ field: 'tax_difference', operator: '>', value: '1' }], /no condition/],
      ['missingFrom26AS', [{ field: 'category', operator: '=', value: 'fullMatches' }], /fixed/],
      ['differenceAbove', [], /Tick at least one condition/],
      ['noSuchFilter', [], /no smart filter/],
    ];
    for (const [filter, conditions, message] of cases) {
      const answer = await t.api('GET', filterPath(filter, conditions), { token });
      expect(answer.status, `${filter} ${JSON.stringify(conditions)}`).toBe(400);
      expect((answer.json as { message: string }).message).toMatch(message);
    }
    const order = await t.api('GET', filterPath('missingFrom26AS', [], 'name; DELETE:ASC'), { token });
    expect(order.status).toBe(400);
    const year = await t.api('GET', filterPath('missingFrom26AS', []).replace(`/${FY}?`, '/2019-20?'), {
      token,
    });
    expect(year.status).toBe(400);
    const json = await t.api('GET', `/smart-filters/entityId/${job}/${FY}?query=not-json`, { token });
    expect(json.status).toBe(400);
  });
});

describe('bulk update', () => {
  it('records each decision like a manual one; they survive a re-run and a repeat records nothing', async () => {
    const chosen = await run('missingFrom26AS');
    expect(chosen.entities.length).toBeGreaterThan(0);
    const ids = chosen.entities.map((x) => x.entityId);
    const refused = await t.api('PUT', '/smart-filters/update-discrepancies-bulk', {
      token,
      body: { jobId: job, salesStatus: 'Do Nothing', taxbookStatus: 'Do Nothing', entityIds: ids },
    });
    expect(refused.status).toBe(400);
    const outside = await t.api('PUT', '/smart-filters/update-discrepancies-bulk', {
      token,
      body: {
        jobId: job,
        salesStatus: 'Hold',
        taxbookStatus: 'Do Nothing',
        entityIds: ids,
        transactionStartDate: '2019-04-01',
      },
    });
    expect(outside.status).toBe(400);
    expect((outside.json as { message: string }).message).toMatch(/outside the financial year/);
    const submit = () =>
      api<{ jobId: string }>('PUT', '/smart-filters/update-discrepancies-bulk', {
        jobId: job,
        salesStatus: 'FollowUp',
        taxbookStatus: 'Hold',
        entityIds: ids,
      });
    const first = await finished((await submit()).jobId);
    const outcome = JSON.parse(first.payload!) as { entries: number; decisions: number; errors: string[] };
    expect(outcome.errors).toEqual([]);
    expect(outcome.decisions).toBe(ids.length);
    const d = e.neverDeducted;
    const view = (jobId: string) =>
      api<DiscrepancyResponse>('GET', `/discrepancy/entries/${d.tan}?jobId=${jobId}`);
    const before = await view(job);
    expect(before.entrySalesDiscrepancies.length).toBe(d.vouchers.length);
    expect(outcome.entries).toBeGreaterThanOrEqual(d.vouchers.length);
    for (const row of before.entrySalesDiscrepancies) {
      expect(row.manualAction).toBe('FollowUp');
      expect(row.notes).toEqual([
        expect.objectContaining({ action: 'FollowUp', text: 'Bulk update (smart filter)', by: ADMIN.email }),
      ]);
    }
    const decisions = await api<unknown[]>('GET', `/discrepancy/decisions/${d.tan}?jobId=${job}`);
    expect(decisions.length).toBe(1);

    // retry-safe: the same job again finds every entry already decided
    const again = JSON.parse((await finished((await submit()).jobId)).payload!) as { entries: number };
    expect(again.entries).toBe(0);
    expect((await api<unknown[]>('GET', `/discrepancy/decisions/${d.tan}?jobId=${job}`)).length).toBe(1);

    const rerun = await reconcile();
    const after = await view(rerun);
    expect(after.entrySalesDiscrepancies.map((r) => r.manualAction)).toEqual(
      d.vouchers.map(() => 'FollowUp'),
    );
    job = rerun;
  });
});

describe('downloads of chosen customers', () => {
  it('gives the full report and the summary of a tab, as a zip and as xlsx with ₹ formats', async () => {
    const chosen = (await run('booksMoreThan26AS', [{ field: 'difference', operator: '>', value: '0' }]))
      .entities;
    const inTab = chosen.filter((x) => x.category === 'partialMatches').map((x) => x.entityId);
    expect(inTab.length).toBeGreaterThan(0);
    const full = await download(
      'GET',
      `/discrepancy/tds-entries-by-entityIdList/download/${job}/partialMatches?entityIdList=${inTab.join(',')}`,
    );
    expect(full.status).toBe(200);
    expect(full.type).toContain('application/zip');
    const files = await unzip(full.bytes);
    expect([...files.keys()].sort()).toEqual(['26as.csv', 'customers.csv', 'sales-book.csv', 'summary.xlsx']);
    const sheet = (await workbook(files.get('summary.xlsx')!)).getWorksheet('Summary')!;
    expect(sheet.rowCount).toBe(inTab.length + 1);
    expect(sheet.getColumn(8).numFmt).toContain('₹');

    const summary = await download(
      'GET',
      `/discrepancy/tds-entries-by-summary/download/${job}/partialMatches?entityIdList=${inTab.join(',')}`,
    );
    expect(summary.type).toContain('spreadsheetml');
    const rows = (await workbook(summary.bytes)).getWorksheet('Summary')!;
    const keys: string[] = [];
    rows.eachRow((r, n) => {
      if (n > 1) keys.push(String(r.getCell(1).value));
    });
    expect(keys.sort()).toEqual([...inTab].sort());

    // customers of another tab are not in this tab's download
    const other = chosen.find((x) => x.category !== 'partialMatches');
    if (other) {
      const none = await download(
        'GET',
        `/discrepancy/tds-entries-by-summary/download/${job}/partialMatches?entityIdList=${other.entityId}`,
      );
      expect((await workbook(none.bytes)).getWorksheet('Summary')!.rowCount).toBe(1);
    }

    const submitted = await api<{ throttled: boolean; jobId: string }>(
      'POST',
      `/discrepancy/tds-entries-by-summary/download-async/${job}/partialMatches?file=smart-summary`,
      { entityIds: inTab },
    );
    expect(submitted.throttled).toBe(false);
    await finished(submitted.jobId);
    const reports = await api<{ id: string; fileName: string; status: string; reportType: string }[]>(
      'GET',
      '/reports/reconciliation-reports',
    );
    const report = reports.find((r) => r.fileName === 'smart-summary.zip')!;
    expect(report).toMatchObject({ status: 'Completed', reportType: 'SmartFilterSummary' });
    const stored = await unzip((await download('GET', `/reports/reconciliation-reports/${report.id}`)).bytes);
    expect([...stored.keys()]).toEqual(['summary.xlsx']);

    const fullAsync = await api<{ throttled: boolean; jobId: string }>(
      'POST',
      `/discrepancy/tds-entries-by-entityIdList/download-async/${job}/partialMatches`,
      { entityIds: inTab },
    );
    await finished(fullAsync.jobId);
  });

  it('suggests book-only customers and 26AS-only deductors that look alike', async () => {
    const answer = await api<{ jobId: string; suggestions: { bookEntityId: string; taxBookTan: string }[] }>(
      'GET',
      `/smart-recon/suggest/${FY}?taxType=TDS&tolerance=100&matchByName=false`,
    );
    expect(answer.jobId).toBe(job);
    const bookOnly = customers.filter((c) => c.category === 'missingFromTaxBook').map((c) => c.entityId);
    for (const s of answer.suggestions) expect(bookOnly).toContain(s.bookEntityId);
    const bad = await t.api('GET', `/smart-recon/suggest/${FY}?tolerance=abc`, { token });
    expect(bad.status).toBe(400);
  });
});

describe('entity isolation', () => {
  it("another entity's job answers 404 on every smart filter call", async () => {
    const home = (await t.api('GET', '/entities', { token })).json as {
      id: string;
      subGroupId: string;
      current: boolean;
    }[];
    const current = home.find((x) => x.current)!;
    const other = (
      await t.api('PUT', '/legal-entity', {
        token,
        body: { name: 'Isolated Branch', panNumber: 'AABCI1234Q' },
      })
    ).json as { id: string; subGroupId: string };
    expect((await t.api('PUT', `/entity/${other.id}/${other.subGroupId}`, { token })).status).toBe(200);
    try {
      for (const [method, path, body] of [
        ['GET', `/smart-filters/jobDetails/${job}`, undefined],
        ['GET', filterPath('missingFrom26AS', []), undefined],
        [
          'PUT',
          '/smart-filters/update-discrepancies-bulk',
          { jobId: job, salesStatus: 'Accept', taxbookStatus: 'Do Nothing', entityIds: ['X'] },
        ],
        [
          'GET',
          `/discrepancy/tds-entries-by-entityIdList/download/${job}/partialMatches?entityIdList=X`,
          undefined,
        ],
        [
          'GET',
          `/discrepancy/tds-entries-by-summary/download/${job}/partialMatches?entityIdList=X`,
          undefined,
        ],
        [
          'POST',
          `/discrepancy/tds-entries-by-summary/download-async/${job}/partialMatches`,
          { entityIds: ['X'] },
        ],
        [
          'POST',
          `/discrepancy/tds-entries-by-entityIdList/download-async/${job}/partialMatches`,
          { entityIds: ['X'] },
        ],
        ['GET', `/smart-recon/suggest/${FY}`, undefined],
      ] as const) {
        const answer = await t.api(method, path, { token, ...(body === undefined ? {} : { body }) });
        expect(answer.status, `${method} ${path}`).toBe(404);
      }
    } finally {
      await t.api('PUT', `/entity/${current.id}/${current.subGroupId}`, { token });
    }
  });
});
