import type { TemplateAnswer } from '@taxrecon/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_PARTIES, statementText } from '../../testing/form-26as-statements.ts';
import { zipOfTexts } from '../../testing/smart-recon-zip.ts';
import { ADMIN, startTestServer, type TestServer } from '../../testing/test-server.ts';

// Create Customer Template over HTTP: a real zip of a sales csv and a 26AS
// text written by the formats package; every way of matching appears once.

let t: TestServer;
let token: string;

const PARTIES = [
  ...BASE_PARTIES,
  { ...BASE_PARTIES[1]!, name: 'BETA BUYER LLP', tan: 'MUMB00002B' },
  { ...BASE_PARTIES[1]!, name: 'OMEGA HOLDINGS PRIVATE LIMITED', tan: 'MUMO00009Z' },
];

const SALES = [
  'Invoice Date,Customer Name,Customer Code,Voucher No.,TAN No.,PAN No.,Sales,TDS on sales',
  '2024-04-10,Alpha Customer Limited,C-ALPHA,INV-1,PNEA00001A,AAACA1234A,150000,15000',
  '2024-05-10,Alpha Customer Limited,C-ALPHA,INV-2,PNEA00001A,AAACA1234A,10000,1000',
  '2024-06-10,Alpha Pune Branch,C-ALPUNE,INV-3,,AAACA1234A,20000,2000',
  '2024-10-01,Beta Buyer L.L.P.,C-BETA,INV-4,,,40000,800',
  '2024-11-01,Delta Works,C-DELTA,INV-5,,,5000,500',
].join('\n');

const zip = () => zipOfTexts({ 'books/sales.csv': SALES, 'books/Form26AS.txt': statementText(PARTIES) });

const propose = async (content: Uint8Array, route = '/ingest/customer-template') =>
  t.upload(route, { token, files: [{ name: 'books.zip', content }] });

beforeAll(async () => {
  t = await startTestServer();
  token = await t.login(ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await t?.close();
});

describe('create customer template', () => {
  it('proposes each sales customer with the 26AS TAN and says how it was found', async () => {
    const answer = await propose(await zip());
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const body = answer.json as TemplateAnswer;
    const by = Object.fromEntries(body.proposals.map((p) => [p.bookName, p]));
    expect(by['Alpha Customer Limited']).toMatchObject({
      matchedBy: 'TAN',
      tanNumber: 'PNEA00001A',
      panNumber: 'AAACA1234A',
      nameFrom26AS: 'ALPHA CUSTOMER LIMITED',
      bookCode: 'C-ALPHA',
      bookRows: 2,
    });
    expect(by['Alpha Pune Branch']).toMatchObject({ matchedBy: 'PAN', tanNumber: 'PNEA00001A' });
    expect(by['Beta Buyer L.L.P.']).toMatchObject({
      matchedBy: 'NAME',
      tanNumber: 'MUMB00002B',
      how: expect.stringContaining('BETA BUYER LLP'),
    });
    expect(by['Delta Works']).toMatchObject({ matchedBy: 'NONE', tanNumber: null });
    expect(body.unmatchedDeductors.map((d) => d.tan).sort()).toEqual(['DELG00003C', 'MUMO00009Z']);
  });

  it('creates the reviewed customers, then marks them as in the master', async () => {
    const created = await t.api('POST', '/master-data-management/customer-template/customers', {
      token,
      body: {
        customers: [
          {
            customerCode: 'C-ALPHA',
            customerName: 'Alpha Customer Limited',
            tanNumber: 'PNEA00001A',
            panNumber: 'AAACA1234A',
          },
          {
            customerCode: 'C-BETA',
            customerName: 'Beta Buyer LLP',
            tanNumber: 'MUMB00002B',
            nameFrom26AS: 'BETA BUYER LLP',
          },
        ],
      },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    expect(created.json).toMatchObject({ created: 2 });
    const found = (
      await t.api('POST', '/master-data-management/customers/search', {
        token,
        body: { tanNumber: 'MUMB00002B' },
      })
    ).json as { results: { customerName: string; customerCode: string }[] };
    expect(found.results).toMatchObject([{ customerName: 'Beta Buyer LLP', customerCode: 'C-BETA' }]);
    const again = (await propose(await zip())).json as TemplateAnswer;
    const inMaster = again.proposals
      .filter((p) => p.inMaster)
      .map((p) => p.bookName)
      .sort();
    expect(inMaster).toEqual(['Alpha Customer Limited', 'Alpha Pune Branch', 'Beta Buyer L.L.P.']);
  });

  it('creates nothing when one row is already in the master', async () => {
    const answer = await t.api('POST', '/master-data-management/customer-template/customers', {
      token,
      body: {
        customers: [
          { customerCode: 'C-DELTA', customerName: 'Delta Works' },
          { customerCode: 'C-BETA2', customerName: 'Beta Again', tanNumber: 'MUMB00002B' },
        ],
      },
    });
    expect(answer.status).toBe(409);
    expect(answer.json).toMatchObject({ message: expect.stringMatching(/Row 2.*MUMB00002B/) });
    const delta = (
      await t.api('POST', '/master-data-management/customers/search', {
        token,
        body: { customerCode: 'C-DELTA' },
      })
    ).json as { totalCount: number };
    expect(delta.totalCount).toBe(0);
  });

  it('refuses a zip over the template limit of 40,000,000 bytes (spec part 2 section 5)', async () => {
    const big = await propose(new Uint8Array(40_000_001));
    expect(big.status).toBe(413);
    expect(big.json).toMatchObject({
      message: expect.stringMatching(/books\.zip is larger than the 4,00,00,000-byte limit/),
    });
  });

  it('answers 400 naming what the zip lacks', async () => {
    const noCsv = await propose(await zipOfTexts({ 'Form26AS.txt': statementText(PARTIES) }));
    expect(noCsv.status).toBe(400);
    expect(noCsv.json).toMatchObject({
      message: expect.stringMatching(/books\.zip must hold exactly one sales \.csv/),
    });
    const badRow = await propose(
      await zipOfTexts({
        'sales.csv': 'Invoice Date,Customer Name,Sales\n2024-13-45,Alpha,100\n',
        'Form26AS.txt': statementText(PARTIES),
      }),
    );
    expect(badRow.status).toBe(400);
    expect(badRow.json).toMatchObject({ message: expect.stringMatching(/sales\.csv:2/) });
    const vendor = await propose(await zip(), '/ingest/vendor-template');
    expect(vendor.status).toBe(400);
    expect(vendor.json).toMatchObject({ message: expect.stringMatching(/sales\.csv:1.*Name of Supplier/) });
  });

  it('proposes vendors from a purchase csv against the 26AS collectors (Part VI)', async () => {
    const purchase = [
      'Date,Name of Supplier,Bill No,PAN,Purchase Value,TCS Amount',
      '2024-05-01,Uma Traders Pvt. Ltd.,B-1,AAACU1234K,100000,100',
    ].join('\n');
    const answer = await propose(
      await zipOfTexts({ 'purchase.csv': purchase, 'Form26AS.txt': statementText(PARTIES) }),
      '/ingest/vendor-template',
    );
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    // this statement's Part VI is empty: no collector, so nothing is guessed from Part I
    expect((answer.json as TemplateAnswer).proposals).toMatchObject([
      { bookName: 'Uma Traders Pvt. Ltd.', matchedBy: 'NONE', panNumber: 'AAACU1234K', tanNumber: null },
    ]);
  });
});
