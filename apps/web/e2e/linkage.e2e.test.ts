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
    await t.server.ctx.db
      .insertInto('customers')
      .values({
        entity_id: admin.current_entity_id!,
        customer_code: 'C3',
        customer_name: 'Harbour-Line Shipping (P) Ltd',
        tan_number: null,
      })
      .execute();
    await t.server.ctx.db
      .insertInto('tax_entries')
      .values({
        entity_id: admin.current_entity_id!,
        statement_id: '00000000-0000-4000-8000-000000000001',
        part: 'TDS',
        financial_year: '2024-25',
        tan: 'MUMH00040H',
        deductor_name: 'HARBOURLINE SHIPPING PRIVATE LIMITED',
        section: '194C',
        transaction_date: '2024-05-10',
        status: 'F',
        booking_date: null,
        remarks: null,
        amount: '98000.00',
        tax: '1960.00',
        deposited: '1960.00',
        file_name: 'a.txt',
        line: 1,
      })
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
    await suite.page.getByText('1 unverified TANs').waitFor();
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
    await suite.page.getByText('0 unverified TANs').waitFor();
    await shot('2-synced');

    await suite.page.goto(`${suite.t.baseUrl}/#/search-linkages-26as`);
    // nothing to search for yet: the button waits for a keyword (spec part 3)
    await byTestId('linkage-keyword').waitFor();
    expect(await byTestId('linkage-search').isDisabled()).toBe(true);
    await byTestId('linkage-keyword').fill('aaack4141k');
    expect(await byTestId('linkage-search').isDisabled()).toBe(false);
    await byTestId('linkage-search').click();
    await suite.page.getByText('1 linkages').waitFor();
    await suite.page.getByText('KONKAN COASTAL LOGISTICS PRIVATE LIMITED').first().waitFor();
    await shot('3-search-linkages');
  });

  it('previews the link of a 26AS deductor to its customer and performs the reviewed file', async () => {
    await suite.newPage('link-26as');
    await suite.signIn();
    await byTestId('home-page').waitFor();
    await suite.page.goto(`${suite.t.baseUrl}/#/link-26as`);
    await byTestId('linkage-link-all').click();
    await expect(byTestId('linkage-note').textContent()).resolves.toMatch(/^Job submitted successfully/);
    // the grid's counts are the job's: its proposed links, and the rest of its lines to decide
    const token = await suite.t.login(ADMIN.email, ADMIN.password);
    type Job = { id: string; status: string; proposed: number; lines: number };
    const finished = async () => {
      const [job] = (await suite.t.api('GET', '/job/jobs-queue/PreviewCustomerLinkage', { token }))
        .json as Job[];
      return job?.status === 'Completed' ? job : null;
    };
    await expect.poll(finished, { timeout: 60_000 }).not.toBeNull();
    const job = (await finished())!;
    await byTestId(`linkage-download-${job.id}`).waitFor({ timeout: 60_000 });
    await shot('4-link-26as-preview');
    const cells = await byTestId('linkage-jobs').locator('tbody tr').first().locator('td').allTextContents();
    expect(cells.slice(4, 6)).toEqual([String(job.proposed), String(job.lines - job.proposed)]);
    const reviewed =
      'TAN\t26AS Name\tCustomer Code\tCustomer Name\tLink (Y/N)\tReason\r\n' +
      'MUMH00040H\tHARBOURLINE SHIPPING PRIVATE LIMITED\tC3\tHarbour-Line Shipping (P) Ltd\tY\tsame company\r\n';
    await suite.page.locator('input[type=file]').setInputFiles({
      name: 'customer-linkage-reviewed.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(reviewed),
    });
    await byTestId('linkage-perform').click();
    await suite.page.getByText('1 TANs linked to their customers.').waitFor();
    await expect(byTestId('linkage-note').textContent()).resolves.toBe('1 TANs linked to their customers.');
    await shot('5-link-26as-performed');
  });
});
