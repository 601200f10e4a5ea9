import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { generateDemoCompany } from '../../server/src/features/demo/generate.ts';
import { startTestServer } from '../../server/src/testing/test-server.ts';
import { openInNewPage } from './browser.ts';
import { browserSuite } from './suite.ts';

// The receivable flow as a finance user reads it (issue 13), in the built app:
// job names in words, an upload that loads nothing shown as a warning, a 26AS
// of another PAN refused naming both PANs, rupees with lakh grouping in the
// toasts, and the discrepancy tables opening with the rows needing action.
// Screenshots at 1440x900 go to SHOTS_DIR when it is set, for a person to look at.

const FIXTURES = path.resolve(import.meta.dirname, '../../../packages/formats/fixtures');
const SHOTS = process.env.SHOTS_DIR;
const demo = generateDemoCompany();
const planted = demo.expectations.largeTaxDifference;
const suite = browserSuite(() => startTestServer({ demo: true }));
const byTestId = (id: string, on: Page = suite.page) => on.getByTestId(id);

const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
};

const openPage = async (name: string) => {
  const page = await suite.newPage(name);
  await page.setViewportSize({ width: 1440, height: 900 });
  await suite.signIn();
  await byTestId('home-page').waitFor();
  return page;
};

const waitForJobsDone = async (page: Page, atLeast: number) => {
  await page.goto(`${suite.t.baseUrl}/#/jobs/all`);
  const statuses = page.locator('[data-testid="job-status"]');
  await expect
    .poll(
      async () => {
        await byTestId('jobs-refresh').click();
        const all = await statuses.count();
        const running = await statuses
          .and(page.locator('[data-status="InProgress"], [data-status="NotStarted"]'))
          .count();
        return all >= atLeast && running === 0;
      },
      { timeout: 120_000, interval: 1000 },
    )
    .toBe(true);
};

