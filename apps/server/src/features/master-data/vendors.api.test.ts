import type { VendorDetail, VendorSectionMapping } from '@taxrecon/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTenantWithAdmin } from '../../testing/accounts.ts';
import { ADMIN, startTestServer, type TestServer } from '../../testing/test-server.ts';

const M = '/master-data-management';
let t: TestServer;
let admin: string;
let headOffice: { id: string; subGroupId: string };

type Saved = { message: string; vendor: VendorDetail };
type SavedMapping = { message: string; mapping: VendorSectionMapping };

const save = (body: unknown, token = admin) => t.api('POST', `${M}/vendor`, { token, body });
const create = async (vendor: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
  const answer = await save({ vendor, ...extra });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return (answer.json as Saved).vendor;
};
const search = async (body: Record<string, unknown>, token = admin) =>
  (await t.api('POST', `${M}/vendors/search`, { token, body })).json as {
    results: { vendorCode: string }[];
    totalCount: number;
  };
const saveMapping = (body: Record<string, unknown>, token = admin) =>
  t.api('POST', `${M}/vendor-section-mapping`, { token, body });
const switchTo = (entity: { id: string; subGroupId: string }) =>
  t.api('PUT', `/entity/${entity.id}/${entity.subGroupId}`, { token: admin });

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.login(ADMIN.email, ADMIN.password);
  const entities = (await t.api('GET', '/legal-entities', { token: admin })).json as {
    id: string;
    subGroupId: string;
  }[];
  headOffice = entities[0] ?? { id: '', subGroupId: '' };
});
afterAll(async () => {
  await t?.close();
});

describe('creating a vendor', () => {
  it.each([
    [{ vendorName: 'Blue Dart Express' }, 'Vendor Code is required'],
    [{ vendorCode: 'V1', vendorName: 'Blue Dart Express' }, 'Vendor Code must be at least 3 characters'],
    [{ vendorCode: 'V-001' }, 'Vendor Name is required'],
    [{ vendorCode: 'V-001', vendorName: 'BD' }, 'Vendor Name must be at least 3 characters'],
    [
      { vendorCode: 'V-001', vendorName: 'Blue Dart', contactPersonTitle: 'M' },
      'Contact Title must be at least 2 characters',
    ],
    [
      { vendorCode: 'V-001', vendorName: 'Blue Dart', contactPhone: '022-1234' },
      'Phone must have at least 10 digits',
    ],
    [{ vendorCode: 'V-001', vendorName: 'Blue Dart', contactEmail: 'x@y' }, 'Invalid Email Address'],
    [{ vendorCode: 'V-001', vendorName: 'Blue Dart', panNumber: '1234567890' }, 'Invalid PAN Number'],
    [{ vendorCode: 'V-001', vendorName: 'Blue Dart', vendorType: 'Partnership' }, 'Vendor type is one of'],
    [{ vendorCode: 'V-001', vendorName: 'Blue Dart', aadhaarPanLink: 'Yes' }, 'Aadhaar PAN link is one of'],
  ])('refuses %j with "%s"', async (vendor, message) => {
    const answer = await save({ vendor });
    expect(answer.status).toBe(400);
    expect((answer.json as { message: string }).message).toContain(message);
  });

  it('applies the defaults and answers Vendor Created', async () => {
    const answer = await save({
      vendor: {
        vendorCode: 'V-001',
        vendorName: 'Blue Dart Express Ltd',
        nameFrom26AS: 'BLUE DART EXPRESS LIMITED',
        tanNumber: 'mumb12345c',
        panNumber: 'aaacb1234d',
        vendorType: 'Company',
        compliance206AB: 'True',
      },
    });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect(answer.json).toMatchObject({
      message: 'Vendor Created',
      vendor: {
        vendorCode: 'V-001',
        tanNumber: 'MUMB12345C',
        panNumber: 'AAACB1234D',
        vendorType: 'Company',
        compliance206AB: true,
        defaultContact: true,
        activeStatus: true,
        resident: true,
        // a company's PAN (4th character C) is Operative unless told otherwise
        aadhaarPanLink: 'Operative',
        children: [],
      },
    });
  });

  it("leaves an individual's Aadhaar-PAN link as entered", async () => {
    const person = await create({ vendorCode: 'V-002', vendorName: 'Ramesh Kumar', panNumber: 'ABCPK1234L' });
    expect(person.aadhaarPanLink).toBeNull();
    const inoperative = await create({
      vendorCode: 'V-003',
      vendorName: 'Suresh Kumar',
      panNumber: 'ABCPK9999L',
      aadhaarPanLink: 'Inoperative',
      resident: false,
    });
    expect(inoperative).toMatchObject({ aadhaarPanLink: 'Inoperative', resident: false });
  });

  it('refuses a second vendor with the same code in the entity', async () => {
    const answer = await save({ vendor: { vendorCode: 'V-001', vendorName: 'Duplicate Dart' } });
    expect(answer.status).toBe(409);
  });
});

