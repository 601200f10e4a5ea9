import fs from 'node:fs';
import type { SubmitAnswer } from '@taxrecon/contracts';
import { type FinancialYear, financialYearRange } from '@taxrecon/shared';
import { Uint8ArrayReader, ZipReader } from '@zip.js/zip.js';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { generateDemoCompany } from '../../server/src/features/demo/generate.ts';
import { parseDemo } from '../../server/src/features/demo/parsed-demo.test-helper.ts';
import { ADMIN, eventually, jobFinished, startTestServer } from '../../server/src/testing/test-server.ts';
import { browserSuite } from './suite.ts';

// Reports in the built app on the demo company: a miscellaneous report is
// created on the Create Reports tab, appears on View Reports, and the
// downloaded xlsx holds the demo's sales income; a reconciliation report
// generated from a result appears under Reconciliation Reports and downloads
// as a zip; the dashboard counts both.

const SHOTS = '/tmp/shots-reports';
const demo = generateDemoCompany();
const FY = demo.financialYear as FinancialYear;
const suite = browserSuite(() => startTestServer({ demo: true }));
const byTestId = (id: string) => suite.page.getByTestId(id);
const shot = async (name: string) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await suite.page.screenshot({ path: `${SHOTS}/${name}.png` });
};

const demoReconciled = async (token: string) => {
  const t = suite.t;
  await eventually(async () => {
    const list = (await t.api('GET', '/job/jobs-queue', { token })).json as {
      status: string;
      jobType: string;
    }[];
    const ingest = list.filter((j) => j.jobType.startsWith('Ingest'));
    // the demo's own TDS payable reports (requested once its 34A run is done) come first
    const payable = list.filter((j) => j.jobType === 'DemoChallans' || j.jobType === 'TDSPayableReport');
    return (
      ingest.length === demo.files.length &&
      [...ingest, ...payable].every((j) => j.status === 'Completed') &&
      payable.some((j) => j.jobType === 'DemoChallans')
    );
  }, 300_000);
  const submit = (await t.api('PUT', `/job/tds-reconciliation/${FY}`, { token, body: {} }))
    .json as SubmitAnswer;
  await jobFinished(t, token, submit.jobId!, 120_000);
  return submit.jobId!;
};

describe('reports in the browser', () => {
  it('creates a miscellaneous report, lists it on View Reports and downloads its xlsx', async () => {
    const token = await suite.t.login(ADMIN.email, ADMIN.password);
    const jobId = await demoReconciled(token);
    // a reconciliation report, as a result screen's report button asks for one
    const asked = await suite.t.api(
      'POST',
      `/discrepancy/tds-entries-by-category-to-folder/download/${jobId}/fullMatches?fileName=matched e2e`,
      { token },
    );
    expect(asked.json).toMatchObject({ throttled: false });

    const page = await suite.newPage('misc-reports');
    await page.setViewportSize({ width: 1440, height: 900 });
    await suite.signIn();
    await page.waitForURL(/#\/$/);
    await page.goto(`${suite.t.baseUrl}/#/misc-reports`);
    // the picker starts on the year with data, marked as the other screens mark it
    const dataYear = `FY ${FY.slice(0, 4)} - ${Number(FY.slice(0, 4)) + 1}`;
    await expect.poll(() => byTestId('misc-year').inputValue()).toBe(`${dataYear} · has data`);
    await byTestId('misc-year').click();
    await page.getByRole('option', { name: `FY ${FY.slice(0, 4)} - ${Number(FY.slice(0, 4)) + 1}` }).click();
    await byTestId('misc-choice-income-comparison').click();
    await byTestId('misc-file-name').fill('income e2e');
    await shot('misc-create');
    await byTestId('misc-generate').click();
    await page.getByText('Your Job has been added to the queue').waitFor();
    // the View Reports tab opens by itself after the toast
    await page.waitForURL(/tab=view/, { timeout: 10_000 });
    // the list holds the demo's TDS payable reports too
    const downloadButton = byTestId('misc-reports')
      .locator('tr', { hasText: 'income e2e.xlsx' })
      .locator('[data-testid^="misc-download-"]');
    await expect
      .poll(
        async () => {
          if ((await downloadButton.count()) > 0) return true;
          await byTestId('misc-refresh').click();
          return false;
        },
        { timeout: 60_000, interval: 1000 },
      )
      .toBe(true);
    const table = await byTestId('misc-reports').textContent();
    expect(table).toContain('income e2e.xlsx');
    expect(table).toContain('Income comparison (sales book vs 26AS)');
    expect(table).toMatch(/sales book ₹[\d,]+\.\d\d/);
    await shot('misc-view');

    const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
    expect(download.suggestedFilename()).toBe('income e2e.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const sheet = book.worksheets[0]!;
    const rows = sheet.getSheetValues().slice(1) as unknown[][];
    expect(rows[1]?.[1]).toBe('Income comparison (sales book vs 26AS)');
    const header = (rows[4] ?? []).slice(1) as string[];
    const income = header.indexOf('Income per sales book') + 1;
    expect(income).toBeGreaterThan(0);
    // the totals row against the demo's sales register, added up here
    const parsed = await parseDemo(demo);
    const { from, to } = financialYearRange(FY);
    const paise = parsed.sales.rows
      .filter((s) => s.date !== null && s.date >= from && s.date <= to)
      .reduce((s, x) => s + (x.saleAmount ?? 0), 0);
    expect(rows.at(-1)?.[income]).toBe(Number((paise / 100).toFixed(2)));
    expect(sheet.getRow(6).getCell(income).numFmt).toContain('₹');

    // the reconciliation report asked for above, listed and downloaded
    await page.goto(`${suite.t.baseUrl}/#/reconciliation-reports`);
    const reconDownload = page.locator('[data-testid^="recon-report-download-"]').first();
    await expect
      .poll(
        async () => {
          if ((await reconDownload.count()) > 0) return true;
          await byTestId('recon-reports-refresh').click();
          return false;
        },
        { timeout: 60_000, interval: 1000 },
      )
      .toBe(true);
    const reconTable = await byTestId('recon-reports').textContent();
    expect(reconTable).toContain('matched e2e.zip');
    expect(reconTable).toContain(`FY ${FY.slice(0, 4)} - ${Number(FY.slice(0, 4)) + 1}`);
    expect(reconTable).toContain('Completed');
    await shot('reconciliation-reports');
    const [zip] = await Promise.all([page.waitForEvent('download'), reconDownload.click()]);
    const reader = new ZipReader(new Uint8ArrayReader(new Uint8Array(fs.readFileSync(await zip.path()))));
    const names = (await reader.getEntries()).map((e) => e.filename);
    await reader.close();
    expect(names).toContain('customers.csv');

    // the miscellaneous count is of the View list: this report and the demo's TDS payable ones
    const payableReports = async (list: string) =>
      ((await suite.t.api('GET', `/reports/${list}`, { token })).json as unknown[]).length;
    const demoPayable =
      (await payableReports('tds-payable-reports')) + (await payableReports('tds-payable-error-reports'));
    expect(demoPayable).toBeGreaterThan(0);
    await page.goto(`${suite.t.baseUrl}/#/reports-dashboard`);
    await expect
      .poll(() => byTestId('reports-count-miscellaneous').textContent())
      .toBe(String(1 + demoPayable));
    expect(await byTestId('reports-count-reconciliation').textContent()).toBe('1');
    await shot('reports-dashboard');
  });
});
