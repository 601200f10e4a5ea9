import type {
  CustomerResultEntry,
  DiscrepancyResponse,
  ReconJobTree,
  ReconResultPage,
  ReconSummary,
  SubmitAnswer,
  TransactionCounts,
} from '@taxrecon/contracts';
import { reconcile as reconcileFiles } from '@taxrecon/engine';
import { parse26asText, parseDelimited } from '@taxrecon/formats';
import { formatRupees } from '@taxrecon/shared';
import { TextWriter, Uint8ArrayReader, Uint8ArrayWriter, ZipReader } from '@zip.js/zip.js';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ADMIN, eventually, startTestServer, type TestServer } from '../../testing/test-server.ts';
import { generateDemoCompany } from '../demo/generate.ts';
import { parseDemo } from '../demo/parsed-demo.test-helper.ts';
import { customerParties, mappingEntries, salesBookRows, taxBookRows } from './matching/engine-input.ts';

// The demo company reconciled through the API: the planted mismatches land
// in the categories they were planted for, a second submit is throttled, the
// result pages and the discrepancy view read from the stored result, a
// decision survives a re-run, bad splits and selections are refused,
// downloads are real zips, and another entity sees none of it.

const demo = generateDemoCompany();
const e = demo.expectations;
// The master's customers and the name-only one linked to its 26AS deductor.
const CUSTOMERS = e.customers + 1;
const FY = demo.financialYear;

let t: TestServer;
let token: string;
let tdsJob: string;
let tcsJob: string;

type Tree = z.infer<typeof ReconJobTree>;

const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
  const answer = await t.api(method, path, { token, ...(body === undefined ? {} : { body }) });
  if (answer.status !== 200)
    throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.json)}`);
  return answer.json as T;
};

const finished = (jobId: string) =>
  eventually(async () => {
    const job = (await t.api('GET', `/job/${jobId}`, { token })).json as {
      status: string;
      failureReason: string | null;
    };
    if (job.status === 'Failed') throw new Error(`job ${jobId} failed: ${job.failureReason}`);
    return job.status === 'Completed' ? job : null;
  }, 60_000);

const reconcile = async (kind: 'tds' | 'tcs', year: string, query = '') => {
  const answer = await api<SubmitAnswer>('PUT', `/job/${kind}-reconciliation/${year}${query}`, {});
  expect(answer).toMatchObject({ throttled: false, error: false });
  await finished(answer.jobId!);
  return answer.jobId!;
};

const page = (jobId: string, matchType: string, query = '', n = 1) =>
  api<ReconResultPage>(
    'POST',
    `/reconciliation-response/tds/job/${jobId}/${n}?matchType=${matchType}${query}`,
    {},
  );

const allOf = async (jobId: string, matchType: string): Promise<CustomerResultEntry[]> =>
  (await page(jobId, matchType, '&pageSize=500'))[matchType as 'fullMatches'];

const categoryOf = async (jobId: string, tan: string) =>
  (await api<DiscrepancyResponse>('GET', `/discrepancy/entries/${tan}?jobId=${jobId}`)).category;

const view = (jobId: string, tan: string) =>
  api<DiscrepancyResponse>('GET', `/discrepancy/entries/${tan}?jobId=${jobId}`);

const unzip = async (bytes: Uint8Array) => {
  const reader = new ZipReader(new Uint8ArrayReader(bytes));
  const files = new Map<string, string>();
  const binaries = new Map<string, Uint8Array>();
  for (const entry of await reader.getEntries()) {
    if (entry.directory || !entry.getData) continue;
    if (entry.filename.endsWith('.csv')) files.set(entry.filename, await entry.getData(new TextWriter()));
    else {
      binaries.set(entry.filename, await entry.getData(new Uint8ArrayWriter()));
      files.set(entry.filename, 'binary');
    }
  }
  await reader.close();
  return Object.assign(files, { binaries });
};

const sheetsOf = async (xlsx: Uint8Array) => {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(xlsx as unknown as ArrayBuffer);
  return book.worksheets.map((w) => w.name);
};

const download = async (method: string, path: string) => {
  const response = await fetch(`${t.baseUrl}/taxrecon/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
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
});

afterAll(async () => {
  await t?.close();
});

