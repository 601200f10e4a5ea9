import fs from 'node:fs';
import type { DiscrepancyResponse, SubmitAnswer } from '@taxrecon/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoCompany } from '../../server/src/features/demo/generate.ts';
import { ADMIN, eventually, startTestServer, type TestServer } from '../../server/src/testing/test-server.ts';
import { launchBrowser, requireBuiltApp, screenshotOnFailure } from './browser.ts';

// A smart filter in the built app, in Chromium, against a real server with
// the demo company: from the TDS result's toolbar, the Books > 26AS filter
// with an in-list of two TANs typed in lower case, select all, FollowUp for
// the sales entries, Bulk Update; the job records the decisions, and a
// re-run of the reconciliation keeps them (seen on the discrepancy screen).

const SHOTS = process.env.SMART_FILTER_SHOTS ?? '/tmp/shots-smart-filters';
const demo = generateDemoCompany();
const e = demo.expectations;
const FY = demo.financialYear;
const chosen = [e.neverDeducted, e.invoicesMissingFrom26as];

let t: TestServer;
let browser: Browser;
let page: Page;
let token: string;
const pages: Page[] = [];

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
      payload: string | null;
    };
    if (j.status === 'Failed') throw new Error(`job ${jobId} failed`);
    return j.status === 'Completed' ? j : null;
  }, 90_000);

const reconcile = async () => {
  const answer = await api<SubmitAnswer>('PUT', `/job/tds-reconciliation/${FY}`, {});
  await finished(answer.jobId!);
  return answer.jobId!;
};

const shot = async (on: Page, name: string) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await on.screenshot({ path: `${SHOTS}/${name}.png` });
};

beforeAll(async () => {
  requireBuiltApp();
  t = await startTestServer({ demo: true });
  token = await t.login(ADMIN.email, ADMIN.password);
  browser = await launchBrowser();
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
  await browser?.close();
  await t?.close();
});

afterEach(async (context) => {
  if (context.task.result?.state === 'fail') {
    for (const [i, p] of pages.entries())
      console.log('screenshot:', await screenshotOnFailure(p, `smart-${i}`));
  }
  await page?.context().close();
});

const byTestId = (id: string, on: Page = page) => on.getByTestId(id);

describe('smart filters in the browser', () => {
  it('bulk-updates the customers a filter selects, and the decisions survive a re-run', async () => {
    const job = await reconcile();
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    pages.push(page);
    await page.goto(`${t.baseUrl}/#/login`);
    await byTestId('login-username').fill(ADMIN.email);
    await byTestId('login-password').fill(ADMIN.password);
    await byTestId('login-submit').click();
    await byTestId('home-page').waitFor();

    // the TDS result toolbar's Smart filters button opens the screen in a new window
    await page.goto(`${t.baseUrl}/#/tds-job?jobId=${job}`);
    const [smart] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('button', { name: 'Smart filters' }).first().click(),
    ]);
    pages.push(smart);
    await smart.setViewportSize({ width: 1440, height: 900 });
    await byTestId('smart-filter-booksMoreThan26AS', smart).waitFor({ timeout: 30_000 });
    await shot(smart, '01-filters');

    // the condition dialog: Filter stays disabled until a condition with a value is ticked
    await byTestId('smart-filter-booksMoreThan26AS', smart).click();
    await byTestId('smart-conditions', smart).waitFor();
    await expect(byTestId('smart-filter-run', smart).isDisabled()).resolves.toBe(true);
    await expect(byTestId('smart-tick-customerTAN', smart).isDisabled()).resolves.toBe(true);
    await byTestId('smart-value-customerTAN', smart).fill(chosen.map((c) => c.tan.toLowerCase()).join(', '));
    await expect.poll(() => byTestId('smart-tick-customerTAN', smart).isChecked()).toBe(true);
    await shot(smart, '02-conditions');
    await byTestId('smart-filter-run', smart).click();

    await expect.poll(() => byTestId('smart-total', smart).textContent(), { timeout: 20_000 }).toContain('2');
    await byTestId('smart-select-all', smart).click();
    await expect.poll(() => byTestId('smart-selected', smart).textContent()).toContain('2');
    await expect(byTestId('smart-bulk-update', smart).isDisabled()).resolves.toBe(true);
    await byTestId('smart-sales-action', smart).click();
    await smart.getByRole('option', { name: 'Follow up' }).click();
    await byTestId('smart-26as-action', smart).click();
    await smart.getByRole('option', { name: 'Do Nothing' }).click();
    await expect.poll(() => byTestId('smart-bulk-update', smart).isEnabled()).toBe(true);
    await shot(smart, '03-results');
    // the tab's summary report downloads as xlsx
    const [summary] = await Promise.all([
      smart.waitForEvent('download'),
      byTestId('smart-summary-partialMatches', smart).click(),
    ]);
    expect(summary.suggestedFilename()).toMatch(/partialMatches-summary\.xlsx$/);
    await byTestId('smart-bulk-update', smart).click();
    await smart.getByRole('button', { name: 'YES' }).click();
    await byTestId('smart-submitted', smart).waitFor({ timeout: 20_000 });
    const bulkJob = /job ([0-9a-f-]{36})/.exec(
      (await byTestId('smart-submitted', smart).textContent()) ?? '',
    )?.[1];
    expect(bulkJob).toBeTruthy();
    await finished(bulkJob!);
    await shot(smart, '04-submitted');

    // a new reconciliation of the year keeps the decisions
    const rerun = await reconcile();
    const d = e.neverDeducted;
    const view = await api<DiscrepancyResponse>('GET', `/discrepancy/entries/${d.tan}?jobId=${rerun}`);
    expect(view.entrySalesDiscrepancies.map((r) => r.manualAction)).toEqual(d.vouchers.map(() => 'FollowUp'));
    await smart.goto(
      `${t.baseUrl}/#/tds-discrepancies?jobId=${rerun}&financialYear=${FY}&tanNumber=${encodeURIComponent(view.entityId)}`,
    );
    const row = byTestId(`row-book-${d.vouchers[0]}`, smart);
    await row.waitFor({ timeout: 30_000 });
    await expect.poll(() => row.locator('[data-testid^="row-action-"]').textContent()).toMatch(/Follow ?Up/i);
    await shot(smart, '05-after-rerun');
  }, 300_000);
});
