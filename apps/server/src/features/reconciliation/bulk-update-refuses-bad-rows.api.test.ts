import type { DiscrepancyResponse } from '@taxrecon/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSmallBooks, partiesOf, reconcileSmall } from '../../testing/small-reconciliation.ts';
import { ADMIN, startTestServer, type TestServer } from '../../testing/test-server.ts';

// Session 39: the discrepancy screen's Bulk Update (the downloaded CSVs with
// the Status column edited) skipped a Status it did not know ("Acept") in
// silence and applied the rest, answering "n entries updated" in green; an
// entry of another customer on one customer's screen was applied in part.
// The file is now checked whole first, as the manual reconciliation upload
// is: 400 naming file, line and column, and nothing is decided.

let t: TestServer;
let token: string;
let jobId: string;
let tan: string;
let bookIds: string[];

const decisions = async () =>
  Number(
    (
      await t.server.ctx.db
        .selectFrom('recon_decisions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await startTestServer();
  token = await t.login(ADMIN.email, ADMIN.password);
  await loadSmallBooks(t, token);
  jobId = await reconcileSmall(t, token);
  const parties = await partiesOf(t, token, jobId);
  // a customer with at least two sales rows
  for (const p of parties) {
    if (!p.customerTAN) continue;
    const view = (await t.api('GET', `/discrepancy/entries/${p.customerTAN}?jobId=${jobId}`, { token }))
      .json as DiscrepancyResponse;
    if (view.entrySalesDiscrepancies.length >= 2) {
      tan = p.customerTAN;
      bookIds = view.entrySalesDiscrepancies.map((r) => r.id);
      break;
    }
  }
  expect(bookIds?.length).toBeGreaterThanOrEqual(2);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const send = (name: string, lines: string[], query = `&tanNumber=${tan}`) =>
  t.upload(`/discrepancy/discrepancies/_bulk?jobId=${jobId}${query}`, {
    token,
    files: [{ name, content: `${lines.join('\n')}\n` }],
  });

describe('a bulk update file with a row that cannot be applied', () => {
  it('refuses a Status that is no status, naming file, line and column, and changes nothing', async () => {
    const answer = await send('edited.csv', ['Entry id,Status', `${bookIds[0]},Hold`, `${bookIds[1]},Acept`]);
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({
      code: 'BAD_ROWS',
      message: expect.stringContaining('edited.csv, line 3, column Status: "Acept" is not a status'),
    });
    expect(await decisions()).toBe(0);
  });

  it("refuses an entry of another customer on one customer's upload", async () => {
    const other = `${Number(bookIds[0]!.split(':')[0]) + 1}:B:0`;
    const answer = await send('edited.csv', ['Entry id,Status', `${bookIds[0]},Hold`, `${other},Hold`]);
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({
      code: 'BAD_ROWS',
      message: expect.stringContaining(`edited.csv, line 3, column Entry id: "${other}"`),
    });
    expect(await decisions()).toBe(0);
  });

  it('applies a file whose rows are all good', async () => {
    const answer = await send('edited.csv', [
      'Entry id,Status',
      `${bookIds[0]},Hold`,
      `${bookIds[1]},Matched`,
    ]);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ updated: 1, decisions: 1, errors: [] });
  });
});
