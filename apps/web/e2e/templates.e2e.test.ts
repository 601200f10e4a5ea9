import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse26asCommand } from '../../server/src/cli/parse-26as.ts';
import { BASE_PARTIES, statementText } from '../../server/src/testing/form-26as-statements.ts';
import { zipOfTexts } from '../../server/src/testing/smart-recon-zip.ts';
import { startTestServer } from '../../server/src/testing/test-server.ts';
import { browserSuite } from './suite.ts';

// Create Customer Template and the parsed-26AS folder load in the built app:
// a real zip and a real csv written by `taxrecon parse-26as --csv`.

const SHOTS = '/tmp/shots-templates';
const suite = browserSuite(() => startTestServer());
const byTestId = (id: string) => suite.page.getByTestId(id);
const shot = async (name: string) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await suite.page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

const PARTIES = [...BASE_PARTIES, { ...BASE_PARTIES[1]!, name: 'BETA BUYER LLP', tan: 'MUMB00002B' }];
const SALES = [
  'Invoice Date,Customer Name,Customer Code,Voucher No.,TAN No.,PAN No.,Sales,TDS on sales',
  '2024-04-10,Alpha Customer Limited,C-ALPHA,INV-1,PNEA00001A,AAACA1234A,150000,15000',
  '2024-06-10,Alpha Pune Branch,C-ALPUNE,INV-3,,AAACA1234A,20000,2000',
  '2024-10-01,Beta Buyer L.L.P.,C-BETA,INV-4,,,40000,800',
  '2024-11-01,Delta Works,C-DELTA,INV-5,,,5000,500',
].join('\n');

const signedIn = async (name: string, route: string) => {
  await suite.newPage(name);
  await suite.signIn();
  await suite.page.waitForURL(/#\/$/);
  await suite.page.goto(`${suite.t.baseUrl}/#${route}`);
};

describe('templates and the parsed-26AS folder in the browser', () => {
  it('proposes the customer master from a zip, creates the reviewed rows, and finds them in Search Customers', async () => {
    await signedIn('customer-template', '/customer-template');
    await byTestId('template-file-input').setInputFiles({
      name: 'books.zip',
      mimeType: 'application/zip',
      buffer: Buffer.from(await zipOfTexts({ 'sales.csv': SALES, 'Form26AS.txt': statementText(PARTIES) })),
    });
    await byTestId('template-propose').click();
    await expect.poll(() => suite.page.getByRole('checkbox', { name: /^Create / }).count()).toBe(4);
    const ticked = async () => {
      const boxes = suite.page.getByRole('checkbox', { name: /^Create / });
      const states = [];
      for (let i = 0; i < (await boxes.count()); i++) states.push(await boxes.nth(i).isChecked());
      return states.filter(Boolean).length;
    };
    // TAN, PAN twin and name matches are ticked; Delta Works (not in 26AS) waits
    expect(await ticked()).toBe(3);
    expect(await suite.page.getByText('Not found').count()).toBe(1);
    await shot('customer-template-proposed');
    await suite.page.getByRole('checkbox', { name: 'Create Alpha Pune Branch' }).uncheck();
    await byTestId('template-create').click();
    await expect.poll(() => byTestId('template-created').textContent()).toContain('2 customer(s) created');
    await shot('customer-template-created');

    await suite.page.goto(`${suite.t.baseUrl}/#/search-customers`);
    await byTestId('customer-search-tanNumber').fill('MUMB00002B');
    await byTestId('customer-search-submit').click();
    await expect.poll(() => byTestId('customer-results-count').textContent()).toContain('1 found');
    await suite.page.getByRole('link', { name: 'Beta Buyer L.L.P.' }).waitFor();
  });

  it('puts a parsed 26AS csv in the folder, maps it and loads it as a job', async () => {
    await suite.t.server.ctx.db.updateTable('legal_entities').set({ pan: 'AAACZ9999Z' }).execute();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parsed-26as-'));
    const statement = path.join(dir, 'Form26AS.txt');
    fs.writeFileSync(statement, statementText(PARTIES));
    let csv = '';
    await parse26asCommand(['--csv', statement], { stdout: (s) => (csv += s), stderr: () => {} });
    expect(csv.split('\n')[0]).toContain('transactionDate');

    await signedIn('parsed-folder', '/load-26as-folder');
    await byTestId('parsed-folder-empty').waitFor();
    await byTestId('parsed-file-input').setInputFiles({
      name: 'zedex-parsed.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await byTestId('parsed-upload').click();
    await suite.page.getByRole('checkbox', { name: 'zedex-parsed.csv' }).waitFor();
    expect(await suite.page.getByRole('checkbox', { name: 'zedex-parsed.csv' }).isChecked()).toBe(true);
    // the header row came from the file and every required field found its column
    await byTestId('mapping-table').waitFor();
    expect(await suite.page.getByText('Required', { exact: true }).count()).toBe(0);
    await shot('parsed-folder-mapped');
    await byTestId('parsed-load-submit').click();
    await expect
      .poll(() => byTestId('parsed-load-result').textContent())
      .toContain('loading in the background');
    await shot('parsed-folder-loaded');
    const db = suite.t.server.ctx.db;
    await expect
      .poll(
        async () =>
          (
            await db
              .selectFrom('jobs')
              .select('status')
              .where('job_type', '=', 'Ingest26ASParsed')
              .executeTakeFirst()
          )?.status,
        { timeout: 60_000 },
      )
      .toBe('Completed');
    const loaded = await db
      .selectFrom('tax_entries')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .where('file_name', '=', 'zedex-parsed.csv')
      .executeTakeFirstOrThrow();
    expect(Number(loaded.n)).toBe(4);
  });
});
