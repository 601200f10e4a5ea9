import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CAPTCHA_TEXT,
  PORTAL_PASSWORD,
  PORTAL_USER,
  startTracesStandIn,
  type TracesStandIn,
} from '../../server/src/features/linkage/traces-stand-in.test-helper.ts';
import { ADMIN, startTestServer } from '../../server/src/testing/test-server.ts';
import { browserSuite } from './suite.ts';

// Sync TAN and PAN in the built app against a local stand-in of the TRACES
// portal, then the customer's TAN found in Search 26AS Customer Linkages.

const SHOTS = '/tmp/shots-linkage';
let portal: TracesStandIn;
const suite = browserSuite(
  async () => {
    portal = await startTracesStandIn();
    const t = await startTestServer({ tracesUrl: portal.url });
    const token = await t.login(ADMIN.email, ADMIN.password);
    const admin = await t.server.ctx.db
      .selectFrom('users')
      .select('current_entity_id')
      .where('login', '=', ADMIN.email)
      .executeTakeFirstOrThrow();
    expect(token).toBeTruthy();
    await t.server.ctx.db
      .insertInto('customers')
      .values([
        {
          entity_id: admin.current_entity_id!,
          customer_code: 'C1',
          customer_name: 'Konkan Coastal Logistics',
          tan_number: 'MUMK00041K',
        },
        {
          entity_id: admin.current_entity_id!,
          customer_code: 'C2',
          customer_name: 'Aarohan Fintech Pvt Ltd',
          tan_number: 'MUMA00001A',
          pan_number: 'AAACA1234A',
        },
      ])
      .execute();
    portal.directory.set('MUMK00041K', {
      name: 'KONKAN COASTAL LOGISTICS PRIVATE LIMITED',
      address: 'Ratnagiri 415612',
      pan: 'AAACK4141K',
    });
    return t;
  },
  () => portal.close(),
);
const byTestId = (id: string) => suite.page.getByTestId(id);
const shot = async (name: string) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await suite.page.setViewportSize({ width: 1440, height: 900 });
  await suite.page.screenshot({ path: `${SHOTS}/${name}.png` });
};

describe('customer linkage in the browser', () => {
  it('syncs a TAN with its PAN through the portal and finds it in the linkage search', async () => {
    await suite.newPage('linkage');
    await suite.signIn();
    await byTestId('home-page').waitFor();

    await suite.page.goto(`${suite.t.baseUrl}/#/link-tanpan`);
    await expect(byTestId('tanpan-unverified').textContent()).resolves.toMatch(/1 unverified TANs/);
    await byTestId('tanpan-captcha').waitFor();
    await byTestId('tanpan-user').fill(PORTAL_USER);
    await byTestId('tanpan-password').fill(PORTAL_PASSWORD);
    await byTestId('tanpan-captcha-text').fill(CAPTCHA_TEXT);
    await shot('1-sync-tan-pan');
    await byTestId('tanpan-submit').click();
    await expect(byTestId('tanpan-outcome').textContent()).resolves.toBe(
      'TAN with PAN Synced Successfully from Traces Portal',
    );
    await suite.page.getByText('AAACK4141K').first().waitFor();
    await expect(byTestId('tanpan-unverified').textContent()).resolves.toMatch(/^0 unverified TANs/);
    await shot('2-synced');

    await suite.page.goto(`${suite.t.baseUrl}/#/search-linkages-26as`);
    await byTestId('linkage-keyword').fill('aaack4141k');
    await byTestId('linkage-search').click();
    await expect(byTestId('linkage-total').textContent()).resolves.toBe('1 linkages');
    await suite.page.getByText('KONKAN COASTAL LOGISTICS PRIVATE LIMITED').first().waitFor();
    await shot('3-search-linkages');
  });
});
