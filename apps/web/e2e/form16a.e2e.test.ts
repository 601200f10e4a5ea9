import fs from 'node:fs';
import { TextReader, Uint8ArrayReader, Uint8ArrayWriter, ZipWriter } from '@zip.js/zip.js';
import { describe, expect, it } from 'vitest';
import { SAMPLE_VENDORS, samplePdf } from '../../server/src/features/documents/sample-certificates.ts';
import { parseMail, type SmtpCapture, startSmtpCapture } from '../../server/src/testing/smtp-capture.ts';
import { ADMIN, startTestServer } from '../../server/src/testing/test-server.ts';
import { browserSuite } from './suite.ts';

const { BLUE, GREEN, GREY } = SAMPLE_VENDORS;

// Form 16A in the built app: a zip of certificates with one broken PDF is
// loaded (the broken one listed with its reason), found again by search, and
// one certificate is e-mailed over a real local SMTP server, PDF attached.

const SHOTS = '/tmp/shots-16a';

let smtp: SmtpCapture;
const suite = browserSuite(
  async () => {
    smtp = await startSmtpCapture();
    const t = await startTestServer({ smtpUrl: smtp.url });
    const token = await t.login(ADMIN.email, ADMIN.password);
    for (const v of [BLUE, GREEN, GREY]) {
      await t.api('POST', '/master-data-management/vendor', {
        token,
        body: {
          vendor: {
            vendorCode: v.code,
            vendorName: v.name,
            panNumber: v.pan,
            ...(v.email ? { contactEmail: v.email } : {}),
          },
        },
      });
    }
    return t;
  },
  () => smtp.close(),
);
const byTestId = (id: string) => suite.page.getByTestId(id);
const shot = async (name: string) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await suite.page.setViewportSize({ width: 1440, height: 900 });
  await suite.page.screenshot({ path: `${SHOTS}/${name}.png` });
};

const zipOf = async (files: { name: string; content: Uint8Array | string }[]): Promise<Buffer> => {
  const zip = new ZipWriter(new Uint8ArrayWriter());
  for (const f of files) {
    await zip.add(
      f.name,
      typeof f.content === 'string' ? new TextReader(f.content) : new Uint8ArrayReader(f.content),
    );
  }
  return Buffer.from(await zip.close());
};

describe('Form 16A in the browser', () => {
  it('loads a zip with one bad PDF, searches the certificates and e-mails one', async () => {
    await suite.newPage('form16a');
    await suite.signIn();
    await byTestId('home-page').waitFor();

    const blueQ1 = await samplePdf(BLUE, '2024-25', 'Q1');
    const zip = await zipOf([
      { name: 'blue-q1.pdf', content: blueQ1 },
      {
        name: 'green-q1.pdf',
        content: await samplePdf(GREEN, '2024-25', 'Q1', { amountPaise: 1_234_567_800 }),
      },
      { name: 'grey-q1.pdf', content: await samplePdf(GREY, '2024-25', 'Q1') },
      { name: 'broken.pdf', content: '%PDF-1.7 not really a certificate' },
    ]);
    await suite.page.goto(`${suite.t.baseUrl}/#/bulk-ingest-form-16-a`);
    await byTestId('bulk16a-file-input').setInputFiles({
      name: 'form16a.zip',
      mimeType: 'application/zip',
      buffer: zip,
    });
    await byTestId('bulk16a-upload').click();
    await byTestId('bulk16a-result').waitFor({ timeout: 60_000 });
    await expect(byTestId('bulk16a-summary').textContent()).resolves.toBe(
      '3 of 4 file(s) of form16a.zip loaded; 1 left out.',
    );
    await expect(byTestId('bulk16a-rejected').textContent()).resolves.toContain('broken.pdf');
    await expect(byTestId('bulk16a-rejected').textContent()).resolves.toContain('the PDF cannot be read');
    await shot('bulk-upload');

    await suite.page.goto(`${suite.t.baseUrl}/#/search-form-16-a`);
    await byTestId('search16a-submit').click();
    const results = byTestId('search16a-results');
    await expect.poll(() => results.locator('tbody tr').count()).toBe(3);
    // amounts with the rupee sign and lakh grouping
    await expect(results.textContent()).resolves.toContain('₹1,23,95,678.00');
    await expect(byTestId('search16a-missing-emails').textContent()).resolves.toContain(
      'There are 1 vendors matching your search criteria with no contact email addresses. Please fix them in the vendor master.',
    );
    await shot('search');

    await byTestId('search16a-pan').fill(BLUE.pan);
    await byTestId('search16a-submit').click();
    await expect.poll(() => results.locator('tbody tr').count()).toBe(1);
    await byTestId('form16a-email-blue-q1.pdf').click();
    await expect.poll(() => byTestId('form16a-email-to').inputValue()).toBe(BLUE.email);
    await byTestId('form16a-email-to').fill('ap@receiver.test');
    await byTestId('form16a-email-send').click();
    await suite.page.getByText('Email Sent').waitFor();
    const mail = await parseMail(await smtp.waitFor('ap@receiver.test'));
    expect(mail.attachments.map((a) => a.filename)).toEqual(['blue-q1.pdf']);
    expect(mail.attachments[0]?.content.equals(blueQ1)).toBe(true);

    await suite.page.goto(`${suite.t.baseUrl}/#/ingest-form-16-a`);
    await byTestId('form16a-pan').fill(GREEN.pan);
    await byTestId('form16a-vendor').waitFor();
    await expect(byTestId('form16a-vendor').textContent()).resolves.toContain(GREEN.name);
    await expect.poll(() => byTestId('form16a-email').inputValue()).toBe(GREEN.email);
    await shot('upload');
  });
});