describe('searching, viewing and editing vendors', () => {
  it('searches by code, name and 26AS name, partially and case-insensitively', async () => {
    expect((await search({ vendorCode: 'v-00' })).totalCount).toBe(3);
    expect((await search({ vendorName: 'kumar' })).results.map((v) => v.vendorCode)).toEqual([
      'V-002',
      'V-003',
    ]);
    expect((await search({ nameFrom26AS: 'dart express lim' })).results.map((v) => v.vendorCode)).toEqual([
      'V-001',
    ]);
    // the connected-entities selector sends tanNumber and customerName
    expect((await search({ tanNumber: 'MUMB1', customerName: 'blue' })).totalCount).toBe(1);
    expect(
      (await search({ vendorName: 'kumar', sortBy: 'vendorCode', sortOrder: 'desc' })).results[0],
    ).toMatchObject({
      vendorCode: 'V-003',
    });
  });

  it('answers the vendor, updates it with Vendor Updated, and finds vendors by PAN', async () => {
    const [found] = (await search({ vendorCode: 'V-001' })).results as unknown as VendorDetail[];
    const id = found?.vendorId ?? '';
    const viewed = (await t.api('GET', `${M}/vendor/${id}`, { token: admin })).json as VendorDetail;
    expect(viewed.vendorName).toBe('Blue Dart Express Ltd');
    const { children: _children, ...fields } = viewed;
    const updated = await save({
      vendor: { ...fields, contactEmail: 'tds@bluedart.test', activeStatus: false },
    });
    expect(updated.json).toMatchObject({
      message: 'Vendor Updated',
      vendor: {
        vendorId: id,
        contactEmail: 'tds@bluedart.test',
        activeStatus: false,
        aadhaarPanLink: 'Operative',
      },
    });
    const byPan = await t.api('GET', `${M}/vendor/pan/aaacb1234d`, { token: admin });
    expect(byPan.json).toEqual([
      {
        vendorId: id,
        vendorName: 'Blue Dart Express Ltd',
        vendorCode: 'V-001',
        contactEmail: 'tds@bluedart.test',
      },
    ]);
    expect((await t.api('GET', `${M}/vendor/pan/AAAAA1111A`, { token: admin })).json).toEqual([]);
    const badPan = await t.api('GET', `${M}/vendor/pan/12345`, { token: admin });
    expect(badPan.status).toBe(400);
    expect(badPan.json).toMatchObject({ message: 'Invalid PAN Number' });
  });

  it('keeps connected entities by TAN and lists vendors sharing the PAN', async () => {
    const parent = await create(
      {
        vendorCode: 'V-100',
        vendorName: 'Larsen and Toubro',
        tanNumber: 'MUML10000A',
        panNumber: 'AAACL0140P',
      },
      { children: ['CHEL20000B'] },
    );
    const branch = await create({
      vendorCode: 'V-101',
      vendorName: 'L&T Chennai',
      tanNumber: 'CHEL20000B',
      panNumber: 'AAACL0140P',
    });
    const connected = (
      await t.api('GET', `${M}/vendor/fetch-connected-entities?vendorId=${parent.vendorId}`, { token: admin })
    ).json as { children: unknown[]; samePan: { vendorId: string }[] };
    expect(connected.children).toEqual([
      { tanNumber: 'CHEL20000B', id: branch.vendorId, name: 'L&T Chennai' },
    ]);
    expect(connected.samePan.map((v) => v.vendorId)).toEqual([branch.vendorId]);
    const { children: _c, ...fields } = parent;
    const edited = await save({ vendor: fields, removedChildren: ['chel20000b'] });
    expect((edited.json as Saved).vendor.children).toEqual([]);
  });
});