describe('the submit screen', () => {
  it('counts the rows a job would take, per kind', async () => {
    const tds = await api<TransactionCounts>('POST', `/job/transactions-count/${FY}`, {});
    const partI = e.controlTotals.form26as.reduce((n, f) => n + f.tdsTransactions, 0);
    const partVI = e.controlTotals.form26as.reduce((n, f) => n + f.tcsTransactions, 0);
    expect(tds).toMatchObject({
      kind: 'TDS',
      salesBook: e.controlTotals.sales.rows,
      purchaseBook: e.controlTotals.purchase.rows,
      purchaseWithoutTcs: 0,
      taxBook: partI,
      total: e.controlTotals.sales.rows + partI,
      customers: e.customers,
      previousJobId: null,
    });
    const tcs = await api<TransactionCounts>(
      'POST',
      `/job/transactions-count/${FY}?jobType=TCS Reconciliation`,
      {},
    );
    // the bills the TCS job takes: those without TCS are left out
    const bills = e.controlTotals.purchase.rows - e.tcs.billsWithoutTcs;
    expect(tcs).toMatchObject({
      kind: 'TCS',
      taxBook: partVI,
      purchaseBook: bills,
      purchaseWithoutTcs: e.tcs.billsWithoutTcs,
      total: bills + partVI,
    });
    const one = await api<TransactionCounts>('POST', `/job/specific-transactions-count/${FY}`, {
      customers: ['C011'],
    });
    expect(one.salesBook).toBeGreaterThan(0);
    expect(one.salesBook).toBeLessThan(tds.salesBook);
    const empty = await api<TransactionCounts>('POST', '/job/transactions-count/2019-20', {});
    expect(empty.total).toBe(0);
    const refused = await api<SubmitAnswer>('PUT', '/job/tds-reconciliation/2019-20', {});
    expect(refused).toMatchObject({ jobId: null, error: true });
  });

  it('shows how the book and 26AS meet, and previews the customer groups', async () => {
    const metrics = await api<{
      totalSalesBook: number;
      totalTaxBook: number;
      totalIntersections: number;
      customersMissingFromCustomerMaster: string[];
      salesLowWarning: boolean;
    }>('POST', `/job/entity-id-metrics/${FY}`, {});
    // one customer never deducted, one was never billed: both books miss one each
    expect(metrics.totalSalesBook - metrics.totalIntersections).toBe(1);
    expect(metrics.totalTaxBook - metrics.totalIntersections).toBe(1);
    expect(metrics.customersMissingFromCustomerMaster).toEqual([]);
    expect(metrics.salesLowWarning).toBe(false);
    // TCS: the vendors whose bills carry no TCS are not counted as missing from Part VI
    const tcs = await api<typeof metrics>(
      'POST',
      `/job/entity-id-metrics/${FY}?jobType=TCS Reconciliation`,
      {},
    );
    expect(tcs).toMatchObject({
      totalSalesBook: e.tcs.vendorsInPartVI.length,
      totalIntersections: e.tcs.vendorsInPartVI.length,
      salesLowWarning: false,
    });
    const preview = await api<{ preview: { status: string; entityId: string }[]; csv: boolean }>(
      'GET',
      `/job/group-preview/${FY}`,
    );
    expect(preview.csv).toBe(false);
    expect(preview.preview.length).toBe(
      metrics.totalSalesBook + metrics.totalTaxBook - metrics.totalIntersections,
    );
    expect(preview.preview.every((r) => r.status === 'Grouped')).toBe(true);
    const csv = await download('GET', `/job/group-preview/${FY}/csv`);
    expect(csv.type).toContain('text/csv');
    expect(new TextDecoder().decode(csv.bytes).split('\n')[0]).toBe(
      'status,entityId,name,noOfEntitiesFromSales,noOfEntitiesFrom26AS',
    );
  });
  it('offers in the picker only the parties a job of the year would find', async () => {
    const names = (kind: string) =>
      api<Record<string, string>>('GET', `/search/customer-names-by-financialYear/${FY}?jobType=${kind}`);
    const groups = async (kind: string) =>
      (
        await api<{ preview: { entityId: string }[] }>('GET', `/job/group-preview/${FY}?jobType=${kind}`)
      ).preview
        .map((r) => r.entityId)
        .sort();
    const tcs = await names('TCS Reconciliation');
    // the vendors with TCS on their bills or in Part VI, not the vendors whose bills carry none
    expect(Object.keys(tcs)).toHaveLength(e.tcs.vendorsInPartVI.length);
    expect(Object.keys(tcs).sort()).toEqual(await groups('TCS Reconciliation'));
    // the master's name, as the book knows it (the vendor whose Q4 TCS is missing)
    const netcore = e.tcs.missingFromPartVI.vendorName.split(' ')[0]!.toLowerCase();
    expect(Object.values(tcs).filter((n) => n.toLowerCase().startsWith(netcore))).toHaveLength(1);
    const vendors = await api<{ totalCount: number }>('POST', '/master-data-management/vendors/search', {});
    expect(vendors.totalCount).toBeGreaterThan(e.tcs.vendorsInPartVI.length);
    const tds = await names('TDS Reconciliation');
    expect(Object.keys(tds).sort()).toEqual(await groups('TDS Reconciliation'));
    expect(Object.values(tds)).toEqual([...Object.values(tds)].sort((a, b) => a.localeCompare(b)));
    expect(await api('GET', '/search/customer-names-by-financialYear/2019-20')).toEqual({});
  });
});

