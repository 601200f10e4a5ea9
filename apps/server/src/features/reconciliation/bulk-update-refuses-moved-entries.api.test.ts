import type { DiscrepancyResponse } from '@taxrecon/contracts';
import { parseDelimited } from '@taxrecon/formats';
import { csvLine } from '@taxrecon/shared/csv';
import { TextWriter, Uint8ArrayReader, ZipReader } from '@zip.js/zip.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSmallBooks, reconcileSmall, SMALL_YEAR } from '../../testing/small-reconciliation.ts';
import { ADMIN, jobFinished, startTestServer, type TestServer } from '../../testing/test-server.ts';

// Session 39: the Entry id of a downloaded row was its position
// ("party:B:ord"). A sync of the customer between download and upload
// rebuilds its rows from the current data, so a position can hold another
// row, and the upload decided on that row (it only asked that the id
// exist). The id now carries a print of the row's content; an upload whose
// entry is no longer the one downloaded is refused whole, ENTRY_CHANGED,
// naming file, line and column, and nothing is decided.

const TAN = 'PNEA00001A'; // ALPHA CUSTOMER LIMITED: INV/24-25/001 (15 Apr 2024) and INV/24-25/188
const VOUCHER = 'INV/24-25/001';

let t: TestServer;
let token: string;
let jobId: string;
let oldFile: string;
let oldId: string;

const decisions = async () =>
  Number(
    (
      await t.server.ctx.db
        .selectFrom('recon_decisions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const view = async () =>
  (await t.api('GET', `/discrepancy/entries/${TAN}?jobId=${jobId}`, { token })).json as DiscrepancyResponse;

// The customer's sales-book.csv as downloaded, with VOUCHER put on Hold.
const downloadHeld = async (): Promise<{ text: string; id: string }> => {
  const response = await fetch(
    `${t.baseUrl}/taxrecon/api/v1/discrepancy/entries/download/customer/${TAN}?jobId=${jobId}`,
    { method: 'POST', headers: { authorization: `Bearer ${token}` } },
  );
  expect(response.status).toBe(200);
  const reader = new ZipReader(new Uint8ArrayReader(new Uint8Array(await response.arrayBuffer())));
  let csv = '';
  for (const entry of await reader.getEntries())
    if (!entry.directory && entry.filename === 'sales-book.csv') csv = await entry.getData(new TextWriter());
  await reader.close();
  const records = parseDelimited(csv, ',').records.map((r) => r.values);
  const header = records[0]!;
  const [idAt, statusAt, voucherAt] = ['Entry id', 'Status', 'Voucher number'].map((h) => header.indexOf(h));
  let id = '';
  const lines = records.map((values, i) => {
    if (i > 0 && values[voucherAt!] === VOUCHER) {
      id = values[idAt!]!;
      return csvLine(values.map((v, j) => (j === statusAt ? 'Hold' : v)));
    }
    return csvLine(values);
  });
  expect(id).not.toBe('');
  return { text: lines.join(''), id };
};

const bulkUpdate = (text: string) =>
  t.upload(`/discrepancy/discrepancies/_bulk?jobId=${jobId}&tanNumber=${TAN}`, {
    token,
    files: [{ name: 'sales-book.csv', content: text }],
  });

beforeAll(async () => {
  t = await startTestServer();
  token = await t.login(ADMIN.email, ADMIN.password);
  await loadSmallBooks(t, token);
  jobId = await reconcileSmall(t, token);
  ({ text: oldFile, id: oldId } = await downloadHeld());

  // another invoice of the customer, dated before every other: it sorts first
  const register = [
    'Zedex Sample Private Limited',
    'Sales Register',
    '1-Apr-2024 to 31-Mar-2025',
    '',
    'Date\tParticulars\tVch Type\tVch No.\tVoucher Ref.\tGSTIN/UIN\tPAN No.\tTAN No.\tGross Total\tProfessional Services\tOthers\tCGST @9%\tSGST @9%\tIGST @18%\tTDS Rate\tTDS on Sales',
    '01-Apr-2024\tALPHA CUSTOMER LIMITED\tSales\tINV/24-25/000\t\t27AAACA1234K1ZZ\tAAACA1234K\tPNEA00001A\t11,800.00\t10,000.00\t\t900.00\t900.00\t\t10%\t1,000.00',
    '',
  ].join('\n');
  const sales = await t.upload('/ingest/sales-register', {
    token,
    files: [{ name: 'more-sales.txt', content: register }],
    fields: { financialYear: SMALL_YEAR },
  });
  expect(sales.status, JSON.stringify(sales.json)).toBe(200);
  await jobFinished(t, token, (sales.json as { jobId: string }).jobId);

  // the customer synced after the download
  const sync = await t.api('PUT', `/reconciliation-response/sync/${TAN}?jobId=${jobId}`, { token });
  expect(sync.status, JSON.stringify(sync.json)).toBe(200);
  const syncJob = (sync.json as { jobId: string | null }).jobId;
  if (syncJob) expect((await jobFinished(t, token, syncJob)).status).toBe('Completed');
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('an uploaded decision lands only on the entry downloaded', () => {
  it('the sync moved the downloaded position to another invoice', async () => {
    const now = await view();
    const position = oldId.split(':').slice(0, 3).join(':');
    expect(now.entrySalesDiscrepancies.find((r) => r.id === position)?.voucherNumber).toBe('INV/24-25/000');
    expect(now.entrySalesDiscrepancies.find((r) => r.voucherNumber === VOUCHER)?.id).not.toBe(position);
  });

  it('refuses the old file on Bulk Update, naming file, line and column, and decides nothing', async () => {
    const answer = await bulkUpdate(oldFile);
    expect(answer.status).toBe(400);
    const position = oldId.split(':').slice(0, 3).join(':');
    expect(answer.json).toMatchObject({
      code: 'ENTRY_CHANGED',
      message: expect.stringMatching(
        new RegExp(
          `sales-book\\.csv, line \\d+, column Entry id: the entry ${position} is no longer INV/24-25/001 of 15 Apr 2024 but INV/24-25/000 of 01 Apr 2024 \\(the customer was reconciled again after this file was downloaded\\); download the entries again`,
        ),
      ),
    });
    expect(await decisions()).toBe(0);
    for (const r of (await view()).entrySalesDiscrepancies) expect(r.manualAction).not.toBe('Hold');
  });

  it('refuses the old file in a manual reconciliation upload too', async () => {
    const answer = await t.upload(`/ingest/ingest-manual-reconciliation?jobId=${jobId}`, {
      token,
      files: [{ name: 'old.csv', content: oldFile }],
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({
      code: 'ENTRY_CHANGED',
      message: expect.stringContaining('old.csv: nothing was changed.'),
    });
    expect(await decisions()).toBe(0);
  });

  it('applies a file downloaded after the sync to the invoice it names', async () => {
    const fresh = await downloadHeld();
    // "<party>:B:<position>:<print of the row's content>"
    expect(fresh.id).toMatch(/^\d+:B:\d+:[0-9a-f]{8}$/);
    expect(fresh.id).not.toBe(oldId);
    const answer = await bulkUpdate(fresh.text);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect(answer.json).toMatchObject({ updated: 1, decisions: 1, errors: [] });
    const rows = (await view()).entrySalesDiscrepancies;
    expect(rows.find((r) => r.voucherNumber === VOUCHER)?.manualAction).toBe('Hold');
    expect(rows.find((r) => r.voucherNumber === 'INV/24-25/000')?.manualAction).not.toBe('Hold');
  });
});
