import fs from 'node:fs';
import path from 'node:path';
import type { ReconResultPage, SubmitAnswer } from '@taxrecon/contracts';
import { expect } from 'vitest';
import { jobFinished, type TestServer } from './test-server.ts';

// A small TDS reconciliation for API tests that need a finished job but not
// the demo company: the formats package's sample customer master, 26AS (FY
// 2024-25) and sales register uploaded into the admin's entity and reconciled with the defaults.

const FIXTURES = path.resolve(import.meta.dirname, '../../../../packages/formats/fixtures');
export const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

export const SMALL_YEAR = '2024-25';

export const loadSmallBooks = async (t: TestServer, token: string): Promise<void> => {
  const master = await t.upload('/ingest/ingest-customer', {
    token,
    files: [{ name: 'customers.txt', content: fixture('customer-master.txt') }],
  });
  expect(master.status, JSON.stringify(master.json)).toBe(200);
  await jobFinished(t, token, (master.json as { jobId: string }).jobId);
  const statement = await t.upload('/ingest/taxbook', {
    token,
    files: [{ name: '26as.txt', content: fixture('26as-current-layout.txt') }],
  });
  expect(statement.status, JSON.stringify(statement.json)).toBe(200);
  await jobFinished(t, token, (statement.json as { jobId: string }).jobId);
  const sales = await t.upload('/ingest/sales-register', {
    token,
    files: [{ name: 'sales.txt', content: fixture('sales-register.txt') }],
    fields: { financialYear: SMALL_YEAR },
  });
  expect(sales.status, JSON.stringify(sales.json)).toBe(200);
  await jobFinished(t, token, (sales.json as { jobId: string }).jobId);
};

export const reconcileSmall = async (t: TestServer, token: string, customers: string[] = []) => {
  const answer = await t.api('PUT', `/job/tds-reconciliation/${SMALL_YEAR}`, {
    token,
    body: { customers },
  });
  expect(answer.json).toMatchObject({ throttled: false, error: false });
  const jobId = (answer.json as SubmitAnswer).jobId!;
  const view = await jobFinished(t, token, jobId);
  expect(view.status).toBe('Completed');
  return jobId;
};

// Every party of a job, whatever its tab.
export const partiesOf = async (t: TestServer, token: string, jobId: string) => {
  const all = [];
  for (const matchType of ['partialMatches', 'fullMatches', 'missingFromSales', 'missingFromTaxBook']) {
    const page = (
      await t.api('POST', `/reconciliation-response/tds/job/${jobId}/1?matchType=${matchType}&pageSize=500`, {
        token,
        body: {},
      })
    ).json as ReconResultPage;
    all.push(...page[matchType as 'fullMatches'].map((p) => ({ ...p, matchType })));
  }
  return all;
};