describe('a TDS reconciliation of the demo company', () => {
  it('runs as one job per entity at a time: a second submit is throttled', async () => {
    const first = await api<SubmitAnswer>('PUT', `/job/tds-reconciliation/${FY}?notes=first%20run`, {});
    expect(first).toMatchObject({ throttled: false, error: false });
    const second = await api<SubmitAnswer>('PUT', `/job/tcs-reconciliation/${FY}`, {});
    expect(second).toEqual({
      jobId: null,
      throttled: true,
      error: false,
      message: "There's already a job in progress. Please submit after sometime.",
    });
    await finished(first.jobId!);
    tdsJob = first.jobId!;
    const job = (await t.api('GET', `/job/${tdsJob}`, { token })).json as {
      payload: string;
      remarks: string;
    };
    const result = JSON.parse(job.payload) as { reconciledRupees: number; customers: number };
    expect(result.customers).toBe(CUSTOMERS);
    expect(result.reconciledRupees).toBeGreaterThan(0);
    const totals = (await t.api('GET', '/config/all-totals')).json as { totals: number; customers: number };
    expect(totals).toEqual({ totals: result.reconciledRupees, customers: CUSTOMERS });
  });

  it('puts every planted case in its category', async () => {
    const full = (await allOf(tdsJob, 'fullMatches')).map((c) => c.customerTAN);
    const partial = (await allOf(tdsJob, 'partialMatches')).map((c) => c.customerTAN);
    const fromSales = (await allOf(tdsJob, 'missingFromSales')).map((c) => c.customerTAN);
    const from26as = (await allOf(tdsJob, 'missingFromTaxBook')).map((c) => c.customerTAN);
    expect(fromSales).toEqual([e.missingFromSales.tan]);
    expect(from26as).toEqual([e.neverDeducted.tan]);
    for (const tan of e.compliantTans) expect(full).toContain(tan);
    // The name-only customer the master lacks: linked to its 26AS deductor by name.
    expect(full).toContain(e.resolvedByDeductorName.tan);
    for (const tan of [e.smallTaxDifference.tan, e.largeTaxDifference.tan, e.invoicesMissingFrom26as.tan]) {
      expect(partial).toContain(tan);
    }
    for (const tan of new Set(e.carriedForward.map((c) => c.tan))) expect(partial).toContain(tan);
    // split credits (one to several, several to one), the reversal, U and P rows: all matched
    for (const tan of [e.oneToSeveral.tan, e.reversal.tan, e.unmatchedStatus.tan, e.provisionalStatus.tan]) {
      expect(full).toContain(tan);
    }
  });

  it('gives what the command line gives on the same files', async () => {
    const parsed = await parseDemo(demo);
    const cli = reconcileFiles({
      kind: 'TDS',
      financialYear: FY,
      book: salesBookRows(parsed.sales.rows),
      taxBook: parsed.statements.flatMap((s) => taxBookRows(s, 'TDS')),
      parties: customerParties(parsed.customers),
      mappings: mappingEntries(parsed.mapping),
    });
    const app: Record<string, string> = {};
    for (const category of ['partialMatches', 'missingFromSales', 'missingFromTaxBook', 'fullMatches']) {
      for (const c of await allOf(tdsJob, category)) app[c.entityId] = `${category} ${c.claimableTax}`;
    }
    expect(app).toEqual(
      Object.fromEntries(
        cli.parties.map((p) => [p.key, `${p.category} ${formatRupees(p.totals.claimableTax)}`]),
      ),
    );
  });

  it('matches but does not claim U and P credits, and carries late-March invoices forward', async () => {
    for (const tan of [e.unmatchedStatus.tan, e.provisionalStatus.tan]) {
      const party = await view(tdsJob, tan);
      const unclaimable = party.taxBookDiscrepancies.filter((r) => r.claimable === false);
      expect(unclaimable.length).toBe(
        tan === e.unmatchedStatus.tan ? e.unmatchedStatus.rows.length : e.provisionalStatus.rows.length,
      );
    }
    for (const c of e.carriedForward) {
      const party = await view(tdsJob, c.tan);
      const row = party.entrySalesDiscrepancies.find((r) => r.voucherNumber === c.voucher);
      expect(row).toMatchObject({ manualAction: null, carriedForward: true, transactionDate: c.invoiceDate });
      expect(row?.reason).toMatch(/26AS/);
    }
  });

  it('pages, sorts, searches and sums on the server', async () => {
    const first = await page(tdsJob, 'fullMatches', '&pageSize=10&sortBy=name');
    expect(first.size).toBe(first.counts.fullMatches);
    expect(first.fullMatches).toHaveLength(10);
    expect(first.partialMatches).toEqual([]);
    const names = first.fullMatches.map((c) => c.customerName);
    expect(names).toEqual([...names].sort());
    const last = await page(tdsJob, 'fullMatches', '&pageSize=10&sortBy=name', Math.ceil(first.size / 10));
    expect(last.fullMatches.length).toBe(first.size - 10 * (Math.ceil(first.size / 10) - 1));
    expect(last.fullMatches[0]!.customerName >= names[9]!).toBe(true);
    const biggest = await page(tdsJob, 'partialMatches', '&sortBy=absoluteDiscrepancy&sortDirection=desc');
    const gaps = biggest.partialMatches.map((c) => Math.abs(Number(c.totalDiscrepancy)));
    expect(gaps).toEqual([...gaps].sort((a, b) => b - a));
    const found = await api<ReconResultPage>(
      'POST',
      `/reconciliation-response/search/tds/job/${tdsJob}/1?matchType=partialMatches&searchTerm=${e.smallTaxDifference.tan}`,
      {},
    );
    expect(found.partialMatches.map((c) => c.customerTAN)).toEqual([e.smallTaxDifference.tan]);
    const ignored = await page(
      tdsJob,
      'partialMatches',
      `&ignoreDifferenceBelow=${formatRupees(e.suggestedTolerance)}`,
    );
    expect(ignored.partialMatches.map((c) => c.customerTAN)).not.toContain(e.smallTaxDifference.tan);
    expect(first.metadata.pie.reduce((n, p) => n + p.count, 0)).toBe(CUSTOMERS);
    expect(first.metadata.nonCompliantCustomers).toBe(CUSTOMERS - first.counts.fullMatches);
    const summary = await api<z.infer<typeof ReconSummary>>(
      'GET',
      `/job/tds-reconciliation-summary/${tdsJob}`,
    );
    const total = summary.rows.find((r) => r.metric === 'Total')!;
    expect(total.taxAmountSalesPurchaseBook).toBe(formatRupees(e.controlTotals.sales.tds));
    expect(summary.compliancePercentage).toBeCloseTo((first.counts.fullMatches * 100) / (CUSTOMERS - 1), 3);
    const drill = await api<{ rows: { metric: string }[] }>(
      'GET',
      `/job/tds-reconciliation-summary-drilldown/${tdsJob}?drilldownId=partialMatches`,
    );
    expect(drill.rows.map((r) => r.metric)).toContain('Not matched');
    const cloud = await api<{ entityId: string; value: number }[]>('GET', `/job/compliance-cloud/${tdsJob}`);
    expect(cloud.length).toBe(first.counts.partialMatches + 2);
    const names2 = await api<Record<string, string>>('GET', `/search/customer-names/job/${tdsJob}`);
    expect(Object.keys(names2)).toHaveLength(CUSTOMERS);
  });

  it('shows a customer: both tables, paged, with totals, searchable by column', async () => {
    const d = e.smallTaxDifference;
    const party = await view(tdsJob, d.tan);
    expect(party.category).toBe('partialMatches');
    expect(party.entrySalesDiscrepancies.length).toBe(party.totalSalesPurchaseBookCount);
    const open = party.entrySalesDiscrepancies.filter((r) => r.manualAction === null);
    expect(open.map((r) => r.voucherNumber)).toEqual(d.vouchers);
    expect(open[0]!.reason).toMatch(/differs/);
    const paged = await api<DiscrepancyResponse>(
      'GET',
      `/discrepancy/entries/${d.tan}?jobId=${tdsJob}&pageSize=10&taxBookEntriesPageNo=2`,
    );
    expect(paged.entrySalesDiscrepancies).toHaveLength(10);
    expect(paged.taxBookDiscrepancies[0]!.id).toBe(party.taxBookDiscrepancies[10]!.id);
    expect(paged.totalTaxBookPages).toBe(Math.ceil(party.totalTaxBookCount / 10));
    const search = await api<{ entrySalesDiscrepancies: { voucherNumber: string }[]; count: number }>(
      'POST',
      `/discrepancy/entries/search/${d.tan}?jobId=${tdsJob}`,
      { searchType: 'Sales', manualAction: 'Discrepancy' },
    );
    expect(search.entrySalesDiscrepancies.map((r) => r.voucherNumber)).toEqual(d.vouchers);
    const print = await api<DiscrepancyResponse>(
      'GET',
      `/discrepancy/entries/${d.tan}?year=${FY}&quarters=4`,
    );
    expect(print.entrySalesDiscrepancies.length).toBeGreaterThan(0);
    for (const r of print.entrySalesDiscrepancies) expect(r.transactionDate.slice(5, 7) <= '03').toBe(true);
  });
});

