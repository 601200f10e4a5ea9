import type { ChallanList, QuarterChallanSummary } from '@taxrecon/contracts';
import { describe, expect, it } from 'vitest';
import { ADMIN, demoSettled, startTestServer } from '../../server/src/testing/test-server.ts';
import { browserSuite } from './suite.ts';

// A government deductor's deposit by book entry (transfer voucher, Form 24G)
// through the challan dialog of the built app, on the demo company made a
// central government office (type A): the dialog offers "Deposited by", names
// the voucher's fields as a government accountant knows them, refuses a
// receipt number that is not seven digits under its field, and the saved
// voucher shows in the Challans management table by its own numbers and is
// stored as a book entry (docs/decisions.md, session 41). Its tax is typed as
// the screens write amounts, "1,000".

let token = '';
const suite = browserSuite(async () => {
  const t = await startTestServer({ demo: true });
  token = await t.login(ADMIN.email, ADMIN.password);
  await demoSettled(t, token, 'DemoChallans');
  return t;
});
const byTestId = (id: string) => suite.page.getByTestId(id);

const api = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
  const answer = await suite.t.api(method, url, { token, ...(body === undefined ? {} : { body }) });
  if (answer.status !== 200)
    throw new Error(`${method} ${url}: ${answer.status} ${JSON.stringify(answer.json)}`);
  return answer.json as T;
};

const DEDUCTOR = '/tds-payable/return-deductor';

describe('deposit by book entry', () => {
  it('records a transfer voucher of a government deductor through the challan dialog', async () => {
    const page = await suite.newPage('challan-book-entry');

    // the demo company's deductor details, made a central government office
    const { deductor } = await api<{ deductor: Record<string, string> }>('GET', DEDUCTOR);
    await api('PUT', DEDUCTOR, {
      ...deductor,
      deductorType: 'A',
      pan: '',
      paoCode: '012345',
      ddoCode: 'DDO1234',
      ministry: '42',
      ain: '1234567',
    });

    // an April line of the demo
    const summary = await api<QuarterChallanSummary>(
      'GET',
      '/tds-payable/quarterly-challan-summary/24-25/Q1',
    );
    const row = summary.rows.find((r) => r.monthYear === '2024-04');
    expect(row, 'an April line of the demo').toBeDefined();
    const line = {
      monthYear: row!.monthYear,
      section: row!.section,
      subsection: row!.subsection,
      deducteeType: row!.deducteeType,
    };
    const listPath = `/tds-payable/tds-payable-challans/${line.monthYear}/${encodeURIComponent(line.section)}/${line.deducteeType}?subsection=${encodeURIComponent(line.subsection)}`;
    const before = await api<ChallanList>('GET', listPath);
    expect(before.challans.every((c) => c.depositMode === 'challan')).toBe(true);

    await suite.signIn();
    await byTestId('home-page').waitFor();
    await page.goto(`${suite.t.baseUrl}/#/tds-payable/explore?${new URLSearchParams(line).toString()}`);
    await byTestId('payable-explore-cards').waitFor({ timeout: 30_000 });
    await byTestId('explore-tab-challans').click();
    const grid = byTestId('challans-grid');
    await expect.poll(() => grid.textContent()).toContain('Deposited by');
    expect(await grid.textContent()).toContain('Bank challan');

    // the dialog: "Deposited by", and the voucher's own field names
    await byTestId('challan-new').click();
    const dialog = page.getByRole('dialog', { name: 'New Challan' });
    await dialog.getByText('Book entry (transfer voucher)', { exact: true }).click();
    await dialog.getByLabel('Form 24G receipt number').waitFor();
    expect(await dialog.getByLabel('BSR code').count()).toBe(0);
    await dialog.getByLabel('DDO serial number (Form 24G)').fill('123');
    await dialog.getByLabel('Form 24G receipt number').fill('12345');
    await byTestId('challan-dateOfDeposit').fill('07/05/2024');
    await byTestId('challan-tanNumber').fill(deductor.tan!);
    await byTestId('challan-taxAmount').fill('1,000');
    await byTestId('challan-save').click();
    await expect
      .poll(() => dialog.textContent())
      .toContain('Form 24G receipt number must be exactly 7 digits');
    expect((await api<ChallanList>('GET', listPath)).challans).toHaveLength(before.challans.length);

    await dialog.getByLabel('Form 24G receipt number').fill('1234567');
    await byTestId('challan-save').click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => grid.textContent()).toContain('Book entry · 24G 1234567 / DDO 123');

    const after = await api<ChallanList>('GET', listPath);
    const voucher = after.challans.find((c) => c.depositMode === 'book_entry');
    expect(voucher).toMatchObject({
      bsrCode: '1234567',
      challanSerialNumber: '123',
      dateOfDeposit: '2024-05-07',
      minorHead: '',
    });
    // typed "1,000", as the screens write amounts
    expect(Number(voucher!.taxAmount)).toBe(1000);
  }, 180_000);
});
