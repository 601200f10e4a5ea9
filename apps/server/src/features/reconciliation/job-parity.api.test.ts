import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeUnmatched, type UnmatchedReason } from '@taxrecon/engine';
import { writeCustomerMaster } from '@taxrecon/formats';
import { formatRupees, paiseOfNumeric } from '@taxrecon/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { reconcileCommand } from '../../cli/reconcile.ts';
import { ADMIN, eventually, startTestServer, type TestServer } from '../../testing/test-server.ts';
import { generateDemoCompany } from '../demo/generate.ts';

// The golden comparison of the in-app reconciliation job with the command
// line: the same files through `taxrecon reconcile` (its result JSON) and
// through upload + the job (the stored parties, rows and rows not
// considered, read straight from the database and put in the result JSON's
// shape) must be the same, party by party, match by match, row by row, in
// the same order. On the demo company (every planted case) and on generated
// books over many parties, some invoices left out of the book.

interface ResultJson {
  financialYear: string;
  parties: {
    tan: string | null;
    name: string;
    category: string;
    bookTax: number;
    taxBookTax: number;
    bookAmount: number;
    taxBookAmount: number;
  }[];
  matches: { rule: string; book: string[]; taxBook: string[]; claimable: boolean }[];
  unmatchedBook: { ref: string; reason: string; action?: string }[];
  unmatchedTaxBook: { ref: string; reason: string; action?: string }[];
  unresolved: { ref: string; reason: string }[];
  rejected?: unknown[];
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'taxrecon-parity-'));
const servers: TestServer[] = [];