describe('what a finance user reads', () => {
  it('walks the receivable flow: uploads, refusals, the reconciliation, its problems first, the customers to chase', async () => {
    const page = await openPage('finance-user');

    // job names in words, never internal keys
    await waitForJobsDone(page, demo.files.length);
    const jobsText = (await page.textContent('body')) ?? '';
    expect(jobsText).toContain('26AS upload');
    expect(jobsText).toContain('Sales register upload');
    expect(jobsText).not.toMatch(/Ingest26|Ingest 26|IngestSales/);

    // a random text file as 26AS: a warning, not a success
    await page.goto(`${suite.t.baseUrl}/#/upload-26as`);
    await byTestId('upload-26as-file-input').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Minutes of the meeting\nnothing about tax here\n'),
    });
    await byTestId('upload-26as-submit').click();
    await byTestId('upload-26as-result').waitFor();
    const warning = page.locator('.mantine-Notification-root', { hasText: '26AS upload: nothing loaded' });
    await warning.first().waitFor({ timeout: 30_000 });
    await expect(warning.first().textContent()).resolves.toMatch(/does not look like a 26AS text file/);
    await page.goto(`${suite.t.baseUrl}/#/jobs/all`);
    // the jobs table's row (the background-processes panel holds a hidden copy)
    const nothing = page.locator('table [data-testid="job-status"][data-outcome="NothingLoaded"]').first();
    await nothing.waitFor();
    await expect(nothing.textContent()).resolves.toBe('Nothing loaded');
    await shot(page, 'jobs');

    // a 26AS of another PAN than the entity's is refused, naming both
    await page.goto(`${suite.t.baseUrl}/#/upload-26as`);
    await byTestId('upload-26as-file-input').setInputFiles(path.join(FIXTURES, '26as-current-layout.txt'));
    await byTestId('upload-26as-submit').click();
    const refused = byTestId('upload-26as-error');
    await refused.waitFor();
    await expect(refused.textContent()).resolves.toMatch(/AAACZ9999Z.*AABCZ3704L/);
    await expect(byTestId('upload-26as-force').count()).resolves.toBe(0);

    // the reconciliation: its toast says the tax claimable in rupees with lakh grouping
    await page.goto(`${suite.t.baseUrl}/#/new-tds-reconciliation`);
    // the picker starts on the latest year with data, and says it has data
    await expect.poll(() => byTestId('recon-year').inputValue()).toBe('FY 2024 - 2025 · has data');
    await byTestId('recon-year').click();
    await page.getByRole('option', { name: 'FY 2024 - 2025' }).click();
    await expect.poll(() => byTestId('recon-start').isEnabled(), { timeout: 30_000 }).toBe(true);
    await byTestId('recon-start').click();
    const done = page.locator('.mantine-Notification-root', { hasText: 'TDS reconciliation job completed' });
    await done.first().waitFor({ timeout: 120_000 });
    await expect(done.first().textContent()).resolves.toMatch(/tax claimable ₹\d{1,2}(,\d\d)*,\d{3}\.\d\d/);

    // the result, then the planted customer's discrepancies: the open rows come first
    await page.goto(`${suite.t.baseUrl}/#/view-tds-reconciliation`);
    await byTestId('recon-year-view-2024-25').click();
    await page.waitForURL(/#\/tds-job\?jobId=/);
    await expect.poll(() => byTestId('result-progress').getAttribute('data-progress')).toBe('100');
    const heading = page.locator('[data-testid^="customer-heading-"]', { hasText: planted.tan });
    await heading.waitFor();
    await expect(heading.textContent()).resolves.toContain('[Mismatch]');
    await shot(page, 'result');

    // the mismatched customers sorted by the server: the largest tax difference first
    const differences = async () =>
      (await page.locator('[data-testid^="customer-difference-"]').allTextContents()).map((t) =>
        Math.abs(Number(t.replace(/[^\d.-]/g, ''))),
      );
    await byTestId('result-sort').click();
    await page.getByRole('option', { name: 'Largest tax difference first' }).click();
    await expect
      .poll(async () => {
        const shown = await differences();
        return shown.length > 1 && shown.every((d, i) => i === 0 || d <= shown[i - 1]!);
      })
      .toBe(true);
    const largest = await differences();
    expect(largest[0]).toBeGreaterThan(largest.at(-1)!);
    const entityId = ((await heading.getAttribute('data-testid')) ?? '').replace('customer-heading-', '');
    await byTestId(`customer-toggle-${entityId}`).click();
    const review = await openInNewPage(page, byTestId(`customer-explore-${entityId}`));
    await review.setViewportSize({ width: 1440, height: 900 });
    const rows = review.locator('[data-testid="book-table-book"] [data-testid^="row-book-"]');
    await rows.first().waitFor({ timeout: 30_000 });
    const actions = await review
      .locator('[data-testid="book-table-book"] [data-testid^="row-action-"]')
      .allTextContents();
    expect(actions[0]).toBe('Discrepancy');
    const firstSettled = actions.findIndex((a) => a !== 'Discrepancy');
    if (firstSettled >= 0) expect(actions.slice(firstSettled)).not.toContain('Discrepancy');
    await shot(review, 'discrepancy');

    // smart reconciliation's suggestions from the year's job: the demo's every
    // customer is reconciled, so none is left apart to suggest
    await page.goto(`${suite.t.baseUrl}/#/smart-recon`);
    await expect.poll(() => byTestId('smart-suggest-year').inputValue()).toMatch(/2024 - 2025/);
    await byTestId('smart-suggest-run').click();
    await byTestId('smart-suggest-grid').waitFor();
    await expect.poll(() => byTestId('smart-suggest-grid').textContent()).toContain('No matches found');
    await shot(page, 'smart-recon-suggestions');

    // the compliance overview: the year's customers with discrepancies, the
    // planted one among them, every one of them in the Excel export
    await page.goto(`${suite.t.baseUrl}/#/customer-compliance`);
    const cards = page.locator('[data-testid^="compliance-TDS-"], [data-testid^="compliance-TCS-"]');
    await cards.first().waitFor({ timeout: 30_000 });
    const count = await cards.count();
    const said = await byTestId('customer-compliance').textContent();
    expect(said).toContain(`${count} customer`);
    // the planted large tax difference is a discrepancy of its customer (the
    // card has the master's name, 'MEGHDOOT RETAIL LIMITED' for the book's 'Meghdoot Retail Ltd')
    const word = planted.customerName.split(' ')[0]!;
    await expect(cards.filter({ hasText: word }).count()).resolves.toBe(1);
    // each year says which side holds more tax, in rupees
    await expect(
      cards.filter({ hasText: word }).getByTestId('compliance-difference').first().textContent(),
    ).resolves.toMatch(/^26AS (short|over) by ₹[\d,]+\.\d{2}$/);
    const yearsShown = await cards.getByRole('button').count();
    await shot(page, 'compliance');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      byTestId('compliance-export').click(),
    ]);
    expect(download.suggestedFilename()).toBe('customers-with-tax-discrepancies.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const sheet = (book.worksheets[0]!.getSheetValues().slice(1) as unknown[][]).map((r) => r.slice(1));
    const header = sheet.findIndex((r) => r[0] === 'Name' && r[1] === 'Customer/Vendor id');
    expect(header).toBeGreaterThanOrEqual(0);
    const listed = sheet.slice(header + 1).filter((r) => r.length > 0);
    // one row per customer and year, the difference a number the sheet can sum
    expect(listed.length).toBe(yearsShown);
    expect(sheet[header]?.slice(2, 6)).toEqual([
      'TAN',
      'Tax',
      'Financial year',
      'Tax difference (books less 26AS)',
    ]);
    for (const row of listed) expect(typeof row[5]).toBe('number');
    expect(listed.filter((r) => String(r[0]).toLowerCase().includes(word.toLowerCase()))).toHaveLength(1);
    // sorted by the largest difference, the first card holds the largest of the export
    const largestDifference = Math.max(...listed.map((r) => Math.abs(Number(r[5]))));
    await byTestId('compliance-sort').click();
    await page.getByRole('option', { name: 'Largest difference first' }).click();
    const rupees = (text: string | null) =>
      Number(/₹([\d,]+\.\d{2})/.exec(text ?? '')?.[1]?.replace(/,/g, ''));
    await expect
      .poll(async () =>
        rupees(await cards.first().getByTestId('compliance-difference').first().textContent()),
      )
      .toBe(largestDifference);
    await page.getByPlaceholder('Filter by name or id').fill(word);
    await expect.poll(() => cards.count(), { timeout: 10_000 }).toBe(1);
  });

  it('keeps the sales edit pencil on screen at 1440 px and refuses a rate of 9400 in the dialog', async () => {
    const page = await openPage('sales-search');
    await page.goto(`${suite.t.baseUrl}/#/search-sales`);
    await byTestId('search-sales-filters-submit').click();
    const pencil = page.locator('[data-testid^="sales-edit-"]').first();
    await pencil.waitFor({ timeout: 30_000 });
    const box = await pencil.boundingBox();
    expect(box && box.x + box.width <= 1440).toBe(true);
    // the pencil leads the row: no pinned column sits over the last amount
    const tdsHeader = await page.locator('th', { hasText: 'TDS Amount' }).first().boundingBox();
    expect(box && tdsHeader && box.x < tdsHeader.x && tdsHeader.x + tdsHeader.width <= 1440).toBe(true);
    await shot(page, 'sales-search');
    await pencil.click();
    await byTestId('edit-sales-rate').fill('9400');
    await expect(page.getByText('A percentage between 0 and 100').count()).resolves.toBe(1);
    await expect(byTestId('edit-sales-save').isDisabled()).resolves.toBe(true);
    await byTestId('edit-sales-rate').fill('10');
    await byTestId('edit-sales-amount').fill('9999999');
    await expect(byTestId('edit-sales-warning').textContent()).resolves.toMatch(
      /differs from 10% of the sale ₹/,
    );
  });

  it('reads a typed day day first and narrows the sales search to it', async () => {
    const page = await openPage('typed-days');
    await page.goto(`${suite.t.baseUrl}/#/search-sales`);
    await byTestId('search-sales-filters-startDate').fill('01/05/2024');
    await byTestId('search-sales-filters-endDate').fill('31-05-2024');
    await page.keyboard.press('Tab');
    // 01/05/2024 is 1 May (new Date reads it as 5 January)
    await expect.poll(() => byTestId('search-sales-filters-startDate').inputValue()).toBe('01 May 2024');
    await expect.poll(() => byTestId('search-sales-filters-endDate').inputValue()).toBe('31 May 2024');
    await byTestId('search-sales-filters-submit').click();
    // the first column is the edit pencil, pinned left (session 40), the second the date
    const dates = page.locator('[data-testid="search-sales-results"] tbody tr td:nth-child(2)');
    // the search opens on every entry (April first); it settles on May's alone
    await expect
      .poll(
        async () => {
          const shown = await dates.allTextContents();
          return shown.length > 0 && shown.every((d) => /^\d{2} May 2024$/.test(d));
        },
        { timeout: 30_000 },
      )
      .toBe(true);
  });

  it("writes the expense section mappings' days as 01 Apr 2024 and reads a typed day day first", async () => {
    const page = await openPage('expense-mapping-days');
    await page.goto(`${suite.t.baseUrl}/#/search-expense-section-mapping`);
    const grid = byTestId('expense-mapping-grid');
    // the demo's GL codes apply from the start of its year
    await expect.poll(() => grid.textContent(), { timeout: 30_000 }).toContain('01 Apr 2024');
    expect(await grid.textContent()).not.toContain('2024-04-01');
    const from = byTestId('expense-mapping-applicableFromDate');
    await from.fill('01/04/2024');
    await page.keyboard.press('Tab');
    // 01/04/2024 is 1 April (the browser's own date field showed mm/dd/yyyy)
    await expect.poll(() => from.inputValue()).toBe('01 Apr 2024');
    await byTestId('expense-mapping-search').click();
    await expect.poll(() => grid.textContent()).toContain('Professional fees');
    await shot(page, 'expense-mapping-days');
  });

  it("writes each screen's years the way the spec does, starting on the latest year with data", async () => {
    const page = await openPage('year-pickers');
    await shot(page, 'home');
    // a year as 'FY 2024 - 2025', one year apart, marked as holding data
    const screenYear = /^FY (\d{4}) - (\d{4}) · has data$/;
    const oneYearApart = (text: string, pattern: RegExp) => {
      const m = pattern.exec(text);
      expect(m, text).not.toBeNull();
      expect(Number(m?.[2]) - Number(m?.[1])).toBe(1);
    };
    await waitForJobsDone(page, demo.files.length);

    // the receivable submit picker (also asserted in the flow above) and its list of 8 years
    await page.goto(`${suite.t.baseUrl}/#/new-tds-reconciliation`);
    await expect.poll(() => byTestId('recon-year').inputValue()).toMatch(screenYear);
    oneYearApart(await byTestId('recon-year').inputValue(), screenYear);
    await byTestId('recon-year').click();
    const reconYears = await page.getByRole('option').allTextContents();
    expect(reconYears).toHaveLength(8);
    for (const y of reconYears) expect(y).toMatch(/^FY \d{4} - \d{4}( · has data)?$/);
    await page.keyboard.press('Escape');
    await shot(page, 'recon-submit');

    // 26AS search: the filter marks the years with entries but does not narrow the search;
    // the Financial Year column reads FY 2024 - 2025
    await page.goto(`${suite.t.baseUrl}/#/search-26as`);
    await byTestId('search-26as-filters-financialYear').click();
    const searchYears = await page.getByRole('option').allTextContents();
    expect(searchYears.some((y) => screenYear.test(y))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(byTestId('search-26as-filters-financialYear').inputValue()).resolves.toBe('');
    await byTestId('search-26as-filters-submit').click();
    await page
      .getByRole('cell', { name: /^FY \d{4} - \d{4}$/ })
      .first()
      .waitFor({ timeout: 30_000 });
    await expect(page.getByRole('cell', { name: /^\d{4}-\d{2}$/ }).count()).resolves.toBe(0);
    await shot(page, '26as-search');

    // 34A submit: the current year and the 4 before, starting on the latest with expense ledgers
    await page.goto(`${suite.t.baseUrl}/#/new-34a-reconciliation`);
    await expect.poll(() => byTestId('payable-year').inputValue(), { timeout: 30_000 }).toMatch(screenYear);
    await byTestId('payable-year').click();
    await expect(page.getByRole('option').count()).resolves.toBe(5);
    await page.keyboard.press('Escape');
    await shot(page, '34a-submit');

    // the payable job tree writes a year as every other screen does: FY 2024 - 2025
    await page.goto(`${suite.t.baseUrl}/#/view-34a-reconciliation`);
    // the tree's rows come after its header
    await expect
      .poll(async () => (await byTestId('payable-job-tree').textContent()) ?? '', { timeout: 30_000 })
      .toMatch(/FY \d{4} - \d{4}/);
    const payableTree = (await byTestId('payable-job-tree').textContent()) ?? '';
    expect(payableTree).not.toMatch(/(^|[^ ])\d{4}-\d{4}/);
    await shot(page, 'payable-jobs');

    // expense upload starts on the latest year with ledgers
    await page.goto(`${suite.t.baseUrl}/#/upload-expense`);
    await expect
      .poll(() => byTestId('upload-expense-year').inputValue(), { timeout: 30_000 })
      .toMatch(screenYear);
    await shot(page, 'expense-upload');

    // Form 16A search: 'FY yyyy - yyyy+1' over 5 years, any year until asked
    await page.goto(`${suite.t.baseUrl}/#/search-form-16-a`);
    // the expense screen's picker is labelled the same: wait until it has gone
    await byTestId('upload-expense-year').waitFor({ state: 'detached' });
    const form16aYear = page.getByRole('combobox', { name: 'Financial Year', exact: true });
    await expect(form16aYear.inputValue()).resolves.toBe('');
    await form16aYear.click();
    const form16aYears = await page.getByRole('option').allTextContents();
    expect(form16aYears).toHaveLength(5);
    for (const y of form16aYears) expect(y).toMatch(/^FY \d{4} - \d{4}( · has data)?$/);
    await page.keyboard.press('Escape');
    await shot(page, 'form16a-search');

    // 26Q: 'FY yyyy - yyyy+1' as everywhere, starting on the latest year with a 34A run
    await page.goto(`${suite.t.baseUrl}/#/reconcile-26q-file`);
    await expect.poll(() => byTestId('form26q-year').inputValue(), { timeout: 30_000 }).toMatch(screenYear);
    await shot(page, '26q-reconcile');
  });
});