describe('decisions', () => {
  it('accepts a pair (Correlate Entries), records who and when, and keeps it through a re-run', async () => {
    const d = e.smallTaxDifference;
    const party = await view(tdsJob, d.tan);
    const book = party.entrySalesDiscrepancies.find((r) => r.manualAction === null)!;
    const credit = party.taxBookDiscrepancies.find((r) => r.manualAction === null)!;
    const answer = await api<{ category: string }>('PUT', '/discrepancy/update-discrepancies', {
      jobId: tdsJob,
      actionType: 'Accept',
      correlate: true,
      notes: 'short by a few rupees; accepted',
      salesPurchaseBookDiscrepancyIds: [book.id],
      taxBookDiscrepancyIds: [credit.id],
    });
    expect(answer.category).toBe('fullMatches');
    const after = await view(tdsJob, d.tan);
    const accepted = after.entrySalesDiscrepancies.find((r) => r.id === book.id)!;
    expect(accepted.manualAction).toBe('Accept');
    expect(accepted.notes).toEqual([
      { action: 'Accept', text: 'short by a few rupees; accepted', by: ADMIN.email, at: expect.any(String) },
    ]);
    const decisions = await api<{ userId: string; action: string }[]>(
      'GET',
      `/discrepancy/decisions/${d.tan}?jobId=${tdsJob}`,
    );
    expect(decisions).toMatchObject([{ userId: ADMIN.email, action: 'Accept (correlated)' }]);
    const manual = (await page(tdsJob, 'fullMatches', `&searchTerm=${d.tan}`)).fullMatches[0]!;
    expect(manual).toMatchObject({ manuallyMatched: true, overallRemarksSubType: 'Manually matched' });

    const rerun = await reconcile('tds', FY);
    expect(await categoryOf(rerun, d.tan)).toBe('fullMatches');
    const again = await view(rerun, d.tan);
    expect(again.entrySalesDiscrepancies.find((r) => r.voucherNumber === d.vouchers[0])).toMatchObject({
      manualAction: 'Accept',
      notes: [expect.objectContaining({ by: ADMIN.email })],
    });
    tdsJob = rerun;
    // the sign-in page's running total counts a year once, from its latest job
    const latest = JSON.parse(
      ((await t.api('GET', `/job/${rerun}`, { token })).json as { payload: string }).payload,
    ) as {
      reconciledRupees: number;
    };
    const totals = (await t.api('GET', '/config/all-totals')).json as { totals: number; customers: number };
    expect(totals).toEqual({ totals: latest.reconciledRupees, customers: CUSTOMERS });
  });

  it('refuses a split that does not add up, an invalid selection and accepting a split row', async () => {
    const d = e.largeTaxDifference;
    const party = await view(tdsJob, d.tan);
    const row = party.entrySalesDiscrepancies.find((r) => r.voucherNumber === d.vouchers[0])!;
    const tax = Number(row.tdsOnSales);
    const amount = Number(row.professionalServices);
    const split = (parts: { amount: string; tax: string }[]) =>
      t.api('PUT', '/discrepancy/update-discrepancies', {
        token,
        body: {
          jobId: tdsJob,
          actionType: 'Split',
          salesPurchaseBookDiscrepancyIds: [row.id],
          splitParts: parts,
        },
      });
    const bad = await split([
      { amount: (amount / 2).toFixed(2), tax: (tax / 2).toFixed(2) },
      { amount: (amount / 2).toFixed(2), tax: '1.00' },
    ]);
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ code: 'INVALID_SPLIT' });
    const one = await split([{ amount: row.professionalServices, tax: row.tdsOnSales }]);
    expect(one.json).toMatchObject({ code: 'INVALID_SPLIT' });

    // Several book rows against one 26AS row whose tax is below theirs (deducted at 2%, booked at 10%).
    const books = party.entrySalesDiscrepancies.filter((r) => r.manualAction === null).map((r) => r.id);
    const credits = party.taxBookDiscrepancies.filter((r) => r.manualAction === null).map((r) => r.id);
    expect(books.length).toBeGreaterThanOrEqual(2);
    const invalid = await t.api('PUT', '/discrepancy/update-discrepancies', {
      token,
      body: {
        jobId: tdsJob,
        actionType: 'Accept',
        correlate: true,
        salesPurchaseBookDiscrepancyIds: books.slice(0, 2),
        taxBookDiscrepancyIds: credits.slice(0, 1),
      },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.json).toMatchObject({ code: 'INVALID_SELECTION' });

    const half = Math.round(tax * 50) / 100;
    const good = await split([
      { amount: (Math.round(amount * 50) / 100).toFixed(2), tax: half.toFixed(2) },
      { amount: (amount - Math.round(amount * 50) / 100).toFixed(2), tax: (tax - half).toFixed(2) },
    ]);
    expect(good.status, JSON.stringify(good.json)).toBe(200);
    const after = await view(tdsJob, d.tan);
    const parts = after.entrySalesDiscrepancies.filter((r) => r.splitOf === row.id);
    expect(parts.map((p) => p.voucherNumber)).toEqual([`${row.voucherNumber}/1`, `${row.voucherNumber}/2`]);
    expect(after.entrySalesDiscrepancies.find((r) => r.id === row.id)?.manualAction).toBe('Split');
    // the split row and its two parts are all listed, but the amount is summed once
    const found = await api<{ count: number; totals: { amount: string } }>(
      'POST',
      `/discrepancy/entries/search/${d.tan}?jobId=${tdsJob}`,
      { searchType: 'Sales', voucherNumber: row.voucherNumber },
    );
    expect(found.count).toBe(3);
    expect(Number(found.totals.amount)).toBeCloseTo(Number(row.professionalServices), 2);
    const accept = await t.api('PUT', '/discrepancy/update-discrepancies', {
      token,
      body: { jobId: tdsJob, actionType: 'Accept', salesPurchaseBookDiscrepancyIds: [row.id] },
    });
    expect(accept.json).toMatchObject({ code: 'ROW_IS_SPLIT' });
    const hold = await api<{ category: string }>('PUT', '/discrepancy/update-discrepancies', {
      jobId: tdsJob,
      actionType: 'Hold',
      notes: 'waiting for the customer',
      salesPurchaseBookDiscrepancyIds: [parts[0]!.id],
    });
    expect(hold.category).toBe('partialMatches');
  });
});

