import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { ChallanList, QuarterAllocation, QuarterChallanSummary } from '@taxrecon/contracts';
import { isNilChallan, NO_DEDUCTION_REMARKS, read26qFvu } from '@taxrecon/formats';
import { formatInr, formatRupees, type Paise, paiseOrZero, rupeesNumber, sumPaise } from '@taxrecon/shared';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, demoSettled, startTestServer } from '../../server/src/testing/test-server.ts';
import { browserSuite } from './suite.ts';

// Issue 12's "Done when" on the demo company, in the built app: the demo's
// 34A run finishes; one month's summary line opens its explore screen, a
// challan covering its tax is created through the dialog with an image,
// locked, and the line shows verified; the quarter's other lines get their
// challans through the same API calls the dialog makes; the deductor details
// are filled, rows allocated automatically and the 26Q text file downloaded
// and read back; then the quarter's 26Q reconcile runs on a return built from
// the same books.

const SHOTS = process.env.DEMO_CHALLANS_SHOTS;
const FY = '2024-25';
const QUARTERS = {
  Q1: ['04', '05', '06'],
  Q2: ['07', '08', '09'],
  Q3: ['10', '11', '12'],
  Q4: ['01', '02', '03'],
};
type Quarter = keyof typeof QUARTERS;
// the demo's ledger deducts under this TAN (demo/expense-model.ts), and a
// challan pays only rows deducted under its own TAN
const TAN = 'BLRZ03704C';

let token = '';
const suite = browserSuite(async () => {
  const t = await startTestServer({ demo: true });
  token = await t.login(ADMIN.email, ADMIN.password);
  // the demo's ingests and its 34A run (April to March) all finished
  await demoSettled(t, token, '34A Reconciliation');
  return t;
});
const byTestId = (id: string, on: Page = suite.page) => on.getByTestId(id);
const shot = async (name: string, on: Page = suite.page, fullPage = true) => {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await on.setViewportSize({ width: 1440, height: 900 });
  await on.waitForTimeout(300);
  await on.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
};

const api = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
  const answer = await suite.t.api(method, url, { token, ...(body === undefined ? {} : { body }) });
  if (answer.status !== 200)
    throw new Error(`${method} ${url}: ${answer.status} ${JSON.stringify(answer.json)}`);
  return answer.json as T;
};

