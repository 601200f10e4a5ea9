import { BULK_TOO_MANY_IDS, type SmartReconResult } from '@taxrecon/contracts';
import { TextWriter, Uint8ArrayReader, ZipReader } from '@zip.js/zip.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTenantWithAdmin } from '../../testing/accounts.ts';
import { BASE_PARTIES, statementText } from '../../testing/form-26as-statements.ts';
import { SMART_SALES_CSV, smartReconZip, zipOfTexts } from '../../testing/smart-recon-zip.ts';
import { ADMIN, startTestServer, type TestServer } from '../../testing/test-server.ts';

// Smart reconciliation over HTTP: a real zip of a sales csv and a 26AS text
// written by the formats package, with groups planted in it.

let t: TestServer;
let token: string;
const SMART = '/manual-reconciliation/smart-recon';

const SALES_CSV = SMART_SALES_CSV;
const zipOf = zipOfTexts;
const goodZip = smartReconZip;

const smart = async (zip: Uint8Array, fields: Record<string, string> = {}, who = token, query = '') =>
  t.upload(`${SMART}${query}`, { token: who, files: [{ name: 'books.zip', content: zip }], fields });

const download = async (path: string, who = token) => {
  const response = await fetch(`${t.baseUrl}/taxrecon/api/v1${path}`, {
    headers: { authorization: `Bearer ${who}` },
  });
  return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()) };
};

beforeAll(async () => {
  t = await startTestServer();
  token = await t.login(ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await t?.close();
});

describe('smart reconciliation', () => {
  let result: SmartReconResult;

  it('finds the planted groups with their totals at the default level', async () => {
    const answer = await smart(await goodZip(), { matchMode: 'tds' });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    result = answer.json as SmartReconResult;
    expect(result.matchLevel).toBe(5);
    expect(result.salesRows).toBe(5);
    expect(result.taxBookRows).toBe(3);
    const shapes = result.results
      .map((g) => ({
        vouchers: g._sales
          .map((s) => s.voucherNumber)
          .sort()
          .join('+'),
        tax: g.totalTdsFromTaxBook,
        book: g.totalTdsFromSales,
      }))
      .sort((a, b) => a.vouchers.localeCompare(b.vouchers));
    expect(shapes).toEqual([
      { vouchers: 'INV-1', tax: 1_500_000, book: 1_500_000 },
      { vouchers: 'INV-2+INV-3', tax: 1_000_000, book: 1_000_000 },
      { vouchers: 'INV-4', tax: 80_000, book: 80_000 },
    ]);
    // claimable: the final (F) credits; INV-2+INV-3's ₹10,000 credit is not booked (U)
    expect(result.tdsClaimed).toBe(1_580_000);
    // book ₹26,300 against 26AS ₹25,800
    expect(result.difference).toBe(50_000);
    // ₹15,800 of ₹26,300
    expect(result.compliance).toBe(60.08);
    expect(result.results.every((g) => g.difference === 0 && !g.accepted)).toBe(true);
  });

  it('forms no group of several rows at level 1', async () => {
    const answer = await smart(await goodZip(), { matchMode: 'tds', matchLevel: '1' });
    expect(answer.status).toBe(200);
    const groups = (answer.json as SmartReconResult).results;
    expect(groups.every((g) => g._sales.length === 1 && g._taxBook.length === 1)).toBe(true);
    expect(groups.map((g) => g._sales[0]!.voucherNumber).sort()).toEqual(['INV-1', 'INV-4']);
  });

  it('accepts selected groups, keeps them with the stored result, and a retry changes nothing', async () => {
    const chosen = result.results.slice(0, 2).map((g) => g.key);
    for (let i = 0; i < 2; i++) {
      const answer = await t.api('PUT', `${SMART}/_update`, { token, body: chosen });
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({ accepted: 2 });
    }
    const stored = (await t.api('GET', `${SMART}/result/${result.key}`, { token })).json as SmartReconResult;
    expect(
      stored.results
        .filter((g) => g.accepted)
        .map((g) => g.key)
        .sort(),
    ).toEqual([...chosen].sort());
    const unknown = await t.api('PUT', `${SMART}/_update`, { token, body: [`${result.key}.99`] });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.json)).toContain('No such match');
  });

  it('downloads matches.zip with every row of every group', async () => {
    const answer = await download(`${SMART}/key/${result.key}`);
    expect(answer.status).toBe(200);
    const reader = new ZipReader(new Uint8ArrayReader(answer.bytes));
    const entries = await reader.getEntries();
    expect(entries.map((e) => e.filename).sort()).toEqual(['matches.csv', 'summary.csv']);
    const entry = entries.find((e) => e.filename === 'matches.csv');
    if (!entry || entry.directory) throw new Error('matches.csv missing');
    const matches = await entry.getData(new TextWriter());
    const lines = matches.trim().split('\n');
    // header + 4 sales rows + 3 26AS rows
    expect(lines).toHaveLength(8);
    expect(matches).toContain('INV-2');
    expect(matches).toContain('PNEA00001A');
    expect(matches).toContain('15000.00');
    await reader.close();
  });

  it('answers 400 with what is wrong for a bad zip, a wrong type, a missing 26AS or bad settings', async () => {
    const notZip = await smart(new TextEncoder().encode('not a zip at all'));
    expect(notZip.status).toBe(400);
    expect(JSON.stringify(notZip.json)).toContain('books.zip is not a readable zip file');

    const wrongType = await t.upload(SMART, { token, files: [{ name: 'sales.csv', content: SALES_CSV }] });
    expect(wrongType.status).toBe(400);
    expect(JSON.stringify(wrongType.json)).toContain('only .zip files are accepted');

    const no26as = await smart(await zipOf({ 'sales.csv': SALES_CSV }));
    expect(no26as.status).toBe(400);
    expect(JSON.stringify(no26as.json)).toContain('holds no 26AS .txt file');

    const badRow = await smart(
      await zipOf({
        'sales.csv': `${SALES_CSV}\n2024-13-45,Omega,INV-9,,100,10`,
        'Form26AS_2024-25.txt': statementText(BASE_PARTIES),
      }),
    );
    expect(badRow.status).toBe(400);
    expect(JSON.stringify(badRow.json)).toMatch(/sales\.csv:7/);

    const badLevel = await smart(await goodZip(), { matchLevel: '11' });
    expect(badLevel.status).toBe(400);
    expect(JSON.stringify(badLevel.json)).toContain('matchLevel');
  });

  it("keeps one entity's results from another's", async () => {
    const other = await (async () => {
      await insertTenantWithAdmin(t, 'Other Co', 'olga@other.test', 'Other-pass-1');
      return t.login('olga@other.test', 'Other-pass-1');
    })();
    expect((await t.api('GET', `${SMART}/result/${result.key}`, { token: other })).status).toBe(404);
    expect((await download(`${SMART}/key/${result.key}`, other)).status).toBe(404);
    const accept = await t.api('PUT', `${SMART}/_update`, { token: other, body: [result.results[0]!.key] });
    expect(accept.status).toBe(404);
  });
});

describe('bulk smart reconciliation limits', () => {
  it('refuses more than 100 customer ids with the spec message', async () => {
    const ids = Array.from({ length: 101 }, (_, i) => `C${i}`);
    const answer = await t.api('PUT', '/job/smart-tds-reconciliation-bulk/2024-25', { token, body: ids });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.json)).toContain(BULK_TOO_MANY_IDS);
  });
});
