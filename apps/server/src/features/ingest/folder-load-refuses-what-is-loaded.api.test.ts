import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, jobFinished, startTestServer, type TestServer } from '../../testing/test-server.ts';

// Session 39: files stay in the server folder after a folder load, and the
// load kept none of the upload's refusals: loading the raw 26AS folder (or
// the sales folder) a second time loaded every row again, so the next
// reconciliation counted the 26AS credits (or the invoices) twice. A folder
// load now asks exactly what an upload asks: the same bytes (DUPLICATE_FILE),
// a statement whose rows are mostly loaded (ROWS_ALREADY_LOADED), another
// PAN; "Load again" (force) loads anyway.

const FIXTURES = path.resolve(import.meta.dirname, '../../../../../packages/formats/fixtures');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

let t: TestServer;
let token: string;

beforeAll(async () => {
  t = await startTestServer();
  token = await t.login(ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await t?.close();
});

const taxRows = async () =>
  Number(
    (
      await t.server.ctx.db
        .selectFrom('tax_entries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const salesRows = async () =>
  Number(
    (
      await t.server.ctx.db
        .selectFrom('sales_entries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const folderOf = async (list: string) =>
  ((await t.api('GET', list, { token })).json as { folder: string }).folder;

describe('a folder loaded twice', () => {
  it('loads a raw 26AS once, and again only when asked', async () => {
    const folder = await folderOf('/ingest/taxbook-raw-data-folder');
    fs.writeFileSync(path.join(folder, 'statement.txt'), fixture('26as-current-layout.txt'));
    const first = await t.api('PUT', '/ingest/taxbook-raw-folder-ingest', { token, body: {} });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect((await jobFinished(t, token, (first.json as { jobId: string }).jobId)).status).toBe('Completed');
    const loaded = await taxRows();
    expect(loaded).toBeGreaterThan(0);

    const second = await t.api('PUT', '/ingest/taxbook-raw-folder-ingest', { token, body: {} });
    expect(second.status).toBe(409);
    expect(second.json).toMatchObject({
      code: 'DUPLICATE_FILE',
      message: expect.stringContaining('statement.txt was already loaded'),
    });
    // nothing was started: the rows are there once
    expect(await taxRows()).toBe(loaded);

    // the same statement downloaded again (other bytes, same transactions)
    fs.rmSync(path.join(folder, 'statement.txt'));
    fs.writeFileSync(
      path.join(folder, 'statement-again.txt'),
      `${fixture('26as-current-layout.txt').toString('latin1')}\r\n`,
    );
    const overlap = await t.api('PUT', '/ingest/taxbook-raw-folder-ingest', { token, body: {} });
    expect(overlap.status).toBe(409);
    expect(overlap.json).toMatchObject({ code: 'ROWS_ALREADY_LOADED' });
    expect(await taxRows()).toBe(loaded);

    const forced = await t.api('PUT', '/ingest/taxbook-raw-folder-ingest', { token, body: { force: true } });
    expect(forced.status).toBe(200);
    await jobFinished(t, token, (forced.json as { jobId: string }).jobId);
    expect(await taxRows()).toBe(2 * loaded);
  });

  it('refuses a file uploaded before when it is loaded from the folder', async () => {
    const upload = await t.upload('/ingest/sales-register', {
      token,
      files: [{ name: 'sales-register.txt', content: fixture('sales-register.txt') }],
      fields: { financialYear: '2024-25' },
    });
    expect(upload.status, JSON.stringify(upload.json)).toBe(200);
    await jobFinished(t, token, (upload.json as { jobId: string }).jobId);
    const loaded = await salesRows();
    expect(loaded).toBeGreaterThan(0);

    const folder = await folderOf('/ingest/sales-data-folder');
    fs.writeFileSync(path.join(folder, 'march.txt'), fixture('sales-register.txt'));
    const again = await t.api('PUT', '/ingest/sales-folder-ingest', {
      token,
      body: { financialYear: '2024-25' },
    });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({
      code: 'DUPLICATE_FILE',
      message: expect.stringContaining('march.txt was already loaded'),
    });
    expect(await salesRows()).toBe(loaded);
  });

  it('refuses a sales register year no register can have, as an upload does', async () => {
    const answer = await t.api('PUT', '/ingest/sales-folder-ingest', {
      token,
      body: { financialYear: '1999-00', force: true },
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ code: 'NO_FINANCIAL_YEAR' });
  });
});
