import { VENDOR_SECTION_MAPPING_COLUMNS_TEXT } from '@taxrecon/contracts';
import { readVendorSections, VENDOR_SECTION_COLUMNS } from '@taxrecon/formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from '../../testing/test-server.ts';
import { insertPayableVendors } from '../demo/payable-demo.ts';

// The vendor section mapping file goes both ways (docs/decisions.md, session
// 39 "the mapping upload on screen"): what the download writes, the upload
// reads back to the same mappings, and the template heads the columns the
// reader expects. Mappings of every kind: exempt with a period and reason T,
// B under 194A, exempt without a reason, a lower deduction certificate with
// a fractional rate and an amount in paise, a sub-section, and two mappings
// of one vendor and section (told apart only by their ids).

let t: TestServer;
let token: string;
let entityId: string;

const call = (method: string, route: string, body?: unknown) =>
  t.api(method, route, { token, ...(body === undefined ? {} : { body }) });
const DOWNLOAD = '/master-data-management/vsmdatafromdb/vendor_master';
const TEMPLATE = '/master-data-management/masterdatatemplate/vendor_section_mapping';
const UPLOAD = '/ingest/ingest-vendor-section-mapping';

const download = async (): Promise<string> => {
  const answer = await call('GET', DOWNLOAD);
  expect(answer.status).toBe(200);
  return answer.json as string;
};
// every column of every mapping, as stored (but when it was last saved)
const stored = async () =>
  (
    await t.server.ctx.database.pool.query(
      `SELECT id, vendor_id, section_number, sub_section, tds_exempted, tds_exempted_from::text,
         tds_exempted_to::text, tds_exemption_reason, ltdc_applied, ltdc_percentage::text,
         ltdc_amount::text, ltdc_from::text, ltdc_to::text, created_at
       FROM vendor_section_mappings WHERE entity_id = $1 ORDER BY id`,
      [entityId],
    )
  ).rows;

beforeAll(async () => {
  t = await startTestServer({}, { work: false });
  token = await t.login(ADMIN.email, ADMIN.password);
  entityId = (
    await t.server.ctx.db
      .selectFrom('users')
      .select('current_entity_id')
      .where('login', '=', ADMIN.email)
      .executeTakeFirstOrThrow()
  ).current_entity_id!;
  const pool = t.server.ctx.database.pool;
  const vendor = (vendorCode: string, pan: string) => ({
    vendorCode,
    vendorName: `Vendor ${vendorCode}`,
    pan,
    vendorType: 'Personal',
    resident: true,
    compliance206AB: false,
    aadhaarPanLink: 'Operative',
  });
  await insertPayableVendors(pool, entityId, [
    vendor('TR1', 'ABCPG1234K'),
    vendor('FD1', 'ABCPL5678M'),
    vendor('CN1', 'ABCPM4321Q'),
  ]);
  const ids = Object.fromEntries(
    (
      await pool.query<{ id: string; vendor_code: string }>(
        'SELECT id, vendor_code FROM vendors WHERE entity_id = $1',
        [entityId],
      )
    ).rows.map((v) => [v.vendor_code, v.id]),
  );
  for (const body of [
    {
      vendorId: ids.TR1,
      sectionNumber: '194C',
      tdsExempted: true,
      tdsExemptedFromDate: '2024-04-01',
      tdsExemptedToDate: '2025-03-31',
      tdsExemptionReason: 'T',
    },
    { vendorId: ids.FD1, sectionNumber: '194A', tdsExempted: true, tdsExemptionReason: 'B' },
    { vendorId: ids.FD1, sectionNumber: '194H', tdsExempted: true },
    {
      vendorId: ids.CN1,
      sectionNumber: '194J',
      subSection: 'b',
      ltdcApplied: true,
      ltdcPercentage: 1.25,
      ltdcAmount: '250000.50',
      ltdcFromDate: '2024-06-01',
      ltdcToDate: '2024-12-31',
    },
    {
      vendorId: ids.CN1,
      sectionNumber: '194C',
      ltdcApplied: true,
      ltdcPercentage: 0.5,
      ltdcAmount: '100000.00',
      ltdcFromDate: '2024-04-01',
      ltdcToDate: '2024-09-30',
    },
    { vendorId: ids.CN1, sectionNumber: '194C', tdsExempted: false },
  ]) {
    const saved = await call('POST', '/master-data-management/vendor-section-mapping', body);
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  }
});

afterAll(async () => {
  await t?.close();
});

describe('the vendor section mapping file', () => {
  it('downloaded and uploaded back changes nothing', async () => {
    const before = await stored();
    expect(before).toHaveLength(6);
    const file = await download();
    expect(file.split('\r\n').filter(Boolean)).toHaveLength(7);
    expect(file).toContain('\tT\t');

    const loaded = await t.upload(UPLOAD, {
      token,
      files: [{ name: 'vendor_section_mapping.txt', content: file }],
    });
    expect(loaded.status, JSON.stringify(loaded.json)).toBe(200);
    expect((loaded.json as { message: string }).message).toBe(
      '0 vendor section mapping(s) added and 6 changed from vendor_section_mapping.txt.',
    );
    expect(await stored()).toEqual(before);
    expect(await download()).toBe(file);
  });

  it("has a template heading the columns the reader expects, the download's own", async () => {
    const answer = await call('GET', TEMPLATE);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toContain('vendor_section_mapping_template.txt');
    const template = answer.json as string;
    const header = template.replace(/\r\n$/, '').split('\t');
    expect(template.split('\r\n').filter(Boolean)).toHaveLength(1);
    expect(header).toEqual(VENDOR_SECTION_COLUMNS.map((c) => c.key));
    expect(header).toEqual([...VENDOR_SECTION_MAPPING_COLUMNS_TEXT]);
    expect(header).toContain('tdsExemptionReason');
    expect((await download()).split('\r\n')[0]).toBe(header.join('\t'));

    // a line typed under the template's header is read, with its reason
    const row = Object.fromEntries(header.map((h) => [h, '']));
    Object.assign(row, {
      vendorCode: 'TR1',
      sectionNumber: '194C',
      tdsExempted: 'True',
      tdsExemptionReason: 'T',
    });
    const read = await readVendorSections(
      Buffer.from(`${header.join('\t')}\r\n${header.map((h) => row[h]).join('\t')}\r\n`),
      'template.txt',
    );
    expect(read.errors).toEqual([]);
    expect(read.rows).toMatchObject([
      { vendorCode: 'TR1', sectionNumber: '194C', tdsExempted: true, tdsExemptionReason: 'T' },
    ]);

    // the template as downloaded holds no mapping: refused, nothing changed
    const before = await stored();
    const empty = await t.upload(UPLOAD, { token, files: [{ name: 'template.txt', content: template }] });
    expect(empty.status).toBe(400);
    expect(await stored()).toEqual(before);
  });
});
