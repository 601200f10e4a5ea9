import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from '../../server/src/testing/test-server.ts';
import { launchBrowser, requireBuiltApp, screenshotOnFailure } from './browser.ts';

// The data flows a finance user cares about, in the built app, in Chromium, against
// a real server on a fresh database: load a sales register and find it again, and
// keep a customer in the master.

const FIXTURES = path.resolve(import.meta.dirname, '../../../packages/formats/fixtures');

let t: TestServer;
let browser: Browser;
let page: Page;

const byTestId = (id: string) => page.getByTestId(id);

const signIn = async () => {
  await page.goto(`${t.baseUrl}/#/login`);
  await byTestId('login-username').fill(ADMIN.email);
  await byTestId('login-password').fill(ADMIN.password);
  await byTestId('login-submit').click();
  await byTestId('home-page').waitFor();
};

beforeAll(async () => {
  requireBuiltApp();
  t = await startTestServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

let current = '';
afterEach(async (context) => {
  if (context.task.result?.state === 'fail' && page) {
    console.log('screenshot:', await screenshotOnFailure(page, current));
  }
  await page?.context().close();
});

const newPage = async (name: string) => {
  current = name;
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  page = await context.newPage();
};

describe('data screens in the browser', () => {
  it('uploads a sales register for FY 2024-25, sees the job complete with its control totals, and finds the entries', async () => {
    await newPage('sales-upload');
    await signIn();
    await page.goto(`${t.baseUrl}/#/upload-sales`);
    await byTestId('upload-sales-file-input').setInputFiles(path.join(FIXTURES, 'sales-register.txt'));
    await byTestId('upload-sales-year').click();
    await page.getByRole('option', { name: 'FY 2024 - 2025' }).click();
    // the mapping table fills itself from the header row in the file
    await byTestId('mapping-read-file').click();
    await expect.poll(() => byTestId('mapping-field-date').inputValue()).toBe('Date');
    await expect(byTestId('mapping-field-customerName').inputValue()).resolves.toBe('Particulars');
    await byTestId('upload-sales-submit').click();

    await byTestId('upload-sales-result').waitFor();
    const jobId = (await byTestId('upload-sales-job-id').textContent())?.trim() ?? '';
    expect(jobId).toMatch(/^[0-9a-f-]{36}$/);
    await page.waitForURL(/#\/jobs\/all/, { timeout: 15_000 });

    const status = page.locator(`tr:has([data-testid="job-totals-${jobId}"]) [data-testid="job-status"]`);
    await expect
      .poll(
        async () => {
          await byTestId('jobs-refresh').click();
          return (await status.count()) > 0 ? status.getAttribute('data-status') : null;
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe('Completed');
    await byTestId(`job-totals-${jobId}`).click();
    await expect(byTestId('control-rows-loaded').textContent()).resolves.toBe('7');
    await expect(byTestId('control-rows-rejected').textContent()).resolves.toBe('2');
    await expect(byTestId('control-totals-balanced').textContent()).resolves.toBe('Balanced');

    await page.goto(`${t.baseUrl}/#/search-sales`);
    await expect.poll(() => byTestId('search-sales-results-total-count').textContent()).toBe('7');
    await expect(byTestId('search-sales-results-total-amount').textContent()).resolves.toBe('₹53,95,000.00');
    await expect(byTestId('search-sales-results-total-tax').textContent()).resolves.toBe('₹26,700.00');

    await byTestId('search-sales-filters-customerName').fill('alpha');
    await byTestId('search-sales-filters-submit').click();
    await expect.poll(() => byTestId('search-sales-results-total-count').textContent()).toBe('2');
    await expect(byTestId('search-sales-results-total-amount').textContent()).resolves.toBe('₹2,50,000.00');
    await expect(byTestId('search-sales-results-total-tax').textContent()).resolves.toBe('₹25,000.00');
  });

  it('creates a customer, opens it from the search, edits a field and saves it', async () => {
    await newPage('customer');
    await signIn();
    await page.goto(`${t.baseUrl}/#/new-customer`);
    await byTestId('customer-customerName').fill('Gamma Contracting Co');
    await byTestId('customer-customerCode').fill('GAMMA01');
    await byTestId('customer-tanNumber').fill('delg00003c');
    await byTestId('customer-panNumber').fill('AAAFG2468M');
    await byTestId('new-customer-submit').click();
    await page.getByText('Customer Created').waitFor();

    await page.goto(`${t.baseUrl}/#/search-customers`);
    await byTestId('customer-search-tanNumber').fill('DELG00003C');
    await byTestId('customer-search-submit').click();
    await expect.poll(() => byTestId('customer-results-count').textContent()).toContain('1 found');
    await page.getByRole('link', { name: 'Gamma Contracting Co' }).click();
    await page.waitForURL(/#\/customer\/[0-9a-f-]{36}/);
    await expect(byTestId('customer-view-tanNumber').textContent()).resolves.toBe('DELG00003C');

    await byTestId('customer-edit').click();
    await byTestId('customer-addressCity').fill('New Delhi');
    await byTestId('customer-save').click();
    await page.getByText('Customer Updated').waitFor();
    await expect(byTestId('customer-detail').getAttribute('data-mode')).resolves.toBe('view');
    await expect(byTestId('customer-view-addressCity').textContent()).resolves.toBe('New Delhi');
  });
});
