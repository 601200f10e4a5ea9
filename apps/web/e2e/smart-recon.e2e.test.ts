import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { smartReconZip } from '../../server/src/testing/smart-recon-zip.ts';
import { startTestServer } from '../../server/src/testing/test-server.ts';
import { browserSuite } from './suite.ts';

// Smart reconciliation in the built app: a zip with planted groups is
// uploaded, the groups appear with their totals in rupees, two are selected
// and accepted, and the stored result says so.

const SHOTS = '/tmp/shots-smart-recon';
const suite = browserSuite(() => startTestServer());
const byTestId = (id: string) => suite.page.getByTestId(id);
const shot = async (name: string) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await suite.page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

describe('smart reconciliation in the browser', () => {
  it('uploads a zip, shows the matched groups and accepts the selected ones', async () => {
    await suite.newPage('smart-recon-accept');
    await suite.signIn();
    await suite.page.waitForURL(/#\/$/);
    await suite.page.goto(`${suite.t.baseUrl}/#/smart-recon`);
    await byTestId('smart-file-input').setInputFiles({
      name: 'books.zip',
      mimeType: 'application/zip',
      buffer: Buffer.from(await smartReconZip()),
    });
    await shot('settings');
    await byTestId('smart-submit').click();
    // claimable only: the ₹10,000 credit not yet booked (U) is matched, not claimed
    await expect.poll(() => byTestId('smart-claimed').textContent()).toBe('₹15,800.00');
    expect(await byTestId('smart-compliance').textContent()).toBe('60.08%');
    expect(await byTestId('smart-select').count()).toBe(3);
    await shot('groups');

    await byTestId('smart-select-all').click();
    await byTestId('smart-unselect-all').click();
    await expect.poll(() => byTestId('smart-accept').isDisabled()).toBe(true);
    await byTestId('smart-select').nth(0).check();
    await byTestId('smart-select').nth(1).check();
    await byTestId('smart-accept').click();
    await expect.poll(() => byTestId('smart-notice').textContent()).toContain('2 match(es) accepted');
    expect(await suite.page.getByText('Accepted', { exact: true }).count()).toBe(2);
    await shot('accepted');
  });

  it('bulk smart recon disables Submit above 100 ids with the spec message; the manual jobs list shows', async () => {
    await suite.newPage('bulk-smart-recon');
    await suite.signIn();
    await suite.page.waitForURL(/#\/$/);
    await suite.page.goto(`${suite.t.baseUrl}/#/bulk-smart-recon`);
    await suite.page.getByText('Submit Job').click();
    const ids = Array.from({ length: 101 }, (_, i) => `C${i}`).join('\n');
    await byTestId('bulk-ids').fill(ids);
    await expect
      .poll(() => byTestId('bulk-ids-note').textContent())
      .toBe('You can only pass upto 100 customer ids for processing. Please remove a few customer ids.');
    expect(await suite.page.getByRole('button', { name: 'Submit', exact: true }).isDisabled()).toBe(true);
    await shot('bulk-too-many');
    await suite.page.goto(`${suite.t.baseUrl}/#/manual-reconciliation-reports`);
    await expect.poll(() => byTestId('manual-jobs').isVisible()).toBe(true);
    await shot('manual-jobs');
  });
});