describe('tolerance insights', () => {
  it('says which totals tolerance makes a customer compliant, and reconciles them with it', async () => {
    const summary = await api<{
      tolerances: number[];
      details: Record<string, number>;
      compliantNow: number;
    }>('GET', `/insights/tolerances-summary/${tdsJob}?reconMatchPreference=TaxOnly`);
    expect(summary.tolerances.length).toBeGreaterThan(0);
    const tolerance = summary.tolerances[0]!;
    const details = await api<{ details: { entityId: string }[] }>(
      'GET',
      `/insights/tolerances-details/${tdsJob}/${tolerance}?reconMatchPreference=TaxOnly`,
    );
    expect(details.details.length).toBe(summary.details[String(tolerance)]! - summary.compliantNow);
    const started = await api<{ throttled: boolean; jobId: string }>(
      'PUT',
      `/job/partial-tds-reconciliation/${tdsJob}?totalsTolerance=${tolerance}&reconMatchMode=TaxOnly`,
      { entityIds: details.details.map((x) => x.entityId) },
    );
    expect(started.throttled).toBe(false);
    await finished(started.jobId);
    const full = (await allOf(tdsJob, 'fullMatches')).map((c) => c.entityId);
    expect(details.details.length).toBeGreaterThan(0);
    for (const x of details.details) expect(full).toContain(x.entityId);
  });
});

