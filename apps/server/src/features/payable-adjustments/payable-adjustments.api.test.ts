import {
  type AdjustmentJob,
  type AdjustmentUploadAnswer,
  API_BASE,
  type PayableEntriesPage,
  type PayableEntry,
  type PayableMonthlyRow,
  type PayableMonthSummary,
} from '@taxrecon/contracts';
import { paiseOfNumeric } from '@taxrecon/shared';
import ExcelJS from 'exceljs';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMail, type SmtpCapture, startSmtpCapture } from '../../testing/smtp-capture.ts';
import { ADMIN, eventually, startTestServer, type TestServer } from '../../testing/test-server.ts';
import { generateDemoExpenses } from '../demo/expenses.ts';
import { loadDemoExpenses } from '../demo/payable-demo.ts';
import { type AdjustmentJobInput, adjustmentTask } from './job.ts';

// Adjustments through the API on the demo company's April 2024 (computed by a
// real 34A job): step 1 e-mails the line's entries (real SMTP), the test edits
// the workbook as a person would and uploads it back; a valid file is applied
// by its job and the line is computed again, a wrong one is refused with an
// errors workbook naming row and column, and nothing changes.

const demo = generateDemoExpenses();
let t: TestServer;
let smtp: SmtpCapture;
let token: string;
let line: PayableMonthlyRow;
let emailed: Buffer;

const call = (method: string, route: string, body?: unknown) =>
  t.api(method, route, { token, ...(body === undefined ? {} : { body }) });
