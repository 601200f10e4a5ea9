import { randomUUID } from 'node:crypto';
import {
  FORM26Q_MESSAGES,
  type Form26qFile,
  type Form26qHeaders,
  type Form26qResult,
} from '@taxrecon/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from '../../testing/test-server.ts';

// The 26Q reconcile through the API: a filed return made with exceljs
// against books holding the quarter's 34A entries. The books are rows of
// payable_entries as the 34A job writes them (its own tests cover how).

let t: TestServer;
let token: string;
let entityId: string;

const HEADERS = [
  'PAN of deductee',
  'Name of deductee',
  'Section code',
  'Amount paid',
  'TDS deducted',
  'Rate',
];
const MAPPING = {
  'PAN of deductee': 'vendorPan',
  'Name of deductee': 'vendorName',
  'Section code': 'Section',
  'Amount paid': 'sourceBaseAmount',
  'TDS deducted': 'sourceTDSAmount',
  Rate: 'tdsRate',
};
const SECTIONS = { '94C': '194C', '94J': '194J(b)', '94I': '194I(b)' };

const xlsx = async (rows: (string | number)[][], headers = HEADERS): Promise<Uint8Array> => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Deductees');
  sheet.addRow(headers);
  for (const r of rows) sheet.addRow(r);
  return new Uint8Array(await book.xlsx.writeBuffer());
};

// The return: A matches, B short, C excess, D not in the books; E (books only) missing.
const RETURN_ROWS = [
  ['AAACA1234A', 'Alpha Ltd', '94C', 100000, 1000, 1],
  ['AAACA1234A', 'Alpha Ltd', '94C', '50,000.00', 500, 1],
  ['AAAPB5678B', 'Beta', '94J', 200000, 15000, 10],
  ['AAAFC1111C', 'Gamma & Co', '94I', 300000, 31000, 10],
  ['AAACD2222D', 'Delta', '94C', 10000, 200, 2],
];

const book = async (
  pan: string,
  section: string,
  month: string,
  base: number,
  deducted: number,
  due = deducted,
) => {
  await t.server.ctx.database.pool.query(
    `INSERT INTO payable_entries (entity_id, financial_year, job_id, file, line, ref, month, recognised_month, pan,
       section, return_form, base, taxable, liable, due, deducted, interest, status, reason)
     VALUES ($1, '2024-25', $2, 'ledger.csv', 1, 'r', $3, $3, $4, $5, '26Q', $6, $6, true, $7, $8, 0, 'OK', 'test')`,
    [entityId, randomUUID(), month, pan, section, base, due, deducted],
  );
};

const reconcile = (
  rows: (string | number)[][],
  fields: Record<string, string>,
  route = '/34a/reconcile-26q/24-25/Q1',
) =>
  xlsx(rows).then((content) =>
    t.upload(route, { token, files: [{ name: 'return Q1.xlsx', content }], fields }),
  );

const FIELDS = {
  mappingDefinition: JSON.stringify(MAPPING),
  sectionMappingDefinition: JSON.stringify(SECTIONS),
};

beforeAll(async () => {
  t = await startTestServer({}, { work: false });
  token = await t.login(ADMIN.email, ADMIN.password);
  const admin = await t.server.ctx.db
    .selectFrom('users')
    .select(['current_entity_id'])
    .where('login', '=', ADMIN.email)
    .executeTakeFirstOrThrow();
  entityId = admin.current_entity_id!;
  await book('AAACA1234A', '194C', '2024-04', 100000, 1000);
  await book('AAACA1234A', '194C', '2024-06', 50000, 500);
  await book('AAAPB5678B', '194J(b)', '2024-05', 200000, 20000);
  await book('AAAFC1111C', '194I(b)', '2024-06', 300000, 30000);
  await book('AAACE3333E', '194C', '2024-05', 80000, 800, 1600);
  // another quarter: not part of Q1
  await book('AAACD2222D', '194C', '2024-07', 10000, 200);
});

afterAll(async () => {
  await t?.close();
});