describe('downloads', () => {
  it('a TCS job of under 2000 transactions downloads as a zip of CSV files', async () => {
    tcsJob = await reconcile('tcs', FY);
    const vendors = (
      await api<ReconResultPage>(
        'POST',
        `/reconciliation-response/tcs/job/${tcsJob}?matchType=partialMatches`,
        {},
      )
    ).partialMatches.map((v) => v.customerTAN);
    expect(vendors).toContain(e.tcs.missingFromPartVI.tan);
    const zip = await download('GET', `/discrepancy/entries/download/${tcsJob}`);
    expect(zip.status).toBe(200);
    expect(zip.type).toBe('application/zip');
    const files = await unzip(zip.bytes);
    expect([...files.keys()]).toEqual(
      expect.arrayContaining([
        'summary.csv',
        'vendors.csv',
        'purchase-book.csv',
        '26as.csv',
        'not-considered.csv',
      ]),
    );
    expect(files.get('purchase-book.csv')!.trim().split('\n')).toHaveLength(
      e.controlTotals.purchase.rows - e.tcs.billsWithoutTcs + 1,
    );
    // the auditor's workbook, the same the command line writes
    const sheets = await sheetsOf(files.binaries.get('reconciliation-report.xlsx')!);
    expect(sheets.length).toBeGreaterThanOrEqual(4);
  });

  it('a TDS job above 2000 transactions is generated in the background, one report at a time', async () => {
    const direct = await t.api('GET', `/discrepancy/entries/download/${tdsJob}`, { token });
    expect(direct.status).toBe(400);
    expect(direct.json).toMatchObject({ code: 'TOO_LARGE' });
    const started = await api<{ throttled: boolean; jobId: string }>(
      'POST',
      `/discrepancy/entries/upload/job/${tdsJob}?fileName=TDS report`,
    );
    expect(started.throttled).toBe(false);
    const second = await api<{ throttled: boolean; message: string }>(
      'POST',
      `/discrepancy/tds-entries-by-category-to-folder/download/${tdsJob}/fullMatches`,
    );
    expect(second).toMatchObject({
      throttled: true,
      message: "There's already a report generation in progress. Please try after sometime",
    });
    await finished(started.jobId);
    const reports = await api<{ id: string; status: string; fileName: string }[]>(
      'GET',
      '/reports/reconciliation-reports',
    );
    expect(reports[0]).toMatchObject({ status: 'Completed', fileName: 'TDS report.zip' });
    const file = await download('GET', `/reports/reconciliation-reports/${reports[0]!.id}`);
    const files = await unzip(file.bytes);
    // every sales row, the two parts of the row split above, and the header
    expect(files.get('sales-book.csv')!.trim().split('\n')).toHaveLength(e.controlTotals.sales.rows + 3);
    expect(files.get('customers.csv')!.trim().split('\n')).toHaveLength(CUSTOMERS + 1);
    expect((await sheetsOf(files.binaries.get('reconciliation-report.xlsx')!)).length).toBeGreaterThanOrEqual(
      4,
    );
  });

  it("downloads a customer's rows, a tab, and the year's 26AS as text", async () => {
    const d = e.smallTaxDifference;
    const one = await download(
      'POST',
      `/discrepancy/entries/download/customer/${d.tan}?jobId=${tdsJob}&actions=Accept`,
    );
    const files = await unzip(one.bytes);
    expect(files.get('sales-book.csv')!.trim().split('\n')).toHaveLength(2);
    const tab = await download(
      'GET',
      `/discrepancy/tds-entries-by-category/download/${tdsJob}/missingFromTaxBook`,
    );
    expect((await unzip(tab.bytes)).get('customers.csv')).toContain(e.neverDeducted.tan);
    const text = await download('GET', `/reports/26as/${tdsJob}`);
    expect(text.type).toContain('text/plain');
    const parsed = parse26asText(text.bytes, `${FY}.txt`);
    const rows = (parsed.tds?.parties ?? []).reduce((n, p) => n + p.transactions.length, 0);
    expect(rows).toBe(e.controlTotals.form26as.reduce((n, f) => n + f.tdsTransactions, 0));
    const customer = await download('GET', `/reports/26as/${FY}?tan=${d.tan}`);
    expect(parse26asText(customer.bytes, 'one.txt').tds?.parties.map((p) => p.tan)).toEqual([d.tan]);
  });

  it('takes the downloaded CSV back with statuses changed (Bulk Update, manual reconciliation)', async () => {
    const d = e.invoicesMissingFrom26as;
    const zip = await download('POST', `/discrepancy/entries/download/customer/${d.tan}?jobId=${tdsJob}`);
    const csv = (await unzip(zip.bytes)).get('sales-book.csv')!;
    const { records } = parseDelimited(csv, ',');
    const header = records[0]!.values;
    const id = header.indexOf('Entry id');
    const status = header.indexOf('Status');
    const voucher = header.indexOf('Voucher number');
    let changed = 0;
    const lines = records.map((r) => {
      const values = [...r.values];
      if (d.vouchers.includes(values[voucher]!)) {
        values[status] = 'FollowUp';
        changed++;
      }
      return values.map((v) => (/[",]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)).join(',');
    });
    expect(changed).toBe(d.vouchers.length);
    expect(header[id]).toBe('Entry id');
    const answer = await t.upload(`/discrepancy/discrepancies/_bulk?jobId=${tdsJob}&tanNumber=${d.tan}`, {
      token,
      files: [{ name: 'bulk update.csv', content: `${lines.join('\n')}\n` }],
    });
    expect(answer.json).toEqual({
      message: `${changed} entries updated`,
      updated: changed,
      decisions: 1,
      errors: [],
    });
    const after = await view(tdsJob, d.tan);
    for (const v of d.vouchers) {
      expect(after.entrySalesDiscrepancies.find((r) => r.voucherNumber === v)?.manualAction).toBe('FollowUp');
    }
    const again = await t.upload(`/discrepancy/discrepancies/_bulk?jobId=${tdsJob}`, {
      token,
      files: [{ name: 'bulk.csv', content: `${lines.join('\n')}\n` }],
    });
    expect(again.json).toMatchObject({ updated: 0, decisions: 0 });
  });
});

describe('years', () => {
  it("brings the previous year's carried-forward rows into the next year's job", async () => {
    const next = '2025-26';
    const counts = await api<TransactionCounts>('POST', `/job/transactions-count/${next}`, {});
    expect(counts.previousJobId).toBe(tdsJob);
    expect(counts.carriedForwardBook).toBeGreaterThanOrEqual(e.carriedForward.length);
    const job = await reconcile('tds', next);
    const result = await page(job, 'missingFromTaxBook');
    expect(result.metadata.broughtForward.bookRows).toBe(counts.carriedForwardBook);
    const c = e.carriedForward[0]!;
    const party = await view(job, c.tan);
    expect(party.entrySalesDiscrepancies.find((r) => r.voucherNumber === c.voucher)).toMatchObject({
      broughtForward: true,
    });
    const tree = await api<Tree>('GET', '/job/all-jobs-by-financial-years?jobType=TDS Reconciliation');
    expect(tree.map((y) => y.label)).toEqual(['2025-2026', '2024-2025']);
    const deleted = await api<{ deletedJobs: number }>('DELETE', `/reconciliation-response/tds/job/${job}`);
    expect(deleted.deletedJobs).toBe(1);
    const after = await api<Tree>('GET', '/job/all-jobs-by-financial-years?jobType=TDS Reconciliation');
    expect(after.map((y) => y.label)).toEqual(['2024-2025']);
    expect(after[0]!.jobs.every((j) => j.status === 'Success')).toBe(true);
  });
});

describe('problems first', () => {
  it('opens the discrepancy tables with the rows needing action first, largest tax first', async () => {
    const mismatched = (await allOf(tdsJob, 'partialMatches')).map((c) => c.customerTAN!);
    let seen = 0;
    for (const tan of mismatched) {
      const answer = await api<DiscrepancyResponse>(
        'GET',
        `/discrepancy/entries/${tan}?jobId=${tdsJob}&showMatchedEntries=true`,
      );
      for (const rows of [answer.entrySalesDiscrepancies, answer.taxBookDiscrepancies]) {
        const open = rows.map((r) => r.manualAction === null);
        const firstSettled = open.indexOf(false);
        if (firstSettled < 0 || !open.includes(true)) continue;
        seen += 1;
        // no open row after a settled one
        expect(open.slice(firstSettled).includes(true), `${tan}: ${open.join(',')}`).toBe(false);
        const taxes = rows
          .filter((r) => r.manualAction === null)
          .map((r) => Math.abs(Number('tdsOnSales' in r ? r.tdsOnSales : r.taxDeducted)));
        expect(taxes).toEqual([...taxes].sort((a, b) => b - a));
      }
    }
    expect(seen).toBeGreaterThan(0);
  });
});

describe('compliance overview', () => {
  it('lists every customer with discrepancies in the latest completed job of a year, one paged query', async () => {
    const all = await api<{
      records: {
        kind: string;
        partyKey: string;
        name: string;
        tan: string | null;
        years: { financialYear: string; jobId: string; taxDifference: string }[];
      }[];
      totalRecords: number;
    }>('GET', '/customer/compliance?page=1&pageSize=500');
    expect(all.totalRecords).toBe(all.records.length);
    const tds = all.records.filter((r) => r.kind === 'TDS' && r.years.some((y) => y.financialYear === FY));
    expect(tds.length).toBeGreaterThan(0);
    const jobId = tds[0]!.years.find((y) => y.financialYear === FY)!.jobId;
    const namesOf = async (matchType: string) =>
      Object.keys(
        await api<Record<string, string>>(
          'GET',
          `/search/customer-names/job/${jobId}?matchType=${matchType}`,
        ),
      );
    const discrepant = [
      ...(await namesOf('partialMatches')),
      ...(await namesOf('missingFromSales')),
      ...(await namesOf('missingFromTaxBook')),
    ].sort();
    expect(tds.map((r) => r.partyKey).sort()).toEqual(discrepant);
    const compliant = await namesOf('fullMatches');
    expect(tds.some((r) => compliant.includes(r.partyKey))).toBe(false);
    const mismatched = tds[0];
    // each year says how far the books' tax is from 26AS, as the party's view does
    const yearOf = (r: (typeof tds)[number]) => r.years.find((y) => y.financialYear === FY);
    for (const r of tds) expect(yearOf(r)?.taxDifference).toMatch(/^-?\d+\.\d{2}$/);
    const differing = tds.filter((r) => Number(yearOf(r)?.taxDifference) !== 0);
    expect(differing.length).toBeGreaterThan(0);
    const large = differing[0];
    const year = large ? yearOf(large) : undefined;
    expect(large?.tan).toMatch(/^[A-Z]{4}\d{5}[A-Z]$/);
    const party = await view(year?.jobId ?? '', large?.tan ?? '');
    const paise = (text: string | undefined) => Math.round(Number(text) * 100);
    expect(paise(year?.taxDifference)).toBe(
      paise(party.taxAmountTotalSalesPurchaseBook) - paise(party.taxAmountTotalTaxBook),
    );
    const second = await api<{ records: unknown[]; totalRecords: number }>(
      'GET',
      '/customer/compliance?page=2&pageSize=1',
    );
    expect(second.records).toHaveLength(1);
    expect(second.totalRecords).toBe(all.totalRecords);
    const found = await api<{ records: { name: string }[] }>(
      'GET',
      `/customer/compliance?search=${encodeURIComponent(mismatched?.name.slice(0, 6) ?? '')}`,
    );
    expect(found.records.map((r) => r.name)).toContain(mismatched?.name);
    // the largest difference of any year first, when asked
    const bySize = await api<{ records: { years: { taxDifference: string }[] }[]; totalRecords: number }>(
      'GET',
      '/customer/compliance?page=1&pageSize=500&sortBy=difference',
    );
    expect(bySize.totalRecords).toBe(all.totalRecords);
    const largest = bySize.records.map((r) =>
      Math.max(...r.years.map((y) => Math.abs(Number(y.taxDifference)))),
    );
    expect(largest).toEqual([...largest].sort((a, b) => b - a));
    expect(largest[0]).toBeGreaterThan(largest[largest.length - 1] ?? 0);
    expect((await t.api('GET', '/customer/compliance?sortBy=size', { token })).status).toBe(400);
    // LIKE's wildcards typed are matched as themselves, not as "anything"
    for (const typed of ['%', '_'])
      expect(
        await api<{ totalRecords: number }>(
          'GET',
          `/customer/compliance?search=${encodeURIComponent(typed)}`,
        ),
      ).toMatchObject({ totalRecords: 0 });
  });
});

describe('edited sales entries', () => {
  it("are reconciled again for their customer, in the year's latest job", async () => {
    const tan = e.compliantTans[0]!;
    const row = (await view(tdsJob, tan)).entrySalesDiscrepancies[0]!;
    const tax = formatRupees(Math.round(Number(row.tdsOnSales) * 100) + 100);
    await api('PUT', `/ingest/sales?id=${row.sourceId}&tdsAmount=${tax}&tdsRate=${row.tdsRate ?? '10'}`);
    expect(await api('GET', '/search/sales/to-reconcile')).toEqual({ customers: [expect.any(String)] });
    const answer = await api<{ status: string; jobIds: string[] }>(
      'PUT',
      '/job/tds-reconciliation-for-changed-sales-entries',
    );
    expect(answer.status).toBe('submitted');
    await finished(answer.jobIds[0]!);
    const after = (await view(tdsJob, tan)).entrySalesDiscrepancies.find((r) => r.sourceId === row.sourceId);
    expect(after?.tdsOnSales).toBe(tax);
    expect(await api('GET', '/search/sales/to-reconcile')).toEqual({ customers: [] });
  });
});

describe('entity isolation', () => {
  it("another entity's job answers 404 everywhere", async () => {
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
      const d = e.smallTaxDifference;
      const party = await view(tdsJob, d.tan).catch((error: Error) => error);
      expect(String(party)).toMatch(/404/);
      for (const [method, path, body] of [
        ['POST', `/reconciliation-response/tds/job/${tdsJob}/1`, {}],
        ['GET', `/job/tds-reconciliation-summary/${tdsJob}`, undefined],
        ['GET', `/discrepancy/entries/download/${tcsJob}`, undefined],
        ['GET', `/insights/tolerances-summary/${tdsJob}`, undefined],
        ['DELETE', `/reconciliation-response/tds/job/${tdsJob}`, undefined],
        [
          'PUT',
          '/discrepancy/update-discrepancies',
          { jobId: tdsJob, actionType: 'Hold', salesPurchaseBookDiscrepancyIds: ['0:B:0'] },
        ],
      ] as const) {
        const answer = await t.api(method, path, { token, ...(body === undefined ? {} : { body }) });
        expect(answer.status, `${method} ${path}`).toBe(404);
      }
      const tree = await api<Tree>('GET', '/job/all-jobs-by-financial-years');
      expect(tree).toEqual([]);
    } finally {
      await t.api('PUT', `/entity/${current.id}/${current.subGroupId}`, { token });
    }
    expect((await t.api('GET', `/job/tds-reconciliation-summary/${tdsJob}`, { token })).status).toBe(200);
  });
});