describe('vendor section mappings', () => {
  let vendorId = '';
  beforeAll(async () => {
    vendorId = (await create({ vendorCode: 'V-200', vendorName: 'Tech Mahindra Ltd' })).vendorId;
  });

  it.each([
    [{ sectionNumber: '' }, 'Section is required'],
    // any text was stored as the section before
    [
      { sectionNumber: 'XYZ' },
      'sectionNumber: XYZ is not a TDS section (e.g. 194C, 194J with sub-section b)',
    ],
    [
      { sectionNumber: '194C<>', subSection: 'x' },
      'sectionNumber: 194C<> with sub-section x is not a TDS section (e.g. 194C, 194J with sub-section b)',
    ],
    [
      { sectionNumber: '194J', ltdcApplied: true, ltdcPercentage: 101 },
      'LDC percentage must be between 0 and 100',
    ],
    [
      { sectionNumber: '194J', ltdcApplied: true, ltdcPercentage: -1 },
      'LDC percentage must be between 0 and 100',
    ],
    [
      { sectionNumber: '194J', ltdcApplied: true, ltdcPercentage: 1, ltdcAmount: -5 },
      'LDC amount cannot be negative',
    ],
    [{ sectionNumber: '194J', ltdcApplied: true }, 'LDC percentage is required'],
    [
      {
        sectionNumber: '194J',
        ltdcApplied: true,
        ltdcPercentage: 1,
        ltdcFromDate: '2024-04-01',
        ltdcToDate: '2024-03-31',
      },
      'LDC To date must not be before the From date',
    ],
    [
      {
        sectionNumber: '194J',
        tdsExempted: true,
        tdsExemptedFromDate: '2025-01-01',
        tdsExemptedToDate: '2024-12-31',
      },
      'TDS exempted To date must not be before the From date',
    ],
    [{ sectionNumber: '194J', tdsExempted: true, tdsExemptedFromDate: '2024-02-30' }, 'Not a calendar date'],
    [
      { sectionNumber: '194J', tdsExempted: true, tdsExemptedFromDate: '01-04-2024' },
      'Dates are typed as yyyy-mm-dd',
    ],
    [
      { sectionNumber: '194J', tdsExempted: true, ltdcApplied: true, ltdcPercentage: 1 },
      'A mapping is either TDS exempted or under a lower deduction certificate, not both',
    ],
  ])('refuses %j with "%s"', async (mapping, message) => {
    const answer = await saveMapping({ vendorId, ...mapping });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ message });
  });

  it('clears the fields of a flag that is off, and keeps them while it is on', async () => {
    const added = await saveMapping({
      vendorId,
      vendorCode: 'ignored',
      sectionNumber: '194J',
      subSection: '(b)',
      tdsExempted: false,
      tdsExemptedFromDate: '2024-04-01',
      tdsExemptedToDate: '2025-03-31',
      ltdcApplied: true,
      ltdcPercentage: 0.75,
      ltdcAmount: 1500000.5,
      ltdcFromDate: '2024-04-01',
      ltdcToDate: '2025-03-31',
    });
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    const { message, mapping } = added.json as SavedMapping;
    expect(message).toBe('Vendor-Section Mapping Updated');
    expect(mapping).toMatchObject({
      vendorId,
      vendorCode: 'V-200',
      sectionNumber: '194J',
      subSection: '(b)',
      tdsExempted: false,
      tdsExemptedFromDate: null,
      tdsExemptedToDate: null,
      ltdcApplied: true,
      ltdcPercentage: 0.75,
      ltdcAmount: '1500000.50',
      ltdcFromDate: '2024-04-01',
      ltdcToDate: '2025-03-31',
    });

    const switched = await saveMapping({
      ...mapping,
      tdsExempted: true,
      tdsExemptedFromDate: '2024-10-01',
      tdsExemptedToDate: '',
      ltdcApplied: false,
    });
    expect(switched.json).toMatchObject({
      message: 'Vendor-Section Mapping Updated',
      mapping: {
        id: mapping.id,
        tdsExempted: true,
        tdsExemptedFromDate: '2024-10-01',
        tdsExemptedToDate: null,
        ltdcApplied: false,
        ltdcPercentage: null,
        ltdcAmount: null,
        ltdcFromDate: null,
        ltdcToDate: null,
      },
    });
  });

  it('lists, deletes with Vendor-Section Mapping Deleted, and answers 404 after', async () => {
    const second = (await saveMapping({ vendorId, sectionNumber: '194C' })).json as SavedMapping;
    const list = (await t.api('GET', `${M}/vendorSectionMapping/${vendorId}`, { token: admin }))
      .json as VendorSectionMapping[];
    expect(list.map((m) => m.sectionNumber)).toEqual(['194C', '194J']);
    const removed = await t.api('DELETE', `${M}/vendor-section-mapping/${second.mapping.id}`, {
      token: admin,
    });
    expect(removed.json).toEqual({ message: 'Vendor-Section Mapping Deleted' });
    expect(
      (await t.api('DELETE', `${M}/vendor-section-mapping/${second.mapping.id}`, { token: admin })).status,
    ).toBe(404);
    const after = (await t.api('GET', `${M}/vendorSectionMapping/${vendorId}`, { token: admin }))
      .json as unknown[];
    expect(after).toHaveLength(1);
    const ghostVendor = await saveMapping({
      vendorId: '00000000-0000-4000-8000-000000000000',
      sectionNumber: '194C',
    });
    expect(ghostVendor.status).toBe(404);
  });
});

