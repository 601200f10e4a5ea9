import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../server/src/testing/test-server.ts';
import { browserSuite } from './suite.ts';

// The data flows a finance user cares about, in the built app, in Chromium, against
// a real server on a fresh database: load a sales register and find it again, and
// keep a customer in the master.

const FIXTURES = path.resolve(import.meta.dirname, '../../../packages/formats/fixtures');

const suite = browserSuite(() => startTestServer());
const byTestId = (id: string) => suite.page.getByTestId(id);
const newPage = (name: string) => suite.newPage(name);
const signIn = async () => {
  await suite.signIn();
  await byTestId('home-page').waitFor();
};

describe('data screens in the browser', () => {
  it('uploads a sales register for FY 2024-25, sees the job complete with its control totals, and finds the entries', async () => {
    await newPage('sales-upload');
    await signIn();
    await suite.page.goto(`${suite.t.baseUrl}/#/upload-sales`);
    await byTestId('upload-sales-file-input').setInputFiles(path.join(FIXTURES, 'sales-register.txt'));
    await byTestId('upload-sales-year').click();
    await suite.page.getByRole('option', { name: 'FY 2024 - 2025' }).click();
    // the mapping table fills itself from the header row in the file
    await byTestId('mapping-read-file').click();
    await expect.poll(() => byTestId('mapping-field-date').inputValue()).toBe('Date');
    await expect(byTestId('mapping-field-customerName').inputValue()).resolves.toBe('Particulars');
    await byTestId('upload-sales-submit').click();

    await byTestId('upload-sales-result').waitFor();
    const jobId = (await byTestId('upload-sales-job-id').textContent())?.trim() ?? '';
    expect(jobId).toMatch(/^[0-9a-f-]{36}$/);
    await suite.page.waitForURL(/#\/jobs\/all/, { timeout: 15_000 });

    const status = suite.page.locator(
      `tr:has([data-testid="job-totals-${jobId}"]) [data-testid="job-status"]`,
    );
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

    await suite.page.goto(`${suite.t.baseUrl}/#/search-sales`);
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
    await suite.page.goto(`${suite.t.baseUrl}/#/new-customer`);
    await byTestId('customer-customerName').fill('Gamma Contracting Co');
    await byTestId('customer-customerCode').fill('GAMMA01');
    await byTestId('customer-tanNumber').fill('delg00003c');
    await byTestId('customer-panNumber').fill('AAAFG2468M');
    await byTestId('new-customer-submit').click();
    await suite.page.getByText('Customer Created').waitFor();

    await suite.page.goto(`${suite.t.baseUrl}/#/search-customers`);
    await byTestId('customer-search-tanNumber').fill('DELG00003C');
    await byTestId('customer-search-submit').click();
    await expect.poll(() => byTestId('customer-results-count').textContent()).toContain('1 found');
    await suite.page.getByRole('link', { name: 'Gamma Contracting Co' }).click();
    await suite.page.waitForURL(/#\/customer\/[0-9a-f-]{36}/);
    await expect(byTestId('customer-view-tanNumber').textContent()).resolves.toBe('DELG00003C');

    await byTestId('customer-edit').click();
    await byTestId('customer-addressCity').fill('New Delhi');
    await byTestId('customer-save').click();
    await suite.page.getByText('Customer Updated').waitFor();
    await expect(byTestId('customer-detail').getAttribute('data-mode')).resolves.toBe('view');
    await expect(byTestId('customer-view-addressCity').textContent()).resolves.toBe('New Delhi');
  });
});
