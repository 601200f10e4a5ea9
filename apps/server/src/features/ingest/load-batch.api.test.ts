import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tupleFeed, uuidBytes } from '../../platform/db/binary-copy.ts';
import { type CopyFormat, copyLine } from '../../platform/db/bulk-load.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { parseAndLoad } from './load-batch.ts';
import { emptyBatch, type LiveCopy, openTable } from './parsed-batch.ts';

// A row load writes into its COPY while the files are parsed: on PostgreSQL
// always, on the embedded database when asked (text files), in 4 MiB slices;
// otherwise it spools first. Either way a load balances or leaves nothing,
// also when the parse stops half-way or the server refuses a row after
// thousands were sent, and the connection is fit for the next load. The
// registers' rows go in COPY's binary format (binary-copy.ts), the rest in
// text: both are loaded each way.
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
  'sale_amount',
  'tds_amount',
  'file_name',
  'line',
] as const;

// 50,000 rows of about 150 bytes: the writers send them in pieces of 1 MiB
// (PostgreSQL) or 4 MiB (embedded), so a failure at row 35,000 comes after
// rows reached the database
const ROWS = 50_000;

const load = (options: {
  stopAt?: number;
  badDateAt?: number;
  // as the registers are: read back through the entity and the year
  byEntityYear?: boolean;
  // this row names another entity
  strayAt?: number;
  streamEmbedded: boolean;
  format: CopyFormat;
}) => {
  const entityId = randomUUID();
  const jobId = randomUUID();
  const spooled: string[] = [];
  const tempPath = () => {
    const file = path.join(os.tmpdir(), `load-batch-test-${randomUUID()}`);
    spooled.push(file);
    return file;
  };
  const parse = async (live: LiveCopy | null) => {
    const batch = emptyBatch('sales_entries', 'sale_amount', 'tds_amount', jobId);
    if (options.byEntityYear) {
      batch.control.byEntityYear = true;
      batch.financialYears = ['2024-25'];
    }
    const target = openTable('sales_entries', COLUMNS, tempPath, live, options.format);
    batch.tables.push(target);
    // binary: the tuples handed on as the register loader hands them on
    const feed = tupleFeed(target.spool);
    const tuples = feed.rows;
    const ids = { entity: uuidBytes(entityId), job: uuidBytes(jobId) };
    for (let i = 1; i <= ROWS; i++) {
      if (i === options.stopAt) throw new Error('the parser stopped');
      const entity = i === options.strayAt ? randomUUID() : entityId;
      if (options.format === 'text') {
        const date = i === options.badDateAt ? '2024-02-30' : '2024-05-01';
        await target.spool.write(
          copyLine([
            entity,
            jobId,
            '2024-25',
            date,
            date,
            `CUSTOMER ${i}`,
            '100.25',
            '10.03',
            'sales.txt',
            i,
          ]),
        );
      } else {
        tuples.tuple(COLUMNS.length);
        tuples.bytes(entity === entityId ? ids.entity : uuidBytes(entity));
        tuples.bytes(ids.job);
        tuples.text('2024-25');
        tuples.date('2024-05-01');
        tuples.date('2024-05-01');
        // a date the writer cannot make is refused before it is sent: a missing name is the server's to refuse
        tuples.text(i === options.badDateAt ? null : `CUSTOMER ${i}`);
        tuples.numeric(100_25, 2);
        tuples.numeric(10_03, 2);
        tuples.text('sales.txt');
        tuples.int4(i);
        if (feed.full()) await feed.hand();
      }
      batch.rowsValid += 1;
      batch.amountRead += 100_25;
      batch.taxRead += 10_03;
    }
    await feed.hand();
    await target.spool.close();
    return batch;
  };
  const run = () =>
    parseAndLoad(t.server.ctx.database, parse, {
      jobId,
      entityId,
      fileIds: [],
      streamTable: 'sales_entries',
      streamEmbedded: options.streamEmbedded,
    });
  const landed = async () =>
    Number(
      (
        await t.server.ctx.database.pool.query<{ n: string }>(
          'SELECT count(*) AS n FROM sales_entries WHERE job_id = $1',
          [jobId],
        )
      ).rows[0]?.n,
    );
  return { run, landed, spooled };
};

describe.each([
  { streamEmbedded: true, format: 'text' as const, how: 'streamed' },
  {
    streamEmbedded: false,
    format: 'text' as const,
    how: 'streamed on PostgreSQL, spooled on the embedded database',
  },
  { streamEmbedded: true, format: 'binary' as const, how: 'streamed' },
  {
    streamEmbedded: false,
    format: 'binary' as const,
    how: 'streamed on PostgreSQL, spooled on the embedded database',
  },
])('a row load in COPY $format, $how', ({ streamEmbedded, format }) => {
  const refusal = format === 'text' ? /date/ : /customer_name/;
  const streamed = () => streamEmbedded || t.server.ctx.database.kind === 'postgres';

  it('loads every row and balances', async () => {
    const l = load({ streamEmbedded, format });
    const totals = await l.run();
    expect(totals).toMatchObject({
      rowsLoaded: ROWS,
      amountLoaded: '5012500.00',
      taxLoaded: '501500.00',
      balanced: true,
    });
    expect(await l.landed()).toBe(ROWS);
    expect(l.spooled).toHaveLength(streamed() ? 0 : 1);
  });

  it('leaves nothing when the parse stops half-way, and the next load goes through', async () => {
    const stopped = load({ stopAt: 40_000, streamEmbedded, format });
    await expect(stopped.run()).rejects.toThrow('the parser stopped');
    expect(await stopped.landed()).toBe(0);
    for (let i = 0; i < 3; i++) {
      const next = load({ streamEmbedded, format });
      expect((await next.run()).rowsLoaded).toBe(ROWS);
    }
  });

  it('leaves nothing when the database refuses a row after thousands were sent', async () => {
    const refused = load({ badDateAt: 35_000, streamEmbedded, format });
    await expect(refused.run()).rejects.toThrow(refusal);
    expect(await refused.landed()).toBe(0);
    const next = load({ streamEmbedded, format });
    expect((await next.run()).balanced).toBe(true);
  });

  it('reads a register back through its entity and year: it balances, and a row under another entity does not', async () => {
    const register = load({ byEntityYear: true, streamEmbedded, format });
    expect(await register.run()).toMatchObject({ rowsLoaded: ROWS, balanced: true });
    const stray = load({ byEntityYear: true, strayAt: 20_000, streamEmbedded, format });
    await expect(stray.run()).rejects.toThrow(`loaded ${ROWS - 1} rows`);
    expect(await stray.landed()).toBe(0);
    // read back by the job alone, the same stray row is counted
    const byJob = load({ strayAt: 20_000, streamEmbedded, format });
    expect((await byJob.run()).rowsLoaded).toBe(ROWS);
  });
});
