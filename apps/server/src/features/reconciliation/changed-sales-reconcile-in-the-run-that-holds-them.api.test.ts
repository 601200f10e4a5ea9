import type { DiscrepancyResponse } from '@taxrecon/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSmallBooks, partiesOf, reconcileSmall } from '../../testing/small-reconciliation.ts';
import { ADMIN, jobFinished, startTestServer, type TestServer } from '../../testing/test-server.ts';

// Session 39: "Start Reconciliation for above customers" (spec 2.10, after
// editing sales entries) re-ran the edited customers in the year's latest
// completed job. When that was a job of chosen customers, made after the
// year's full run, an edited customer outside it was not there: the edit
// was marked reconciled, nothing ran, and the screen said no previous job
// existed, while the full run kept the old TDS. Now the latest run that
// holds the edited entries re-runs them.

let t: TestServer;
let token: string;
let fullJob: string;
let edited: { tan: string; salesId: string; voucher: string };

beforeAll(async () => {
  t = await startTestServer();
  token = await t.login(ADMIN.email, ADMIN.password);
  await loadSmallBooks(t, token);
  fullJob = await reconcileSmall(t, token);
  const parties = (await partiesOf(t, token, fullJob)).filter(
    (p) => p.customerTAN && p.totalEntriesSales > 0,
  );
  expect(parties.length).toBeGreaterThanOrEqual(2);
  const [chosen, other] = parties as [(typeof parties)[number], (typeof parties)[number]];
  // a later job of one chosen customer: the year's latest completed job
  await reconcileSmall(t, token, [chosen.entityId]);
  const view = (await t.api('GET', `/discrepancy/entries/${other.customerTAN}?jobId=${fullJob}`, { token }))
    .json as DiscrepancyResponse;
  const row = view.entrySalesDiscrepancies[0]!;
  edited = { tan: other.customerTAN!, salesId: row.sourceId!, voucher: row.voucherNumber };
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('sales entries edited after a later job of chosen customers', () => {
  it('are reconciled again in the full run that holds them', async () => {
    const edit = await t.api('PUT', `/ingest/sales?id=${edited.salesId}&tdsAmount=1234.56&tdsRate=10`, {
      token,
    });
    expect(edit.json).toMatchObject({ status: true });
    const answer = await t.api('PUT', '/job/tds-reconciliation-for-changed-sales-entries', { token });
    expect(answer.json).toMatchObject({ status: 'submitted' });
    const [jobId] = (answer.json as { jobIds: string[] }).jobIds;
    expect((await jobFinished(t, token, jobId!)).status).toBe('Completed');
    const after = (await t.api('GET', `/discrepancy/entries/${edited.tan}?jobId=${fullJob}`, { token }))
      .json as DiscrepancyResponse;
    expect(after.entrySalesDiscrepancies.find((r) => r.voucherNumber === edited.voucher)?.tdsOnSales).toBe(
      '1234.56',
    );
    // and the edit is no longer waiting
    const waiting = (await t.api('GET', '/search/sales/to-reconcile', { token })).json as {
      customers: string[];
    };
    expect(waiting.customers).toEqual([]);
  });
});