describe('downloads', () => {
  it('exports the vendor master and the section mappings as tab-separated text', async () => {
    await create({ vendorCode: 'V-300', vendorName: 'Tabbed\tName Ltd', notes: 'a\r\nb' });
    const master = await t.api('GET', `${M}/vendordatafromdb/vendor_master`, { token: admin });
    expect(master.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(master.headers.get('content-disposition')).toBe('attachment; filename="vendor_master.txt"');
    const lines = String(master.json)
      .split('\r\n')
      .filter((l) => l !== '');
    const header = lines[0]?.split('\t') ?? [];
    expect(header.slice(0, 3)).toEqual(['vendorId', 'vendorCode', 'vendorName']);
    expect(header).toContain('compliance206AB');
    expect(lines.every((l) => l.split('\t').length === header.length)).toBe(true);
    const row = lines.find((l) => l.includes('V-300'))?.split('\t') ?? [];
    expect(row[header.indexOf('vendorName')]).toBe('Tabbed Name Ltd');
    expect(row[header.indexOf('notes')]).toBe('a b');
    expect(row[header.indexOf('defaultContact')]).toBe('True');
    expect(lines.length - 1).toBe((await search({})).totalCount);

    const vsm = await t.api('GET', `${M}/vsmdatafromdb/vendor_master`, { token: admin });
    expect(vsm.headers.get('content-disposition')).toBe('attachment; filename="vendor_section_mapping.txt"');
    const mapLines = String(vsm.json)
      .split('\r\n')
      .filter((l) => l !== '');
    expect(mapLines[0]?.split('\t')).toEqual([
      'id',
      'vendorId',
      'vendorCode',
      'sectionNumber',
      'subSection',
      'tdsExempted',
      'tdsExemptedFromDate',
      'tdsExemptedToDate',
      'tdsExemptionReason',
      'ltdcApplied',
      'ltdcPercentage',
      'ltdcAmount',
      'ltdcFromDate',
      'ltdcToDate',
    ]);
    expect(mapLines).toHaveLength(2);
    expect(mapLines[1]?.split('\t').slice(2)).toEqual([
      'V-200',
      '194J',
      '(b)',
      'True',
      '2024-10-01',
      '',
      // no reason for the exemption recorded
      '',
      'False',
      '',
      '',
      '',
      '',
    ]);
  });
});

describe('entity scoping', () => {
  it("keeps one entity's vendors and mappings out of another entity and another tenant", async () => {
    const mine = await create({
      vendorCode: 'V-900',
      vendorName: 'Head Office Vendor',
      panNumber: 'AAACH9000H',
    });
    const mapping = (
      (await saveMapping({ vendorId: mine.vendorId, sectionNumber: '194I' })).json as SavedMapping
    ).mapping;
    const branch = (await t.api('PUT', '/legal-entity', { token: admin, body: { name: 'Kolkata Branch' } }))
      .json as {
      id: string;
      subGroupId: string;
    };
    await switchTo(branch);
    try {
      expect((await t.api('GET', `${M}/vendor/${mine.vendorId}`, { token: admin })).status).toBe(404);
      expect((await search({ vendorCode: 'V-900' })).totalCount).toBe(0);
      expect((await t.api('GET', `${M}/vendor/pan/AAACH9000H`, { token: admin })).json).toEqual([]);
      expect(
        (await t.api('GET', `${M}/vendorSectionMapping/${mine.vendorId}`, { token: admin })).status,
      ).toBe(404);
      expect((await saveMapping({ vendorId: mine.vendorId, sectionNumber: '194C' })).status).toBe(404);
      expect(
        (await t.api('DELETE', `${M}/vendor-section-mapping/${mapping.id}`, { token: admin })).status,
      ).toBe(404);
      expect(
        (await save({ vendor: { vendorId: mine.vendorId, vendorCode: 'V-900', vendorName: 'Hijack' } }))
          .status,
      ).toBe(404);
      const file = String((await t.api('GET', `${M}/vsmdatafromdb/vendor_master`, { token: admin })).json);
      expect(file.trimEnd().split('\r\n')).toHaveLength(1);
    } finally {
      await switchTo(headOffice);
    }
    const other = await insertTenantWithAdmin(t, 'Globex', 'boss@globex.test', 'Globex-pass-1');
    expect((await t.api('GET', `${M}/vendor/${mine.vendorId}`, { token: other.token })).status).toBe(404);
    expect(
      (await t.api('DELETE', `${M}/vendor-section-mapping/${mapping.id}`, { token: other.token })).status,
    ).toBe(404);
    const still = (await t.api('GET', `${M}/vendorSectionMapping/${mine.vendorId}`, { token: admin })).json;
    expect(still).toMatchObject([{ id: mapping.id, vendorCode: 'V-900' }]);
  });
});
