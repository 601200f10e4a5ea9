import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PayableMonthSummary } from '@taxrecon/contracts';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { generateDemoExpenses } from '../../server/src/features/demo/expenses.ts';
import { loadDemoExpenses } from '../../server/src/features/demo/payable-demo.ts';
import { parseMail, type SmtpCapture, startSmtpCapture } from '../../server/src/testing/smtp-capture.ts';
import { ADMIN, jobFinished, startTestServer } from '../../server/src/testing/test-server.ts';
import { browserSuite } from './suite.ts';

// The explore screen's ENTRIES ADJUSTMENTS WITH CHALLANS tab in Chromium on
// the demo company's April 2024: step 1 e-mails the line's entries (real
// SMTP), the workbook is edited as a person would, step 2 uploads it; a wrong
// file is refused naming row and column and its job offers the errors file, a
// right one is applied by its job.
// ADJUST_SHOTS=<folder> also saves 1440x900 screenshots of the tab.

const SHOTS = process.env.ADJUST_SHOTS;
let smtp: SmtpCapture;
const suite = browserSuite(
  async () => {
    smtp = await startSmtpCapture();
    return startTestServer({ smtpUrl: smtp.url });
  },
  async () => {
    await smtp?.close();
  },
);

const shot = async (name: string) => {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await suite.page.waitForTimeout(300);
  await suite.page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
};

const edit = async (bytes: Buffer, edits: Record<number, Record<string, string | number>>) => {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const header = sheet.getRow(2).values as unknown[];
  for (const [row, cells] of Object.entries(edits))
    for (const [h, v] of Object.entries(cells))
      sheet.getRow(Number(row)).getCell(header.indexOf(h)).value = v;
  return Buffer.from(await book.xlsx.writeBuffer());
};

describe('adjusting the entries of a summary line', () => {
  it('e-mails the entries, refuses a wrong file with its errors and applies a right one', async () => {
    const t = suite.t;
    const token = await t.login(ADMIN.email, ADMIN.password);
    const admin = await t.server.ctx.db
      .selectFrom('users')
      .select(['id', 'tenant_id', 'current_entity_id', 'login'])
      .where('login', '=', ADMIN.email)
      .executeTakeFirstOrThrow();
    const { mapping } = await loadDemoExpenses(
      t.server.ctx,
      { tenantId: admin.tenant_id, entityId: admin.current_entity_id!, userId: admin.id, login: admin.login },
      generateDemoExpenses(),
    );
    const run = await t.api('PUT', '/job/34a-reconciliation/24-25', {
      token,
      body: { mappingDefinitions: mapping, customCalculationRules: [], vendors: [], month: '2024-04' },
    });
    expect(run.status, JSON.stringify(run.json)).toBe(200);
    expect((await jobFinished(t, token, (run.json as { jobId: string }).jobId, 180_000)).status).toBe(
      'Completed',
    );
    const summary = (await t.api('GET', '/34a/summary/24-25/2024-04', { token })).json as PayableMonthSummary;
    const line = summary.rows.filter((r) => r.entries >= 4).sort((a, b) => b.entries - a.entries)[0]!;

    const page = await suite.newPage('adjustments');
    await page.setViewportSize({ width: 1440, height: 900 });
    await suite.signIn();
    await page.getByTestId('home-page').waitFor();
    const query = new URLSearchParams({
      monthYear: line.monthYear,
      section: line.section,
      subsection: line.subsection,
      deducteeType: line.deducteeType,
    });
    await page.goto(`${t.baseUrl}/#/tds-payable/explore?${query}`);
    await page.getByTestId('explore-tab-adjustments').click();
    await expect
      .poll(() => page.getByTestId('adjust-jobs').textContent())
      .toContain('No adjustment jobs yet');

    await page.getByTestId('adjust-email').fill('ap@books.test');
    await page.getByTestId('adjust-send').click();
    await page
      .getByText('Job Submitted - The file will be emailed to the mentioned email address.')
      .waitFor();
    const mail = await parseMail(await smtp.waitFor('ap@books.test'));
    const emailed = Buffer.from(mail.attachments[0]!.content as Uint8Array);
    await shot('adjustments-step1');

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'adjust-e2e-'));
    const wrong = path.join(dir, 'adjusted-wrong.xlsx');
    fs.writeFileSync(wrong, await edit(emailed, { 4: { 'TDS deducted': 'twelve' } }));
    const fileInput = page.locator('[data-testid="adjustments-tab"] input[type=file]');
    await fileInput.setInputFiles(wrong);
    await page.getByTestId('adjust-upload').click();
    const note = page.getByTestId('adjust-note');
    await note.waitFor();
    await expect.poll(() => note.textContent()).toMatch(/row 4, column [A-Z]+ \(TDS deducted\)/);
    await expect.poll(() => page.getByTestId('adjust-jobs').textContent()).toContain('Failed');
    const errorsButton = page.locator('[data-testid^="adjust-errors-"]').first();
    expect(await errorsButton.isEnabled()).toBe(true);
    const [errors] = await Promise.all([page.waitForEvent('download'), errorsButton.click()]);
    const errorsBook = new ExcelJS.Workbook();
    await errorsBook.xlsx.readFile(await errors.path());
    expect(errorsBook.worksheets[0]!.getRow(3).getCell(1).value).toBe(4);
    await shot('adjustments-refused');

    const right = path.join(dir, 'adjusted-entries.xlsx');
    const deducted = Number(
      (await (async () => {
        const b = new ExcelJS.Workbook();
        await b.xlsx.load(emailed as unknown as ArrayBuffer);
        const s = b.worksheets[0]!;
        return s.getRow(3).getCell((s.getRow(2).values as unknown[]).indexOf('TDS deducted')).value;
      })()) ?? 0,
    );
    fs.writeFileSync(right, await edit(emailed, { 3: { 'TDS deducted': deducted + 100 } }));
    await fileInput.setInputFiles(right);
    await page.getByTestId('adjust-upload').click();
    await expect
      .poll(() => note.textContent())
      .toContain('Job Submitted - The adjusted entries will be applied and the line computed again. 1 entry');
    await expect
      .poll(() => page.locator('[data-testid="adjust-jobs"] [data-status="Completed"]').count(), {
        timeout: 120_000,
      })
      .toBe(1);
    // on the Completed row the errors download stays off
    const completedRow = page.locator('[data-testid="adjust-jobs"] tr', {
      has: page.locator('[data-status="Completed"]'),
    });
    expect(await completedRow.locator('[data-testid^="adjust-errors-"]').isDisabled()).toBe(true);
    await shot('adjustments-applied');
    fs.rmSync(dir, { recursive: true, force: true });
  }, 400_000);
});
