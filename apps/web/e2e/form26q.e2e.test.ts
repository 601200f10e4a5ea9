import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ADMIN, startTestServer } from '../../server/src/testing/test-server.ts';
import { browserSuite } from './suite.ts';

// The 26Q reconcile in the built app: a filed return (xlsx) is read, its
// headers and section values mapped, reconciled against the quarter's books
// and found again in the reconciled files, downloaded as xlsx.

const SHOTS = '/tmp/shots-26q';

const suite = browserSuite(async () => {
  const t = await startTestServer();
  const admin = await t.server.ctx.db
    .selectFrom('users')
    .select(['current_entity_id'])
    .where('login', '=', ADMIN.email)
    .executeTakeFirstOrThrow();
  // The books: the 34A result's entries for Q1 of 2024-25.
  for (const [pan, section, month, base, deducted, due] of [
    ['AAACA1234A', '194C', '2024-04', 150000, 1500, 1500],
    ['AAAPB5678B', '194J(b)', '2024-05', 200000, 20000, 20000],
    ['AAACE3333E', '194C', '2024-06', 80000, 800, 1600],
  ] as const) {
    await t.server.ctx.database.pool.query(
      `INSERT INTO payable_entries (entity_id, financial_year, job_id, file, line, ref, month, recognised_month, pan,
         section, return_form, base, taxable, liable, due, deducted, interest, status, reason)
       VALUES ($1, '2024-25', $2, 'ledger.csv', 1, 'r', $3, $3, $4, $5, '26Q', $6, $6, true, $7, $8, 0, 'OK', 'e2e')`,
      [admin.current_entity_id, randomUUID(), month, pan, section, base, due, deducted],
    );
  }
  return t;
});
const byTestId = (id: string) => suite.page.getByTestId(id);
const shot = async (name: string) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await suite.page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

const returnFile = async (): Promise<string> => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Deductees');
  sheet.addRow([
    'PAN of deductee',
    'Name of deductee',
    'Section code',
    'Amount paid',
    'TDS deducted',
    'Rate',
  ]);
  sheet.addRow(['AAACA1234A', 'Alpha Ltd', '94C', 150000, 1500, 1]);
  sheet.addRow(['AAAPB5678B', 'Beta', '94J', 200000, 15000, 10]);
  sheet.addRow(['AAACD2222D', 'Delta', '94C', 10000, 200, 2]);
  const file = `${fs.mkdtempSync('/tmp/q26-')}/return-q1.xlsx`;
  await book.xlsx.writeFile(file);
  return file;
};

describe('26Q reconcile', () => {
  it('reconciles a return against the books, lists it and downloads it', async () => {
    const page = await suite.newPage('form26q');
    await suite.signIn();
    await byTestId('home-page').waitFor();
    await page.goto(`${suite.t.baseUrl}/#/reconcile-26q-file`);
    // Reconcile Now stays disabled until a file is chosen, as on every upload screen
    await expect(byTestId('form26q-submit').isDisabled()).resolves.toBe(true);
    await byTestId('form26q-file-input').setInputFiles(await returnFile());
    await byTestId('form26q-year').click();
    await page.getByRole('option', { name: /^FY 2024 - 2025/ }).click();
    await byTestId('form26q-submit').click();
    await expect
      .poll(() => byTestId('form26q-problem').textContent())
      .toContain('Both Financial Year and Quarter must be selected.');
    await byTestId('form26q-quarter-Q1').click();
    // '94C' reads as 194C; '94J' could be 194J(a) or (b), so the user says which
    await expect.poll(() => byTestId('form26q-section-94C').inputValue()).toBe('194C');
    await byTestId('form26q-submit').click();
    await expect
      .poll(() => byTestId('form26q-problem').textContent())
      .toContain('All unique values must be mapped.');
    await byTestId('form26q-section-94J').click();
    await page.getByRole('option', { name: '194J(b)', exact: true }).click();
    await shot('1-mapping');
    await byTestId('form26q-submit').click();
    await expect
      .poll(() => byTestId('form26q-counts').textContent(), { timeout: 30_000 })
      .toContain('Short in return: 1');
    const lines = await byTestId('form26q-lines').textContent();
    expect(lines).toContain('AAACE3333E');
    expect(lines).toContain('₹5,000.00');
    await shot('2-result');
    await expect.poll(() => byTestId('form26q-files').textContent()).toContain('return-q1.xlsx');
    const [saved] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('[data-testid^="form26q-download-"]').first().click(),
    ]);
    expect(saved.suggestedFilename()).toBe('return-q1-reconciled-2024-25-Q1.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await saved.path())!);
    expect(workbook.getWorksheet('26Q reconciliation')?.rowCount).toBeGreaterThan(4);
    await shot('3-reconciled-files');
  });
});
