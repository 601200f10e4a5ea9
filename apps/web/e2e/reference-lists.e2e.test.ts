import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../server/src/testing/test-server.ts';
import { browserSuite } from './suite.ts';

// The LTDC upload in the built app: the certificates loaded appear in the list
// under the panel at once, in rupees with lakh grouping and with whether each
// is valid today.

const suite = browserSuite(() => startTestServer());
const byTestId = (id: string) => suite.page.getByTestId(id);

const CERTIFICATES = [
  'Certificate Number,PAN Number,Vendor Code,Section Number,Rate,Amount Limit,Valid From,Valid To',
  'LDC-OLD,AABCA1234F,V001,194J,2,"10,00,000.00",01-04-2024,31-03-2025',
  'LDC-RUNNING,AAAPB1234C,V002,194C,0.5,2500000,01-04-2020,31-03-2099',
].join('\n');

describe('LTDC upload in the browser', () => {
  it('lists the certificates just loaded with their limits in rupees and their validity today', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ltdc-e2e-'));
    const file = path.join(dir, 'certificates.csv');
    fs.writeFileSync(file, CERTIFICATES);
    await suite.newPage('ltdc-list');
    await suite.signIn();
    await byTestId('home-page').waitFor();
    await suite.page.goto(`${suite.t.baseUrl}/#/upload-ltdc`);
    await expect.poll(() => byTestId('ldc-list').textContent()).toContain('No certificates loaded yet');
    await byTestId('upload-ltdc-file-input').setInputFiles(file);
    await byTestId('upload-ltdc-submit').click();

    await expect
      .poll(() => byTestId('ldc-list-count').textContent())
      .toBe('2 certificate(s) loaded, 1 valid today');
    const list = (await byTestId('ldc-list').textContent()) ?? '';
    expect(list).toContain('₹10,00,000.00');
    expect(list).toContain('₹25,00,000.00');
    expect(list).toMatch(/LDC-RUNNING\s*valid/);
    expect(list).toMatch(/LDC-OLD\s*expired/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
