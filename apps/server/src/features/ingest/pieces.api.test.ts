import {
  EXAMPLE_STATEMENT_HEADER,
  parse26asText,
  type StatementParty,
  write26asText,
} from '@taxrecon/formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, jobFinished, startTestServer, type TestServer } from '../../testing/test-server.ts';

// A statement or a register big enough to be cut is parsed in pieces across
// two threads by its ingest job; the rows loaded (and the rows refused) must
// be the ones one pass reads, each with its own line number.
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
    const text = write26asText(EXAMPLE_STATEMENT_HEADER, 'TDS', parties);
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
    // a load that grows its table by a tenth leaves statistics that count its
    // rows (platform/db/statistics.ts): never analysed, the table reads as -1
    const stats = await t.server.ctx.database.pool.query<{ reltuples: number }>(
      `SELECT reltuples FROM pg_class WHERE oid = 'tax_entries'::regclass`,
    );
    expect(Number(stats.rows[0]?.reltuples)).toBeGreaterThanOrEqual(expected.length);
  });
});

// The sample register, its rows repeated with their own voucher numbers, and
// rows that are refused (a 31 February, a date outside the year), warned
// about (a bad TAN) or skipped (blank lines, the total row) along the way.
const bigRegister = (): string => {
  const header =
    'Date\tParticulars\tVch Type\tVch No.\tVoucher Ref.\tGSTIN/UIN\tPAN No.\tTAN No.\tGross Total\tProfessional Services\tOthers\tCGST @9%\tSGST @9%\tIGST @18%\tTDS Rate\tTDS on Sales';
  const lines = ['Zedex Sample Private Limited', 'Sales Register', '1-Apr-2024 to 31-Mar-2025', '', header];
  for (let i = 0; i < 400; i++) {
    const v = String(i).padStart(4, '0');
    lines.push(
      `15-Apr-2024\tALPHA CUSTOMER LIMITED\tSales\tINV/${v}/A\tPO-${v}\t27AAACA1234K1ZZ\tAAACA1234K\tPNEA00001A\t1,77,000.00\t1,50,000.00\t\t13,500.00\t13,500.00\t\t10%\t15,000.00`,
      `05-Oct-2024\tGAMMA CONTRACTING CO\tSales\tINV/${v}/B\t\t07AAAFG2468M1Z7\t\tDELG00003C\t47,200.00\t40,000.00\t\t\t\t7,200.00\t2%\t${800 + i}.00`,
    );
    if (i % 37 === 0)
      lines.push(
        `31-Feb-2025\tDELTA DIGITAL LLP\tSales\tINV/${v}/C\t\t\t\t\t2,360.00\t2,000.00\t\t180.00\t180.00\t\t10\t200.00`,
      );
    if (i % 53 === 0)
      lines.push(
        `15-Apr-2023\tOLD YEAR LIMITED\tSales\tINV/${v}/D\t\t\t\t\t1,180.00\t1,000.00\t\t90.00\t90.00\t\t10\t100.00`,
      );
    if (i % 41 === 0)
      lines.push(
        `14-Mar-2025\tSIGMA SERVICES\tSales\tINV/${v}/E\t\t\t\tbadtan\t11,800.00\t10,000.00\t\t900.00\t900.00\t\t10\t1,000.00`,
      );
    if (i % 97 === 0) lines.push('');
  }
  lines.push('\tGrand Total\t\t\t\t\t\t\t1.00\t1.00\t\t\t\t\t\t1.00');
  return `${lines.join('\r\n')}\r\n`;
};

// The same register as Excel saves a CSV: fields with commas quoted, and now
// and then a name over two lines inside its quotes, doubled quotes, and a
// bare quote inside a value (a quoted file is cut only between records).
const bigCsvRegister = (): string =>
  bigRegister()
    .split('\r\n')
    .map((line, i) =>
      line
        .split('\t')
        .map((v, k) => {
          let value = v;
          if (k === 1 && value && i % 29 === 0) value = value.replace(' ', '\n');
          if (k === 1 && value && i % 31 === 0) value = `${value} "Star"`;
          if (k === 4 && value && i % 23 === 0) return `12" ${value}`;
          return /[,"\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
        })
        .join(','),
    )
    .join('\r\n');

describe('a big sales register upload', () => {
  it.each([
    ['tab-separated', 'big-register.txt', bigRegister],
    ['a CSV with quoted fields', 'big-register.csv', bigCsvRegister],
  ])(
    'loads and refuses the rows one pass does, parsed in pieces across threads (%s)',
    async (_, name, make) => {
      const content = make();
      expect(content.length).toBeGreaterThan(20 * 4096);
      const load = async (threads: string) => {
        process.env.TAXRECON_THREADS = threads;
        const answer = await t.upload('/ingest/sales-register', {
          token,
          files: [{ name, content }],
          fields: { financialYear: '2024-25', force: 'true' },
        });
        expect(answer.status, JSON.stringify(answer.json)).toBe(200);
        const jobId = (answer.json as { jobId: string }).jobId;
        const view = await jobFinished(t, token, jobId);
        expect(view.status, view.remarks ?? '').toBe('Completed');
        const { rows } = await t.server.ctx.database.pool.query(
          `SELECT financial_year, transaction_date::text, customer_name, voucher_number, voucher_ref, gstin, pan,
                tan, invoice_value::text, sale_amount::text, tds_rate::text, tds_amount::text, line
           FROM sales_entries WHERE job_id = $1 ORDER BY line`,
          [jobId],
        );
        const result = JSON.parse(view.payload ?? '{}') as { controlTotals: unknown; invalidRows: number };
        return {
          rows,
          controlTotals: result.controlTotals,
          invalidRows: result.invalidRows,
          remarks: view.remarks,
        };
      };
      const onePass = await load('1');
      const inPieces = await load('2');
      expect(onePass.rows.length).toBeGreaterThan(700);
      expect(onePass.invalidRows).toBeGreaterThan(15);
      expect(inPieces.rows).toEqual(onePass.rows);
      expect(inPieces.controlTotals).toEqual(onePass.controlTotals);
      expect(inPieces.invalidRows).toBe(onePass.invalidRows);
      expect(inPieces.remarks).toBe(onePass.remarks);
    },
  );
});
