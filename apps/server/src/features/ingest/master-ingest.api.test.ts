import fs from 'node:fs';
import path from 'node:path';
import { writeCustomerMaster, writeVendorMaster } from '@taxrecon/formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, eventually, startTestServer, type TestServer } from '../../testing/test-server.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../../packages/formats/fixtures');
let t: TestServer;
let token: string;

const run = async (route: string, name: string, content: string | Uint8Array) => {
  const answer = await t.upload(route, { token, files: [{ name, content }], fields: { force: 'true' } });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  const jobId = (answer.json as { jobId: string }).jobId;
  return eventually(async () => {
    const view = (await t.api('GET', `/job/${jobId}`, { token })).json as {
      status: string;
      payload: string | null;
      remarks: string;
    };
    return view.status === 'Completed' ? { ...view, result: JSON.parse(view.payload ?? '{}') } : null;
  });
};

beforeAll(async () => {
  t = await startTestServer();
  token = await t.login(ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await t?.close();
});

describe('master files', () => {
  it('creates customers from a customer master file and updates them by code on a second load', async () => {
    const file = fs.readFileSync(path.join(FIXTURES, 'customer-master.txt'));
    const first = await run('/ingest/ingest-customer', 'customer-master.txt', file);
    expect(first.result.controlTotals.balanced).toBe(true);
    const count = (await t.api('GET', '/master-data-management/customers/count', { token })).json as {
      count: number;
    };
    expect(count.count).toBe(first.result.controlTotals.rowsLoaded);
    await run('/ingest/ingest-customer', 'customer-master.txt', file);
    const again = (await t.api('GET', '/master-data-management/customers/count', { token })).json as {
      count: number;
    };
    // rows with a code are updated in place; only code-less rows are added again
    const codeless = await t.server.ctx.db
      .selectFrom('customers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('customer_code', 'is', null)
      .executeTakeFirstOrThrow();
    expect(again.count).toBe(count.count + Number(codeless.n) / 2);
  });

  it('creates vendors from a vendor master file and reports bad rows with their line', async () => {
    const run1 = await run(
      '/ingest/ingest-vendor',
      'vendor-master.txt',
      fs.readFileSync(path.join(FIXTURES, 'vendor-master.txt')),
    );
    expect(run1.result.controlTotals.rowsLoaded).toBeGreaterThan(0);
    const bad = 'vendorCode\tvendorName\tpanNumber\nV1\tAB\tNOTAPAN\n';
    const run2 = await run('/ingest/ingest-vendor', 'bad-vendors.txt', bad);
    expect(run2.result.controlTotals.rowsLoaded).toBe(0);
    const issues = await t.server.ctx.db
      .selectFrom('validation_issues')
      .selectAll()
      .where('file_name', '=', 'bad-vendors.txt')
      .execute();
    expect(issues.length).toBeGreaterThan(0);
    expect(issues.every((i) => i.line === 2)).toBe(true);
  });

  it('changes vendors by a bulk-update CSV, all rows or none', async () => {
    const vendors = (await t.api('POST', '/master-data-management/vendors/search', { token, body: {} }))
      .json as {
      results: { vendorCode: string; vendorName: string }[];
    };
    const code = vendors.results[0]?.vendorCode ?? '';
    const ok = await t.upload('/master-data-management/vendors/bulk-update', {
      token,
      files: [
        {
          name: 'update.csv',
          content: `vendorCode,vendorName,contactEmail\n${code},Renamed Supplies Ltd,ap@renamed.test\n`,
        },
      ],
    });
    expect(ok.json).toMatchObject({ updated: 1, problems: [] });
    const after = (
      await t.api('POST', '/master-data-management/vendors/search', { token, body: { vendorCode: code } })
    ).json as {
      results: { vendorName: string }[];
    };
    expect(after.results[0]?.vendorName).toBe('Renamed Supplies Ltd');
    const bad = await t.upload('/master-data-management/vendors/bulk-update', {
      token,
      files: [
        {
          name: 'bad.csv',
          content: `vendorCode,vendorName\n${code},Another Name Ltd\nNO-SUCH-CODE,Ghost Ltd\n`,
        },
      ],
    });
    expect(bad.json).toMatchObject({ updated: 0, problems: [{ file: 'bad.csv', line: 3 }] });
    const unchanged = (
      await t.api('POST', '/master-data-management/vendors/search', { token, body: { vendorCode: code } })
    ).json as {
      results: { vendorName: string }[];
    };
    expect(unchanged.results[0]?.vendorName).toBe('Renamed Supplies Ltd');
  });

  // The rows go in 5,000 to a statement as column arrays (master-upsert.ts):
  // this crosses a statement's end, repeats a code across it, and carries
  // the characters an array literal must escape.
  it('loads a master of thousands of rows exactly, the last row of a repeated code winning', async () => {
    const ODD = 'O\'Neil "Quoted", {Braced} \\ back\\slash टाटा NULL';
    const tan = (i: number) => `BLKA${String(i).padStart(5, '0')}B`;
    const customer = (i: number, name: string) => ({
      customerCode: `BULK-${i}`,
      customerName: name,
      tradeName: `TRADE ${i}`,
      tanNumber: tan(i),
      addressCity: i % 2 ? null : 'PUNE',
    });
    const rows = Array.from({ length: 6000 }, (_, i) => customer(i, i === 4321 ? ODD : `BULK CUSTOMER ${i}`));
    rows.push(customer(5, 'BULK CUSTOMER 5 RENAMED'), {
      customerCode: null,
      customerName: 'NO CODE BULK',
    } as never);
    const first = await run('/ingest/ingest-customer', 'bulk-customers.txt', writeCustomerMaster(rows));
    expect(first.result.controlTotals).toMatchObject({ rowsRead: 6001, rowsLoaded: 6001, balanced: true });
    const stored = async () =>
      t.server.ctx.db
        .selectFrom('customers')
        .select(['customer_code', 'customer_name', 'trade_name', 'tan_number', 'address_city'])
        .where((eb) =>
          eb.or([eb('customer_code', 'like', 'BULK-%'), eb('customer_name', '=', 'NO CODE BULK')]),
        )
        .execute();
    const byCode = new Map((await stored()).map((r) => [r.customer_code, r]));
    expect(byCode.size).toBe(6001);
    expect(byCode.get('BULK-5')?.customer_name).toBe('BULK CUSTOMER 5 RENAMED');
    expect(byCode.get('BULK-4321')).toEqual({
      customer_code: 'BULK-4321',
      customer_name: ODD,
      trade_name: 'TRADE 4321',
      tan_number: tan(4321),
      address_city: null,
    });
    expect(byCode.get('BULK-5998')?.address_city).toBe('PUNE');
    expect(byCode.get(null)?.customer_name).toBe('NO CODE BULK');

    // Again, changed: a coded row updates its names and identifiers but not
    // its trade name (what the upload does not own); the code-less row is added again.
    const changed = rows.map((r, i) =>
      i === 4999 ? { ...r, customerName: 'CHANGED', tradeName: 'NEW TRADE' } : r,
    );
    await run('/ingest/ingest-customer', 'bulk-customers.txt', writeCustomerMaster(changed));
    const after = await stored();
    expect(after.length).toBe(6002);
    expect(after.find((r) => r.customer_code === 'BULK-4999')).toMatchObject({
      customer_name: 'CHANGED',
      trade_name: 'TRADE 4999',
    });
  });

  // Bulk Update goes 5,000 vendors to a statement (vendor-update-rows.ts):
  // this crosses a statement's end, names a vendor twice, leaves cells empty
  // and ends with an unknown code that must undo every row before it.
  it('bulk-updates thousands of vendors by CSV, as row-by-row updates would, or none', async () => {
    const ODD = 'O\'Neil "Quoted", {Braced} \\ टाटा NULL';
    const vendors = Array.from({ length: 6001 }, (_, i) => ({
      vendorCode: `UPDV-${i}`,
      vendorName: `UPDATE VENDOR ${i}`,
      compliance206AB: false,
      resident: true,
    }));
    await run('/ingest/ingest-vendor', 'update-vendors.txt', writeVendorMaster(vendors));
    const csv = (lines: string[]) =>
      `vendorCode,vendorName,contactEmail,compliance206AB,addressCity\n${lines.join('\n')}\n`;
    const quoted = (v: string) => `"${v.replaceAll('"', '""')}"`;
    const lines = vendors.map((v, i) =>
      i === 5500 ? `${v.vendorCode},${quoted(ODD)},,Yes,` : `${v.vendorCode},,v${i}@vendors.test,,`,
    );
    // the same vendor twice: both rows' fields apply, the later name wins
    lines.push('UPDV-7,SEVEN FIRST,,,PUNE', 'UPDV-7,SEVEN LAST,,Yes,');
    const upload = (name: string, content: string) =>
      t.upload('/master-data-management/vendors/bulk-update', { token, files: [{ name, content }] });
    const ok = await upload('update.csv', csv(lines));
    expect(ok.json).toMatchObject({ updated: 6001, problems: [], message: '6001 vendor(s) updated.' });
    const stored = async () =>
      new Map(
        (
          await t.server.ctx.db
            .selectFrom('vendors')
            .select(['vendor_code', 'vendor_name', 'contact_email', 'compliance_206ab', 'address_city'])
            .where('vendor_code', 'like', 'UPDV-%')
            .execute()
        ).map((r) => [r.vendor_code, r]),
      );
    const after = await stored();
    expect(after.get('UPDV-7')).toEqual({
      vendor_code: 'UPDV-7',
      vendor_name: 'SEVEN LAST',
      contact_email: 'v7@vendors.test',
      compliance_206ab: true,
      address_city: 'PUNE',
    });
    expect(after.get('UPDV-5500')).toEqual({
      vendor_code: 'UPDV-5500',
      vendor_name: ODD,
      contact_email: null,
      compliance_206ab: true,
      address_city: null,
    });
    expect(after.get('UPDV-6000')).toMatchObject({
      vendor_name: 'UPDATE VENDOR 6000',
      contact_email: 'v6000@vendors.test',
      compliance_206ab: false,
    });

    const renames = vendors.map((v) => `${v.vendorCode},RENAMED ${v.vendorCode},,,`);
    renames.push('UPDV-NOPE,GHOST,,,');
    const bad = await upload('bad-update.csv', csv(renames));
    expect(bad.json).toMatchObject({
      updated: 0,
      problems: [
        { file: 'bad-update.csv', line: 6003, message: 'No vendor with code UPDV-NOPE in this entity.' },
      ],
    });
    expect(await stored()).toEqual(after);
  });

  it('loads a vendor master of thousands of rows with its yes/no columns', async () => {
    const vendors = Array.from({ length: 5001 }, (_, i) => ({
      vendorCode: `BULKV-${i}`,
      vendorName: `BULK VENDOR ${i}`,
      compliance206AB: i % 3 === 0,
      resident: i !== 5000,
    }));
    const load = await run('/ingest/ingest-vendor', 'bulk-vendors.txt', writeVendorMaster(vendors));
    expect(load.result.controlTotals).toMatchObject({ rowsLoaded: 5001, balanced: true });
    const stored = await t.server.ctx.db
      .selectFrom('vendors')
      .select(['vendor_code', 'compliance_206ab', 'resident', 'active_status'])
      .where('vendor_code', 'like', 'BULKV-%')
      .execute();
    expect(stored.length).toBe(5001);
    const v = new Map(stored.map((r) => [r.vendor_code, r]));
    expect(v.get('BULKV-3')).toMatchObject({ compliance_206ab: true, resident: true, active_status: true });
    expect(v.get('BULKV-4')).toMatchObject({ compliance_206ab: false, resident: true });
    expect(v.get('BULKV-5000')).toMatchObject({ compliance_206ab: false, resident: false });
  });
});