const ok = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
  const a = await call(method, route, body);
  if (a.status !== 200) throw new Error(`${method} ${route}: ${a.status} ${JSON.stringify(a.json)}`);
  return a.json as T;
};
const download = async (route: string) => {
  const r = await fetch(`${t.baseUrl}${API_BASE}${route}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: r.status, bytes: Buffer.from(await r.arrayBuffer()) };
};
const waitForJob = (jobId: string) =>
  eventually(async () => {
    await t.server.ctx.database.pool.query("UPDATE pgboss.job SET start_after = now() WHERE state = 'retry'");
    const job = (await call('GET', `/job/${jobId}`)).json as { status: string; failureReason: string };
    if (job.status === 'Failed') throw new Error(job.failureReason);
    return job.status === 'Completed' ? job : null;
  }, 120_000);

const group = () => `${line.monthYear}/${line.section}/${line.deducteeType}`;
const sub = () => `?subsection=${encodeURIComponent(line.subsection)}`;
const lineEntries = async () =>
  (await ok<PayableEntriesPage>('GET', `/job/tds-payable-entries/${group()}${sub()}&pageSize=500`)).rows;
const monthRow = async () =>
  (await ok<PayableMonthSummary>('GET', '/34a/summary/24-25/2024-04')).rows.filter(
    (r) =>
      r.section === line.section && r.subsection === line.subsection && r.deducteeType === line.deducteeType,
  );
const sum = (rows: PayableMonthlyRow[], f: (r: PayableMonthlyRow) => string) =>
  rows.reduce((n, r) => n + paiseOfNumeric(f(r)), 0);
const jobs = () => ok<AdjustmentJob[]>('GET', `/34a/adjust-jobs/${group()}${sub()}`);

// The e-mailed workbook with some cells changed: { [Excel row]: { header: value } }.
const edited = async (edits: Record<number, Record<string, string | number>>) => {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(emailed as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const header = sheet.getRow(2).values as unknown[];
  for (const [row, cells] of Object.entries(edits))
    for (const [h, v] of Object.entries(cells)) {
      const column = header.indexOf(h);
      if (column < 1) throw new Error(`no column ${h}`);
      sheet.getRow(Number(row)).getCell(column).value = v;
    }
  return Buffer.from(await book.xlsx.writeBuffer());
};
const cellOf = async (row: number, h: string) => {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(emailed as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const column = (sheet.getRow(2).values as unknown[]).indexOf(h);
  return sheet.getRow(row).getCell(column).value;
};
const entryAt = (entries: PayableEntry[], file: unknown, l: unknown) =>
  entries.find((e) => e.file === file && e.line === Number(l))!;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await startTestServer({ smtpUrl: smtp.url }, { work: false });
  token = await t.login(ADMIN.email, ADMIN.password);
  const admin = await t.server.ctx.db
    .selectFrom('users')
    .select(['id', 'tenant_id', 'current_entity_id', 'login'])
    .where('login', '=', ADMIN.email)
    .executeTakeFirstOrThrow();
  const { mapping } = await loadDemoExpenses(
    t.server.ctx,
    { tenantId: admin.tenant_id, entityId: admin.current_entity_id!, userId: admin.id, login: admin.login },
    demo,
  );
  await t.server.ctx.jobs.work();
  const answer = await ok<{ jobId: string }>('PUT', '/job/34a-reconciliation/24-25', {
    mappingDefinitions: mapping,
    customCalculationRules: [],
    vendors: [],
    month: '2024-04',
  });
  await waitForJob(answer.jobId);
  const summary = await ok<PayableMonthSummary>('GET', '/34a/summary/24-25/2024-04');
  // a line with a few entries that all carry a rate
  line = summary.rows.filter((r) => r.entries >= 4).sort((a, b) => b.entries - a.entries)[0]!;
  expect(line).toBeDefined();
  const route = `/job/entries/${group()}${sub()}&email=ap%40books.test`;
  await ok('POST', route);
  const mail = await parseMail(await smtp.waitFor('ap@books.test'));
  emailed = Buffer.from(mail.attachments[0]!.content as Uint8Array);
}, 300_000);

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('uploading the adjusted entries (step 2)', () => {
  it('refuses a wrong file with an errors workbook naming row and column, and changes nothing', async () => {
    const before = await lineEntries();
    const rowBefore = await monthRow();
    const bytes = await edited({ 3: { 'TDS deducted': 'twelve' }, 5: { Line: 999999 }, 6: { Base: 1 } });
    const answer = await t.upload(`/34a/adjust/${group()}${sub()}`, {
      token,
      files: [{ name: 'adjusted-wrong.xlsx', content: bytes }],
    });
    expect(answer.status).toBe(400);
    const body = answer.json as {
      code: string;
      message: string;
      details: { path: string; message: string }[];
    };
    expect(body.code).toBe('INVALID_ADJUSTMENT');
    expect(body.message).toMatch(/^3 problems in adjusted-wrong\.xlsx; nothing was applied\. First: /);
    expect(body.message).toContain('row 3, column');
    expect(body.details.map((d) => d.path)).toEqual([
      expect.stringMatching(/^row 3, column [A-Z]+ \(TDS deducted\)$/),
      expect.stringMatching(/^row 5, column A \(File\)$/),
      expect.stringMatching(/^row 6, column [A-Z]+ \(Base\)$/),
    ]);
    expect(body.details[0]!.message).toContain('found "twelve"');

    const [job] = await jobs();
    expect(job!.job.status).toBe('Failed');
    expect(job!.hasErrorsFile).toBe(true);
    expect(job!.errorCount).toBe(3);
    expect(job!.payload.fileName).toBe('adjusted-wrong.xlsx');
    const errors = await download(`/34a/adjusted-file-errors/${job!.job.id}`);
    expect(errors.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(errors.bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect((sheet.getRow(2).values as unknown[]).slice(1, 4)).toEqual(['Row', 'Column', 'What is wrong']);
    const rows = [3, 4, 5].map((r) => (sheet.getRow(r).values as unknown[]).slice(1, 4));
    expect(rows.map((r) => r[0])).toEqual([3, 5, 6]);
    expect(String(rows[0]![1])).toContain('TDS deducted');
    expect(String(rows[0]![2])).toMatch(/^expected .*found "twelve"$/);
    expect(String(rows[1]![2])).toContain('line 999999 is not one of its');
    expect(String(rows[2]![2])).toContain('Base is corrected in the expense ledger');
    const original = await download(`/34a/adjusted-file-original/${job!.job.id}`);
    expect(original.bytes.equals(bytes)).toBe(true);

    expect(await lineEntries()).toEqual(before);
    expect(await monthRow()).toEqual(rowBefore);
  });

  it('refuses a file that changes nothing, and one that is not a workbook', async () => {
    const same = await t.upload(`/34a/adjust/${group()}${sub()}`, {
      token,
      files: [{ name: 'unchanged.xlsx', content: emailed }],
    });
    expect(same.status).toBe(400);
    expect((same.json as { code: string }).code).toBe('NO_CHANGES');
    const text = await t.upload(`/34a/adjust/${group()}${sub()}`, {
      token,
      files: [{ name: 'entries.csv', content: 'File,Line\n' }],
    });
    expect(text.status).toBe(400);
    expect((text.json as { message: string }).message).toBe(
      'entries.csv: only .xlsx files are accepted here.',
    );
  });

  it('applies a valid file in its job and computes the line again', async () => {
    const before = await lineEntries();
    const rowBefore = await monthRow();
    const [fileA, lineA, deductedA] = await Promise.all([
      cellOf(3, 'File'),
      cellOf(3, 'Line'),
      cellOf(3, 'TDS deducted'),
    ]);
    const [fileB, lineB, rateB] = await Promise.all([
      cellOf(4, 'File'),
      cellOf(4, 'Line'),
      cellOf(4, 'Rate %'),
    ]);
    const a = entryAt(before, fileA, lineA);
    // the workbook holds what the entries are
    expect(entryAt(before, fileB, lineB).rate).toBe(Number(rateB));
    expect(paiseOfNumeric(a.deducted)).toBe(Math.round(Number(deductedA) * 100));
    const newRate = Number(rateB) === 5 ? 7 : 5;
    // 123.45 more deducted on one entry, another at a different rate
    const bytes = await edited({
      3: { 'TDS deducted': Number(deductedA) + 123.45 },
      4: { 'Rate %': newRate },
    });
    const answer = await t.upload(`/34a/adjust/${group()}${sub()}`, {
      token,
      files: [{ name: 'adjusted-entries.xlsx', content: bytes }],
    });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const submitted = answer.json as AdjustmentUploadAnswer;
    expect(submitted.rowsChanged).toBe(2);
    expect(submitted.message).toBe(
      'Job Submitted - The adjusted entries will be applied and the line computed again.',
    );
    await waitForJob(submitted.jobId!);

    const after = await lineEntries();
    const a2 = entryAt(after, fileA, lineA);
    const b2 = entryAt(after, fileB, lineB);
    expect(paiseOfNumeric(a2.deducted)).toBe(paiseOfNumeric(a.deducted) + 12_345);
    expect(b2.rate).toBe(newRate);
    expect(b2.reason).toContain(`rate ${newRate}% as adjusted for this line`);
    // the other entries are computed as before
    const untouched = (es: PayableEntry[]) =>
      es
        .filter((e) => e !== entryAt(es, fileA, lineA) && e !== entryAt(es, fileB, lineB))
        .map(({ id: _id, ...rest }) => rest);
    expect(untouched(after)).toEqual(untouched(before));
    // the monthly summary is computed again from the adjusted entries
    const rowAfter = await monthRow();
    expect(sum(rowAfter, (r) => r.deducted)).toBe(sum(rowBefore, (r) => r.deducted) + 12_345);

    const [job] = await jobs();
    expect(job!.job.status).toBe('Completed');
    expect(job!.job.jobId).toBe(submitted.jobId);
    expect(job!.rowsChanged).toBe(2);
    expect(job!.hasErrorsFile).toBe(false);
    expect((await download(`/34a/adjusted-file-errors/${job!.job.id}`)).status).toBe(404);
    expect((await download(`/34a/adjusted-file-original/${job!.job.id}`)).bytes.equals(bytes)).toBe(true);

    // a retry of the finished job (a crash after its commit, before the queue
    // heard of it) finds the job finished: its writes roll back, nothing twice
    const run = (
      await t.server.ctx.database.pool.query<{
        entity_id: string;
        financial_year: string;
        month: string;
        mapping: Record<string, string>;
        custom_rules: AdjustmentJobInput['run']['customRules'];
      }>(
        'SELECT entity_id, financial_year, month, mapping, custom_rules FROM payable_runs WHERE job_id = $1',
        [submitted.jobId],
      )
    ).rows[0]!;
    const input: AdjustmentJobInput = {
      adjustmentId: submitted.adjustmentId,
      entityId: run.entity_id,
      run: {
        financialYear: run.financial_year as AdjustmentJobInput['run']['financialYear'],
        month: run.month,
        mapping: run.mapping,
        customRules: run.custom_rules,
      },
      login: ADMIN.email,
      userId: null,
    };
    const retry = adjustmentTask(() => t.server.ctx).run(input, {
      jobId: submitted.jobId!,
      attempt: 2,
      progress: async () => {},
      complete: async (tx) => {
        const marked = await (tx as Pick<pg.PoolClient, 'query'>).query(
          "UPDATE jobs SET status = 'Completed' WHERE id = $1 AND status IN ('NotStarted', 'InProgress')",
          [submitted.jobId],
        );
        if (marked.rowCount === 0) throw new Error('the job is finished already');
      },
    });
    await expect(retry).rejects.toThrow('the job is finished already');
    expect(await lineEntries()).toEqual(after);

    // a later 34A run of the year keeps the adjusted values
    const rerun = await ok<{ jobId: string }>('PUT', '/job/34a-reconciliation/24-25', {
      mappingDefinitions: (
        await t.server.ctx.database.pool.query<{ mapping: Record<string, string> }>(
          'SELECT mapping FROM payable_runs WHERE job_id = $1',
          [submitted.jobId],
        )
      ).rows[0]!.mapping,
      customCalculationRules: [],
      vendors: [],
      month: '2024-04',
    });
    await waitForJob(rerun.jobId);
    const kept = await lineEntries();
    expect(paiseOfNumeric(entryAt(kept, fileA, lineA).deducted)).toBe(paiseOfNumeric(a.deducted) + 12_345);
    expect(entryAt(kept, fileB, lineB).rate).toBe(newRate);
  }, 240_000);

  it('is one entity’s: another entity sees no adjustment jobs and cannot download them', async () => {
    const [job] = await jobs();
    expect((await download(`/34a/adjusted-file-original/${job!.job.id}`)).status).toBe(200);
    const other = (await call('PUT', '/legal-entity', { name: 'Other Branch', panNumber: 'AABCO1234Q' }))
      .json as { id: string; subGroupId: string };
    const home = (
      (await call('GET', '/entities')).json as { id: string; subGroupId: string; current: boolean }[]
    ).find((x) => x.current)!;
    expect((await call('PUT', `/entity/${other.id}/${other.subGroupId}`)).status).toBe(200);
    try {
      expect(await jobs()).toEqual([]);
      expect((await download(`/34a/adjusted-file-original/${job!.job.id}`)).status).toBe(404);
    } finally {
      await call('PUT', `/entity/${home.id}/${home.subGroupId}`);
    }
  });
});
