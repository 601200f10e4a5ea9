import { parse26asText, type StatementParty, write26asText } from '@taxrecon/formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, jobFinished, startTestServer, type TestServer } from '../../testing/test-server.ts';

// A statement big enough to be cut is parsed in pieces across two threads by
// the 26AS ingest job; the rows loaded must be the ones one pass reads, each
// with its own line number.
let t: TestServer;
let token: string;
const saved = { ...process.env };

beforeAll(async () => {
  // 4 KB pieces: a statement of a few hundred deductors becomes dozens
  process.env.TAXRECON_PARSE_CHUNK_BYTES = '4096';
  process.env.TAXRECON_THREADS = '2';
  t = await startTestServer();
  token = await t.login(ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  process.env.TAXRECON_PARSE_CHUNK_BYTES = saved.TAXRECON_PARSE_CHUNK_BYTES;
  process.env.TAXRECON_THREADS = saved.TAXRECON_THREADS;
  if (saved.TAXRECON_PARSE_CHUNK_BYTES === undefined) delete process.env.TAXRECON_PARSE_CHUNK_BYTES;
  if (saved.TAXRECON_THREADS === undefined) delete process.env.TAXRECON_THREADS;
  await t?.close();
});

const parties: StatementParty[] = Array.from({ length: 400 }, (_, i) => ({
  name: `DEDUCTOR ${i} PRIVATE LIMITED`,
  tan: `MUMD${String(10000 + i)}E`,
  transactions: Array.from({ length: 1 + (i % 4) }, (_, k) => ({
    section: k % 2 ? '194J' : '194C',
    date: `2024-${String(4 + (k % 9)).padStart(2, '0')}-15`,
    status: 'F',
    bookingDate: null,
    remarks: null,
    amount: 100_000_00 + i * 101 + k,
    tax: 1_000_00 + i,
    deposited: 1_000_00 + i,
  })),
}));

describe('a big 26AS upload', () => {
  it('loads the rows one pass reads, parsed in pieces across threads', async () => {
    const text = write26asText(
      {
        fileCreationDate: '2025-06-28',
        pan: 'AAACZ9999Z',
        financialYearStart: 2024,
        name: 'ZEN TRADERS PRIVATE LIMITED',
        address: ['1 MG ROAD', '', '', 'PUNE', ''],
        state: 'MAHARASHTRA',
        pin: '411001',
      },
      'TDS',
      parties,
    );
    expect(text.length).toBeGreaterThan(20 * 4096);
    const answer = await t.upload('/ingest/taxbook', { token, files: [{ name: 'big.txt', content: text }] });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const jobId = (answer.json as { jobId: string }).jobId;
    const view = await jobFinished(t, token, jobId);
    expect(view.status, view.remarks ?? '').toBe('Completed');

    const onePass = parse26asText(text, 'big.txt');
    const expected = (onePass.tds?.parties ?? []).flatMap((p) =>
      p.transactions.map((x) => `${p.tan}|${x.section}|${x.transactionDate}|${x.amount}|${x.tax}|${x.line}`),
    );
    const { rows } = await t.server.ctx.database.pool.query<{ k: string }>(
      `SELECT tan || '|' || section || '|' || transaction_date::text || '|' || round(amount * 100)::bigint::text
              || '|' || round(tax * 100)::bigint::text || '|' || line AS k
         FROM tax_entries WHERE job_id = $1 ORDER BY line`,
      [jobId],
    );
    expect(expected.length).toBe(parties.reduce((n, p) => n + p.transactions.length, 0));
    expect(rows.map((r) => r.k)).toEqual(expected);
  });
});