describe('26Q reconcile: the mapping screens', () => {
  it('lists the sections of the books for the quarter first', async () => {
    const answer = await t.api('GET', '/34a/sections-26q/2024-25/Q1', { token });
    expect(answer.status).toBe(200);
    const { inBooks, sections } = answer.json as { inBooks: string[]; sections: string[] };
    expect(inBooks).toEqual(['194C', '194I(b)', '194J(b)']);
    expect(sections.slice(0, 3)).toEqual(inBooks);
    expect(sections).toContain('194Q');
  });
  it("answers a file's headers and each column's distinct values", async () => {
    const answer = await t.upload('/34a/reconcile-26q-headers', {
      token,
      files: [{ name: 'return.xlsx', content: await xlsx(RETURN_ROWS) }],
    });
    expect(answer.status).toBe(200);
    const headers = answer.json as Form26qHeaders;
    expect(headers.headers).toEqual(HEADERS);
    expect(headers.rows).toBe(5);
    expect(headers.values['Section code']).toEqual(['94C', '94I', '94J']);
  });
});

describe('26Q reconcile: validation', () => {
  it.each([
    [
      'a field left unmapped',
      { ...FIELDS, mappingDefinition: JSON.stringify({ ...MAPPING, Rate: '' }) },
      `${FORM26Q_MESSAGES.fieldsUnmapped} Not mapped to a column of the file: tdsRate.`,
    ],
    [
      'a header not in the file',
      { ...FIELDS, mappingDefinition: JSON.stringify({ ...MAPPING, Nope: 'tdsRate', Rate: undefined }) },
      FORM26Q_MESSAGES.fieldsUnmapped,
    ],
    [
      'a section value unmapped',
      { ...FIELDS, sectionMappingDefinition: JSON.stringify({ '94C': '194C' }) },
      FORM26Q_MESSAGES.valuesUnmapped,
    ],
  ])('%s answers the spec message', async (_, fields, message) => {
    const answer = await reconcile(RETURN_ROWS, fields as Record<string, string>);
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.json)).toContain(message);
  });
  it.each([
    ['/34a/reconcile-26q/-/Q1', "'-' is not a financial year (e.g. 2024-25)."],
    ['/34a/reconcile-26q/24-25/Q5', "'Q5' is not a quarter (Q1 to Q4)."],
    [
      '/34a/reconcile-26q/2024-26/Q7',
      "'2024-26' is not a financial year (e.g. 2024-25); 'Q7' is not a quarter (Q1 to Q4).",
    ],
  ])('a missing year or quarter: %s, saying which', async (route, which) => {
    const answer = await reconcile(RETURN_ROWS, FIELDS, route);
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ message: `${FORM26Q_MESSAGES.yearQuarter} ${which}` });
  });
  it('names the line and column of an amount that is not one', async () => {
    const answer = await reconcile([['AAACA1234A', 'Alpha', '94C', 'ten', 1, 1]], FIELDS);
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.json)).toContain('line 2, column \\"Amount paid\\": expected an amount');
  });
  it('refuses a file that is not a spreadsheet', async () => {
    const answer = await t.upload('/34a/reconcile-26q/24-25/Q1', {
      token,
      files: [{ name: 'return.csv', content: 'a,b' }],
      fields: FIELDS,
    });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.json)).toContain('.xlsx, .xls');
  });
});

