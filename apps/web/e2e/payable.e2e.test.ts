import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { generateDemoExpenses } from '../../server/src/features/demo/expenses.ts';
import { ADMIN, jobFinished, startTestServer } from '../../server/src/testing/test-server.ts';
import { browserSuite } from './suite.ts';

// TDS payable (34A) in the built app, in Chromium, against a real server: the
// demo company's April expense ledger goes in through the upload screen, a 34A
// job runs from the submit screen, its year opens with the monthly summary, a
// summary row opens its entries in a new window, and the Form 3CD report is
// requested and downloaded as a workbook with rows.
// PAYABLE_SHOTS=<folder> also saves a 1440x900 screenshot of every 34A screen.

const demo = generateDemoExpenses();
const fileOf = (kind: string, month: string | null = null) => {
  const file = demo.files.find((f) => f.kind === kind && f.month === month);
  if (!file) throw new Error(`no demo ${kind} file ${month ?? ''}`);
  return file;
};
const april = fileOf('expense-ledger', '2024-04');
const SHOTS = process.env.PAYABLE_SHOTS;

const suite = browserSuite(() => startTestServer());
const byTestId = (id: string, on: Page = suite.page) => on.getByTestId(id);

const shot = async (name: string, on: Page = suite.page, keepOpen = false) => {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await on.setViewportSize({ width: 1440, height: 900 });
  if (!keepOpen) await on.keyboard.press('Escape');
  await on.waitForTimeout(300); // let the layout settle after the resize
  await on.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
};

// The vendor master of the demo's expense vendors, loaded as the master data screens load it.
const loadVendorMaster = async () => {
  const token = await suite.t.login(ADMIN.email, ADMIN.password);
  const master = fileOf('vendor-master');
  const answer = await suite.t.upload('/ingest/ingest-vendor', {
    token,
    files: [{ name: master.fileName, content: master.content }],
  });
  expect(answer.status).toBe(200);
  const view = await jobFinished(suite.t, token, (answer.json as { jobId: string }).jobId);
  expect(view.status).toBe('Completed');
};

// April's ledger through Upload Expense Ledger: a monthly file of FY 2024-25.
const uploadAprilLedger = async () => {
  const page = suite.page;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payable-e2e-'));
  const file = path.join(dir, april.fileName);
  fs.writeFileSync(file, april.content);
  await page.goto(`${suite.t.baseUrl}/#/upload-expense`);
  await byTestId('upload-expense-year').click();
  await page.getByRole('option', { name: 'FY 2024 - 2025' }).click();
  await byTestId('upload-expense-month').click();
  await page.getByRole('option', { name: 'April 2024' }).click();
  await byTestId('upload-expense-file-input').setInputFiles(file);
  await byTestId('upload-expense-submit').click();
  await byTestId('upload-expense-result').waitFor({ timeout: 30_000 });
  await expect.poll(() => byTestId('expense-folder').textContent()).toContain(april.fileName);
  await shot('upload-expense');
  fs.rmSync(dir, { recursive: true, force: true });
};