// A 16x8 PNG (red over white), encoded here: signature, IHDR, IDAT, IEND.
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};
const challanPng = (): Buffer => {
  const width = 16;
  const height = 8;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Array.from({ length: height }, (_, y) =>
    Buffer.from([
      0,
      ...Array.from({ length: width }, () => (y < 4 ? [200, 30, 30] : [255, 255, 255])).flat(),
    ]),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

interface Line {
  monthYear: string;
  section: string;
  subsection: string;
  deducteeType: 'company' | 'individual' | 'others';
}
const lineKey = (l: Line) => `${l.monthYear}|${l.section}|${l.subsection}|${l.deducteeType}`;
const linesOf = (a: QuarterAllocation): Line[] => {
  const lines = new Map<string, Line>();
  for (const g of a.groups)
    for (const r of g.rows) {
      const line = {
        monthYear: r.monthYear,
        section: g.section,
        subsection: g.subsection,
        deducteeType: g.deducteeType,
      };
      lines.set(lineKey(line), line);
    }
  return [...lines.values()].sort((a, b) => lineKey(a).localeCompare(lineKey(b)));
};
const lineList = (l: Line) =>
  api<ChallanList>(
    'GET',
    `/tds-payable/tds-payable-challans/${l.monthYear}/${encodeURIComponent(l.section)}/${l.deducteeType}?subsection=${encodeURIComponent(l.subsection)}`,
  );
// deposited on the 7th of the month after the deduction (March's by 30 April)
const depositDate = (monthYear: string) => {
  const [y, m] = monthYear.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return m === 3 ? `${y}-04-30` : `${next}-07`;
};

const DEDUCTOR: [string, string][] = [
  ['TAN of the deductor', TAN],
  ['Name of the deductor', 'Demo Industries Private Limited'],
  ['Address (flat, building)', 'Plot 12, MIDC'],
  ['Town or city', 'Mumbai'],
  ['State code', '19'],
  ['PIN code', '400093'],
  ['E-mail', 'tax@demo.in'],
  ['Responsible person', 'Asha Rao'],
  ['Designation', 'CFO'],
  ['PAN of the responsible person', 'ABCPR1234K'],
  ['Mobile of the responsible person', '9820000000'],
];

describe('challans, allocation and the 26Q on the demo company', () => {
  it('creates, images and locks a challan on a demo line, covers the quarter, downloads and reconciles its 26Q', async () => {
    const page = await suite.newPage('demo-challans');
    await page.setViewportSize({ width: 1440, height: 900 });

    // the quarter with the fewest summary lines (of rows going into the 26Q),
    const quarters = await Promise.all(
      (Object.keys(QUARTERS) as Quarter[]).map(async (q) => {
        const allocation = await api<QuarterAllocation>('GET', `/tds-payable/challan-allocation/${FY}/${q}`);
        return { q, allocation, lines: linesOf(allocation) };
      }),
    );
    // of the quarters the demo left without challans (it deposits Q1 and Q2 itself)
    const chosen = quarters
      .filter((x) => x.lines.length > 0 && x.allocation.groups.every((g) => g.challans.length === 0))
      .sort((a, b) => a.lines.length - b.lines.length)[0]!;
    const quarter = chosen.q;
    const [first, ...rest] = chosen.lines as [Line, ...Line[]];

    // 1. the payable result of the demo year, a month's line opened in its explore screen
    await suite.signIn();
    await byTestId('home-page').waitFor();
    await page.goto(`${suite.t.baseUrl}/#/view-34a-reconciliation`);
    await byTestId(`payable-year-view-${FY}`).click();
    await page.waitForURL(/#\/tds-payable-job\?jobId=/);
    const monthly = byTestId('payable-monthly');
    await monthly.locator('tbody tr').first().waitFor({ timeout: 30_000 });
    const explore = byTestId(
      `payable-explore-${first.monthYear}-${first.section}-${first.subsection}-${first.deducteeType}`,
    );
    // the summary pages by 50 lines: turn pages to the line's month, as a user would
    for (let n = 2; (await explore.count()) === 0; n++) {
      expect(n, `no page of the monthly summary has ${lineKey(first)}`).toBeLessThan(20);
      await monthly.getByRole('button', { name: String(n), exact: true }).click();
      await monthly.locator('tbody tr').first().waitFor();
    }
    await shot('1-payable-result');
    const [opened] = await Promise.all([page.context().waitForEvent('page'), explore.click()]);
    await opened.setViewportSize({ width: 1440, height: 900 });
    await byTestId('payable-explore-cards', opened).waitFor({ timeout: 30_000 });
    await expect(byTestId('explore-section', opened).textContent()).resolves.toBe(first.section);
    await byTestId('explore-tab-challans', opened).click();
    await byTestId('challans-tab', opened).waitFor();
    const status = byTestId('challan-line-status', opened);
    await expect.poll(() => status.textContent()).toBe('Deposits pending');

    // the line's deducted tax, as the tab shows it, goes on the challan
    const before = await lineList(first);
    const tax = paiseOrZero(before.deducted);
    expect(tax).toBeGreaterThan(0);
    await expect
      .poll(() => byTestId('challans-tab', opened).textContent())
      .toContain(`Tax deducted: ${formatInr(tax)}`);
    await byTestId('challan-new', opened).click();
    await byTestId('challan-challanSerialNumber', opened).fill('301');
    await byTestId('challan-dateOfDeposit', opened).fill(depositDate(first.monthYear));
    await byTestId('challan-bsrCode', opened).fill('0510308');
    await byTestId('challan-tanNumber', opened).fill(TAN);
    await byTestId('challan-taxAmount', opened).fill(formatRupees(tax));
    await expect.poll(() => byTestId('challan-amountDeposited', opened).inputValue()).toBe(formatInr(tax));
    await shot('2-new-challan', opened);
    await byTestId('challan-save', opened).click();
    const grid = byTestId('challans-grid', opened);
    await expect.poll(() => grid.textContent()).toContain('301');

    // its image: a PNG file chosen in the upload dialog, then shown
    const png = path.join(fs.mkdtempSync('/tmp/demo-challan-'), 'challan-301.png');
    fs.writeFileSync(png, challanPng());
    await opened.getByRole('button', { name: 'Upload challan image' }).click();
    const [chooser] = await Promise.all([
      opened.waitForEvent('filechooser'),
      byTestId('challan-image-file', opened).click(),
    ]);
    await chooser.setFiles(png);
    await opened.getByRole('button', { name: 'Upload', exact: true }).click();
    await opened.getByText('Challan image uploaded').first().waitFor();
    await opened.getByRole('button', { name: 'View challan image' }).click();
    const image = byTestId('challan-image', opened);
    await image.waitFor();
    expect(await image.getAttribute('src')).toBe(`data:image/png;base64,${challanPng().toString('base64')}`);
    await opened.keyboard.press('Escape');

    // locked, the line reads verified
    await opened.getByRole('button', { name: 'Lock challan' }).click();
    await opened.getByRole('button', { name: 'Unlock challan' }).waitFor();
    await expect.poll(() => status.textContent()).toBe('Line verified');
    expect(await byTestId('challans-tab', opened).textContent()).toContain(`Deposited: ${formatInr(tax)}`);
    await shot('3-line-verified', opened);
    await opened.close();

    // 2. the quarter's other lines: the dialog's create and lock calls, through the API
    let serial = 302;
    for (const line of rest) {
      const deducted = paiseOrZero((await lineList(line)).deducted);
      if (deducted <= 0) continue;
      await api('POST', '/tds-payable/tds-payable-challan/create', {
        ...line,
        challanSerialNumber: String(serial++),
        dateOfDeposit: depositDate(line.monthYear),
        bsrCode: '0510308',
        tanNumber: TAN,
        taxAmount: formatRupees(deducted),
      });
      const list = await lineList(line);
      expect(list.lineVerified).toBe(true);
    }
    const summary = await api<QuarterChallanSummary>(
      'GET',
      `/tds-payable/quarterly-challan-summary/${FY}/${quarter}`,
    );

    // 3. the deductor, the allocation and the 26Q text file
    await page.goto(
      `${suite.t.baseUrl}/#/tds-payable/quarterly-challan-summary?fy=${FY.slice(2)}&quarter=${quarter}`,
    );
    await byTestId('quarterly-challan-summary').waitFor();
    await page.getByRole('button', { name: /Deductor details/ }).click();
    for (const [label, value] of DEDUCTOR) await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByLabel('TAN of the deductor', { exact: true }).count()).toBe(0);
    const rows = chosen.allocation.totals.unallocatedRows;
    const panel = byTestId('challan-allocation');
    await expect.poll(() => panel.textContent()).toContain(`Unallocated (${rows} rows)`);
    await page.getByRole('button', { name: 'Allocate automatically' }).click();
    // each line's challan is deposited after its rows and holds exactly their tax
    await expect.poll(() => panel.textContent(), { timeout: 30_000 }).toContain('Unallocated (0 rows)');
    expect(await panel.textContent()).toContain(
      `Allocated to challans${formatInr(paiseOrZero(summary.totals.deducted))}`,
    );
    // a quarter of the demo is some fifty groups of rows: the panel's head is what to look at
    await panel.scrollIntoViewIfNeeded();
    await shot('4-allocated', page, false);
    const [saved] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download 26Q text file' }).click(),
    ]);
    expect(saved.suggestedFilename()).toBe(`26Q-${TAN}-${FY}-${quarter}.txt`);
    const { value, errors } = read26qFvu(fs.readFileSync((await saved.path())!, 'latin1'));
    expect(errors).toEqual([]);
    expect(value?.tan).toBe(TAN);
    // the challans paid, and at most one nil challan after them for the rows
    // with nothing deducted (below the threshold, a nil-rate certificate, the
    // demo transporter's declaration): nothing paid, each row with its reason
    const paid = value!.challans.filter((c) => !isNilChallan(c));
    const nil = value!.challans.filter((c) => isNilChallan(c));
    expect(paid.length).toBe(summary.rows.length);
    expect(nil.length).toBeLessThanOrEqual(1);
    for (const d of nil.flatMap((c) => c.deductees)) {
      expect(d.deducted).toBe(0);
      expect(NO_DEDUCTION_REMARKS).toContain(d.remark);
    }
    const fileDeducted = sumPaise(
      value!.challans.flatMap((c) => c.deductees.map((d) => d.deducted as Paise)),
    );
    expect(fileDeducted).toBe(paiseOrZero(summary.totals.deducted));
    expect(sumPaise(value!.challans.map((c) => c.tax as Paise))).toBe(paiseOrZero(summary.totals.deposited));
    // one record a row, two for a row only partly under a lower deduction
    // certificate: its certificate part (remark A) beside the rest
    const records = paid.flatMap((c) => c.deductees);
    const split = records.filter(
      (d) =>
        d.remark === 'A' &&
        records.some(
          (o) => o.remark === '' && o.pan === d.pan && o.paidOn === d.paidOn && o.section === d.section,
        ),
    ).length;
    expect(records.length).toBe(rows + split);

    // 4. the quarter's 26Q reconcile with a return built from the same books
    const allocation = await api<QuarterAllocation>(
      'GET',
      `/tds-payable/challan-allocation/${FY}/${quarter}`,
    );
    const byPanSection = new Map<
      string,
      { pan: string; name: string; section: string; base: Paise; tds: Paise }
    >();
    for (const g of allocation.groups)
      for (const r of g.rows) {
        const section = g.subsection ? `${g.section}(${g.subsection})` : g.section;
        const key = `${r.pan}|${section}`;
        const had = byPanSection.get(key);
        byPanSection.set(key, {
          pan: r.pan ?? 'PANNOTAVBL',
          name: r.vendorName,
          section,
          base: sumPaise([had?.base ?? (0 as Paise), paiseOrZero(r.base)]),
          tds: sumPaise([had?.tds ?? (0 as Paise), paiseOrZero(r.deducted)]),
        });
      }
    // the return as filed, but one deductee left out and one short by ₹100
    const [left, short, ...same] = [...byPanSection.values()].sort((a, b) => b.tds - a.tds);
    expect(left && short && same.length > 0).toBe(true);
    const filed = [...same, { ...short!, tds: (short!.tds - 100_00) as Paise }];
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
    for (const r of filed)
      sheet.addRow([
        r.pan,
        r.name,
        r.section,
        rupeesNumber(r.base),
        rupeesNumber(r.tds),
        Math.round((100 * r.tds) / r.base),
      ]);
    const returnFile = path.join(fs.mkdtempSync('/tmp/demo-26q-'), `demo-26q-${quarter}.xlsx`);
    await book.xlsx.writeFile(returnFile);

    await page.goto(`${suite.t.baseUrl}/#/reconcile-26q-file`);
    await byTestId('form26q-year').click();
    await page.getByRole('option', { name: /^FY 2024 - 2025/ }).click();
    await byTestId(`form26q-quarter-${quarter}`).click();
    await byTestId('form26q-file-input').setInputFiles(returnFile);
    // the file's columns come back from the server before the mapping shows
    await expect
      .poll(() => byTestId('form26q-map-vendorPan').inputValue(), { timeout: 30_000 })
      .toBe('PAN of deductee');
    await shot('5-26q-mapping');
    await byTestId('form26q-submit').click();
    const counts = byTestId('form26q-counts');
    // the reconcile runs inside the request: give a loaded machine time
    await expect.poll(() => counts.textContent(), { timeout: 90_000 }).toContain('Matched');
    const shown = await counts.textContent();
    expect(shown).toContain(`Matched: ${same.length}`);
    expect(shown).toContain('Short in return: 1');
    expect(shown).toContain('Excess in return: 0');
    expect(shown).toContain('Missing from return: 1');
    expect(shown).toContain('Missing from books: 0');
    expect(shown).toContain(
      `Return TDS ${formatInr(sumPaise(filed.map((r) => r.tds)))} · books deducted ${formatInr(sumPaise([...byPanSection.values()].map((r) => r.tds)))}`,
    );
    const lines = await byTestId('form26q-lines').textContent();
    expect(lines).toContain(left!.pan);
    expect(lines).toContain(short!.pan);
    await shot('6-26q-result');

    // the demo's own filed Q1 return is in the list; its Open button shows the planted findings
    const demoReturn = byTestId('form26q-files').getByRole('row').filter({ hasText: 'as filed.xlsx' });
    await demoReturn.getByRole('button', { name: 'Open' }).click();
    await expect.poll(() => counts.textContent(), { timeout: 30_000 }).toContain('Missing from books: 1');
    expect(await counts.textContent()).toContain('Short in return: 1');
    expect(await byTestId('form26q-lines').textContent()).toContain('AAKFS7321M');
    await shot('7-26q-demo-return');
  }, 600_000);
});