describe('26Q reconcile: result, list and download', () => {
  let result: Form26qResult;
  beforeAll(async () => {
    const answer = await reconcile(RETURN_ROWS, FIELDS);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    result = answer.json as Form26qResult;
  });

  it('compares each PAN and section of the return with the books', () => {
    const byPan = Object.fromEntries(result.lines.map((l) => [`${l.pan} ${l.section}`, l]));
    expect(byPan['AAACA1234A 194C']).toMatchObject({
      status: 'Matched',
      returnRows: 2,
      returnBase: '150000.00',
      returnTds: '1500.00',
      bookDeducted: '1500.00',
      difference: '0.00',
    });
    expect(byPan['AAAPB5678B 194J(b)']).toMatchObject({
      status: 'Short in return',
      returnTds: '15000.00',
      bookDeducted: '20000.00',
      difference: '-5000.00',
    });
    expect(byPan['AAAFC1111C 194I(b)']).toMatchObject({ status: 'Excess in return', difference: '1000.00' });
    expect(byPan['AAACD2222D 194C']).toMatchObject({ status: 'Missing from books', bookDeducted: '0.00' });
    expect(byPan['AAACE3333E 194C']).toMatchObject({
      status: 'Missing from return',
      bookDeducted: '800.00',
      bookDue: '1600.00',
    });
    expect(byPan['AAACE3333E 194C']?.reason).toContain('short deduction');
    expect(result.counts).toEqual({
      Matched: 1,
      'Short in return': 1,
      'Excess in return': 1,
      'Missing from return': 1,
      'Missing from books': 1,
    });
    expect(result.returnTds).toBe('47700.00');
    expect(result.bookDeducted).toBe('52300.00');
  });

  it('lists the reconciled file and answers it again', async () => {
    const list = (await t.api('GET', '/34a/reconciled-26q-files?financialYear=2024-25&quarter=Q1', { token }))
      .json as Form26qFile[];
    expect(list.map((f) => f.id)).toContain(result.id);
    const again = await t.api('GET', `/34a/reconciled-26q/${result.id}`, { token });
    expect((again.json as Form26qResult).lines).toEqual(result.lines);
    const q2 = (await t.api('GET', '/34a/reconciled-26q-files?financialYear=2024-25&quarter=Q2', { token }))
      .json as Form26qFile[];
    expect(q2).toEqual([]);
  });

  it('downloads the reconciled workbook with ₹ formats', async () => {
    const response = await fetch(
      `${t.baseUrl}/taxrecon/api/v1/34a/${result.id}/2024-25/Q1/${encodeURIComponent(result.resultFileName)}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.getWorksheet('26Q reconciliation')!;
    expect(sheet.getRow(2).getCell(1).value).toBe('PAN');
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const beta = rows.find((r) => r[0] === 'AAAPB5678B')!;
    expect(beta.slice(3, 11)).toEqual(['Short in return', 1, 200000, 15000, 200000, 20000, 20000, -5000]);
    const betaRow = sheet.getRow(rows.indexOf(beta) + 1);
    expect(betaRow.getCell(7).numFmt).toContain('₹');
    expect(workbook.getWorksheet('Summary')).toBeDefined();
  });

  it('keeps another entity out', async () => {
    const home = (await t.api('GET', '/entities', { token })).json as {
      id: string;
      subGroupId: string;
      current: boolean;
    }[];
    const current = home.find((x) => x.current)!;
    const other = (
      await t.api('PUT', '/legal-entity', { token, body: { name: 'Other Branch', panNumber: 'AABCO1234Q' } })
    ).json as { id: string; subGroupId: string };
    expect((await t.api('PUT', `/entity/${other.id}/${other.subGroupId}`, { token })).status).toBe(200);
    try {
      expect((await t.api('GET', `/34a/reconciled-26q/${result.id}`, { token })).status).toBe(404);
      expect(
        (await t.api('GET', `/34a/${result.id}/2024-25/Q1/${result.resultFileName}`, { token })).status,
      ).toBe(404);
      expect((await t.api('GET', '/34a/reconciled-26q-files', { token })).json).toEqual([]);
      const mine = (await t.api('GET', '/34a/sections-26q/2024-25/Q1', { token })).json as {
        inBooks: string[];
      };
      expect(mine.inBooks).toEqual([]);
      // the other entity's return against its own (empty) books: everything is missing from the books
      const answer = await reconcile(RETURN_ROWS.slice(0, 1), FIELDS);
      expect((answer.json as Form26qResult).lines.map((l) => l.status)).toEqual(['Missing from books']);
    } finally {
      await t.api('PUT', `/entity/${current.id}/${current.subGroupId}`, { token });
    }
  });
});
