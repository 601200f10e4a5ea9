import { type PayableResponse, ReturnDeductor } from '@taxrecon/contracts';
import { read26qFvu } from '@taxrecon/formats';
import { paiseOfNumeric } from '@taxrecon/shared';
import { BlobReader, TextWriter, ZipReader } from '@zip.js/zip.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, eventually, startTestServer, type TestServer } from '../../testing/test-server.ts';
import { demoReportName } from './demo-follow-ups.ts';
import { DEMO_MANUAL_RECON_FILE } from './demo-manual-recon.ts';
import { DEMO_ENTITY_NAME, generateDemoCompany } from './generate.ts';

// A fresh installation with the demo switched on loads the demo company through
// the ingest jobs: every job completes and every control total balances.
let t: TestServer;
let token: string;

beforeAll(async () => {
  t = await startTestServer({ demo: true, demoReconciliation: true });
  token = await t.login(ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await t?.close();
});

describe('demo company', () => {
  it('is loaded into the first entity by ingest jobs that all complete and balance', async () => {
    const demo = generateDemoCompany();
    const jobs = await eventually(async () => {
      const list = (await t.api('GET', '/job/jobs-queue', { token })).json as {
        id: string;
        status: string;
        jobType: string;
        payload: string | null;
      }[];
      const ingest = list.filter((j) => j.jobType.startsWith('Ingest'));
      // the demo's files and the late file of rejected bills
      return ingest.length === demo.files.length + 1 && ingest.every((j) => j.status === 'Completed')
        ? ingest
        : null;
    }, 120_000);
    const totals = jobs.map((job) => ({
      job,
      ...(JSON.parse(job.payload ?? '{}') as {
        controlTotals: { balanced: boolean; rowsRejected: number; rowsLoaded: number };
      }),
    }));
    expect(totals.every((x) => x.controlTotals.balanced)).toBe(true);
    const rejected = totals.filter((x) => x.controlTotals.rowsRejected > 0);
    expect(
      rejected.map((x) => [x.job.jobType, x.controlTotals.rowsRejected, x.controlTotals.rowsLoaded]),
    ).toEqual([['IngestPurchase', 3, 0]]);
    // Jobs with Invalid Data lists that upload with its errors by type and field
    const quality = (await t.api('GET', '/data-quality/ingest-jobs-with-data-validation-errors', { token }))
      .json as { jobId: string; noOfInvalidEntries: number; fieldErrorCounts: Record<string, number> }[];
    expect(quality.map((q) => [q.jobId, q.noOfInvalidEntries])).toEqual([[rejected[0]!.job.id, 3]]);
    expect(Object.keys(quality[0]!.fieldErrorCounts).length).toBeGreaterThan(0);
    const me = (await t.api('GET', '/session/me', { token })).json as {
      currentEntity: { subGroupDescription: string };
    };
    expect(me.currentEntity.subGroupDescription).toBe(DEMO_ENTITY_NAME);
    const dashboard = (await t.api('GET', '/dashboard/dashboard-raw', { token })).json as {
      totalCustomers: number;
      totalSalesEntries: number;
      twentySixEntriesCount: number;
    };
    expect(dashboard.totalCustomers).toBeGreaterThanOrEqual(40);
    expect(dashboard.totalSalesEntries).toBe(1519);
    expect(dashboard.twentySixEntriesCount).toBeGreaterThan(1500);
  });

  it('has its year of expenses computed by a 34A job, every month of the year', async () => {
    const job = await eventually(async () => {
      const list = (await t.api('GET', '/job/jobs-queue', { token })).json as {
        status: string;
        jobType: string;
      }[];
      const payable = list.find((j) => j.jobType === '34A Reconciliation');
      return payable && (payable.status === 'Completed' || payable.status === 'Failed') ? payable : null;
    }, 120_000);
    expect(job.status).toBe('Completed');
    const months = (await t.api('GET', '/tds-payable/months?financialYear=24-25', { token })).json as {
      computed: boolean;
    }[];
    expect(months).toHaveLength(12);
    expect(months.every((m) => m.computed)).toBe(true);
    const summary = (await t.api('GET', '/34a/summary/24-25/2024-09', { token })).json as { rows: unknown[] };
    expect(summary.rows.length).toBeGreaterThan(0);
    // the expense folder shows each month's control totals, as an upload would
    const folder = (await t.api('GET', '/ingest/expense-data-folder?financialYear=2024-25', { token }))
      .json as {
      files: { rows: number | null; baseTotal: string | null; tdsTotal: string | null }[];
    };
    expect(folder.files).toHaveLength(12);
    for (const f of folder.files) {
      expect(f.rows).toBeGreaterThan(0);
      expect(Number(f.baseTotal)).toBeGreaterThan(0);
      expect(Number(f.tdsTotal)).toBeGreaterThan(0);
    }
    // Rule Sets has the team's two, in the order they are tried
    const sets = (await t.api('GET', '/section-expense/get-all-rule-sets', { token })).json as {
      ruleSetName: string;
      value: string;
      logicalOperator: string;
      rules: unknown[];
    }[];
    expect(sets.map((s) => [s.ruleSetName, s.value, s.logicalOperator, s.rules.length])).toEqual([
      ['Courier booked to miscellaneous expenses', '194C', 'AND', 2],
      ['Legal retainers', '194J(b)', 'NOOPERATOR', 1],
    ]);
  });

  it('has a year of vendor payment ledgers filed with their control totals, one per month of bills', async () => {
    const folder = (await t.api('GET', '/ingest/vendor-payment-data-folder?financialYear=2024-25', { token }))
      .json as {
      files: { rows: number | null; problems: number }[];
    };
    expect(folder.files).toHaveLength(12);
    expect(folder.files.every((f) => (f.rows ?? 0) > 0 && f.problems === 0)).toBe(true);
    const found = (await t.api('POST', '/search/vendor-payment', { token, body: { vendorCode: 'EV901' } }))
      .json as {
      records: {
        vendorCode: string;
        panNumber: string | null;
        sectionNumber: string | null;
        paymentDate: string;
      }[];
      totalRecords: number;
    };
    expect(found.totalRecords).toBeGreaterThan(0);
    for (const r of found.records) {
      expect(r.vendorCode).toBe('EV901');
      expect(r.sectionNumber).toMatch(/^19\d/);
      expect(r.paymentDate.slice(0, 4)).toMatch(/^202[45]$/);
    }
  });

  it('has challans deposited for Q1 and Q2, Q1 allocated, and the last month left pending', async () => {
    const job = await eventually(async () => {
      const list = (await t.api('GET', '/job/jobs-queue', { token })).json as {
        status: string;
        jobType: string;
        remarks: string | null;
      }[];
      const demo = list.find((j) => j.jobType === 'DemoChallans');
      return demo && (demo.status === 'Completed' || demo.status === 'Failed') ? demo : null;
    }, 240_000);
    expect(job.status, job.remarks ?? '').toBe('Completed');
    const quarter = async (q: string) =>
      (await t.api('GET', `/tds-payable/challan-allocation/24-25/${q}`, { token })).json as {
        groups: { challans: { rows: number }[]; rows: { challanId: string | null }[] }[];
      };
    const q1 = await quarter('Q1');
    const q3 = await quarter('Q3');
    expect(q3.groups.length).toBeGreaterThan(0);
    expect(q3.groups.flatMap((g) => g.challans)).toHaveLength(0);
    expect(q1.groups.flatMap((g) => g.challans).length).toBeGreaterThan(0);
    const q1Rows = q1.groups.flatMap((g) => g.rows);
    // every Q1 line was deposited in full, so every deductee row found room on its challan
    expect(q1Rows.filter((r) => r.challanId === null)).toHaveLength(0);
    expect(job.remarks).toContain(`${q1Rows.length} Q1 deductee row(s) allocated`);
    // the quarter's challan summary keeps a section's sub-sections apart: 194I(a)'s challans together, then 194I(b)'s
    const challanSummary = (await t.api('GET', '/tds-payable/quarterly-challan-summary/24-25/Q1', { token }))
      .json as {
      rows: { monthYear: string; section: string; subsection: string | null }[];
    };
    const groups = challanSummary.rows.map(
      (r) => `${r.monthYear} ${r.section}${r.subsection ? `(${r.subsection})` : ''}`,
    );
    expect(groups.some((g) => /\(a\)$/.test(g))).toBe(true);
    expect(groups.filter((g, i) => g !== groups[i - 1])).toEqual([...new Set(groups)]);
    const months = (await t.api('GET', '/tds-payable/months?financialYear=24-25', { token })).json as {
      month: string;
      verified: boolean;
    }[];
    const verified = months.filter((m) => m.verified).map((m) => m.month);
    // April to August covered; September has one line left pending
    expect(verified).toEqual(['2024-04', '2024-05', '2024-06', '2024-07', '2024-08']);
    // Q1's 26Q text file downloads: the demo fills in the deductor's details,
    // as the Deductor details dialog would save them
    expect(job.remarks).toContain('deductor details for the 26Q filled in');
    const { deductor } = (await t.api('GET', '/tds-payable/return-deductor', { token })).json as {
      deductor: Record<string, string>;
    };
    expect(ReturnDeductor.safeParse(deductor).error?.issues ?? []).toEqual([]);
    const fvu = await t.api('GET', '/tds-payable/download-26q-fvu/24-25/Q1', { token });
    expect(fvu.status, JSON.stringify(fvu.json)).toBe(200);
    const { value, errors } = read26qFvu(fvu.json as string);
    expect(errors).toEqual([]);
    expect(value!.deductor.name).toBe(DEMO_ENTITY_NAME.toUpperCase());
    const deductees = value!.challans.flatMap((c) => c.deductees);
    // and, under the nil challan, the exempt transporter's Q1 bills with its
    // mapping's reason T (194C(6)), nothing deducted
    const exemptT = await t.server.ctx.database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM payable_entries
        WHERE exempt_reason = 'T' AND base > 0 AND month IN ('2024-04', '2024-05', '2024-06')`,
    );
    const transporter = deductees.filter((d) => d.remark === 'T');
    expect(transporter.length).toBeGreaterThan(0);
    expect(transporter).toHaveLength(exemptT.rows[0]!.n);
    expect(transporter.every((d) => d.deducted === 0 && d.rate === 0)).toBe(true);
    expect(deductees).toHaveLength(q1Rows.length + transporter.length);
  });

  it("shows in the Annual Output the tax its challans deposited: Q1 and Q2's, nothing for Q3 and Q4", async () => {
    const years = (await t.api('GET', '/job/34a-jobs-by-financial-years', { token })).json as {
      financialYear: string;
      firstCompletedJobId: string | null;
    }[];
    const jobId = years.find((y) => y.financialYear === '2024-25')?.firstCompletedJobId;
    expect(jobId).toBeTruthy();
    const r = (await t.api('GET', `/34a/response/${jobId}`, { token })).json as PayableResponse;
    const paise = (rows: readonly { deposited: string }[]) =>
      rows.reduce((n, row) => n + paiseOfNumeric(row.deposited), 0);
    const challans = await t.server.ctx.database.pool.query<{ tax: string }>(
      "SELECT sum(tax_amount)::text AS tax FROM payable_challans WHERE financial_year = '2024-25'",
    );
    const deposited = paise(r.annual);
    expect(deposited).toBeGreaterThan(0);
    expect(deposited).toBe(paiseOfNumeric(challans.rows[0]!.tax));
    // half a year deposited: well short of the year's tax deducted
    expect(deposited).toBeLessThan(r.annual.reduce((n, row) => n + paiseOfNumeric(row.deducted), 0));
    for (const q of r.quarterly.filter((row) => row.quarter === 'Q3' || row.quarter === 'Q4')) {
      expect(q.deposited, `${q.quarter} ${q.section}`).toBe('0.00');
      expect(q.challansCount).toBe(0);
    }
    expect(paise(r.quarterly.filter((row) => row.quarter === 'Q1'))).toBeGreaterThan(0);
  });

  it("has June's and the year's TDS payable reports ready to download", async () => {
    type Report = { id: string; status: string; payload: { fileName: string } };
    const reports = await eventually(async () => {
      const list = (await t.api('GET', '/reports/tds-payable-reports', { token })).json as Report[];
      return list.length >= 2 && list.every((r) => r.status === 'Completed') ? list : null;
    }, 120_000);
    expect(reports.map((r) => r.payload.fileName).sort()).toEqual([
      'Demo transactions 2024-06.xlsx',
      'Demo vendor-wise summary 2024-25.xlsx',
    ]);
    const june = reports.find((r) => r.payload.fileName.includes('2024-06'))!;
    const file = await t.api('GET', `/reports/tds-payable-reports/${june.id}`, { token });
    expect(file.status).toBe(200);
    // the error report of the month with the most entries in error, when the year has any
    const inError = await t.server.ctx.database.pool.query<{ month: string }>(
      `SELECT month FROM payable_entries WHERE status = 'error' AND month IS NOT NULL
        GROUP BY month ORDER BY count(*) DESC, month LIMIT 1`,
    );
    const errors = await eventually(async () => {
      const list = (await t.api('GET', '/reports/tds-payable-error-reports', { token })).json as Report[];
      return list.every((r) => r.status === 'Completed') ? list : null;
    }, 60_000);
    const worst = inError.rows[0]?.month;
    expect(errors.map((r) => r.payload.fileName)).toEqual(
      worst ? [`Demo entries in error ${worst}.xlsx`] : [],
    );
  });

  it("has Q1's filed 26Q reconciled against the books, each planted mistake found", async () => {
    const files = (await t.api('GET', '/34a/reconciled-26q-files?financialYear=24-25&quarter=Q1', { token }))
      .json as { id: string; fileName: string; counts: Record<string, number>; resultFileName: string }[];
    expect(files.map((f) => f.fileName)).toEqual(['26Q Q1 2024-25 as filed.xlsx']);
    const file = files[0]!;
    // the largest deduction filed short, a row keyed twice, one left out, one the books lack
    expect(file.counts['Short in return']).toBe(1);
    expect(file.counts['Excess in return']).toBe(1);
    expect(file.counts['Missing from books']).toBe(1);
    expect(file.counts['Missing from return']).toBeGreaterThanOrEqual(1);
    expect(file.counts.Matched).toBeGreaterThan(5);
    const result = (await t.api('GET', `/34a/reconciled-26q/${file.id}`, { token })).json as {
      lines: { pan: string; status: string; reason: string }[];
    };
    expect(result.lines.find((l) => l.status === 'Missing from books')?.pan).toBe('AAKFS7321M');
    const download = await t.api(
      'GET',
      `/34a/${file.id}/2024-25/Q1/${encodeURIComponent(file.resultFileName)}`,
      { token },
    );
    expect(download.status).toBe(200);
  });

  it('reconciles the demo year and follows up the three largest differences, once each', async () => {
    type Job = { id: string; status: string; jobType: string; remarks: string | null };
    const jobs = await eventually(async () => {
      const list = (await t.api('GET', '/job/jobs-queue', { token })).json as Job[];
      const demo = list.find((j) => j.jobType === 'DemoFollowUps');
      const bulk = list.find((j) => j.jobType === 'BulkFollowUp');
      return demo?.status === 'Completed' && bulk && ['Completed', 'Failed'].includes(bulk.status)
        ? list
        : null;
    }, 300_000);
    const recon = jobs.filter((j) => j.jobType === 'TDSReconciliation');
    const bulk = jobs.filter((j) => j.jobType === 'BulkFollowUp');
    expect(recon.map((j) => j.status)).toEqual(['Completed']);
    expect(bulk.map((j) => j.status)).toEqual(['Completed']);
    expect(bulk[0]?.remarks).toMatch(/^3 customer\(s\) followed up by e-mail/);
    const threads = (await t.api('GET', '/follow-up/search-follow-ups', { token })).json as {
      jobId: string;
      customerName: string;
    }[];
    expect(threads).toHaveLength(3);
    expect(new Set(threads.map((x) => x.jobId))).toEqual(new Set([recon[0]?.id]));
    // no SMTP server here: the three mails (sent by their own jobs) wait in the admin's outbox
    const outbox = await eventually(async () => {
      const mails = await t.server.ctx.db
        .selectFrom('mail_messages')
        .select(['subject', 'transport'])
        .where('subject', '=', 'TDS Transactions to be followed up.')
        .execute();
      return mails.length >= 3 ? mails : null;
    }, 60_000);
    expect(outbox).toHaveLength(3);
    expect(outbox.every((m) => m.transport === 'outbox')).toBe(true);
  });
  it("uploads another customer's pending 26AS rows put on Hold as manually reconciled entries, once", async () => {
    type ManualJob = {
      fileName: string;
      status: string;
      totalBookEntries: number;
      totalTaxBookEntries: number;
      updated: number;
      uploadedBy: string;
      errorMsg: string;
    };
    const manual = await eventually(async () => {
      const list = (await t.api('GET', '/manual-reconciliation/reports', { token })).json as ManualJob[];
      return list.length > 0 && list.every((j) => j.status === 'Completed' || j.status === 'Failed')
        ? list
        : null;
    }, 300_000);
    expect(manual).toHaveLength(1);
    const job = manual[0]!;
    expect(job).toMatchObject({
      fileName: DEMO_MANUAL_RECON_FILE,
      status: 'Completed',
      totalBookEntries: 0,
      uploadedBy: ADMIN.email,
      errorMsg: '',
    });
    expect(job.totalTaxBookEntries).toBeGreaterThan(0);
    expect(job.updated).toBe(job.totalTaxBookEntries);
    // the rows on Hold are 26AS rows no invoice explains, all of one customer,
    // and not one of the customers the bulk follow-up wrote to
    const db = t.server.ctx.db;
    const held = await db
      .selectFrom('recon_rows')
      .select(['job_id', 'party', 'side', 'match_no'])
      .where('action', '=', 'Hold')
      .execute();
    expect(held).toHaveLength(job.updated);
    expect(held.every((r) => r.side === 'T' && r.match_no === null)).toBe(true);
    expect(new Set(held.map((r) => r.party)).size).toBe(1);
    const heldKey = await db
      .selectFrom('recon_parties')
      .select('party_key')
      .where('job_id', '=', held[0]!.job_id)
      .where('party', '=', held[0]!.party)
      .executeTakeFirstOrThrow();
    const bulk = await db
      .selectFrom('jobs')
      .select('input')
      .where('job_type', '=', 'BulkFollowUp')
      .executeTakeFirstOrThrow();
    expect((bulk.input as { partyKeys: string[] }).partyKeys).not.toContain(heldKey.party_key);
  });

  it("previews linking the branch's 26AS TAN to its customer, once, and reconciles its credits as the customer's", async () => {
    const branch = generateDemoCompany().expectations.branchTan;
    type LinkageJob = { id: string; status: string; proposed: number | null };
    const jobs = await eventually(async () => {
      const list = (await t.api('GET', '/job/jobs-queue/PreviewCustomerLinkage', { token }))
        .json as LinkageJob[];
      return list.length > 0 && list.every((j) => j.status === 'Completed') ? list : null;
    }, 300_000);
    expect(jobs).toHaveLength(1);
    const preview = await fetch(`${t.baseUrl}/taxrecon/api/v1/ftp/content/customerlinkages/${jobs[0]!.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(preview.status).toBe(200);
    const lines = (await preview.text())
      .split('\r\n')
      .slice(1)
      .filter((l) => l !== '')
      .map((l) => l.split('\t'));
    // TAN, 26AS name, customer code, customer name, link, reason
    const proposed = lines.filter((l) => l[4] === 'Y');
    expect(proposed.map((l) => [l[0], l[1], l[2]])).toEqual([
      [branch.branchTan, branch.legalName, branch.customerCode],
    ]);
    expect(jobs[0]!.proposed).toBe(1);

    // the demo reconciliation put the branch's credits with the customer's own, by name
    const db = t.server.ctx.db;
    await eventually(async () => {
      const run = await db
        .selectFrom('recon_runs')
        .select('status')
        .where('kind', '=', 'TDS')
        .executeTakeFirst();
      return run?.status === 'Completed' ? run : null;
    }, 300_000);
    const rows = await db
      .selectFrom('recon_rows as r')
      .innerJoin('recon_parties as p', (j) =>
        j.onRef('p.job_id', '=', 'r.job_id').onRef('p.party', '=', 'r.party'),
      )
      .select(['p.code', 'r.resolved_by'])
      .where('r.tan', '=', branch.branchTan)
      .execute();
    expect(rows).toHaveLength(branch.rows);
    expect(rows.every((r) => r.code === branch.customerCode && r.resolved_by === 'exact-name')).toBe(true);
  });

  it("has the year's whole result generated as a report under Reports > Reconciliation Reports, once", async () => {
    type Report = { id: string; status: string; fileName: string; reportType: string; reconJobId: string };
    const reports = await eventually(async () => {
      const list = (await t.api('GET', '/reports/reconciliation-reports', { token })).json as Report[];
      return list.length > 0 && list.every((r) => r.status === 'Completed') ? list : null;
    }, 300_000);
    const run = await t.server.ctx.db
      .selectFrom('recon_runs')
      .select(['job_id', 'kind', 'financial_year'])
      .where('kind', '=', 'TDS')
      .executeTakeFirstOrThrow();
    expect(reports.map((r) => [r.fileName, r.reportType, r.reconJobId])).toEqual([
      [`${demoReportName(run)}.zip`, 'FullReport', run.job_id],
    ]);
    // the demo year is above the 2000 transactions a direct download holds: Generate Report is the way
    const get = (path: string) =>
      fetch(`${t.baseUrl}/taxrecon/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
    const direct = await get(`/discrepancy/entries/download/${run.job_id}`);
    expect(direct.status).toBe(400);
    expect(await direct.json()).toMatchObject({ code: 'TOO_LARGE' });
    const file = await get(`/reports/reconciliation-reports/${reports[0]!.id}`);
    expect(file.status).toBe(200);
    const zip = new ZipReader(new BlobReader(await file.blob()));
    const report = new Map<string, string>();
    for (const entry of await zip.getEntries())
      if (!entry.directory && entry.filename.endsWith('.csv'))
        report.set(entry.filename, await entry.getData(new TextWriter()));
    await zip.close();
    expect([...report.keys()].sort()).toEqual([
      '26as.csv',
      'customers.csv',
      'not-considered.csv',
      'sales-book.csv',
      'summary.csv',
    ]);
    const salesRows = generateDemoCompany().expectations.controlTotals.sales.rows;
    expect(report.get('sales-book.csv')?.trim().split('\n')).toHaveLength(salesRows + 1);
  });

  it('reconciles the purchases against 26AS Part VI once the receivable year is done, and finds the missing TCS', async () => {
    type Job = { id: string; status: string; jobType: string; remarks: string | null };
    const jobs = await eventually(async () => {
      const list = (await t.api('GET', '/job/jobs-queue', { token })).json as Job[];
      const demo = list.find((j) => j.jobType === 'DemoFollowUps');
      return demo?.status === 'Completed' ? list : null;
    }, 300_000);
    const demo = jobs.find((j) => j.jobType === 'DemoFollowUps')!;
    expect(demo.remarks).toMatch(/; the purchases reconciled for TCS$/);
    const tcs = jobs.filter((j) => j.jobType === 'TCSReconciliation');
    expect(tcs.map((j) => j.status)).toEqual(['Completed']);
    const e = generateDemoCompany().expectations.tcs;
    type Page = { counts: Record<string, number>; metadata: { leftOutRows: number } } & Record<
      string,
      { customerTAN: string }[]
    >;
    const tab = async (matchType: string) =>
      (
        await t.api('POST', `/reconciliation-response/tcs/job/${tcs[0]!.id}?matchType=${matchType}`, {
          token,
          body: {},
        })
      ).json as Page;
    const partly = await tab('partialMatches');
    // The bills before a vendor crosses the 206C(1H) threshold carry no TCS and
    // are left out, so only the vendor whose Q4 TCS is missing is mismatched,
    // and no vendor is missing from 26AS for want of TCS it never paid.
    expect(partly.partialMatches!.map((v) => v.customerTAN)).toEqual([e.missingFromPartVI.tan]);
    const full = (await tab('fullMatches')).fullMatches!.map((v) => v.customerTAN).sort();
    expect(full).toEqual(e.vendorsInPartVI.filter((tan) => tan !== e.missingFromPartVI.tan).sort());
    expect(partly.counts).toMatchObject({ missingFromTaxBook: 0, partialMatches: 1 });
    expect(e.billsWithoutTcs).toBeGreaterThan(0);
    expect(tcs[0]!.remarks).toContain(`; ${e.billsWithoutTcs} bills without TCS left out`);
    expect(partly.metadata.leftOutRows).toBe(e.billsWithoutTcs);
  });
});
