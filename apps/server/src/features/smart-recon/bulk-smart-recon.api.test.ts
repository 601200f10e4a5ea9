import {
  BULK_IN_PROGRESS,
  type DiscrepancyResponse,
  type ManualReconJob,
  type SubmitAnswer,
} from '@taxrecon/contracts';
import { parseDelimited } from '@taxrecon/formats';
import {
  TextReader,
  TextWriter,
  Uint8ArrayReader,
  Uint8ArrayWriter,
  ZipReader,
  ZipWriter,
} from '@zip.js/zip.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  eventually,
  jobFinished,
  startTestServer,
  type TestServer,
} from '../../testing/test-server.ts';
import { generateDemoCompany } from '../demo/generate.ts';
import { releaseLock, takeLock } from '../reconciliation/runs/locks.ts';

// Bulk smart recon and manual reconciliation on the demo company's
// reconciliation: the low-matched customer ids, one job at a time, the
// chosen customers reconciled again; a zip of edited discrepancy downloads
// applied as a job, once even when loaded twice.

const demo = generateDemoCompany();
const FY = demo.financialYear;
let t: TestServer;
let token: string;
let entityId: string;
let tdsJob: string;

const download = async (path: string) => {
  const response = await fetch(`${t.baseUrl}/taxrecon/api/v1${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.status, text: await response.text() };
};

beforeAll(async () => {
  t = await startTestServer({ demo: true });
  token = await t.login(ADMIN.email, ADMIN.password);
  await eventually(async () => {
    const list = (await t.api('GET', '/job/jobs-queue', { token })).json as {
      status: string;
      jobType: string;
    }[];
    const ingest = list.filter((j) => j.jobType.startsWith('Ingest'));
    return ingest.length === demo.files.length && ingest.every((j) => j.status === 'Completed');
  }, 120_000);
  const submitted = await t.api('PUT', `/job/tds-reconciliation/${FY}`, { token, body: {} });
  const jobId = (submitted.json as SubmitAnswer).jobId!;
  tdsJob = jobId;
  expect((await jobFinished(t, token, jobId)).status).toBe('Completed');
  entityId = (
    await t.server.ctx.db
      .selectFrom('recon_runs')
      .select('entity_id')
      .where('job_id', '=', jobId)
      .executeTakeFirstOrThrow()
  ).entity_id;
}, 240_000);

afterAll(async () => {
  await t?.close();
});

describe('bulk smart reconciliation', () => {
  let ids: string[];

  it('downloads the customer ids below a matched percentage, fewer for a lower one', async () => {
    const all = await download(
      `/smart-filters/entityIds-tds-matched-26-as-less-than/${FY}?tdsMatchedPercentage=100`,
    );
    expect(all.status).toBe(200);
    ids = all.text.split('\n').filter((l) => l !== '');
    expect(ids.length).toBeGreaterThan(0);
    const few = await download(
      `/smart-filters/entityIds-tds-matched-26-as-less-than/${FY}?tdsMatchedPercentage=1`,
    );
    expect(few.text.split('\n').filter((l) => l !== '').length).toBeLessThan(ids.length);
    const zero = await download(
      `/smart-filters/entityIds-tds-matched-26-as-less-than/${FY}?tdsMatchedPercentage=0`,
    );
    expect(zero.status).toBe(400);
  });

  it('runs one job at a time: while a reconciliation holds the entity, a submit says so', async () => {
    const pool = t.server.ctx.database.pool;
    expect(await takeLock(pool, entityId, 'recon')).toBe(true);
    try {
      const answer = await t.api('PUT', `/job/smart-tds-reconciliation-bulk/${FY}?tolerance=10`, {
        token,
        body: ids.slice(0, 3),
      });
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({ error: BULK_IN_PROGRESS, message: BULK_IN_PROGRESS });
    } finally {
      await releaseLock(pool, entityId, 'recon', null);
    }
  });

  it('reconciles the chosen customers again as one job', async () => {
    const answer = await t.api(
      'PUT',
      `/job/smart-tds-reconciliation-bulk/${FY}?tolerance=10&reconMatchMode=TaxOnly`,
      {
        token,
        body: ids.slice(0, 3),
      },
    );
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const { jobId } = answer.json as { jobId: string };
    const job = await jobFinished(t, token, jobId);
    expect(job.status).toBe('Completed');
  });

  it('refuses ids that are not customers of the reconciliation', async () => {
    const answer = await t.api('PUT', `/job/smart-tds-reconciliation-bulk/${FY}`, {
      token,
      body: ['NOPE-1'],
    });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.json)).toContain('NOPE-1');
  });
});

describe('manual reconciliation', () => {
  const d = demo.expectations.invoicesMissingFrom26as;

  const editedZip = async () => {
    const response = await fetch(
      `${t.baseUrl}/taxrecon/api/v1/discrepancy/entries/download/customer/${d.tan}?jobId=${tdsJob}`,
      { method: 'POST', headers: { authorization: `Bearer ${token}` } },
    );
    const reader = new ZipReader(new Uint8ArrayReader(new Uint8Array(await response.arrayBuffer())));
    const entry = (await reader.getEntries()).find((e) => e.filename === 'sales-book.csv');
    if (!entry || entry.directory) throw new Error('no sales-book.csv in the download');
    const { records } = parseDelimited(await entry.getData(new TextWriter()), ',');
    const header = records[0]!.values;
    const status = header.indexOf('Status');
    const voucher = header.indexOf('Voucher number');
    const lines = records.map((r) => {
      const values = [...r.values];
      if (d.vouchers.includes(values[voucher]!)) values[status] = 'Hold';
      return values.map((v) => (/[",]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)).join(',');
    });
    const zip = new ZipWriter(new Uint8ArrayWriter());
    await zip.add('sales-book.csv', new TextReader(`${lines.join('\n')}\n`));
    return zip.close();
  };

  const load = async (zip: Uint8Array, name: string) => {
    const answer = await t.upload('/ingest/ingest-manual-reconciliation', {
      token,
      files: [{ name, content: zip }],
    });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const { jobId } = answer.json as { jobId: string };
    expect((await jobFinished(t, token, jobId)).status).toBe('Completed');
    return jobId;
  };

  it('applies the edited statuses as decisions once, and lists the jobs', async () => {
    const zip = await editedZip();
    const first = await load(zip, 'manual one.zip');
    const view = (await t.api('GET', `/discrepancy/entries/${d.tan}?jobId=${tdsJob}`, { token }))
      .json as DiscrepancyResponse;
    for (const v of d.vouchers) {
      expect(view.entrySalesDiscrepancies.find((r) => r.voucherNumber === v)?.manualAction).toBe('Hold');
    }
    const second = await load(zip, 'manual two.zip');
    const jobs = (await t.api('GET', '/manual-reconciliation/reports', { token })).json as ManualReconJob[];
    const one = jobs.find((j) => j.jobId === first)!;
    const two = jobs.find((j) => j.jobId === second)!;
    expect(one).toMatchObject({
      fileName: 'manual one.zip',
      status: 'Completed',
      updated: d.vouchers.length,
      errorMsg: '',
    });
    expect(one.totalBookEntries).toBeGreaterThanOrEqual(d.vouchers.length);
    expect(one.uploadedBy).toBe(ADMIN.email);
    // the same file again: nothing changed, so no decision is recorded twice
    expect(two).toMatchObject({ fileName: 'manual two.zip', status: 'Completed', updated: 0 });
  });

  it('refuses a file without the download columns or of the wrong type', async () => {
    const zip = new ZipWriter(new Uint8ArrayWriter());
    await zip.add('mine.csv', new TextReader('a,b\n1,2\n'));
    const answer = await t.upload('/ingest/ingest-manual-reconciliation', {
      token,
      files: [{ name: 'mine.zip', content: await zip.close() }],
    });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.json)).toContain(
      'mine.csv, line 1: no \\"Entry id\\" and \\"Status\\" columns',
    );
    const wrong = await t.upload('/ingest/ingest-manual-reconciliation', {
      token,
      files: [{ name: 'notes.txt', content: 'x' }],
    });
    expect(wrong.status).toBe(400);
  });
});
