import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoCompany } from '../../server/src/features/demo/generate.ts';
import { ADMIN, startTestServer, type TestServer } from '../../server/src/testing/test-server.ts';
import { launchBrowser, openInNewPage, requireBuiltApp, screenshotOnFailure } from './browser.ts';

// The review of a TDS reconciliation, in the built app, in Chromium, against
// a real server that loads the demo company: submit a job from the screen,
// open the planted mismatched customer, accept a pair with Correlate Entries,
// run the job again and find the decision kept.

let t: TestServer;
let browser: Browser;
let page: Page;
const demo = generateDemoCompany();
const planted = demo.expectations.largeTaxDifference;

beforeAll(async () => {
  requireBuiltApp();
  t = await startTestServer({ demo: true });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const pages: Page[] = [];
let current = '';
afterEach(async (context) => {
  if (context.task.result?.state === 'fail') {
    for (const [i, p] of pages.entries())
      console.log('screenshot:', await screenshotOnFailure(p, `${current}-${i}`));
  }
  await page?.context().close();
});

const byTestId = (id: string, on: Page = page) => on.getByTestId(id);

const signIn = async () => {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  page = await context.newPage();
  pages.push(page);
  await page.goto(`${t.baseUrl}/#/login`);
  await byTestId('login-username').fill(ADMIN.email);
  await byTestId('login-password').fill(ADMIN.password);
  await byTestId('login-submit').click();
  await byTestId('home-page').waitFor();
};

// The action badge of a row: 'Matched' (automatic), 'Accepted' (a person's Accept), 'Discrepancy', ...
const actionOf = (row: ReturnType<Page['getByTestId']>) =>
  row.locator('[data-testid^="row-action-"]').textContent();

const jobIdOf = (url: string): string => /jobId=([0-9a-f-]{36})/.exec(url)?.[1] ?? '';

// From the submit screen: FY 2024-25, all customers, the default tolerances and match mode.
const submitReconciliation = async () => {
  await page.goto(`${t.baseUrl}/#/new-tds-reconciliation`);
  await byTestId('recon-year').click();
  await page.getByRole('option', { name: 'FY 2024 - 2025' }).click();
  await expect
    .poll(() => byTestId('recon-count-book').textContent())
    .toBe(new Intl.NumberFormat('en-IN').format(demo.expectations.controlTotals.sales.rows));
  await expect.poll(() => byTestId('recon-start').isEnabled()).toBe(true);
  await byTestId('recon-start').click();
  await page.waitForURL(/#\/view-tds-reconciliation/);
};

// The job list follows the running job; the newest job of the year comes first.
const waitForNewestJob = async (notJob?: string): Promise<string> => {
  const newest = page.locator('[data-testid^="recon-job-status-"]').first();
  await expect
    .poll(
      async () => {
        const id = ((await newest.getAttribute('data-testid')) ?? '').replace('recon-job-status-', '');
        return id && id !== notJob ? await newest.getAttribute('data-status') : 'waiting';
      },
      { timeout: 90_000, interval: 500 },
    )
    .toBe('Success');
  return ((await newest.getAttribute('data-testid')) ?? '').replace('recon-job-status-', '');
};

describe('TDS reconciliation in the browser', () => {
  it('submits a job, accepts a pair of a mismatched customer, and keeps the decision through a re-run', async () => {
    current = 'tds-review';
    await signIn();

    // the demo company arrives through ingest jobs: wait until every one has completed
    await page.goto(`${t.baseUrl}/#/jobs/all`);
    const statuses = page.locator('[data-testid="job-status"]');
    await expect
      .poll(
        async () => {
          await byTestId('jobs-refresh').click();
          const done = await statuses.and(page.locator('[data-status="Completed"]')).count();
          const all = await statuses.count();
          return all === done && done >= demo.files.length;
        },
        { timeout: 120_000, interval: 1000 },
      )
      .toBe(true);

    // The TCS screen counts the bills its job takes: those carrying no TCS are
    // left out and said so, and their vendors raise no missing-from-26AS warning.
    await page.goto(`${t.baseUrl}/#/new-tcs-reconciliation`);
    await byTestId('recon-year').click();
    await page.getByRole('option', { name: 'FY 2024 - 2025' }).click();
    const tcs = demo.expectations.tcs;
    const inr = new Intl.NumberFormat('en-IN');
    await expect
      .poll(() => byTestId('recon-count-book').textContent())
      .toBe(inr.format(demo.expectations.controlTotals.purchase.rows - tcs.billsWithoutTcs));
    expect(await byTestId('recon-count-without-tcs').textContent()).toContain(
      `${inr.format(tcs.billsWithoutTcs)} purchase bills carry no TCS`,
    );
    await expect
      .poll(() => byTestId('recon-metric-intersections').textContent())
      .toBe(String(tcs.vendorsInPartVI.length));
    expect(await byTestId('recon-warning-sales-low').count()).toBe(0);

    await submitReconciliation();
    const firstJob = await waitForNewestJob();
    await byTestId('recon-year-view-2024-25').click();
    await page.waitForURL(/#\/tds-job\?jobId=/);
    expect(jobIdOf(page.url())).toBe(firstJob);
    await expect.poll(() => byTestId('result-progress').getAttribute('data-progress')).toBe('100');

    // the planted customer is among the mismatched ones (the first tab)
    const heading = page.locator('[data-testid^="customer-heading-"]', { hasText: planted.tan });
    await heading.waitFor();
    await expect(heading.textContent()).resolves.toContain('[Mismatch]');
    const entityId = ((await heading.getAttribute('data-testid')) ?? '').replace('customer-heading-', '');
    await byTestId(`customer-toggle-${entityId}`).click();
    const review = await openInNewPage(page, byTestId(`customer-explore-${entityId}`));
    pages.push(review);

    // a short-deducted invoice against a 26AS credit still in discrepancy
    const voucher = planted.vouchers[0]!;
    await byTestId(`row-book-${voucher}`, review).waitFor({ timeout: 30_000 });
    await expect(actionOf(byTestId(`row-book-${voucher}`, review))).resolves.toBe('Discrepancy');
    await byTestId(`row-book-${voucher}`, review).getByRole('checkbox').check();
    const credit = byTestId('book-table-taxBook', review)
      .locator('[data-testid^="row-taxBook-"]', { hasText: 'Discrepancy' })
      .first();
    const creditRef = ((await credit.getAttribute('data-testid')) ?? '').replace('row-taxBook-', '');
    await credit.getByRole('checkbox').check();
    await expect.poll(() => byTestId('totals-book-count', review).textContent()).toBe('1');
    await expect.poll(() => byTestId('totals-taxbook-count', review).textContent()).toBe('1');
    // one against one is a valid selection: Correlate Entries ticks itself
    await expect.poll(() => byTestId('correlate-entries', review).isChecked()).toBe(true);
    await byTestId('action-Accept', review).click();
    await byTestId('action-notes', review).fill('Short deduction agreed with the customer');
    await byTestId('action-confirm', review).click();
    await expect
      .poll(() => actionOf(byTestId(`row-book-${voucher}`, review)), { timeout: 20_000 })
      .toBe('Accepted');
    await expect.poll(() => actionOf(byTestId(`row-taxBook-${creditRef}`, review))).toBe('Accepted');
    await expect.poll(() => byTestId('decisions', review).textContent()).toContain('Accept');

    // run the reconciliation again: a new job, the same data
    await submitReconciliation();
    const secondJob = await waitForNewestJob(firstJob);
    expect(secondJob).not.toBe(firstJob);
    await review.goto(
      `${t.baseUrl}/#/tds-discrepancies?jobId=${secondJob}&financialYear=2024-25&tanNumber=${encodeURIComponent(entityId)}`,
    );
    await byTestId(`row-book-${voucher}`, review).waitFor({ timeout: 30_000 });
    await expect(actionOf(byTestId(`row-book-${voucher}`, review))).resolves.toBe('Accepted');
    await expect(actionOf(byTestId(`row-taxBook-${creditRef}`, review))).resolves.toBe('Accepted');
    // the comment and who made it come along with the decision
    await byTestId(`row-book-${voucher}`, review).click();
    const comments = review.locator('[data-testid^="row-comments-"]').first();
    await expect.poll(() => comments.textContent()).toContain('Short deduction agreed with the customer');
    await expect(comments.textContent()).resolves.toContain(ADMIN.email);
    await expect(byTestId('decisions', review).textContent()).resolves.toContain(
      'Short deduction agreed with the customer',
    );

    // the printable report carries the decision, and goes back to the review
    await byTestId('discrepancy-print', review).click();
    await review.waitForURL(/#\/tds-printable-view\?/);
    await expect.poll(() => byTestId('print-book', review).textContent()).toContain(voucher);
    await byTestId('print-go-back', review).click();
    await review.waitForURL(/#\/tds-discrepancies\?/);
    await byTestId(`row-book-${voucher}`, review).waitFor();
  }, 300_000);
});
