import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChallanList, QuarterChallanSummary } from '@taxrecon/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, demoSettled, startTestServer } from '../../server/src/testing/test-server.ts';
import { browserSuite } from './suite.ts';

// Session 39's screens in the built app, on the demo company: a verified
// month's challan edited through the challan dialog clears the month's
// verification, which the Challans management tab names and lets the user
// make again; the vendor section mappings go out and back through the Search
// Vendors screen's upload dialog, and a file with bad lines is refused line by
// line, changing nothing; the Deductor details dialog picks the deductor type
// by name and lets PANNOTREQD through only for a government deductor.

let token = '';
const suite = browserSuite(async () => {
  const t = await startTestServer({ demo: true });
  token = await t.login(ADMIN.email, ADMIN.password);
  // the demo's ingests, its 34A run and its challans (Q1 verified) all finished
  await demoSettled(t, token, 'DemoChallans');
  return t;
});
const byTestId = (id: string, on: Page = suite.page) => on.getByTestId(id);
const signIn = async () => {
  await suite.signIn();
  await byTestId('home-page').waitFor();
};

const api = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
  const answer = await suite.t.api(method, url, { token, ...(body === undefined ? {} : { body }) });
  if (answer.status !== 200)
    throw new Error(`${method} ${url}: ${answer.status} ${JSON.stringify(answer.json)}`);
  return answer.json as T;
};

interface Line {
  monthYear: string;
  section: string;
  subsection: string;
  deducteeType: string;
}
const lineList = (l: Line) =>
  api<ChallanList>(
    'GET',
    `/tds-payable/tds-payable-challans/${l.monthYear}/${encodeURIComponent(l.section)}/${l.deducteeType}?subsection=${encodeURIComponent(l.subsection)}`,
  );
// the explore screen's address (apps/web/src/features/payable/common/paths.ts explorePath)
const explorePath = (l: Line) =>
  `/tds-payable/explore?${new URLSearchParams({
    monthYear: l.monthYear,
    section: l.section,
    subsection: l.subsection,
    deducteeType: l.deducteeType,
  }).toString()}`;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
// '2024-05-07' as the screens and the server's messages write a day: 07 May 2024
const dayText = (iso: string) => {
  const [y, m, d] = iso.split('-');
  return `${d} ${MONTHS[Number(m) - 1]} ${y}`;
};
// '2024-04' as the screens write a month: Apr 2024
const monthText = (month: string) => {
  const [y, m] = month.split('-');
  return `${MONTHS[Number(m) - 1]} ${y}`;
};

const MONTH = '2024-04';
const MAPPINGS = '/master-data-management/vsmdatafromdb/vendor_master';
const DEDUCTOR = '/tds-payable/return-deductor';

