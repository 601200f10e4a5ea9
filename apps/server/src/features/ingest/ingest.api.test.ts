import fs from 'node:fs';
import path from 'node:path';
import { readTable, writeEncryptedZip } from '@taxrecon/formats';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  type JobView,
  jobFinished,
  startTestServer,
  type TestServer,
} from '../../testing/test-server.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../../packages/formats/fixtures');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

let t: TestServer;
let token: string;

const finished = (jobId: string) => jobFinished(t, token, jobId);

const resultOf = (view: JobView) =>
  JSON.parse(view.payload ?? '{}') as {
    controlTotals: {
      rowsRead: number;
      rowsLoaded: number;
      rowsRejected: number;
      amountRead: string;
      amountLoaded: string;
      taxRead: string;
      taxLoaded: string;
      balanced: boolean;
    };
    invalidRows: number;
    notes: string[];
  };

beforeAll(async () => {
  t = await startTestServer();
  token = await t.login(ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await t?.close();
});

describe('26AS upload', () => {
  it('loads Part I and Part VI with balanced control totals and reports populated other parts', async () => {
    const answer = await t.upload('/ingest/taxbook', {
      token,
      files: [{ name: '26as-pre-2020-layout.txt', content: fixture('26as-pre-2020-layout.txt') }],
    });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const jobId = (answer.json as { jobId: string }).jobId;
    const view = await finished(jobId);
    expect(view.status).toBe('Completed');
    const result = resultOf(view);
    expect(result.controlTotals.balanced).toBe(true);
    expect(result.controlTotals.rowsLoaded).toBeGreaterThan(0);
    expect(result.controlTotals.amountLoaded).toBe(result.controlTotals.amountRead);
    expect(result.notes.join(' ')).toMatch(/other parts with entries/);
    // amounts a person reads: rupee sign and lakh grouping
    expect(view.remarks).toMatch(/amount ₹[\d,]+\.\d\d, tax ₹[\d,]+\.\d\d \(read ₹/);
    const entries = await t.server.ctx.db
      .selectFrom('tax_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('job_id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(Number(entries.n)).toBe(result.controlTotals.rowsLoaded);
  });

  it('detects the same file uploaded again, and loads it again only when asked', async () => {
    const file = { name: 'sample.txt', content: fixture('26as-current-layout.txt') };
    // the first test loaded another PAN into this entity, which has no PAN: confirmed
    const first = await t.upload('/ingest/taxbook', { token, files: [file], fields: { force: 'true' } });
    await finished((first.json as { jobId: string }).jobId);
    const again = await t.upload('/ingest/taxbook', { token, files: [file] });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ code: 'DUPLICATE_FILE' });
    const forced = await t.upload('/ingest/taxbook', { token, files: [file], fields: { force: 'true' } });
    expect(forced.status).toBe(200);
  });

  it('opens a password-protected TRACES zip, and says so when the password is wrong', async () => {
    const zip = await writeEncryptedZip(
      [{ name: 'AAACZ9999Z-2025.txt', data: new Uint8Array(fixture('26as-form-168-layout.txt')) }],
      '01042010',
    );
    const wrong = await t.upload('/ingest/taxbook', {
      token,
      files: [{ name: 'traces.zip', content: zip }],
      fields: { password: '31121999' },
    });
    const wrongView = await finished((wrong.json as { jobId: string }).jobId);
    expect(wrongView.remarks).toMatch(/Nothing loaded/);
    expect(resultOf(wrongView).controlTotals.rowsLoaded).toBe(0);
    const right = await t.upload('/ingest/taxbook', {
      token,
      files: [{ name: 'traces.zip', content: zip }],
      fields: { password: '01042010', force: 'true' },
    });
    const view = await finished((right.json as { jobId: string }).jobId);
    expect(resultOf(view).controlTotals.rowsLoaded).toBeGreaterThan(0);
  });

  it.each([
    ['random.txt', 'hello world\nthis is random text\n', /does not look like a 26AS text file/],
    ['binary.txt', Buffer.from([0, 1, 2, 255, 254, 0, 3, 80, 75, 3, 4]), /not a text file/],
  ])(
    'marks %s, which loads nothing, as Nothing loaded with one error for its one cause',
    async (name, content, cause) => {
      const answer = await t.upload('/ingest/taxbook', { token, files: [{ name, content }] });
      const jobId = (answer.json as { jobId: string }).jobId;
      const view = (await finished(jobId)) as JobView & { outcome: string | null };
      expect(view.status).toBe('Completed');
      expect(view.outcome).toBe('NothingLoaded');
      expect(view.remarks).toMatch(cause);
      const listed = (await t.api('GET', '/data-quality/ingest-jobs-with-data-validation-errors', { token }))
        .json as { jobId: string; noOfInvalidEntries: number }[];
      expect(listed.find((j) => j.jobId === jobId)?.noOfInvalidEntries).toBe(1);
    },
  );

  it('refuses a file name with special characters, with the spec message, and stores nothing', async () => {
    const before = await t.server.ctx.db
      .selectFrom('stored_files')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const answer = await t.upload('/ingest/taxbook', {
      token,
      files: [{ name: '..%2f26as.txt', content: 'x' }],
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({
      message:
        'Invalid file name. File names should not contain special characters like %, /, or directory traversal sequences.',
    });
    const after = await t.server.ctx.db
      .selectFrom('stored_files')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses a file type the screen does not take', async () => {
    const answer = await t.upload('/ingest/taxbook', { token, files: [{ name: '26as.pdf', content: 'x' }] });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ code: 'INVALID_FILE_TYPE' });
  });

  it('answers 413 for a customer mapping file over 20,000,000 bytes', async () => {
    const big = new Uint8Array(20_000_001).fill(65);
    const answer = await t.upload('/customer-mapping/', {
      token,
      files: [{ name: 'mapping.txt', content: big }],
    });
    expect(answer.status).toBe(413);
  });
});

describe('sales register upload', () => {
  it('loads the good rows, rejects the bad ones into the validation report, and balances', async () => {
    const answer = await t.upload('/ingest/sales-register', {
      token,
      files: [{ name: 'sales-register.txt', content: fixture('sales-register.txt') }],
      fields: { financialYear: '2024-25' },
    });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const jobId = (answer.json as { jobId: string }).jobId;
    const view = await finished(jobId);
    const result = resultOf(view);
    expect(result.controlTotals.balanced).toBe(true);
    expect(result.controlTotals.rowsLoaded + result.controlTotals.rowsRejected).toBe(
      result.controlTotals.rowsRead,
    );
    const rows = await t.server.ctx.db
      .selectFrom('sales_entries')
      .selectAll()
      .where('job_id', '=', jobId)
      .orderBy('line')
      .execute();
    expect(rows.length).toBe(result.controlTotals.rowsLoaded);
    expect(rows[0]).toMatchObject({
      customer_name: 'ALPHA CUSTOMER LIMITED',
      voucher_number: 'INV/24-25/001',
      tan: 'PNEA00001A',
    });
    expect(rows.find((r) => r.voucher_number === 'CN/24-25/004')?.tds_amount).toBe('-200.00');
  });

  // An .xlsx register is read as its sheet expands (xlsx-stream.ts): the
  // same register as a workbook, its title lines merged across the columns
  // as Excel and Tally write them, loads the same rows as the text export.
  it('loads an .xlsx register, title merged across the columns, as it loads the text export', async () => {
    const register = await readTable(fixture('sales-register.txt'), 'sales-register.txt');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Sales Register');
    const titles = fixture('sales-register.txt').toString('utf8').split(/\r?\n/).slice(0, 3);
    titles.forEach((title, i) => {
      sheet.getCell(i + 1, 1).value = title;
    });
    // each cell at the row and column the text export has it
    for (const { line, values } of [
      { line: register.headerLine, values: register.headers },
      ...register.rows,
    ])
      values.forEach((value, c) => {
        if (value !== '') sheet.getCell(line, c + 1).value = value;
      });
    for (const row of [1, 2, 3]) sheet.mergeCells(row, 1, row, 16);
    const load = async (name: string, content: Uint8Array) => {
      const answer = await t.upload('/ingest/sales-register', {
        token,
        files: [{ name, content }],
        // the text export is loaded by the test above too: loaded again on purpose
        fields: { financialYear: '2024-25', force: 'true' },
      });
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
      const jobId = (answer.json as { jobId: string }).jobId;
      const totals = resultOf(await finished(jobId)).controlTotals;
      const rows = await t.server.ctx.db
        .selectFrom('sales_entries')
        .select([
          'line',
          'transaction_date',
          'customer_name',
          'voucher_number',
          'tan',
          'invoice_value',
          'sale_amount',
          'tds_amount',
        ])
        .where('job_id', '=', jobId)
        .orderBy('line')
        .execute();
      return { totals, rows };
    };
    const text = await load('register.txt', fixture('sales-register.txt'));
    const xlsx = await load('register.xlsx', new Uint8Array(await workbook.xlsx.writeBuffer()));
    expect(text.rows.length).toBeGreaterThan(5);
    expect(xlsx.rows).toEqual(text.rows);
    expect(xlsx.totals).toEqual(text.totals);
  });

  it('requires the financial year', async () => {
    const answer = await t.upload('/ingest/sales-register', {
      token,
      files: [{ name: 'other.txt', content: fixture('sales-register.txt') }],
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ code: 'NO_FINANCIAL_YEAR' });
  });

  it('loads nothing from a register whose headers cannot be mapped, and says which columns are missing', async () => {
    const answer = await t.upload('/ingest/sales-register', {
      token,
      files: [{ name: 'nonsense.txt', content: 'Foo\tBar\n1\t2\n' }],
      fields: { financialYear: '2024-25' },
    });
    const view = await finished((answer.json as { jobId: string }).jobId);
    expect(view.remarks).toMatch(/no column could be mapped/);
    expect(resultOf(view).controlTotals.rowsLoaded).toBe(0);
  });

  it('lists jobs with invalid rows on the data-quality page and serves their report as a zip', async () => {
    const list = (await t.api('GET', '/data-quality/ingest-jobs-with-data-validation-errors', { token }))
      .json as {
      jobId: string;
      noOfInvalidEntries: number;
    }[];
    expect(list.length).toBeGreaterThan(0);
    const first = list[0];
    expect(first?.noOfInvalidEntries).toBeGreaterThan(0);
    const response = await fetch(
      `${t.baseUrl}/taxrecon/api/v1/data-quality/data-validation-errors/${first?.jobId}`,
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    expect(response.headers.get('content-type')).toBe('application/zip');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes[0]).toBe(0x50); // PK
    expect(bytes[1]).toBe(0x4b);
  });

  it('offers the remembered mapping next time', async () => {
    const headers = ['Dt', 'Client', 'Bill', 'Taxable', 'TDS'];
    await t.upload('/ingest/sales-register', {
      token,
      files: [{ name: 'mapped.txt', content: `${headers.join('\t')}\n01-05-2024\tACME\tB-1\t1000\t100\n` }],
      fields: {
        financialYear: '2024-25',
        headers: headers.join('\t'),
        mappingDefinition: JSON.stringify({
          date: 'Dt',
          customerName: 'Client',
          voucherNumber: 'Bill',
          saleAmount: 'Taxable',
          tdsAmount: 'TDS',
        }),
      },
    });
    const suggested = (await t.api('POST', '/ingest/mapping/sales-register', { token, body: { headers } }))
      .json as {
      remembered: boolean;
      fields: { key: string; header: string | null }[];
    };
    expect(suggested.remembered).toBe(true);
    expect(suggested.fields.find((f) => f.key === 'voucherNumber')?.header).toBe('Bill');
  });

  it('says when a mapped column is not in the file, and what was read instead', async () => {
    // mapped from another file's header row: 'TDS' and 'Ref' are not in this one
    const headers = ['Dt', 'Client', 'Bill', 'Taxable', 'TDS Deducted'];
    const answer = await t.upload('/ingest/sales-register', {
      token,
      files: [{ name: 'renamed.txt', content: `${headers.join('\t')}\n02-05-2024\tACME\tB-2\t1000\t100\n` }],
      fields: {
        financialYear: '2024-25',
        mappingDefinition: JSON.stringify({
          date: 'Dt',
          customerName: 'Client',
          voucherNumber: 'Bill',
          saleAmount: 'Taxable',
          tdsAmount: 'TDS',
          customerCode: 'Ref',
        }),
      },
    });
    expect(answer.status).toBe(200);
    const view = await finished((answer.json as { jobId: string }).jobId);
    expect(view.remarks).toContain('1 of 1 rows loaded');
    expect(view.remarks).toContain(
      "renamed.txt: the column 'TDS' mapped to 'TDS on sales' is not in the header row; its column 'TDS Deducted' was read instead",
    );
    expect(view.remarks).toContain(
      "the column 'Ref' mapped to 'Customer Code' is not in the header row; 'Customer Code' was left empty",
    );
  });
});

describe('folder loads', () => {
  it('lists the files waiting in the server folder and loads them with the same job as an upload', async () => {
    // the current entity's own folder, which the list names
    const empty = (await t.api('GET', '/ingest/taxbook-raw-data-folder', { token })).json as {
      folder: string;
      files: unknown[];
    };
    expect(empty.files).toEqual([]);
    const folder = empty.folder;
    expect(path.dirname(folder)).toBe(path.join(t.server.ctx.config.ingestFolder, '26as-raw'));
    // a file dropped for another entity is not this one's
    const other = path.join(path.dirname(folder), '00000000-0000-4000-8000-000000000000');
    fs.mkdirSync(other, { recursive: true });
    fs.writeFileSync(path.join(other, 'theirs.txt'), fixture('26as-form-168-layout.txt'));
    fs.writeFileSync(path.join(folder, 'statement-2025.txt'), fixture('26as-form-168-layout.txt'));
    fs.writeFileSync(path.join(folder, 'notes.pdf'), 'not a statement');
    const listed = (await t.api('GET', '/ingest/taxbook-raw-data-folder', { token })).json as {
      files: { fileName: string }[];
    };
    expect(listed.files.map((f) => f.fileName)).toEqual(['statement-2025.txt']);
    const missing = await t.api('PUT', '/ingest/taxbook-raw-folder-ingest', {
      token,
      body: { fileNames: ['../secret.txt'] },
    });
    expect(missing.status).toBe(400);
    for (const fileNames of [['theirs.txt'], [`../00000000-0000-4000-8000-000000000000/theirs.txt`]]) {
      const theirs = await t.api('PUT', '/ingest/taxbook-raw-folder-ingest', { token, body: { fileNames } });
      expect(theirs.status).toBe(400);
    }
    // asked as an upload is (session 39): the tests above loaded this statement already
    const asked = await t.api('PUT', '/ingest/taxbook-raw-folder-ingest', { token, body: {} });
    expect(asked.json).toMatchObject({ code: 'ROWS_ALREADY_LOADED' });
    const started = await t.api('PUT', '/ingest/taxbook-raw-folder-ingest', { token, body: { force: true } });
    const view = await finished((started.json as { jobId: string }).jobId);
    expect(resultOf(view).controlTotals.rowsLoaded).toBeGreaterThan(0);
  });

  it('asks for the financial year before loading sales registers', async () => {
    const answer = await t.api('PUT', '/ingest/sales-folder-ingest', { token, body: {} });
    expect(answer.json).toMatchObject({ code: 'NO_FINANCIAL_YEAR' });
  });
});

describe('26AS of another PAN', () => {
  const switchTo = async (name: string, panNumber?: string) => {
    const entity = (
      await t.api('PUT', '/legal-entity', { token, body: { name, ...(panNumber ? { panNumber } : {}) } })
    ).json as { id: string; subGroupId: string };
    await t.api('PUT', `/entity/${entity.id}/${entity.subGroupId}`, { token });
    return entity;
  };

  it("refuses a statement whose PAN is not the entity's, naming both PANs, even when forced", async () => {
    await switchTo('Zedex Pune', 'AAACZ9999Z');
    const file = { name: 'other.txt', content: fixture('26as-pre-2020-layout.txt') };
    for (const fields of [{}, { force: 'true' }] as Record<string, string>[]) {
      const answer = await t.upload('/ingest/taxbook', { token, files: [file], fields });
      expect(answer.status).toBe(400);
      expect(answer.json).toMatchObject({
        code: 'PAN_MISMATCH',
        message: expect.stringMatching(/AABCK1234F.*AAACZ9999Z/),
      });
    }
    const own = await t.upload('/ingest/taxbook', {
      token,
      files: [{ name: 'own.txt', content: fixture('26as-current-layout.txt') }],
    });
    expect(own.status).toBe(200);
  });

  it('asks before loading a second PAN into an entity that has no PAN yet', async () => {
    await switchTo('No PAN Branch');
    const first = await t.upload('/ingest/taxbook', {
      token,
      files: [{ name: 'first.txt', content: fixture('26as-current-layout.txt') }],
      fields: { force: 'true' },
    });
    await finished((first.json as { jobId: string }).jobId);
    const file = { name: 'second.txt', content: fixture('26as-pre-2020-layout.txt') };
    const asked = await t.upload('/ingest/taxbook', { token, files: [file] });
    expect(asked.status).toBe(409);
    expect(asked.json).toMatchObject({
      code: 'PAN_UNCONFIRMED',
      message: expect.stringMatching(/AABCK1234F.*AAACZ9999Z/),
    });
    const confirmed = await t.upload('/ingest/taxbook', { token, files: [file], fields: { force: 'true' } });
    expect(confirmed.status).toBe(200);
  });
});
