import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../server/src/testing/test-server.ts';
import { browserSuite } from './suite.ts';

// The expense ledger screen in the built app: a monthly file is checked at
// once (no job, so the screen stays), its bad line is listed, and it shows in
// the Folder Details table with its totals in rupees.

const suite = browserSuite(() => startTestServer());
const byTestId = (id: string) => suite.page.getByTestId(id);

const LEDGER = [
  'Document Number\tDocument Date\tVendor Code\tVendor Name\tPAN No\tGL Code\tBase Amount\tTDS Amount',
  'D1\t05-04-2024\tV001\tAcme Services\tAABCA1234F\t400100\t1,25,000.00\t12,500.00',
  'D2\t12-04-2024\tV002\tBeta Consultants\tAAAPB1234C\t400200\tnot an amount\t0',
].join('\r\n');

describe('TDS payable data screens in the browser', () => {
  it('uploads an April expense ledger, lists its bad line and shows it in the folder without leaving the page', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'expense-e2e-'));
    const file = path.join(dir, 'April ledger.txt');
    fs.writeFileSync(file, LEDGER);
    await suite.newPage('expense-upload');
    await suite.signIn();
    await byTestId('home-page').waitFor();
    await suite.page.goto(`${suite.t.baseUrl}/#/upload-expense`);
    // the month waits for the year; the upload panel waits for the month
    await expect(byTestId('upload-expense-month').isDisabled()).resolves.toBe(true);
    await byTestId('upload-expense-year').click();
    await suite.page.getByRole('option', { name: 'FY 2024 - 2025' }).click();
    await byTestId('upload-expense-month').click();
    await suite.page.getByRole('option', { name: 'April 2024' }).click();
    await byTestId('upload-expense-file-input').setInputFiles(file);
    await byTestId('upload-expense-submit').click();

    await byTestId('upload-expense-result').waitFor();
    await expect(byTestId('upload-expense-result').textContent()).resolves.toContain('₹1,25,000.00');
    await expect.poll(() => byTestId('upload-expense-problems').textContent()).toContain('not an amount');
    await expect.poll(() => byTestId('expense-folder').textContent()).toContain('April ledger.txt');
    await expect(byTestId('expense-folder').textContent()).resolves.toContain('₹12,500.00');
    expect(suite.page.url()).toMatch(/#\/upload-expense$/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
