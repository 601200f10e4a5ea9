import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse26asCommand } from '../../cli/parse-26as.ts';
import { ADMIN, jobFinished, startTestServer, type TestServer } from '../../testing/test-server.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../../packages/formats/fixtures');
const STATEMENT = path.join(FIXTURES, '26as-current-layout.txt');

let t: TestServer;
let token: string;

beforeAll(async () => {
  t = await startTestServer();
  token = await t.login(ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await t?.close();
});

const switchTo = async (name: string, panNumber?: string) => {
  const entity = (
    await t.api('PUT', '/legal-entity', { token, body: { name, ...(panNumber ? { panNumber } : {}) } })
  ).json as { id: string; subGroupId: string };
  await t.api('PUT', `/entity/${entity.id}/${entity.subGroupId}`, { token });
  return entity.id;
};

// `taxrecon parse-26as --csv FILE`, as a person would run it
const cliCsv = async (file: string): Promise<string> => {
  let out = '';
  const code = await parse26asCommand(['--csv', file], {
    stdout: (s) => {
      out += s;
    },
    stderr: () => {},
  });
  expect(code).toBe(0);
  return out;
};

// what reconciliation reads of a 26AS row; file name and line differ by design
const entriesOf = async (entityId: string) =>
  (
    await t.server.ctx.db
      .selectFrom('tax_entries as e')
      .innerJoin('tax_statements as s', 's.id', 'e.statement_id')
      .select([
        's.pan',
        'e.part',
        'e.financial_year',
        'e.tan',
        'e.deductor_name',
        'e.section',
        'e.transaction_date',
        'e.status',
        'e.booking_date',
        'e.remarks',
        'e.amount',
        'e.tax',
        'e.deposited',
      ])
      .where('e.entity_id', '=', entityId)
      .execute()
  )
    .map((r) => JSON.stringify(r))
    .sort();

const putInFolder = (name: string, content: string | Buffer) =>
  t.upload('/ingest/taxbook-parsed-data-folder', { token, files: [{ name, content: Buffer.from(content) }] });

describe('parsed-26AS folder load', () => {
  it('loads the csv of taxrecon parse-26as into the same rows as the raw statement', async () => {
    const rawEntity = await switchTo('Zedex Raw', 'AAACZ9999Z');
    const raw = await t.upload('/ingest/taxbook', {
      token,
      files: [{ name: 'statement.txt', content: fs.readFileSync(STATEMENT) }],
    });
    expect(raw.status, JSON.stringify(raw.json)).toBe(200);
    expect((await jobFinished(t, token, (raw.json as { jobId: string }).jobId)).status).toBe('Completed');

    const parsedEntity = await switchTo('Zedex Parsed', 'AAACZ9999Z');
    const listed = await putInFolder('zedex-26as.csv', await cliCsv(STATEMENT));
    expect(listed.status, JSON.stringify(listed.json)).toBe(200);
    const files = (listed.json as { files: { fileName: string; header: string[] }[] }).files;
    expect(files.map((f) => f.fileName)).toEqual(['zedex-26as.csv']);
    expect(files[0]?.header.slice(0, 3)).toEqual(['part', 'tan', 'name']);

    const mappingDefinition = {
      part: 'part',
      tan: 'tan',
      name: 'name',
      section: 'section',
      transactionDate: 'transactionDate',
      status: 'status',
      bookingDate: 'bookingDate',
      remarks: 'remarks',
      amount: 'amount',
      tax: 'tax',
      deposited: 'deposited',
    };
    const started = await t.api('PUT', '/ingest/taxbook-parsed-folder-ingest', {
      token,
      body: { fileNames: ['zedex-26as.csv'], header: files[0]?.header.join('\t'), mappingDefinition },
    });
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    const view = await jobFinished(t, token, (started.json as { jobId: string }).jobId);
    expect(view.status).toBe('Completed');
    expect((view as typeof view & { jobType?: string }).jobType).toBe('Ingest26ASParsed');

    const rawRows = await entriesOf(rawEntity);
    expect(rawRows.length).toBeGreaterThan(3);
    expect(await entriesOf(parsedEntity)).toEqual(rawRows);

    // the same rows again are asked about, as a raw statement loaded twice is
    const again = await t.api('PUT', '/ingest/taxbook-parsed-folder-ingest', {
      token,
      body: { fileNames: ['zedex-26as.csv'], mappingDefinition },
    });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ code: 'ROWS_ALREADY_LOADED' });
  });

  it('reports bad rows by file, line and column and loads the good ones', async () => {
    await switchTo('Bad Rows Ltd', 'AABCB1234C');
    const csv = [
      'Deductor TAN,Deductor Name,Section,Transaction Date,Status,Amount,Tax,Deposited',
      'PNEA00001A,ALPHA CUSTOMER LIMITED,194J,15-04-2024,F,150000.00,15000.00,15000.00',
      'NOT-A-TAN,BETA BUYER LLP,194Q,10-02-2025,F,5100000.00,100.00,100.00',
      'DELG00003C,GAMMA CONTRACTING CO,194C,05-10-2024,F,forty,800.00,800.00',
    ].join('\n');
    await putInFolder('mixed.csv', csv);
    const started = await t.api('PUT', '/ingest/taxbook-parsed-folder-ingest', {
      token,
      body: { fileNames: ['mixed.csv'] },
    });
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    const jobId = (started.json as { jobId: string }).jobId;
    const view = await jobFinished(t, token, jobId);
    expect(view.status).toBe('Completed');
    expect(view.remarks).toMatch(/1 of 3 rows loaded, 2 rejected/);
    const issues = await t.server.ctx.db
      .selectFrom('validation_issues')
      .select(['file_name', 'line', 'column_name', 'code', 'message'])
      .where('job_id', '=', jobId)
      .orderBy('line')
      .execute();
    expect(issues).toMatchObject([
      { file_name: 'mixed.csv', line: 3, column_name: 'Deductor TAN', code: 'INVALID_TAN' },
      { file_name: 'mixed.csv', line: 4, column_name: 'Amount', code: 'INVALID_AMOUNT' },
    ]);
  });

  it('answers 400 naming the file and column when a mapped column is not in the header', async () => {
    await switchTo('Mapping Co', 'AABCM1234D');
    await putInFolder('short.csv', 'tan,name\nPNEA00001A,ALPHA\n');
    const answer = await t.api('PUT', '/ingest/taxbook-parsed-folder-ingest', {
      token,
      body: { mappingDefinition: { amount: 'Amount Paid' } },
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ message: expect.stringMatching(/short\.csv.*'Amount Paid'/) });
    const unmapped = await t.api('PUT', '/ingest/taxbook-parsed-folder-ingest', { token, body: {} });
    expect(unmapped.status).toBe(400);
    expect(unmapped.json).toMatchObject({
      code: 'UNMAPPED_COLUMNS',
      message: expect.stringMatching(/Section/),
    });
    const jobs = await t.server.ctx.db
      .selectFrom('jobs')
      .select('id')
      .where('job_type', '=', 'Ingest26ASParsed')
      .where('remarks', 'like', '%short.csv%')
      .execute();
    expect(jobs).toEqual([]);
  });

  it("keeps each entity's folder to itself and needs a PAN when the entity has none", async () => {
    await switchTo('Folder Owner', 'AABCF1234E');
    await putInFolder('owner.csv', 'tan,name\n');
    await switchTo('No PAN Yet');
    const listing = (await t.api('GET', '/ingest/taxbook-parsed-data-folder', { token })).json as {
      files: unknown[];
    };
    expect(listing.files).toEqual([]);
    const notThere = await t.api('PUT', '/ingest/taxbook-parsed-folder-ingest', {
      token,
      body: { fileNames: ['owner.csv'] },
    });
    expect(notThere.json).toMatchObject({ code: 'NOT_IN_FOLDER' });
    await putInFolder('mine.csv', await cliCsv(STATEMENT));
    const noPan = await t.api('PUT', '/ingest/taxbook-parsed-folder-ingest', { token, body: {} });
    expect(noPan.status).toBe(400);
    expect(noPan.json).toMatchObject({ code: 'NO_PAN' });
    const withPan = await t.api('PUT', '/ingest/taxbook-parsed-folder-ingest', {
      token,
      body: { pan: 'AAACZ9999Z' },
    });
    expect(withPan.status, JSON.stringify(withPan.json)).toBe(200);
  });
});
