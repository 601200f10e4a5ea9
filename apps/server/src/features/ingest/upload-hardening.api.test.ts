import fs from 'node:fs';
import path from 'node:path';
import { writeEncryptedZip } from '@taxrecon/formats';
import { Uint8ArrayReader, Uint8ArrayWriter, ZipWriter } from '@zip.js/zip.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEMP_MAX_AGE_MS } from '../../platform/storage/file-store.ts';
import {
  ADMIN,
  type JobView,
  jobFinished,
  startTestServer,
  type TestServer,
} from '../../testing/test-server.ts';

// Uploads that must be refused cleanly: zip bombs, refused uploads leaving
// temporary files, bad bytes in a line, and a statement whose rows are loaded.

const FIXTURES = path.resolve(import.meta.dirname, '../../../../../packages/formats/fixtures');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

let t: TestServer;
let token: string;
let tmp: string;

const finished = (jobId: string) => jobFinished(t, token, jobId);

const loadedRows = (view: JobView) =>
  (JSON.parse(view.payload ?? '{}') as { controlTotals: { rowsLoaded: number } }).controlTotals.rowsLoaded;

const taxEntries = async () =>
  Number(
    (
      await t.server.ctx.db
        .selectFrom('tax_entries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const tempFiles = () => fs.readdirSync(tmp).sort();
// Temporary files that were not there before: what a refused upload left
// behind. (The server's other jobs, the demo's loads among them, may finish
// meanwhile and take their own temporary files away.)
const leftSince = (before: string[]) => tempFiles().filter((f) => !before.includes(f));

beforeAll(async () => {
  t = await startTestServer();
  token = await t.login(ADMIN.email, ADMIN.password);
  tmp = path.join(t.server.ctx.config.dataDir, 'files', 'tmp');
});
afterAll(async () => {
  await t?.close();
});

describe('zip bombs', () => {
  it('refuses a TRACES zip whose entry expands past the limit with 400, naming zip, entry and limit', async () => {
    // 300 MiB of zeros in about 300 KB
    const writer = new ZipWriter(new Uint8ArrayWriter());
    await writer.add('AAACZ9999Z-2025.txt', new Uint8ArrayReader(new Uint8Array(300 * 1024 * 1024)));
    const bomb = await writer.close();
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const before = tempFiles();
    const answer = await t.upload('/ingest/taxbook', { token, files: [{ name: 'bomb.zip', content: bomb }] });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ code: 'ZIP_TOO_LARGE' });
    const message = (answer.json as { message: string }).message;
    expect(message).toContain('bomb.zip');
    expect(message).toContain('AAACZ9999Z-2025.txt');
    expect(message).toContain('more than 256 MB, the limit for one file in a zip');
    expect(leftSince(before)).toEqual([]);
  });
});

describe('temporary upload files', () => {
  it('leave nothing behind when an upload is refused after it was received', async () => {
    const file = { name: 'once.txt', content: fixture('26as-form-168-layout.txt') };
    const first = await t.upload('/ingest/taxbook', { token, files: [file] });
    expect(first.status).toBe(200);
    await finished((first.json as { jobId: string }).jobId);
    const before = tempFiles();
    const duplicate = await t.upload('/ingest/taxbook', { token, files: [file] });
    expect(duplicate.json).toMatchObject({ code: 'DUPLICATE_FILE' });
    const noYear = await t.upload('/ingest/sales-register', {
      token,
      files: [{ name: 'sales.txt', content: fixture('sales-register.txt') }],
    });
    expect(noYear.json).toMatchObject({ code: 'NO_FINANCIAL_YEAR' });
    const badMapping = await t.upload('/ingest/sales-register', {
      token,
      files: [{ name: 'sales.txt', content: fixture('sales-register.txt') }],
      fields: { financialYear: '2024-25', mappingDefinition: '[1,2]' },
    });
    expect(badMapping.json).toMatchObject({ code: 'BAD_MAPPING' });
    expect(leftSince(before)).toEqual([]);
  });

  it('are swept when older than the limit, and kept while fresh', async () => {
    const stale = path.join(tmp, 'died-mid-job.part');
    const fresh = path.join(tmp, 'being-received.part');
    fs.writeFileSync(stale, 'x');
    fs.writeFileSync(fresh, 'y');
    const old = new Date(Date.now() - TEMP_MAX_AGE_MS - 60_000);
    fs.utimesSync(stale, old, old);
    expect(await t.server.ctx.files.sweepTemp(TEMP_MAX_AGE_MS)).toBe(1);
    expect(fs.existsSync(stale)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
    fs.rmSync(fresh);
  });
});

describe('an empty file', () => {
  it.each([
    ['/ingest/taxbook', 'empty.txt'],
    ['/ingest/ingest-vendor', 'vendors.txt'],
    ['/customer-mapping/', 'empty.txt'],
  ])('is refused at once by %s, named, leaving nothing behind', async (route, name) => {
    const before = tempFiles();
    const answer = await t.upload(route, { token, files: [{ name, content: '' }] });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ code: 'EMPTY_FILE', message: `${name} is empty (0 bytes).` });
    expect(leftSince(before)).toEqual([]);
  });
});

