import fs from 'node:fs';
import path from 'node:path';
import type { DiscrepancyResponse, ReconResultPage, SubmitAnswer } from '@taxrecon/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, eventually, startTestServer, type TestServer } from '../../testing/test-server.ts';
import { DEMO_PAN, generateDemoCompany } from '../demo/generate.ts';

// The dashboard's row counts and a reconciliation result's job-level figures
// are kept between calls (so a busy screen does not hold the database); a
// change to the data must still show on the very next call.

const FIXTURES = path.resolve(import.meta.dirname, '../../../../../packages/formats/fixtures');
const demo = generateDemoCompany();
let t: TestServer;
let token: string;

const api = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
  const answer = await t.api(method, route, { token, ...(body === undefined ? {} : { body }) });
  if (answer.status !== 200)
    throw new Error(`${method} ${route}: ${answer.status} ${JSON.stringify(answer.json)}`);
  return answer.json as T;
};

const finished = (jobId: string) =>
  eventually(async () => {
    const job = await api<{ status: string; payload: string | null }>('GET', `/job/${jobId}`);
    return job.status === 'Completed' || job.status === 'Failed' ? job : null;
  }, 60_000);

beforeAll(async () => {
  t = await startTestServer({ demo: true });
  token = await t.login(ADMIN.email, ADMIN.password);
  await eventually(async () => {
    const jobs = await api<{ status: string; jobType: string }[]>('GET', '/job/jobs-queue');
    const ingests = jobs.filter((j) => j.jobType.startsWith('Ingest'));
    return ingests.length === demo.files.length && ingests.every((j) => j.status === 'Completed');
  }, 120_000);
});
afterAll(async () => {
  await t?.close();
});

interface Dashboard {
  twentySixEntriesCount: number;
}

describe('kept figures', () => {
  it('the dashboard counts a 26AS file as soon as its load finishes', async () => {
    const before = await api<Dashboard>('GET', '/dashboard/dashboard-raw');
    // asked again at once: served from what was kept
    expect((await api<Dashboard>('GET', '/dashboard/dashboard-raw')).twentySixEntriesCount).toBe(
      before.twentySixEntriesCount,
    );
    const upload = await t.upload('/ingest/taxbook', {
      token,
      files: [
        {
          name: 'more.txt',
          // the demo entity's own PAN: a statement of another PAN is refused
          content: fs
            .readFileSync(path.join(FIXTURES, '26as-current-layout.txt'), 'utf8')
            .replaceAll('AAACZ9999Z', DEMO_PAN),
        },
      ],
    });
    expect(upload.status, JSON.stringify(upload.json)).toBe(200);
    const job = await finished((upload.json as { jobId: string }).jobId);
    const loaded = (JSON.parse(job.payload ?? '{}') as { controlTotals: { rowsLoaded: number } })
      .controlTotals.rowsLoaded;
    expect(loaded).toBeGreaterThan(0);
    const after = await api<Dashboard>('GET', '/dashboard/dashboard-raw');
    expect(after.twentySixEntriesCount).toBe(before.twentySixEntriesCount + loaded);
  });

  it('a result page shows a decision in its category counts on the next call', async () => {
    const submitted = await api<SubmitAnswer>('PUT', `/job/tds-reconciliation/${demo.financialYear}`, {});
    const jobId = submitted.jobId as string;
    expect((await finished(jobId)).status).toBe('Completed');
    const page = () =>
      api<ReconResultPage>(
        'POST',
        `/reconciliation-response/tds/job/${jobId}/1?matchType=partialMatches`,
        {},
      );
    const before = await page();
    const tan = demo.expectations.smallTaxDifference.tan;
    const party = await api<DiscrepancyResponse>('GET', `/discrepancy/entries/${tan}?jobId=${jobId}`);
    const book = party.entrySalesDiscrepancies.find((r) => r.manualAction === null);
    const credit = party.taxBookDiscrepancies.find((r) => r.manualAction === null);
    const decided = await api<{ category: string }>('PUT', '/discrepancy/update-discrepancies', {
      jobId,
      actionType: 'Accept',
      correlate: true,
      salesPurchaseBookDiscrepancyIds: [book?.id],
      taxBookDiscrepancyIds: [credit?.id],
    });
    expect(decided.category).toBe('fullMatches');
    const after = await page();
    expect(after.counts.fullMatches).toBe(before.counts.fullMatches + 1);
    expect(after.counts.partialMatches).toBe(before.counts.partialMatches - 1);
    expect(after.metadata.nonCompliantCustomers).toBe(before.metadata.nonCompliantCustomers - 1);
  });
});