describe("session 39's screens on the demo company", () => {
  it('an edited challan clears its verified month, named on the Challans tab, and the month is verified again', async () => {
    const page = await suite.newPage('s39-month-verification');

    // an April line of the demo with a single challan; April is verified
    const summary = await api<QuarterChallanSummary>(
      'GET',
      '/tds-payable/quarterly-challan-summary/24-25/Q1',
    );
    const aprilLines = summary.rows.filter((r) => r.monthYear === MONTH);
    expect(aprilLines.length).toBeGreaterThan(0);
    const lineOf = (r: (typeof aprilLines)[number]): Line => ({
      monthYear: r.monthYear,
      section: r.section,
      subsection: r.subsection,
      deducteeType: r.deducteeType,
    });
    const keyOf = (r: (typeof aprilLines)[number]) => JSON.stringify(lineOf(r));
    const single = aprilLines.find((r) => aprilLines.filter((o) => keyOf(o) === keyOf(r)).length === 1);
    expect(single, 'an April line with one challan').toBeDefined();
    const line = lineOf(single!);
    const before = await lineList(line);
    expect(before.challans).toHaveLength(1);
    expect(before.lineVerified).toBe(true);
    expect(before.monthVerified).toBe(true);
    expect(before.monthVerification.cleared).toBeNull();
    const challan = before.challans[0]!;
    const because = `challan ${challan.bsrCode}/${challan.challanSerialNumber} of ${dayText(challan.dateOfDeposit)} edited`;

    await signIn();
    await page.goto(`${suite.t.baseUrl}/#${explorePath(line)}`);
    await byTestId('payable-explore-cards').waitFor({ timeout: 30_000 });
    await expect(byTestId('explore-section').textContent()).resolves.toBe(line.section);
    await byTestId('explore-tab-challans').click();
    const tab = byTestId('challans-tab');
    await tab.waitFor();
    await expect.poll(() => byTestId('challan-line-status').textContent()).toBe('Line verified');
    await expect
      .poll(() => byTestId('challan-month-verified').textContent())
      .toContain(`${monthText(MONTH)} verified`);
    expect(await byTestId('challan-month-cleared').count()).toBe(0);

    // 10 rupees of interest added through the challan dialog
    const grid = byTestId('challans-grid');
    await expect.poll(() => grid.textContent()).toContain(challan.challanSerialNumber);
    await grid.getByRole('button', { name: 'Edit challan' }).click();
    const interest = byTestId('challan-interest');
    await expect
      .poll(() => byTestId('challan-challanSerialNumber').inputValue())
      .toBe(challan.challanSerialNumber);
    await interest.fill('10');
    await byTestId('challan-save').click();
    await expect.poll(() => interest.count()).toBe(0);

    // the month is no longer verified: the tab names the change, who made it, and offers to verify again
    const cleared = byTestId('challan-month-cleared');
    await cleared.waitFor();
    const banner = await cleared.textContent();
    expect(banner).toContain(`${monthText(MONTH)} is not verified`);
    expect(banner).toContain('Changed after verification (verified ');
    expect(banner).toContain(`${because}, `);
    expect(banner).toContain(`by ${ADMIN.email}.`);
    expect(await byTestId('challan-month-verified').count()).toBe(0);
    // the tax is as it was, so the line stays covered
    expect(await byTestId('challan-line-status').textContent()).toBe('Line verified');
    const verify = byTestId('challan-month-verify');
    await expect(verify.textContent()).resolves.toBe(`Verify ${monthText(MONTH)} again`);
    await expect(verify.isEnabled()).resolves.toBe(true);

    const edited = await lineList(line);
    expect(edited.challans[0]!.interest).toBe('10.00');
    expect(edited.monthVerified).toBe(false);
    expect(edited.monthVerification.verifiedAt).toBeNull();
    expect(edited.monthVerification.covered).toBe(true);
    expect(edited.monthVerification.cleared).toMatchObject({ because, by: ADMIN.email });
    expect(edited.monthVerification.cleared?.verifiedAt).toBe(before.monthVerification.verifiedAt);
    const months = async () =>
      (
        await api<{ month: string; verified: boolean }[]>('GET', '/tds-payable/months?financialYear=24-25')
      ).find((m) => m.month === MONTH)?.verified;
    expect(await months()).toBe(false);

    // verified again from the banner
    await verify.click();
    await cleared.waitFor({ state: 'detached' });
    await expect
      .poll(() => byTestId('challan-month-verified').textContent())
      .toMatch(new RegExp(`^${monthText(MONTH)} verified .* by ${ADMIN.email.replace(/[.]/g, '\\.')}$`));
    const again = await lineList(line);
    expect(again.monthVerified).toBe(true);
    expect(again.monthVerification.cleared).toBeNull();
    expect(again.monthVerification.verifiedBy).toBe(ADMIN.email);
    expect(again.monthVerification.verifiedAt).not.toBe(before.monthVerification.verifiedAt);
    expect(await months()).toBe(true);
  }, 120_000);

  it('downloads the vendor section mappings from the upload dialog, uploads them back, and refuses a file with bad lines', async () => {
    const page = await suite.newPage('s39-mapping-upload');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 's39-mappings-'));
    await signIn();
    await page.goto(`${suite.t.baseUrl}/#/search-vendors`);
    await byTestId('vendor-mappings-upload-open').click();
    const dialog = page.getByRole('dialog', { name: 'Upload vendor section mappings' });
    await dialog.waitFor();
    await expect(byTestId('vendor-mappings-upload-columns').textContent()).resolves.toContain(
      'tdsExemptionReason',
    );

    const downloadCurrent = async () => {
      const [saved] = await Promise.all([
        page.waitForEvent('download'),
        byTestId('vendor-mappings-upload-current').click(),
      ]);
      expect(saved.suggestedFilename()).toBe('vendor_section_mapping.txt');
      return fs.readFileSync((await saved.path())!, 'utf8');
    };
    const first = await downloadCurrent();
    // the file the server writes: what the dialog saved is the download itself
    expect(first).toBe(await api<string>('GET', MAPPINGS));
    const lines = first.split('\r\n').filter(Boolean);
    const header = lines[0]!.split('\t');
    const mappings = lines.length - 1;
    expect(mappings).toBeGreaterThan(1);

    // the same file back: every mapping changed in place, none added
    const same = path.join(dir, 'vendor_section_mapping.txt');
    fs.writeFileSync(same, first);
    const fileInput = byTestId('upload-vendor-section-mapping-file-input');
    await fileInput.setInputFiles(same);
    await byTestId('upload-vendor-section-mapping-submit').click();
    await expect
      .poll(() => byTestId('upload-vendor-section-mapping-result').textContent(), { timeout: 30_000 })
      .toContain(
        `0 vendor section mapping(s) added and ${mappings} changed from vendor_section_mapping.txt.`,
      );
    expect(await api<string>('GET', MAPPINGS)).toBe(first);

    // two bad lines: the demo's 194J(b) mapping made exempt for reason T
    // (transporter, 194C only), and its exempt transporter (194C, reason T)
    // no longer exempt but keeping its reason
    const col = (name: string) => {
      const i = header.indexOf(name);
      expect(i, name).toBeGreaterThanOrEqual(0);
      return i;
    };
    const [exempted, reason, section, ltdc] = [
      col('tdsExempted'),
      col('tdsExemptionReason'),
      col('sectionNumber'),
      col('ltdcApplied'),
    ];
    const rows = lines.map((l) => l.split('\t'));
    const j194 = rows.findIndex((r, i) => i > 0 && r[section]!.startsWith('194J'));
    const transporter = rows.findIndex((r, i) => i > 0 && r[section] === '194C' && r[reason] === 'T');
    expect(j194, 'a 194J mapping').toBeGreaterThan(0);
    expect(transporter, 'the exempt transporter mapping with reason T').toBeGreaterThan(0);
    // how the file writes true and false
    const [yes, no] = ['True', 'False'];
    expect(rows[transporter]![exempted]).toBe(yes);
    rows[j194]![exempted] = yes;
    rows[j194]![ltdc] = no;
    rows[j194]![reason] = 'T';
    rows[transporter]![exempted] = no;
    const bad = path.join(dir, 'vendor_section_mapping_bad.txt');
    fs.writeFileSync(bad, `${rows.map((r) => r.join('\t')).join('\r\n')}\r\n`);
    // the header is line 1 of the file
    const [jLine, plainLine] = [j194 + 1, transporter + 1];
    await fileInput.setInputFiles(bad);
    await byTestId('upload-vendor-section-mapping-submit').click();
    const error = byTestId('upload-vendor-section-mapping-error');
    await expect
      .poll(() => error.textContent(), { timeout: 30_000 })
      .toContain('vendor_section_mapping_bad.txt: 2 line(s) cannot be used, so nothing was loaded.');
    const shown = await error.textContent();
    expect(shown).toContain(`Line ${jLine}, column tdsExemptionReason: T (`);
    expect(shown).toContain('is for section 194C only, not 194J');
    expect(shown).toContain(
      `Line ${plainLine}, column tdsExemptionReason: a reason for exemption (T) needs TDS exempted`,
    );
    const details = byTestId('upload-vendor-section-mapping-error-details');
    await expect(details.textContent()).resolves.toContain(`line ${jLine}, tdsExemptionReason: `);
    await expect(details.textContent()).resolves.toContain(`line ${plainLine}, tdsExemptionReason: `);
    expect(await byTestId('upload-vendor-section-mapping-result').count()).toBe(0);

    // nothing changed: the dialog's download is the first one
    expect(await downloadCurrent()).toBe(first);
    fs.rmSync(dir, { recursive: true, force: true });
  }, 120_000);

  it('picks the deductor type by name and lets PANNOTREQD through only for a government deductor', async () => {
    const page = await suite.newPage('s39-deductor-details');
    type Deductor = { deductor: Record<string, string> | null };
    const demo = (await api<Deductor>('GET', DEDUCTOR)).deductor;
    expect(demo?.deductorType).toBe('K');

    await signIn();
    await page.goto(`${suite.t.baseUrl}/#/tds-payable/quarterly-challan-summary?fy=24-25&quarter=Q1`);
    await byTestId('quarterly-challan-summary').waitFor();
    const open = async () => {
      await byTestId('challan-allocation')
        .getByRole('button', { name: /Deductor details/ })
        .click();
      await page.getByRole('dialog', { name: 'Deductor details for the 26Q' }).waitFor();
    };
    const dialog = page.getByRole('dialog', { name: 'Deductor details for the 26Q' });
    const type = dialog.getByLabel('Deductor type', { exact: true });
    const pan = dialog.getByLabel('PAN of the deductor', { exact: true });
    const choose = async (name: string) => {
      await type.click();
      await page.getByRole('option', { name, exact: true }).click();
      await expect.poll(() => type.inputValue()).toBe(name);
    };
    const save = () => dialog.getByRole('button', { name: 'Save', exact: true }).click();

    // the type shows by name, the letter beside it; a government deductor may give PANNOTREQD
    await open();
    await expect.poll(() => type.inputValue()).toBe('Company (K)');
    await choose('Central Government (A)');
    await pan.fill('PANNOTREQD');
    // a central government names its PAO, DDO, ministry and AIN (session 40)
    await save();
    await dialog.getByText('Required for deductor type A').first().waitFor();
    const central: Record<string, [label: string, value: string]> = {
      paoCode: ['PAO code', '012345'],
      ddoCode: ['DDO code', '201234'],
      ministry: ['Ministry code', '11'],
      ain: ['AIN of the PAO, treasury or cheque drawing DDO', '7654321'],
    };
    for (const [label, value] of Object.values(central)) await dialog.getByLabel(label).fill(value);
    await save();
    await dialog.waitFor({ state: 'detached' });
    const saved = (await api<Deductor>('GET', DEDUCTOR)).deductor;
    expect(saved).toMatchObject({
      ...demo,
      deductorType: 'A',
      pan: 'PANNOTREQD',
      ...Object.fromEntries(Object.entries(central).map(([k, [, v]]) => [k, v])),
    });

    // shown again by name; a company with PANNOTREQD is refused on the field, nothing saved
    await open();
    await expect.poll(() => type.inputValue()).toBe('Central Government (A)');
    await expect(pan.inputValue()).resolves.toBe('PANNOTREQD');
    await choose('Company (K)');
    await save();
    await dialog
      .getByText(
        'PANNOTREQD is only for a government deductor (type A, S, D, E, G, H, L or N); deductor type K needs a valid PAN',
      )
      .waitFor();
    await expect(pan.getAttribute('aria-invalid')).resolves.toBe('true');
    expect(await dialog.isVisible()).toBe(true);
    expect((await api<Deductor>('GET', DEDUCTOR)).deductor).toEqual(saved);

    // back to the demo's company with the entity's PAN
    await pan.fill(demo?.pan ?? '');
    await save();
    await dialog.waitFor({ state: 'detached' });
    expect((await api<Deductor>('GET', DEDUCTOR)).deductor).toEqual(demo);
  }, 120_000);
});