describe('bad bytes', () => {
  it('turn a NUL in one 26AS line into a validation error on that line; the rest loads', async () => {
    const text = fixture('26as-current-layout.txt').toString('utf8').split('\n');
    text[13] = `${text[13]!.slice(0, 5)}\u0000${text[13]!.slice(5)}`;
    const answer = await t.upload('/ingest/taxbook', {
      token,
      files: [{ name: 'nul.txt', content: Buffer.from(text.join('\n'), 'utf8') }],
      fields: { force: 'true' },
    });
    expect(answer.status).toBe(200);
    const jobId = (answer.json as { jobId: string }).jobId;
    const view = await finished(jobId);
    expect(view.status).toBe('Completed');
    expect(loadedRows(view)).toBe(6);
    const issues = await t.server.ctx.db
      .selectFrom('validation_issues')
      .select(['file_name', 'line', 'column_name', 'code'])
      .where('job_id', '=', jobId)
      .where('code', '=', 'BAD_CHARACTER')
      .execute();
    expect(issues).toEqual([{ file_name: 'nul.txt', line: 14, column_name: '6', code: 'BAD_CHARACTER' }]);
  });

  it('leave out a customer master line with a NUL; the other customers load', async () => {
    const lines = fixture('customer-master.txt').toString('utf8').split('\n');
    lines[1] = `${lines[1]!.slice(0, 10)}\u0000${lines[1]!.slice(10)}`;
    const answer = await t.upload('/ingest/ingest-customer', {
      token,
      files: [{ name: 'customers.txt', content: Buffer.from(lines.join('\n'), 'utf8') }],
    });
    const jobId = (answer.json as { jobId: string }).jobId;
    const view = await finished(jobId);
    expect(view.status).toBe('Completed');
    expect(loadedRows(view)).toBeGreaterThan(0);
    const issue = await t.server.ctx.db
      .selectFrom('validation_issues')
      .select(['line', 'code'])
      .where('job_id', '=', jobId)
      .where('code', '=', 'BAD_CHARACTER')
      .execute();
    expect(issue).toEqual([{ line: 2, code: 'BAD_CHARACTER' }]);
  });
});

describe('a statement whose rows are already loaded', () => {
  it('is refused with a question, and loads when the user confirms', async () => {
    const original = fixture('26as-pre-2020-layout.txt');
    const first = await t.upload('/ingest/taxbook', {
      token,
      files: [{ name: 'q1.txt', content: original }],
      // earlier tests loaded another PAN into this entity, which has no PAN: confirmed
      fields: { force: 'true' },
    });
    expect(first.status).toBe(200);
    const loaded = loadedRows(await finished((first.json as { jobId: string }).jobId));
    expect(loaded).toBeGreaterThan(0);
    const before = await taxEntries();
    // the same statement with two bytes changed: other bytes, same transactions
    const changed = Buffer.from(original);
    const at = changed.indexOf('Annual Tax Statement');
    changed[at] = 'a'.charCodeAt(0);
    changed[at + 7] = 't'.charCodeAt(0);
    const asked = await t.upload('/ingest/taxbook', {
      token,
      files: [{ name: 'q1-again.txt', content: changed }],
    });
    expect(asked.status).toBe(409);
    expect(asked.json).toMatchObject({ code: 'ROWS_ALREADY_LOADED' });
    expect((asked.json as { message: string }).message).toMatch(
      new RegExp(`q1-again\\.txt: ${loaded} of ${loaded} transactions .* already loaded \\(from q1\\.txt`),
    );
    expect(await taxEntries()).toBe(before);
    const confirmed = await t.upload('/ingest/taxbook', {
      token,
      files: [{ name: 'q1-again.txt', content: changed }],
      fields: { force: 'true' },
    });
    expect(confirmed.status).toBe(200);
    expect(loadedRows(await finished((confirmed.json as { jobId: string }).jobId))).toBe(loaded);
    expect(await taxEntries()).toBe(before + loaded);
  });

  it('is asked about inside a TRACES zip too', async () => {
    const zip = await writeEncryptedZip(
      [{ name: 'AAACZ9999Z-2025.txt', data: new Uint8Array(fixture('26as-pre-2020-layout.txt')) }],
      '01042010',
    );
    const asked = await t.upload('/ingest/taxbook', {
      token,
      files: [{ name: 'traces.zip', content: zip }],
      fields: { password: '01042010' },
    });
    expect(asked.status).toBe(409);
    expect(asked.json).toMatchObject({ code: 'ROWS_ALREADY_LOADED' });
  });
});

