import fs from 'node:fs';
import path from 'node:path';
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
});
