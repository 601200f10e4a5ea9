import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { read26qFvu } from '@taxrecon/formats';
import { describe, expect, it } from 'vitest';
import { ADMIN, startTestServer } from '../../server/src/testing/test-server.ts';
import { browserSuite } from './suite.ts';

// Allocation of a quarter's deductee rows to challans and the 26Q text file,
// in the built app. The books are 34A entries and the challans rows as their
// own features write them (their screens have their own tests); here the user
// fills the deductor details, allocates automatically, moves rows by hand and
// downloads the 26Q text file, which our own reader reads back.
//   194C company: r1 05 Apr 1,000; r2 20 Apr 2,000; r3 10 May 500
//   C1 (April) 07 May tax 2,500; C2 (May) 07 Jun tax 1,000
//   auto: r1 -> C1, r3 -> C2, r2 unallocated (no challan has 2,000 left)

const SHOTS = '/tmp/shots-challans-26q';

const suite = browserSuite(async () => {
  const t = await startTestServer();
  const admin = await t.server.ctx.db
    .selectFrom('users')
    .select(['current_entity_id'])
    .where('login', '=', ADMIN.email)
    .executeTakeFirstOrThrow();
  const entityId = admin.current_entity_id!;
  const pool = t.server.ctx.database.pool;
  await pool.query("UPDATE legal_entities SET pan = 'AABCD1234E' WHERE id = $1", [entityId]);
  for (const [ref, date, pan, vendor, base, tax] of [
    ['DOC-R1', '2024-04-05', 'AAACB2345C', 'Bright Logistics Ltd', 50000, 1000],
    ['DOC-R2', '2024-04-20', 'AAACN3456D', 'Nova Freight Ltd', 100000, 2000],
    ['DOC-R3', '2024-05-10', 'AAACB2345C', 'Bright Logistics Ltd', 25000, 500],
  ] as const) {
    await pool.query(
      `INSERT INTO vendors (entity_id, vendor_code, vendor_name, pan_number) VALUES ($1, $2, $3, $2)
       ON CONFLICT DO NOTHING`,
      [entityId, pan, vendor],
    );
    await pool.query(
      `INSERT INTO payable_entries (entity_id, financial_year, job_id, file, line, ref, document_date, month,
         recognised_month, vendor_code, pan, section, section_number, sub_section, deductee_type, return_form,
         base, taxable, rate, liable, due, deducted, interest, status, reason)
       VALUES ($1, '2024-25', $2, 'ledger.csv', 1, $3, $4::date, substr($4::text, 1, 7), substr($4::text, 1, 7),
         $5, $5, '194C', '194C', '', 'company', '26Q', $6, $6, 2, true, $7, $7, 0, 'OK', 'e2e')`,
      [entityId, randomUUID(), ref, date, pan, base, tax],
    );
  }
  for (const [month, serial, date, tax] of [
    ['2024-04', '101', '2024-05-07', 2500],
    ['2024-05', '102', '2024-06-07', 1000],
  ] as const)
    await pool.query(
      `INSERT INTO payable_challans (entity_id, financial_year, month, section_number, sub_section, deductee_type,
         challan_serial_number, date_of_deposit, bsr_code, tan, tax_amount, created_by_login)
       VALUES ($1, '2024-25', $2, '194C', '', 'company', $3, $4, '0510308', 'MUMD12345E', $5, 'e2e')`,
      [entityId, month, serial, date, tax],
    );
  return t;
});
const byTestId = (id: string) => suite.page.getByTestId(id);
const shot = async (name: string) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await suite.page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

const DEDUCTOR: [string, string][] = [
  ['TAN of the deductor', 'MUMD12345E'],
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

describe('challan allocation and the 26Q text file', () => {
  it('allocates, moves rows by hand and downloads the 26Q the reader reads back', async () => {
    const page = await suite.newPage('challans-26q');
    await page.setViewportSize({ width: 1440, height: 900 });
    await suite.signIn();
    await byTestId('home-page').waitFor();
    await page.goto(`${suite.t.baseUrl}/#/tds-payable/quarterly-challan-summary?fy=24-25&quarter=Q1`);
    const group = byTestId('allocation-group-194C-company');
    await expect.poll(() => group.textContent()).toContain('Unallocated: ₹3,500.00 in 3 rows');

    // nothing written while things are missing: the screen lists them
    await page.getByRole('button', { name: 'Download 26Q text file' }).click();
    const missing = byTestId('fvu-missing');
    await expect.poll(() => missing.textContent()).toContain('cannot be prepared yet');
    expect(await missing.textContent()).toContain(
      "The deductor's TAN, address and responsible person are missing",
    );
    expect(await missing.textContent()).toContain(
      'Row DOC-R2 (Nova Freight Ltd, section 194C, 2024-04, tax ₹2,000.00)',
    );
    await shot('1-missing');

    await page.getByRole('button', { name: /Deductor details/ }).click();
    for (const [label, value] of DEDUCTOR) await page.getByLabel(label, { exact: true }).fill(value);
    await shot('2-deductor');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    // the list described the return as it was: it goes once the details are saved
    await expect.poll(() => missing.count()).toBe(0);

    await page.getByRole('button', { name: 'Allocate automatically' }).click();
    await expect.poll(() => group.textContent()).toContain('Unallocated: ₹2,000.00 in 1 row');
    expect(await group.textContent()).toContain('Left unallocated ₹1,500.00');
    await shot('3-auto');

    // by hand: r3 to C1, r1 off, r2 to C1, r1 to C2
    const pick = async (ref: string, option: RegExp) => {
      // the last move's notification sits over the bottom of the list: let it go
      await expect
        .poll(() => page.locator('.mantine-Notification-root').count(), { timeout: 20_000 })
        .toBe(0);
      await byTestId(`allocation-row-${ref}`).click();
      await page.getByRole('option', { name: option }).click();
    };
    await pick('DOC-R3', /^101 of 07 May 2024 · /);
    await expect.poll(() => group.textContent()).toContain('allocated ₹1,500.00 (2)');
    await pick('DOC-R1', /^Unallocated$/);
    await expect.poll(() => group.textContent()).toContain('allocated ₹500.00 (1)');
    await pick('DOC-R2', /^101 of 07 May 2024 · /);
    await expect.poll(() => group.textContent()).toContain('allocated ₹2,500.00 (2)');
    await pick('DOC-R1', /^102 of 07 Jun 2024 · /);
    await expect.poll(() => group.textContent()).toContain('Every row allocated');
    await shot('4-allocated');

    const [saved] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download 26Q text file' }).click(),
    ]);
    expect(saved.suggestedFilename()).toBe('26Q-MUMD12345E-2024-25-Q1.txt');
    const { value, errors } = read26qFvu(fs.readFileSync((await saved.path())!, 'latin1'));
    expect(errors).toEqual([]);
    expect(value?.tan).toBe('MUMD12345E');
    expect(
      value?.challans.map((c) => [c.serial, c.tax, c.deductees.map((d) => [d.pan, d.deducted, d.section])]),
    ).toEqual([
      [
        '00101',
        2_500_00,
        [
          ['AAACN3456D', 2_000_00, '94C'],
          ['AAACB2345C', 500_00, '94C'],
        ],
      ],
      ['00102', 1_000_00, [['AAACB2345C', 1_000_00, '94C']]],
    ]);
  });
});