describe('TDS payable (34A) in the browser', () => {
  it('uploads a month, runs 34A, explores a summary row and downloads the Form 3CD report', async () => {
    const page = await suite.newPage('payable-34a');
    await suite.signIn();
    await byTestId('home-page').waitFor();
    await loadVendorMaster();
    await uploadAprilLedger();

    // submit: FY 2024-25 up to April, the header row and mapping remembered from the uploaded file
    await page.goto(`${suite.t.baseUrl}/#/new-34a-reconciliation`);
    await byTestId('payable-year').click();
    await page.getByRole('option', { name: 'FY 2024 - 2025' }).click();
    await byTestId('payable-month').click();
    await page.getByRole('option', { name: /^April 2024/ }).click();
    await expect.poll(() => byTestId('mapping-field-documentDate').inputValue()).toBe('documentDate');
    await expect(byTestId('mapping-field-baseAmount').inputValue()).resolves.toBe('baseAmount');
    await expect(byTestId('mapping-field-vendorCode').inputValue()).resolves.toBe('vendorCode');
    // the vendor choice finds a vendor of the master by code (then back to all vendors)
    await page.getByText('Specific Vendors').click();
    await expect.poll(() => byTestId('payable-submit').isEnabled()).toBe(false);
    await byTestId('payable-vendor-picker').fill('EV901');
    await page.getByRole('option', { name: /\(EV901\)/ }).click();
    await expect.poll(() => byTestId('payable-blockers').textContent()).not.toContain('choose a vendor');
    await page.getByText('All Vendors').click();
    // custom calculation: professional fees (GL 410100) under 194J(b), freight (420100) under 194C
    await byTestId('custom-rules-toggle').click();
    await byTestId('custom-rule-1-glCode').fill('410100');
    await byTestId('custom-rule-1-section').fill('194J(b)');
    await byTestId('custom-rule-1-force').selectOption('Y');
    await byTestId('custom-rule-2-glCode').fill('420100');
    await byTestId('custom-rule-2-section').fill('194C');
    await byTestId('custom-rule-2-force').selectOption('Y');
    await shot('new-34a-reconciliation');
    await expect.poll(() => byTestId('payable-submit').isEnabled()).toBe(true);
    await byTestId('payable-submit').click();
    await byTestId('payable-submit-yes').click();
    await page.waitForURL(/#\/view-34a-reconciliation/);
    await expect(
      page
        .getByText(/Job submitted successfully \(Job Id: /)
        .first()
        .isVisible(),
    ).resolves.toBe(true);

    // the job list follows the running job
    const status = page.locator('[data-testid^="payable-job-status-"]').first();
    await expect
      .poll(() => status.getAttribute('data-status'), { timeout: 90_000, interval: 500 })
      .toBe('Completed');
    await shot('view-34a-reconciliation');
    await byTestId('payable-year-view-2024-25').click();
    await page.waitForURL(/#\/tds-payable-job\?jobId=/);

    // the year: count boxes, data quality and the monthly summary
    await byTestId('payable-count-boxes').waitFor();
    expect(
      Number((await byTestId('payable-count-entries').textContent())?.replace(/,/g, '')),
    ).toBeGreaterThan(0);
    const monthly = byTestId('payable-monthly');
    await monthly.locator('tbody tr').first().waitFor();
    await expect(monthly.textContent()).resolves.toContain('Apr 2024');
    await expect(monthly.textContent()).resolves.toContain('194J');
    await expect(monthly.textContent()).resolves.toMatch(/₹[\d,]+\.\d\d/);
    await shot('tds-payable-job-monthly');
    await byTestId('payable-tab-quarterly').click();
    await byTestId('payable-quarterly').locator('tbody tr').first().waitFor();
    await shot('tds-payable-job-quarterly');
    await byTestId('payable-tab-annual').click();
    await byTestId('payable-annual').locator('tbody tr').first().waitFor();
    await shot('tds-payable-job-annual');
    await byTestId('payable-tab-monthly').click();

    // a summary row opens its entries in a new window
    const explore = monthly.locator('[data-testid^="payable-explore-2024-04-194J-"]').first();
    const [opened] = await Promise.all([page.context().waitForEvent('page'), explore.click()]);
    await opened.waitForURL(/#\/tds-payable\/explore\?monthYear=2024-04&section=194J/);
    await byTestId('payable-explore-cards', opened).waitFor({ timeout: 30_000 });
    await expect(byTestId('explore-section', opened).textContent()).resolves.toBe('194J');
    await expect
      .poll(() => byTestId('payable-entries', opened).locator('tbody tr').count(), { timeout: 30_000 })
      .toBeGreaterThan(0);
    const reason = byTestId('payable-entry-reason', opened).first();
    await expect(reason.textContent()).resolves.toMatch(/\S{3,}/);
    await shot('tds-payable-explore', opened);
    await byTestId('explore-tab-challans', opened).click();
    await byTestId('challans-tab', opened).waitFor();
    await opened.getByText('No challans found!').waitFor();
    await shot('tds-payable-challans', opened);
    await byTestId('explore-tab-adjustments', opened).click();
    await byTestId('adjustments-tab', opened).waitFor();
    await shot('tds-payable-adjustments', opened);
    await opened.close();

    // the Form 3CD annual report, generated in the background and downloaded
    await byTestId('payable-reports-menu').click();
    await byTestId('payable-report-form3cd_annual_report').click();
    await byTestId('payable-report-file-name').fill('form3cd e2e');
    await byTestId('payable-report-submit').click();
    await page.getByText('Reports Submitted').first().waitFor();
    await page.waitForURL(/#\/tds-payable-reports/, { timeout: 15_000 });
    const downloadButton = page.locator('[data-testid^="payable-report-download-"]').first();
    await expect
      .poll(
        async () => {
          if ((await downloadButton.count()) > 0) return true;
          await byTestId('payable-reports-refresh').click();
          return false;
        },
        { timeout: 60_000, interval: 1000 },
      )
      .toBe(true);
    await expect(byTestId('payable-reports').textContent()).resolves.toContain('form3cd e2e');
    await shot('tds-payable-reports');
    const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
    const saved = await download.path();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(saved);
    const sheet = workbook.worksheets[0];
    expect(sheet).toBeDefined();
    expect(sheet?.actualRowCount ?? 0).toBeGreaterThan(1);

    await page.goto(`${suite.t.baseUrl}/#/tds-payable-error-reports`);
    await byTestId('tds-payable-error-reports').waitFor();
    await shot('tds-payable-error-reports');
    await page.goto(`${suite.t.baseUrl}/#/view-34a-output-annual`);
    await byTestId('payable-annual').locator('tbody tr').first().waitFor();
    // no challan entered for the computed month: the screen says so above the table
    await expect(byTestId('payable-annual-challan-gap').textContent()).resolves.toContain(
      'No challans entered for Apr 2024',
    );
    // every header reads in full at 1440 px and the table needs no sideways scroll
    for (const header of ['Section', 'Tax deposited (challans)', 'Shortfall']) {
      const cell = byTestId('payable-annual').locator('th', { hasText: header }).first();
      const box = await cell.boundingBox();
      expect(box && box.x + box.width <= 1440).toBe(true);
    }
    await shot('view-34a-output-annual');
    await page.goto(`${suite.t.baseUrl}/#/tds-payable/quarterly-challan-summary?fy=24-25&quarter=Q1`);
    await byTestId('quarterly-challan-summary').getByText('No challans found!').waitFor();
    await shot('quarterly-challan-summary');

    // April computed: May may follow, June must wait for May
    await page.goto(`${suite.t.baseUrl}/#/new-34a-reconciliation?fy=2024-25`);
    await byTestId('payable-month').click();
    await expect
      .poll(() => page.getByRole('option', { name: /^June 2024/ }).getAttribute('data-combobox-disabled'))
      .toBe('true');
    await expect(
      page.getByRole('option', { name: /^May 2024/ }).getAttribute('data-combobox-disabled'),
    ).resolves.toBeNull();
    await shot('new-34a-months', page, true);
  }, 300_000);
});
