import { Uint8ArrayReader, Uint8ArrayWriter, ZipReader } from '@zip.js/zip.js';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { registerUtilityUser } from '../../server/src/testing/accounts.ts';
import { laterParties, STATEMENT_PAN, statementText } from '../../server/src/testing/form-26as-statements.ts';
import { parseMail, type SmtpCapture, startSmtpCapture } from '../../server/src/testing/smtp-capture.ts';
import { startTestServer } from '../../server/src/testing/test-server.ts';
import { browserSuite } from './suite.ts';

// The utilities in the built app: a self-registered UTILITY-USER converts a
// 26AS statement to Excel and the result arrives over a local SMTP server as
// an AES-256 zip that opens with the password typed on the screen.

let smtp: SmtpCapture;
const suite = browserSuite(
  async () => {
    smtp = await startSmtpCapture();
    return startTestServer({ smtpUrl: smtp.url });
  },
  async () => smtp?.close(),
);
const byTestId = (id: string) => suite.page.getByTestId(id);
const statementFile = (name: string, text: string) => ({
  name,
  mimeType: 'text/plain',
  buffer: Buffer.from(text),
});

describe('utilities in the browser', () => {
  it('a utility user converts a 26AS to Excel and opens the e-mailed zip with the password', async () => {
    const email = 'uma@utility.test';
    const password = 'Utility-pass-1';
    const zipPassword = 'Zip-secret-42';
    await registerUtilityUser(suite.t, email, password);
    await suite.newPage('utility-convert-excel');
    await suite.signIn(email, password);
    await byTestId('utility-excel').click();
    await suite.page.waitForURL(/#\/26as_converter\?format=excel/);
    // the e-mail defaults to the user's own address
    await expect.poll(() => byTestId('converter-email').inputValue()).toBe(email);
    await byTestId('converter-file-input').setInputFiles(
      statementFile('Form26AS_2024-25.txt', statementText()),
    );
    await byTestId('converter-password').fill(zipPassword);
    await byTestId('converter-password-confirm').fill(zipPassword);
    await byTestId('converter-submit').click();
    await expect.poll(() => byTestId('converter-result').textContent()).toContain('Request Submitted');

    const mail = await smtp.waitFor(email, (body) => body.includes('converted to Excel'));
    const parsed = await parseMail(mail);
    const zip = parsed.attachments.find((a) => a.filename?.endsWith('.zip'));
    if (!zip) throw new Error('no zip attached');
    const [entry] = await new ZipReader(new Uint8ArrayReader(new Uint8Array(zip.content))).getEntries();
    if (!entry || entry.directory) throw new Error('the zip holds no file');
    expect(entry.encrypted).toBe(true);
    const xlsx = await entry.getData(new Uint8ArrayWriter(), { password: zipPassword });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(xlsx) as never);
    const partOne = book.getWorksheet('PART-I');
    if (!partOne) throw new Error('no PART-I sheet');
    const alpha = partOne
      .getRows(1, partOne.rowCount)
      ?.find((r) => r.getCell(2).value === 'ALPHA CUSTOMER LIMITED');
    expect(alpha?.getCell(3).value).toBe('PNEA00001A');
    expect(alpha?.getCell(8).value).toBe(250000);
    const header = book.getWorksheet('Header');
    const cells = header?.getRows(1, header.rowCount)?.flatMap((r) => (r.values as unknown[]).slice(1)) ?? [];
    expect(cells).toContain(STATEMENT_PAN);
  });

  it('an admin compares two downloads and is told the diff will be e-mailed', async () => {
    await suite.newPage('admin-diff');
    await suite.signIn();
    await byTestId('home-page').waitFor();
    await suite.page.goto(`${suite.t.baseUrl}/#/utilities`);
    await byTestId('utility-diff').click();
    await suite.page.waitForURL(/#\/26as_diff/);
    await byTestId('diff-email').fill('');
    await byTestId('diff-submit').click();
    await expect.poll(() => byTestId('diff-error').textContent()).toContain('Email is missing');
    await byTestId('diff-email').fill('diff@acme.test');
    await byTestId('diff-file-input').setInputFiles([
      statementFile('june.txt', statementText()),
      statementFile('july.txt', statementText(laterParties())),
    ]);
    await byTestId('diff-submit').click();
    await expect
      .poll(() => byTestId('diff-result').textContent())
      .toContain('Your request will be processed shortly and the diffs would be emailed to you.');
    const mail = await smtp.waitFor('diff@acme.test', (body) => body.includes('26AS diff'));
    const parsed = await parseMail(mail);
    expect(parsed.attachments.map((a) => a.filename)).toEqual([`26AS-diff-${STATEMENT_PAN}.xlsx`]);
  });
});
