import { BULK_IN_PROGRESS, type SubmitAnswer } from '@taxrecon/contracts';
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

// Bulk smart recon on the demo company's reconciliation: the low-matched
// customer ids, one job at a time, and the chosen customers reconciled again.

const demo = generateDemoCompany();
const FY = demo.financialYear;
let t: TestServer;
let token: string;
let entityId: string;

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