afterAll(async () => {
  for (const t of servers) await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const cliResult = async (args: string[]): Promise<ResultJson> => {
  const out = path.join(dir, `result-${Math.random().toString(36).slice(2)}.json`);
  let stderr = '';
  const code = await reconcileCommand([...args, '--out', out], {
    stdout: () => {},
    stderr: (s) => {
      stderr += s;
    },
  });
  expect(code, stderr).toBe(0);
  const result = JSON.parse(fs.readFileSync(out, 'utf8')) as ResultJson;
  delete result.rejected;
  // a match's rows in one order on both sides
  for (const m of result.matches) {
    m.book.sort();
    m.taxBook.sort();
  }
  return result;
};

const rupees = (numeric: string) => Number(formatRupees(paiseOfNumeric(numeric)));

// The stored result of a job in the CLI's result JSON shape.
const storedResult = async (t: TestServer, jobId: string): Promise<ResultJson> => {
  const pool = t.server.ctx.database.pool;
  const run = (
    await pool.query<{ financial_year: string; kind: 'TDS' | 'TCS' }>(
      'SELECT financial_year, kind FROM recon_runs WHERE job_id = $1',
      [jobId],
    )
  ).rows[0]!;
  const parties = (
    await pool.query<{
      party: number;
      tan: string | null;
      name: string;
      category: string;
      book_tax: string;
      tb_tax: string;
      book_amount: string;
      tb_amount: string;
    }>(
      `SELECT party, tan, name, category, book_tax::text, tb_tax::text, book_amount::text, tb_amount::text
       FROM recon_parties WHERE job_id = $1 ORDER BY party`,
      [jobId],
    )
  ).rows;
  const rows = (
    await pool.query<{
      party: number;
      side: 'B' | 'T';
      ord: number;
      ref: string;
      match_no: number | null;
      rule: string | null;
      claimable: boolean | null;
      split_of: number | null;
      action: string | null;
      reason: UnmatchedReason | null;
    }>(
      `SELECT party, side, ord, ref, match_no, rule, claimable, split_of, action, reason
       FROM recon_rows WHERE job_id = $1 ORDER BY party, side, ord`,
      [jobId],
    )
  ).rows;
  const unresolved = (
    await pool.query<{ side: string; ref: string; reason: string; amount: string; tax: string }>(
      'SELECT side, ref, reason, amount::text, tax::text FROM recon_unresolved WHERE job_id = $1',
      [jobId],
    )
  ).rows;
  const rowsOf = new Map<number, typeof rows>();
  for (const r of rows) {
    const list = rowsOf.get(r.party);
    if (list) list.push(r);
    else rowsOf.set(r.party, [r]);
  }
  const out: ResultJson = {
    financialYear: run.financial_year,
    parties: [],
    matches: [],
    unmatchedBook: [],
    unmatchedTaxBook: [],
    unresolved: [],
  };
  for (const p of parties) {
    out.parties.push({
      tan: p.tan,
      name: p.name,
      category: p.category,
      bookTax: rupees(p.book_tax),
      taxBookTax: rupees(p.tb_tax),
      bookAmount: rupees(p.book_amount),
      taxBookAmount: rupees(p.tb_amount),
    });
    const own = rowsOf.get(p.party) ?? [];
    const splitParents = new Set(own.filter((r) => r.split_of !== null).map((r) => `${r.side}${r.split_of}`));
    const matches = new Map<number, ResultJson['matches'][number]>();
    for (const r of own) {
      if (r.match_no === null) continue;
      let m = matches.get(r.match_no);
      if (!m) {
        m = { rule: r.rule ?? '', book: [], taxBook: [], claimable: r.claimable === true };
        matches.set(r.match_no, m);
      }
      (r.side === 'B' ? m.book : m.taxBook).push(r.ref);
    }
    for (const n of [...matches.keys()].sort((a, b) => a - b)) {
      const m = matches.get(n)!;
      m.book.sort();
      m.taxBook.sort();
      out.matches.push(m);
    }
    for (const r of own) {
      if (r.match_no !== null || splitParents.has(`${r.side}${r.ord}`)) continue;
      const item: { ref: string; reason: string; action?: string } = {
        ref: r.ref,
        reason: r.reason ? describeUnmatched(r.reason, run.kind) : '',
      };
      if (r.action) item.action = r.action;
      (r.side === 'B' ? out.unmatchedBook : out.unmatchedTaxBook).push(item);
    }
  }
  // The engine sorts rows not considered by side (book first), reference, amount, tax, reason.
  const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  out.unresolved = unresolved
    .sort(
      (a, b) =>
        byText(a.side, b.side) ||
        byText(a.ref, b.ref) ||
        paiseOfNumeric(a.amount) - paiseOfNumeric(b.amount) ||
        paiseOfNumeric(a.tax) - paiseOfNumeric(b.tax) ||
        byText(a.reason, b.reason),
    )
    .map((u) => ({ ref: u.ref, reason: u.reason }));
  return out;
};

const runJob = async (t: TestServer, token: string, year: string): Promise<string> => {
  const answer = (await t.api('PUT', `/job/tds-reconciliation/${year}`, { token, body: {} })).json as {
    jobId: string;
    throttled: boolean;
  };
  expect(answer.throttled).toBe(false);
  await eventually(async () => {
    const job = (await t.api('GET', `/job/${answer.jobId}`, { token })).json as {
      status: string;
      failureReason: string | null;
    };
    if (job.status === 'Failed') throw new Error(`job failed: ${job.failureReason}`);
    return job.status === 'Completed';
  }, 600_000);
  return answer.jobId;
};

const queueIdle = (t: TestServer, token: string) =>
  eventually(async () => {
    const list = (await t.api('GET', '/job/jobs-queue', { token })).json as { status: string }[];
    return list.length > 0 && list.every((j) => j.status === 'Completed' || j.status === 'Failed');
  }, 600_000);

describe('the in-app reconciliation job against the command line', () => {
  it('stores what `taxrecon reconcile` gives on the demo company', async () => {
    const demo = generateDemoCompany();
    for (const f of demo.files) fs.writeFileSync(path.join(dir, f.fileName), f.content);
    const named = (kind: string) =>
      demo.files.filter((f) => f.kind === kind).map((f) => path.join(dir, f.fileName));
    const cli = await cliResult([
      'tds',
      '--fy',
      demo.financialYear,
      '--book',
      named('sales-register')[0]!,
      ...named('form-26as').flatMap((f) => ['--26as', f]),
      '--customers',
      named('customer-master')[0]!,
      '--mapping',
      named('customer-mapping')[0]!,
    ]);

    const t = await startTestServer({ demo: true });
    servers.push(t);
    const token = await t.login(ADMIN.email, ADMIN.password);
    await queueIdle(t, token);
    const jobId = await runJob(t, token, demo.financialYear);
    const app = await storedResult(t, jobId);
    // the demo plants every case: not a comparison of two empty results
    expect(cli.parties.length).toBeGreaterThan(20);
    expect(new Set(cli.parties.map((p) => p.category)).size).toBeGreaterThanOrEqual(3);
    expect(cli.unmatchedBook.length + cli.unmatchedTaxBook.length).toBeGreaterThan(0);
    expect(app).toEqual(cli);
  }, 900_000);

  it('stores what `taxrecon reconcile` gives on generated books over many parties', async () => {
    const rows = 3000;
    execFileSync(
      path.resolve(import.meta.dirname, '../../../../../node_modules/.bin/tsx'),
      [
        path.resolve(import.meta.dirname, '../../../bench/generate-ingest-files.ts'),
        '--rows',
        String(rows),
        '--deductors',
        '1000',
        '--seed',
        '7',
        '--out',
        dir,
      ],
      { stdio: 'ignore' },
    );
    const statement = path.join(dir, `26as-${rows}.txt`);
    const fullRegister = fs.readFileSync(path.join(dir, `sales-register-${rows}.txt`), 'utf8').split('\n');
    // Every ninth invoice left out of the book: 26AS credits without invoices, mismatched parties.
    const register = path.join(dir, 'sales-register-partial.txt');
    fs.writeFileSync(register, fullRegister.filter((_, i) => i < 2 || i % 9 !== 0).join('\n'));
    // The master: the 26AS deductors, all but every tenth (those are found by TAN and name only).
    const customers: {
      customerCode: string;
      customerName: string;
      nameFrom26AS: string;
      tanNumber: string;
    }[] = [];
    for (const line of fs.readFileSync(statement, 'utf8').split('\n')) {
      const m = /^(\d+)\^([^^]+)\^([A-Z]{4}\d{5}[A-Z])\^/.exec(line);
      if (m && Number(m[1]) % 10 !== 0)
        customers.push({
          customerCode: `C${m[1]}`,
          customerName: m[2]!,
          nameFrom26AS: m[2]!,
          tanNumber: m[3]!,
        });
    }
    const master = path.join(dir, 'customer-master.txt');
    fs.writeFileSync(master, writeCustomerMaster(customers));

    const cli = await cliResult([
      'tds',
      '--fy',
      '2024-25',
      '--book',
      register,
      '--26as',
      statement,
      '--customers',
      master,
    ]);

    const t = await startTestServer();
    servers.push(t);
    const token = await t.login(ADMIN.email, ADMIN.password);
    const load = async (route: string, file: string, fields: Record<string, string> = {}) => {
      const answer = await t.upload(route, {
        token,
        files: [{ name: path.basename(file), content: fs.readFileSync(file) }],
        fields,
      });
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
      await queueIdle(t, token);
    };
    await load('/ingest/ingest-customer', master);
    await load('/ingest/taxbook', statement);
    await load('/ingest/sales-register', register, { financialYear: '2024-25' });
    const jobId = await runJob(t, token, '2024-25');
    const app = await storedResult(t, jobId);
    expect(cli.parties.length).toBeGreaterThanOrEqual(900);
    expect(cli.unmatchedTaxBook.length).toBeGreaterThan(50);
    expect(new Set(cli.parties.map((p) => p.category)).size).toBeGreaterThanOrEqual(2);
    expect(app.parties.length).toBe(cli.parties.length);
    expect(app).toEqual(cli);
  }, 900_000);
});