describe('what counts as loaded before', () => {
  it('lets a file whose load found nothing be loaded again, and refuses one still loading', async () => {
    // a register of the right shape whose every row is dated outside the year: nothing loads
    const register = { name: 'wrong-year.txt', content: fixture('sales-register.txt') };
    const first = await t.upload('/ingest/sales-register', {
      token,
      files: [register],
      fields: { financialYear: '2010-11' },
    });
    expect(first.status).toBe(200);
    const firstJob = (first.json as { jobId: string }).jobId;
    const view = await finished(firstJob);
    expect(view.outcome).toBe('NothingLoaded');
    // nor is it left in the TDS payable sales folder the upload filed it in
    const filed = await t.server.ctx.db
      .selectFrom('payable_files')
      .select('file_name')
      .where('job_id', '=', firstJob)
      .execute();
    expect(filed).toEqual([]);
    const again = await t.upload('/ingest/sales-register', {
      token,
      files: [register],
      fields: { financialYear: '2010-11' },
    });
    expect(again.status).toBe(200);
    await finished((again.json as { jobId: string }).jobId);
  });

  it('files a sales register in the TDS payable folder only once it loads, so junk of the same name leaves the good one', async () => {
    const salesFolder = () =>
      t.server.ctx.db
        .selectFrom('payable_files')
        .select(['file_name', 'job_id'])
        .where('kind', '=', 'sales')
        .where('financial_year', '=', '2024-25')
        .where('file_name', '=', 'books-2024.txt')
        .execute();
    const good = await t.upload('/ingest/sales-register', {
      token,
      files: [{ name: 'books-2024.txt', content: fixture('sales-register.txt') }],
      fields: { financialYear: '2024-25', force: 'true' },
    });
    expect(good.status).toBe(200);
    const goodJob = (good.json as { jobId: string }).jobId;
    expect(loadedRows(await finished(goodJob))).toBeGreaterThan(0);
    expect(await salesFolder()).toEqual([{ file_name: 'books-2024.txt', job_id: goodJob }]);

    // the same register's lines dated fourteen years earlier: nothing in 2024-25 loads
    const junk = fixture('sales-register.txt')
      .toString('latin1')
      .replace(/2024|2025|\/25\b|-25\b/g, (m) =>
        m.startsWith('/') ? '/11' : m.startsWith('-') ? '-11' : '2010',
      );
    const bad = await t.upload('/ingest/sales-register', {
      token,
      files: [{ name: 'books-2024.txt', content: Buffer.from(junk, 'latin1') }],
      fields: { financialYear: '2024-25' },
    });
    expect(bad.status).toBe(200);
    expect((await finished((bad.json as { jobId: string }).jobId)).outcome).toBe('NothingLoaded');
    expect(await salesFolder()).toEqual([{ file_name: 'books-2024.txt', job_id: goodJob }]);
  });

  it('refuses the same file while its first load has not finished', async () => {
    // no workers: the first load stays queued
    const idle = await startTestServer({}, { work: false });
    try {
      const idleToken = await idle.login(ADMIN.email, ADMIN.password);
      const file = { name: 'twice.txt', content: fixture('26as-form-168-layout.txt') };
      const first = await idle.upload('/ingest/taxbook', { token: idleToken, files: [file] });
      expect(first.status).toBe(200);
      const second = await idle.upload('/ingest/taxbook', { token: idleToken, files: [file] });
      expect(second.status).toBe(409);
      expect(second.json).toMatchObject({ code: 'DUPLICATE_FILE' });
      expect((second.json as { message: string }).message).toContain(
        `twice.txt is being loaded now (job ${(first.json as { jobId: string }).jobId}`,
      );
      // another file is not held up by it
      const other = await idle.upload('/ingest/taxbook', {
        token: idleToken,
        files: [{ name: 'other.txt', content: fixture('26as-current-layout.txt') }],
        fields: { force: 'true' },
      });
      expect(other.status).toBe(200);
    } finally {
      await idle.close();
    }
  });

  it('refuses a sales register year no register can have, naming it', async () => {
    const answer = await t.upload('/ingest/sales-register', {
      token,
      files: [{ name: 'sales.txt', content: fixture('sales-register.txt') }],
      fields: { financialYear: '1899-00' },
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ code: 'NO_FINANCIAL_YEAR' });
    expect((answer.json as { message: string }).message).toContain('FY 1899-00');
  });
});
