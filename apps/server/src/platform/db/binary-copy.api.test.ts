import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SALES_FIELDS } from '@taxrecon/formats';
import { formatRupees } from '@taxrecon/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRegisterEncoder, SALES_COLUMNS } from '../../features/ingest/register-rows.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { TupleWriter, uuidBytes } from './binary-copy.ts';
import { copyLine } from './bulk-load.ts';
import { CopySpool } from './copy-spool.ts';
import { withTransaction } from './transaction.ts';

// The registers' rows go into the database in COPY's binary format. What
// lands must be what the text format landed: the same text, dates, amounts
// to the paisa and rates to four places, on the embedded database and on
// PostgreSQL, through a live COPY and through a spool file alike.
let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const COLUMNS = [
  'entity_id',
  'job_id',
  'financial_year',
  'transaction_date',
  'original_transaction_date',
  'customer_name',
  'customer_code',
  'sale_amount',
  'tds_rate',
  'tds_amount',
  'file_name',
  'line',
] as const;

interface Row {
  date: string;
  name: string;
  code: string | null;
  amount: number;
  // ten-thousandths of a percent, as parseRate leaves a rate
  rate: number | null;
  tax: number | null;
}

const rowArb: fc.Arbitrary<Row> = fc.record({
  date: fc
    .date({ min: new Date('1900-01-01'), max: new Date('2199-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  // any text PostgreSQL stores (no NUL), a tab, a backslash or a newline among them
  name: fc
    .string({ unit: 'binary', minLength: 1 })
    .map((s) => s.replaceAll('\0', ''))
    .filter((s) => s.length > 0),
  code: fc.option(fc.constantFrom('C-01', 'खाता', '\\N', 'a\tb')),
  amount: fc.integer({ min: -(10 ** 15), max: 10 ** 15 }),
  rate: fc.option(fc.integer({ min: 0, max: 1_000_000 })),
  tax: fc.option(fc.maxSafeInteger().map((p) => p % 10 ** 15)),
});

const read = async (jobId: string) =>
  (
    await t.server.ctx.database.pool.query(
      `SELECT entity_id::text, financial_year, transaction_date::text, original_transaction_date::text,
              customer_name, customer_code, sale_amount::text, tds_rate::text, tds_amount::text, file_name, line
       FROM sales_entries WHERE job_id = $1 ORDER BY line`,
      [jobId],
    )
  ).rows;

const load = async (rows: Row[], how: 'text' | 'live' | 'spool') => {
  const database = t.server.ctx.database;
  const entityId = randomUUID();
  const jobId = randomUUID();
  const spool = path.join(os.tmpdir(), `binary-copy-test-${randomUUID()}`);
  await withTransaction(database.pool, async (client) => {
    if (how === 'text') {
      const lines = rows.map((r, i) =>
        copyLine([
          entityId,
          jobId,
          '2024-25',
          r.date,
          r.date,
          r.name,
          r.code,
          formatRupees(r.amount),
          r.rate === null ? null : r.rate / 10_000,
          r.tax === null ? null : formatRupees(r.tax),
          'sales.txt',
          i + 1,
        ]),
      );
      await database.copyInto(client, 'sales_entries', COLUMNS, lines);
      return;
    }
    const w = new TupleWriter(64);
    // handed on in two parts, so a live COPY takes two writes and a spool file two chunks
    const parts: [number, Uint8Array][] = [];
    const half = Math.floor(rows.length / 2);
    rows.forEach((r, i) => {
      if (i === half && w.rows > 0) parts.push([w.rows, w.take()]);
      w.tuple(COLUMNS.length);
      w.bytes(uuidBytes(entityId));
      w.bytes(uuidBytes(jobId));
      w.text('2024-25');
      w.date(r.date);
      w.date(r.date);
      w.text(r.name);
      w.text(r.code);
      w.numeric(r.amount, 2);
      w.numeric(r.rate, 4);
      w.numeric(r.tax, 2);
      w.text('sales.txt');
      w.int4(i + 1);
    });
    parts.push([w.rows, w.take()]);
    const sink =
      how === 'live'
        ? database.openCopyWriter(client, 'sales_entries', COLUMNS, 'binary')
        : new CopySpool(spool);
    for (const [n, tuples] of parts) await sink.write(tuples, n);
    await sink.close();
    if (how === 'spool')
      expect(await database.copyFileInto(client, 'sales_entries', COLUMNS, spool, 'binary')).toBe(
        rows.length,
      );
  });
  fs.rmSync(spool, { force: true });
  const landed = await read(jobId);
  return landed.map((r) => ({ ...r, entity_id: r.entity_id === entityId ? 'the entity' : r.entity_id }));
};

describe('rows copied in binary', () => {
  it('land as the same rows as in text, live and through a spool file', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(rowArb, { minLength: 1, maxLength: 40 }), async (rows) => {
        const text = await load(rows, 'text');
        expect(text).toHaveLength(rows.length);
        expect(await load(rows, 'live')).toEqual(text);
        expect(await load(rows, 'spool')).toEqual(text);
      }),
      { numRuns: 15 },
    );
  });

  it('land a register row as its encoder wrote it: amounts in rupees, the rate to four places, names in UTF-8', async () => {
    const entityId = randomUUID();
    const jobId = randomUUID();
    const headers = ['Date', 'Customer Name', 'Sale Amount', 'TDS Rate', 'TDS Amount', 'TAN'];
    const mapping = { date: 0, customerName: 1, saleAmount: 2, tdsRate: 3, tdsAmount: 4, tan: 5 };
    expect(SALES_FIELDS.filter((f) => f.required).every((f) => f.key in mapping)).toBe(true);
    const w = new TupleWriter();
    const { add, part } = createRegisterEncoder(
      'sales',
      { entityId, jobId, financialYear: '2024-25' },
      { file: 'sales.txt', headers, headerLine: 1, mapping },
      w,
    );
    const records = [
      ['01-Apr-2024', 'Śrī Gaṇeśa Traders ₹', '1,18,000.50', '0.1', '118.00', 'PNEA00001A'],
      ['31-Mar-2025', 'CREDIT NOTE', '-2,000.00', '2', '-200.00', ''],
      ['15-Jun-2024', 'NO TAX', '99', '', '', ''],
      ['01-Apr-2023', 'OUTSIDE THE YEAR', '10', '', '', ''],
    ];
    expect(records.map((values, i) => add({ line: i + 2, values }))).toEqual([true, true, true, false]);
    expect(part.rowsValid).toBe(3);
    const n = w.rows;
    const columns = [...SALES_COLUMNS];
    await withTransaction(t.server.ctx.database.pool, async (client) => {
      const sink = t.server.ctx.database.openCopyWriter(client, 'sales_entries', columns, 'binary');
      await sink.write(w.take(), n);
      await sink.close();
    });
    const rows = await read(jobId);
    expect(
      rows.map((r) => [r.transaction_date, r.customer_name, r.sale_amount, r.tds_rate, r.tds_amount]),
    ).toEqual([
      ['2024-04-01', 'Śrī Gaṇeśa Traders ₹', '118000.50', '0.1000', '118.00'],
      ['2025-03-31', 'CREDIT NOTE', '-2000.00', '2.0000', '-200.00'],
      ['2024-06-15', 'NO TAX', '99.00', null, null],
    ]);
    expect(rows.map((r) => r.line)).toEqual([2, 3, 4]);
    expect(rows.every((r) => r.entity_id === entityId && r.financial_year === '2024-25')).toBe(true);
  });

  it('refuses a spool file that ends part-way through a row, and nothing of it lands', async () => {
    const database = t.server.ctx.database;
    const jobId = randomUUID();
    const w = new TupleWriter();
    for (let i = 1; i <= 3; i++) {
      w.tuple(COLUMNS.length);
      w.bytes(uuidBytes(randomUUID()));
      w.bytes(uuidBytes(jobId));
      w.text('2024-25');
      w.date('2024-04-01');
      w.date('2024-04-01');
      w.text(`ROW ${i}`);
      w.text(null);
      w.numeric(100, 2);
      w.numeric(null, 4);
      w.numeric(null, 2);
      w.text('sales.txt');
      w.int4(i);
    }
    const bytes = w.take();
    const spool = path.join(os.tmpdir(), `binary-copy-test-${randomUUID()}`);
    fs.writeFileSync(spool, bytes.subarray(0, bytes.length - 3));
    try {
      await expect(
        withTransaction(database.pool, (client) =>
          database.copyFileInto(client, 'sales_entries', COLUMNS, spool, 'binary'),
        ),
      ).rejects.toThrow();
    } finally {
      fs.rmSync(spool, { force: true });
    }
    expect(await read(jobId)).toEqual([]);
  });
});
