import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readExpenseSections, readPayableVendors, readVendorSections } from '@taxrecon/formats';
import pg from 'pg';
import {
  insertExpenseSections,
  insertPayableVendors,
  insertVendorSections,
  storeExpenseLedger,
} from '../src/features/demo/payable-demo.ts';
import {
  expenseSectionMappings,
  payableVendors,
  vendorSectionMappings,
} from '../src/features/payable/engine-input.ts';
import { mapLedgerHeaders } from '../src/features/payable/ledger-read.ts';
import { startBenchServer } from './bench-server.ts';

// The app half of bench:payable: the generated year split into twelve
// monthly ledgers (by document date), loaded into a fresh entity on
// PostgreSQL with the vendor master and mappings, then a 34A job per month
// April..March (each computes the year to date, as the screen submits them),
// timed from submit to Completed, and the explore screen's calls on the result.

const FY = '2024-25';

const splitByMonth = (file: string): { header: string; months: Map<string, string[]> } => {
  const text = fs.readFileSync(file, 'utf8');
  const lines = text.split(/\r?\n/);
  const header = lines[0]!;
  const dateColumn = header.split('\t').indexOf('documentDate');
  const months = new Map<string, string[]>();
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line) continue;
    const date = line.split('\t', dateColumn + 1)[dateColumn]!; // dd-mm-yyyy
    const month = `${date.slice(6, 10)}-${date.slice(3, 5)}`;
    const list = months.get(month);
    if (list) list.push(line);
    else months.set(month, [line]);
  }
  return { header, months };
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const median = async (runs: number, call: () => Promise<unknown>) => {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return `${Math.round(times[Math.floor(times.length / 2)]!)} ms`;
};

export const benchPayableApp = async (dir: string, pgUrl: string) => {
  const name = `taxrecon_bench_payable_${process.pid}`;
  const admin = new pg.Client({ connectionString: `${pgUrl}/postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'taxrecon-payable-app-'));
  try {
    const { server, base, token } = await startBenchServer(dataDir, `${pgUrl}/${name}`);
    const ctx = server.ctx;
    const call = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
      const response = await fetch(`${base}${route}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      if (response.status !== 200)
        throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    };
    const user = await ctx.db
      .selectFrom('users')
      .select(['id', 'tenant_id', 'current_entity_id', 'login'])
      .executeTakeFirstOrThrow();
    const owner = {
      tenantId: user.tenant_id,
      entityId: user.current_entity_id!,
      userId: user.id,
      login: user.login,
    };

    const loadStarted = performance.now();
    const read = (f: string) => new Uint8Array(fs.readFileSync(path.join(dir, f)));
    await insertPayableVendors(
      ctx.database.pool,
      owner.entityId,
      payableVendors((await readPayableVendors(read('vendors.txt'), 'vendors.txt')).rows),
    );
    await insertVendorSections(
      ctx.database.pool,
      owner.entityId,
      vendorSectionMappings(
        (await readVendorSections(read('vendor-sections.txt'), 'vendor-sections.txt')).rows,
      ),
    );
    await insertExpenseSections(
      ctx.database.pool,
      owner.entityId,
      expenseSectionMappings(
        (await readExpenseSections(read('expense-sections.txt'), 'expense-sections.txt')).rows,
      ),
    );
    const { header, months } = splitByMonth(path.join(dir, 'ledger.txt'));
    const order = [...months.keys()].sort();
    for (const month of order)
      await storeExpenseLedger(
        ctx,
        owner,
        FY,
        month,
        `expenses-${month}.txt`,
        Buffer.from(`${header}\n${months.get(month)!.join('\n')}\n`),
      );
    const headers = header.split('\t');
    const mapping: Record<string, string> = {};
    for (const [field, index] of Object.entries(mapLedgerHeaders(headers)))
      if (index !== undefined) mapping[headers[index]!] = field;
    console.log(
      `34A jobs in the app on PostgreSQL: ${order.length} monthly files loaded in ${seconds(performance.now() - loadStarted)}`,
    );

    let lastJob = '';
    let total = 0;
    for (const month of order) {
      const started = performance.now();
      const answer = await call<{ jobId: string | null; throttled: boolean }>(
        'PUT',
        `/job/34a-reconciliation/${FY}`,
        {
          mappingDefinitions: mapping,
          customCalculationRules: [],
          vendors: [],
          month,
        },
      );
      if (!answer.jobId) throw new Error(`${month}: not queued (${JSON.stringify(answer)})`);
      let job: { status: string; failureReason: string | null; payload: string | null };
      for (;;) {
        job = await call('GET', `/job/${answer.jobId}`);
        if (job.status === 'Completed' || job.status === 'Failed') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      if (job.status === 'Failed') throw new Error(`${month}: ${job.failureReason}`);
      const ms = performance.now() - started;
      total += ms;
      const result = JSON.parse(job.payload ?? '{}') as {
        entries?: number;
        timings?: {
          read: number;
          compute: number;
          write: number;
          writeDelete?: number;
          writeEntries?: number;
        };
      };
      const t = result.timings;
      console.log(
        `  ${month}: ${String(result.entries ?? '?').padStart(9)} entries year to date, ${seconds(ms)} submit to Completed` +
          (t
            ? ` (read ${t.read} ms, engine ${t.compute} ms, write ${t.write} ms: delete ${t.writeDelete} ms, COPY entries ${t.writeEntries} ms)`
            : ''),
      );
      lastJob = answer.jobId;
    }
    console.log(`  all twelve: ${seconds(total)}`);

    const summary = await call<{
      rows: {
        monthYear: string;
        section: string;
        subsection: string;
        deducteeType: string;
        entries: number;
      }[];
    }>('GET', `/34a/summary/24-25/${order[order.length - 1]}`);
    const row = [...summary.rows].sort((a, b) => b.entries - a.entries)[0]!;
    const group = `${row.monthYear}/${row.section}/${row.deducteeType}${row.subsection ? `?subsection=${row.subsection}` : ''}`;
    const q = row.subsection ? '&' : '?';
    const timings = [
      `year view ${await median(5, () => call('GET', `/34a/response/${lastJob}`))}`,
      `month summary ${await median(5, () => call('GET', `/34a/summary/24-25/${row.monthYear}`))}`,
      `explore cards ${await median(5, () => call('GET', `/34a/explore/${group}`))}`,
      `entries page 1 ${await median(5, () => call('GET', `/job/tds-payable-entries/${group}`))}`,
      `entries page 100 sorted by base ${await median(5, () => call('GET', `/job/tds-payable-entries/${group}${q}page=100&sort=-base`))}`,
      `entries short only ${await median(5, () => call('GET', `/job/tds-payable-entries/${group}${q}status=short`))}`,
    ];
    console.log(
      `  explore screen on the largest row (${row.entries} entries of ${row.section}${row.subsection ? `(${row.subsection})` : ''} ${row.deducteeType}, ${row.monthYear}), median of 5:`,
    );
    console.log(`    ${timings.join(', ')}`);
    await server.close();
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};
