import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, eventually, startTestServer, type TestServer } from '../../testing/test-server.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../../packages/formats/fixtures');
let t: TestServer;
let token: string;

const load = async (route: string, file: string, fields: Record<string, string> = {}) => {
  const answer = await t.upload(route, {
    token,
    files: [{ name: file, content: fs.readFileSync(path.join(FIXTURES, file)) }],
    fields,
  });
  const jobId = (answer.json as { jobId: string }).jobId;
  await eventually(
    async () =>
      ((await t.api('GET', `/job/${jobId}`, { token })).json as { status: string }).status === 'Completed',
  );
};

beforeAll(async () => {
  t = await startTestServer();
  token = await t.login(ADMIN.email, ADMIN.password);
  await load('/ingest/taxbook', '26as-current-layout.txt');
  await load('/ingest/sales-register', 'sales-register.txt', { financialYear: '2024-25' });
  await load('/ingest/purchase-register', 'purchase-register.txt');
});
afterAll(async () => {
  await t?.close();
});

describe('searches', () => {
  it('finds 26AS entries by TAN with exact totals over every match', async () => {
    const answer = (await t.api('POST', '/search/26as', { token, body: { tanNumber: 'pnea00001a' } }))
      .json as {
      records: { tannumber: string; taxdeducted: string }[];
      totalRecords: number;
      totals: { tax: string; amount: string };
    };
    expect(answer.totalRecords).toBe(2);
    expect(answer.records.every((r) => r.tannumber === 'PNEA00001A')).toBe(true);
    expect(answer.totals).toMatchObject({ amount: '250000.00', tax: '25000.00' });
  });

  it('pages the results and keeps the totals of the whole search', async () => {
    const all = (await t.api('POST', '/search/26as', { token, body: {} })).json as {
      totalRecords: number;
      totals: { tax: string };
    };
    const firstPage = (
      await t.api('POST', '/search/26as', {
        token,
        body: { pageSize: 2, page: 1, sortBy: 'transactiondate' },
      })
    ).json as { records: { id: string }[]; totalRecords: number; totals: { tax: string } };
    const secondPage = (
      await t.api('POST', '/search/26as', {
        token,
        body: { pageSize: 2, page: 2, sortBy: 'transactiondate' },
      })
    ).json as { records: { id: string }[] };
    expect(firstPage.records).toHaveLength(2);
    expect(firstPage.totalRecords).toBe(all.totalRecords);
    expect(firstPage.totals.tax).toBe(all.totals.tax);
    expect(secondPage.records.map((r) => r.id)).not.toContain(firstPage.records[0]?.id);
  });

  it('finds sales entries by voucher number and date range', async () => {
    const answer = (
      await t.api('POST', '/search/sales', {
        token,
        body: { invoiceNumber: 'INV/24-25/0', startDate: '2024-04-01', endDate: '2024-12-31' },
      })
    ).json as { records: { vouchernumber: string; transactiondate: string }[] };
    expect(answer.records.length).toBeGreaterThan(0);
    for (const r of answer.records) {
      expect(r.vouchernumber).toContain('INV/24-25/0');
      expect(r.transactiondate <= '2024-12-31').toBe(true);
    }
  });

  it('finds purchase entries by supplier', async () => {
    const all = (await t.api('POST', '/search/purchase', { token, body: {} })).json as {
      records: { suppliername: string }[];
    };
    const name = all.records[0]?.suppliername ?? '';
    const some = (
      await t.api('POST', '/search/purchase', { token, body: { supplierName: name.slice(0, 4) } })
    ).json as {
      records: { suppliername: string }[];
    };
    expect(some.records.length).toBeGreaterThan(0);
  });

  it("edits a sales entry's TDS and marks it to be reconciled again", async () => {
    const found = (await t.api('POST', '/search/sales', { token, body: { invoiceNumber: 'INV/24-25/001' } }))
      .json as {
      records: { id: string; toReconcile: boolean }[];
    };
    const id = found.records[0]?.id ?? '';
    expect(found.records[0]?.toReconcile).toBe(false);
    const edit = await t.api('PUT', `/ingest/sales?id=${id}&tdsAmount=14500.50&tdsRate=9.67`, { token });
    expect(edit.json).toMatchObject({ status: true });
    const after = (await t.api('POST', '/search/sales', { token, body: { invoiceNumber: 'INV/24-25/001' } }))
      .json as {
      records: { tdsonsales: string; tdsrate: string; toReconcile: boolean }[];
    };
    expect(after.records[0]).toMatchObject({ tdsonsales: '14500.50', tdsrate: '9.67', toReconcile: true });
    const pending = (await t.api('GET', '/search/sales/to-reconcile', { token })).json as {
      customers: string[];
    };
    expect(pending.customers).toEqual(['ALPHA CUSTOMER LIMITED']);
    expect((await t.api('PUT', '/ingest/sales?id=999999999&tdsAmount=1&tdsRate=1', { token })).status).toBe(
      404,
    );
  });

  it('answers notsubmitted for edited entries without an earlier reconciliation, and clears them', async () => {
    expect(
      ((await t.api('GET', '/search/sales/to-reconcile', { token })).json as { customers: string[] })
        .customers,
    ).not.toEqual([]);
    const answer = await t.api('PUT', '/job/tds-reconciliation-for-changed-sales-entries', { token });
    expect(answer.json).toMatchObject({
      status: 'notsubmitted',
      message: expect.stringMatching(/No previous reconciliation job exists/),
    });
    const after = (await t.api('GET', '/search/sales/to-reconcile', { token })).json as {
      customers: string[];
    };
    expect(after.customers).toEqual([]);
  });

  it.each([
    ['tdsRate=9400&tdsAmount=100', 'tdsRate', /between 0 and 100/],
    ['tdsRate=10&tdsAmount=-5', 'tdsAmount', /not be negative/],
  ])(
    "refuses a sales entry's TDS that cannot be right (%s) naming the field",
    async (params, field, message) => {
      const found = (
        await t.api('POST', '/search/sales', { token, body: { invoiceNumber: 'INV/24-25/001' } })
      ).json as { records: { id: string; tdsonsales: string }[] };
      const before = found.records[0];
      const edit = await t.api('PUT', `/ingest/sales?id=${before?.id}&${params}`, { token });
      expect(edit.status).toBe(400);
      expect(edit.json).toMatchObject({
        message: expect.stringMatching(message),
        details: [{ path: expect.stringContaining(field) }],
      });
      const after = (
        await t.api('POST', '/search/sales', { token, body: { invoiceNumber: 'INV/24-25/001' } })
      ).json as { records: { tdsonsales: string }[] };
      expect(after.records[0]?.tdsonsales).toBe(before?.tdsonsales);
    },
  );

  it("charts Monthly Transactions by the transactions' month, not the month the job ran", async () => {
    const raw = (await t.api('GET', '/dashboard/dashboard-raw', { token })).json as {
      monthly: Record<string, number>;
    };
    const months = Object.keys(raw.monthly);
    expect(months.length).toBeGreaterThan(0);
    for (const month of months) expect(month >= '2024-04' && month <= '2025-03', month).toBe(true);
  });

  it('lists the financial years that have book entries, latest first', async () => {
    const sales = await t.api('GET', '/search/financial-years?book=sales', { token });
    expect(sales.json).toEqual({ years: ['2024-25'] });
  });

  it.each([
    ['26as', ['2024-25']],
    ['purchase', ['2024-25']],
    ['expenses', []],
    ['payments', []],
    // the sales register loaded above is kept in the payable folder too
    ['payable-sales', ['2024-25']],
    ['34a', []],
    ['form16a', []],
  ])('lists the years that hold %s data', async (book, years) => {
    const answer = await t.api('GET', `/search/financial-years?book=${book}`, { token });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ years });
  });

  it('lists the years of uploaded expense ledgers, written 2024-25 whatever the folder stores', async () => {
    const HEADER =
      'Document Number\tDocument Date\tVendor Code\tVendor Name\tPAN No\tGL Code\tBase Amount\tTDS Amount';
    const ledger = `${HEADER}\r\nD1\t05-04-2023\tV001\tAcme Services\tAABCA1234F\t400100\t100000.00\t10000.00\r\n`;
    const sent = await t.upload('/ingest/expense/23-24/2023-04', {
      token,
      files: [{ name: 'April 2023.txt', content: ledger }],
    });
    expect(sent.status).toBe(200);
    const answer = await t.api('GET', '/search/financial-years?book=expenses', { token });
    expect(answer.json).toEqual({ years: ['2023-24'] });
    const payments = await t.api('GET', '/search/financial-years?book=payments', { token });
    expect(payments.json).toEqual({ years: [] });
  });

  it('refuses a kind of data it does not know, naming the kinds it does', async () => {
    const answer = await t.api('GET', '/search/financial-years?book=ledgers', { token });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.json)).toContain('26as');
  });

  it("shows nothing of another entity's data", async () => {
    const pune = (await t.api('PUT', '/legal-entity', { token, body: { name: 'Empty Branch' } })).json as {
      id: string;
      subGroupId: string;
    };
    await t.api('PUT', `/entity/${pune.id}/${pune.subGroupId}`, { token });
    const answer = (await t.api('POST', '/search/26as', { token, body: {} })).json as {
      totalRecords: number;
    };
    expect(answer.totalRecords).toBe(0);
  });
});
