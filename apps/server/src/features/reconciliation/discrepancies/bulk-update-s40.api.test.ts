import type { BulkUpdateAnswer, DiscrepancyResponse } from '@taxrecon/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { loadSmallBooks, partiesOf, reconcileSmall } from '../../../testing/small-reconciliation.ts';
import { ADMIN, startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { downloadedEntryId, ENTRY_CONTENT_SQL, type EntryContent } from '../results/entry-id.ts';

// Session 40: when a decision of a Bulk Update was refused, its error row
// named the line of the first row wanted for that status (which may have been
// skipped: its entry already in that status) and, as entry id, the position
// of the first entry decided on ("party:B:ord"), not the id as uploaded. The
// line and the id now name the same uploaded row, with the id as written.

let t: TestServer;
let token: string;
let jobId: string;
// a customer with two book entries, one left open by the engine
let tan = '';

const view = async () =>
  (await t.api('GET', `/discrepancy/entries/${tan}?jobId=${jobId}`, { token })).json as DiscrepancyResponse;

const decide = async (body: Record<string, unknown>) => {
  const answer = await t.api('PUT', '/discrepancy/update-discrepancies', {
    token,
    body: { jobId, ...body },
  });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
};

// The id a download writes for the book row now at `position`.
const downloadedId = async (position: string) => {
  const [party, side, ord] = position.split(':');
  const { rows } = await t.server.ctx.database.pool.query<EntryContent>(
    `SELECT ${ENTRY_CONTENT_SQL} FROM recon_rows WHERE job_id = $1 AND party = $2 AND side = $3 AND ord = $4`,
    [jobId, Number(party), side, Number(ord)],
  );
  expect(rows).toHaveLength(1);
  return downloadedEntryId(Number(party), side as 'B', Number(ord), rows[0]!);
};

beforeAll(async () => {
  t = await startTestServer();
  token = await t.login(ADMIN.email, ADMIN.password);
  await loadSmallBooks(t, token);
  jobId = await reconcileSmall(t, token);
  for (const p of await partiesOf(t, token, jobId)) {
    if (!p.customerTAN) continue;
    tan = p.customerTAN;
    const rows = (await view()).entrySalesDiscrepancies;
    if (rows.length >= 2 && rows.some((r) => r.manualAction === null)) break;
    tan = '';
  }
  expect(tan).not.toBe('');
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('a Bulk Update decision refused after a skipped row', () => {
  it('names the line and the id, as uploaded, of a row it decided on', async () => {
    const rows = (await view()).entrySalesDiscrepancies;
    const split = rows.find((r) => r.manualAction === null)!;
    const held = rows.find((r) => r !== split)!;
    // an open row split in two (a split row takes no decision, its parts do) ...
    const paise = Math.round(Number(split.professionalServices) * 100);
    const taxPaise = Math.round(Number(split.tdsOnSales) * 100);
    const half = (n: number) => Math.floor(n / 2);
    await decide({
      actionType: 'Split',
      salesPurchaseBookDiscrepancyIds: [split.id],
      splitParts: [
        { amount: (half(paise) / 100).toFixed(2), tax: (half(taxPaise) / 100).toFixed(2) },
        {
          amount: ((paise - half(paise)) / 100).toFixed(2),
          tax: ((taxPaise - half(taxPaise)) / 100).toFixed(2),
        },
      ],
    });
    // ... and another put on Hold
    const now = (await view()).entrySalesDiscrepancies;
    const heldNow = now.find((r) => r.voucherNumber === held.voucherNumber && r.splitOf === null)!;
    const splitNow = now.find((r) => r.voucherNumber === split.voucherNumber && r.manualAction === 'Split')!;
    expect(splitNow).toBeDefined();
    await decide({ actionType: 'Hold', salesPurchaseBookDiscrepancyIds: [heldNow.id] });

    // the file: line 2 already on Hold (skipped), line 3 the split row put on Hold (refused)
    const heldId = await downloadedId(heldNow.id);
    const splitId = await downloadedId(splitNow.id);
    const answer = await t.upload(`/discrepancy/discrepancies/_bulk?jobId=${jobId}&tanNumber=${tan}`, {
      token,
      files: [
        { name: 'sales-book.csv', content: `Entry id,Status\r\n${heldId},Hold\r\n${splitId},Hold\r\n` },
      ],
    });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const got = answer.json as z.input<typeof BulkUpdateAnswer>;
    expect(got).toMatchObject({ updated: 0, decisions: 0 });
    expect(got.errors).toEqual([
      { line: 3, entryId: splitId, message: expect.stringContaining('is split; decide on its parts') },
    ]);
  });
});
