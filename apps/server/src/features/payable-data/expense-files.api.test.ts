import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from '../../testing/test-server.ts';

// Expense ledgers in the TDS payable folder: checked with the 34A reader at
// upload, kept as sent, listed, downloaded, deleted, split into months, and
// invisible to another entity.

let t: TestServer;
let token: string;

interface Problem {
  file: string;
  line: number;
  column: string | null;
  value: string | null;
  expected: string;
  message: string;
}
interface FolderFile {
  id: string;
  kind: string;
  fileName: string;
  financialYear: string;
  financialMonth: string | null;
  fileSize: number;
  rows: number | null;
  baseTotal: string | null;
  tdsTotal: string | null;
  problems: number;
}
interface Answer {
  message: string;
  jobId: string | null;
  file: FolderFile | null;
  problems: Problem[];
  warnings: Problem[];
}

const HEADER =
  'Document Number\tDocument Date\tVendor Code\tVendor Name\tPAN No\tGL Code\tBase Amount\tTDS Amount';
const tsv = (lines: string[]) => `${[HEADER, ...lines].join('\r\n')}\r\n`;
const APRIL = tsv([
  'D1\t05-04-2024\tV001\tAcme Services\tAABCA1234F\t400100\t100000.00\t10000.00',
  'D2\t12-04-2024\tV002\tBeta Consultants\tAAAPB1234C\t400200\t50000.00\t5000.00',
]);

const upload = (path: string, name: string, content: string | Uint8Array, fields?: Record<string, string>) =>
  t.upload(path, { token, files: [{ name, content }], ...(fields ? { fields } : {}) });
const folder = async (fy?: string) =>
  (
    (await t.api('GET', `/ingest/expense-data-folder${fy ? `?financialYear=${fy}` : ''}`, { token }))
      .json as {
      files: FolderFile[];
    }
  ).files;

// UTF-16LE with a byte-order mark, as Tally writes its exports.
const utf16 = (text: string): Uint8Array => {
  const body = Buffer.from(text, 'utf16le');
  return new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), body]));
};

beforeAll(async () => {
  t = await startTestServer();
  token = await t.login(ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await t?.close();
});

describe('monthly expense upload', () => {
  it('checks the ledger, keeps it with its control totals and lists it in the folder', async () => {
    const answer = await upload('/ingest/expense/24-25/2024-04', 'April ledger.txt', APRIL);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const body = answer.json as Answer;
    expect(body.jobId).toBeNull();
    expect(body.problems).toEqual([]);
    expect(body.file).toMatchObject({
      kind: 'expense',
      fileName: 'April ledger.txt',
      financialYear: '2024-25',
      financialMonth: '2024-04',
      rows: 2,
      baseTotal: '150000.00',
      tdsTotal: '15000.00',
      fileSize: Buffer.byteLength(APRIL),
    });
    expect(body.message).toContain('₹1,50,000.00');
    const files = await folder('24-25');
    expect(files.map((f) => f.fileName)).toContain('April ledger.txt');
    // the 34A job finds it by kind, year and month
    const row = await t.server.ctx.db
      .selectFrom('payable_files')
      .select(['file_name', 'rows_read'])
      .where('kind', '=', 'expense')
      .where('financial_year', '=', '2024-25')
      .where('month', '=', '2024-04')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ file_name: 'April ledger.txt', rows_read: 2 });
  });

  it('refuses a bad file name, a wrong type and a month outside the year, with the screen prefix', async () => {
    const badName = await upload('/ingest/expense/24-25/2024-04', 'april%ledger.txt', APRIL);
    expect(badName.status).toBe(400);
    expect(badName.json).toMatchObject({ code: 'INVALID_FILE_NAME' });
    expect((badName.json as { message: string }).message).toMatch(
      /^Error Uploading Expense Ledger - Invalid file name\. File names should not contain special characters/,
    );
    const twoDots = await upload('/ingest/expense/24-25/2024-04', 'april.ledger.txt', APRIL);
    expect(twoDots.json).toMatchObject({ code: 'INVALID_FILE_NAME' });
    const pdf = await upload('/ingest/expense/24-25/2024-04', 'april.pdf', APRIL);
    expect(pdf.status).toBe(400);
    expect(pdf.json).toMatchObject({ code: 'INVALID_FILE_TYPE' });
    const outputTxt = await upload('/ingest/expense/24-25/output-file', 'year.txt', APRIL);
    expect(outputTxt.json).toMatchObject({ code: 'INVALID_FILE_TYPE' });
    const month = await upload('/ingest/expense/24-25/2025-04', 'april.txt', APRIL);
    expect(month.status).toBe(400);
    expect(month.json).toMatchObject({ code: 'BAD_MONTH' });
    const year = await upload('/ingest/expense/24-26/2024-04', 'april.txt', APRIL);
    expect(year.status).toBe(400);
  });

  it('keeps a partly bad ledger with its bad lines listed, and warns of entries outside the month', async () => {
    const text = tsv([
      'D10\t02-05-2024\tV001\tAcme Services\tAABCA1234F\t400100\t20000.00\t2000.00',
      'D11\t03-05-2024\tV001\tAcme Services\tAABCA1234F\t400100\ttwenty\t0',
      'D12\t31-13-2024\tV002\tBeta Consultants\tAAAPB1234C\t400200\t500.00\t0',
      'D13\t30-04-2024\tV002\tBeta Consultants\tAAAPB1234C\t400200\t700.00\t0',
    ]);
    const answer = await upload('/ingest/expense/2024-25/2024-05', 'May ledger.txt', text);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const body = answer.json as Answer;
    expect(body.file).toMatchObject({ rows: 4, baseTotal: '20700.00', problems: 3 });
    expect(body.problems).toHaveLength(2);
    expect(body.problems[0]).toMatchObject({
      file: 'May ledger.txt',
      line: 3,
      column: 'Base Amount',
      value: 'twenty',
    });
    expect(body.problems[0]?.expected).toMatch(/amount/);
    expect(body.problems[1]).toMatchObject({ line: 4, column: 'Document Date' });
    expect(body.warnings).toEqual([
      expect.objectContaining({ line: 5, column: 'documentDate', value: '2024-04-30' }),
    ]);
    expect(body.message).toMatch(/2 line\(s\) could not be read; warning: 1 entry is dated outside 2024-05/);
  });

  it('answers 400 with the reasons when nothing in the ledger is usable', async () => {
    const noAmount = 'Document Number\tDocument Date\tVendor Code\nD1\t01-04-2024\tV1\n';
    const answer = await upload('/ingest/expense/24-25/2024-04', 'no amount.txt', noAmount);
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ code: 'LEDGER_UNUSABLE' });
    expect((answer.json as { message: string }).message).toMatch(
      /^Error Uploading Expense Ledger - .*'baseAmount'/,
    );
    const allBad = tsv(['D1\tnot a date\tV001\tA\tAABCA1234F\t1\t100\t0']);
    const bad = await upload('/ingest/expense/24-25/2024-04', 'all bad.txt', allBad);
    expect(bad.status).toBe(400);
    const details = (bad.json as { details: { path: string; message: string }[] }).details;
    expect(details[0]?.path).toBe('all bad.txt line 2, Document Date');
    expect(await folder()).not.toEqual(
      expect.arrayContaining([expect.objectContaining({ fileName: 'all bad.txt' })]),
    );
  });

  it('reads a Tally export: UTF-16 with a BOM, lakh grouping, reversals, credit notes, several GL lines a voucher', async () => {
    const text = [
      'Voucher Date\tVoucher No\tVoucher Type\tParty Name\tPAN\tLedger Code\tNarration\tTaxable Amount\tTDS Amount',
      '01-Jun-2024\tJV/001\tJournal\tRaman & Co\tAAFFR1234K\t500100\tAudit fee\t1,25,000.00\t12,500.00',
      '01-Jun-2024\tJV/001\tJournal\tRaman & Co\tAAFFR1234K\t500200\tOut of pocket\t5,000.00\t500.00',
      '15-Jun-2024\tJV/007\tJournal\tRaman & Co\tAAFFR1234K\t500100\tReversal of JV/001\t-25,000.00\t-2,500.00',
      '20-Jun-2024\tCN/002\tCredit Note\tSharma Logistics\tABCPS1234D\t500300\tRate difference\t(10,000.00)\t(200.00)',
      '28-Jun-2024\tPV/010\tPurchase\tSharma Logistics\tABCPS1234D\t500300\tFreight June\t12,34,567.50\t24,691.35',
      'Grand Total\t\t\t\t\t\t\t13,29,567.50\t34,991.35',
    ].join('\r\n');
    const answer = await upload('/ingest/expense/24-25/2024-06', 'Tally June.txt', utf16(`${text}\r\n`));
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const body = answer.json as Answer;
    expect(body.problems).toEqual([]);
    expect(body.warnings).toEqual([]);
    expect(body.file).toMatchObject({ rows: 5, baseTotal: '1329567.50', tdsTotal: '34991.35' });
  });

  it('refuses the same bytes in the same folder with 409, and loads them again when forced', async () => {
    const again = await upload('/ingest/expense/24-25/2024-04', 'April copy.txt', APRIL);
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ code: 'DUPLICATE_FILE' });
    // another month is another folder
    const otherMonth = await upload('/ingest/expense/24-25/2024-07', 'April copy.txt', APRIL);
    expect(otherMonth.status).toBe(200);
    const forced = await upload('/ingest/expense/24-25/2024-04', 'April ledger.txt', APRIL, {
      force: 'true',
    });
    expect(forced.status).toBe(200);
    const april = (await folder('2024-25')).filter((f) => f.financialMonth === '2024-04');
    expect(april.map((f) => f.fileName)).toEqual(['April ledger.txt']);
  });
});

describe('output file after changes', () => {
  const OUTPUT = [
    'Document Number,Document Date,Vendor Code,Vendor Name,PAN No,GL Code,Base Amount,TDS Amount',
    'O1,2024-08-05,V001,Acme Services,AABCA1234F,400100,"1,00,000.00",10000.00',
    'O2,2024-08-20,V002,Beta Consultants,AAAPB1234C,400200,-5000.00,-500.00',
    'O3,2024-09-01,V001,Acme Services,AABCA1234F,400100,"-1,00,000.00",-10000.00',
    'O4,2025-03-31,V003,Gamma Traders,AAGCG1234H,400300,2500.50,50.00',
    'O5,not a date,V003,Gamma Traders,AAGCG1234H,400300,1.00,0',
    'O6,2025-04-01,V003,Gamma Traders,AAGCG1234H,400300,9.00,0',
  ].join('\n');

  it('keeps a year file without a month, and splits it into one monthly file per month in one go', async () => {
    const answer = await upload('/ingest/expense/24-25/output-file', 'Output FY25.csv', OUTPUT);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const body = answer.json as Answer;
    expect(body.file).toMatchObject({ kind: 'expense-output', financialMonth: null, rows: 6 });
    expect(body.problems).toHaveLength(1);
    expect(body.warnings.map((w) => w.line)).toEqual([7]);

    const split = await t.api(
      'GET',
      `/ingest/expense/24-25/month-year-wise-csv-from-output-file?fileName=${encodeURIComponent('Output FY25.csv')}`,
      { token },
    );
    expect(split.status, JSON.stringify(split.json)).toBe(200);
    const result = split.json as { message: string; error: null; files: FolderFile[] };
    expect(result.error).toBeNull();
    expect(result.message).toMatch(/split into 3 monthly file\(s\).*2 line\(s\)/);
    expect(result.files.map((f) => [f.fileName, f.financialMonth, f.rows, f.baseTotal])).toEqual([
      ['Output FY25_2024-08.csv', '2024-08', 2, '95000.00'],
      ['Output FY25_2024-09.csv', '2024-09', 1, '-100000.00'],
      ['Output FY25_2025-03.csv', '2025-03', 1, '2500.50'],
    ]);
    const august = await t.api('GET', '/ingest/download-expense/24-25/2024-08/Output FY25_2024-08.csv', {
      token,
    });
    expect(String(august.json)).toContain(
      'O2,2024-08-20,V002,Beta Consultants,AAAPB1234C,400200,-5000.00,-500.00',
    );
    expect(String(august.json)).not.toContain('O3');
    const years = await t.api('GET', '/search/expenses/24-25', { token });
    expect((years.json as { files: FolderFile[] }).files.map((f) => f.fileName)).toEqual(
      expect.arrayContaining(['Output FY25.csv', 'Output FY25_2024-08.csv', 'April ledger.txt']),
    );
    expect(
      ((await t.api('GET', '/search/expenses/23-24', { token })).json as { files: unknown[] }).files,
    ).toEqual([]);
  });

  it('says why a file cannot be split', async () => {
    const missing = await t.api(
      'GET',
      '/ingest/expense/24-25/month-year-wise-csv-from-output-file?fileName=none.csv',
      {
        token,
      },
    );
    expect(missing.status).toBe(404);
    await upload('/ingest/expense/23-24/output-file', 'Old year.csv', OUTPUT);
    const outside = await t.api(
      'GET',
      '/ingest/expense/23-24/month-year-wise-csv-from-output-file?fileName=Old%20year.csv',
      { token },
    );
    expect(outside.status).toBe(400);
    expect((outside.json as { message: string }).message).toMatch(
      /^Failed to split file: Old year\.csv has no line dated in FY 2023-24/,
    );
  });
});

describe('download and delete', () => {
  it('downloads the file exactly as sent and deletes it', async () => {
    const download = await fetch(
      `${t.baseUrl}/taxrecon/api/v1/ingest/download-expense/24-25/2024-04/${encodeURIComponent('April ledger.txt')}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(download.status).toBe(200);
    expect(await download.text()).toBe(APRIL);
    const output = await fetch(
      `${t.baseUrl}/taxrecon/api/v1/ingest/download-expense/24-25/Output%20FY25.csv`,
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    expect(output.status).toBe(200);
    const deleted = await t.api('DELETE', '/ingest/delete-expense/24-25/2024-04/April ledger.txt', { token });
    expect(deleted.json).toEqual({ message: 'Expense Data Deleted' });
    expect(
      (await t.api('GET', '/ingest/download-expense/24-25/2024-04/April ledger.txt', { token })).status,
    ).toBe(404);
    const deletedOutput = await t.api('DELETE', '/ingest/delete-expense/24-25/Output FY25.csv', { token });
    expect(deletedOutput.json).toEqual({ message: 'Expense Data Deleted' });
    expect((await folder('24-25')).some((f) => f.kind === 'expense-output')).toBe(false);
    expect((await t.api('DELETE', '/ingest/delete-expense/24-25/Output FY25.csv', { token })).status).toBe(
      404,
    );
  });
});

describe('entity isolation', () => {
  it("another entity's user neither sees nor deletes nor downloads the files", async () => {
    const home = (await t.api('GET', '/entities', { token })).json as {
      id: string;
      subGroupId: string;
      current: boolean;
    }[];
    const current = home.find((x) => x.current);
    if (!current) throw new Error('no current entity');
    const other = (
      await t.api('PUT', '/legal-entity', {
        token,
        body: { name: 'Expense Branch', panNumber: 'AABCE1234Q' },
      })
    ).json as { id: string; subGroupId: string };
    expect((await t.api('PUT', `/entity/${other.id}/${other.subGroupId}`, { token })).status).toBe(200);
    try {
      expect(await folder()).toEqual([]);
      expect(
        ((await t.api('GET', '/search/expenses/24-25', { token })).json as { files: unknown[] }).files,
      ).toEqual([]);
      const name = encodeURIComponent('May ledger.txt');
      expect((await t.api('GET', `/ingest/download-expense/24-25/2024-05/${name}`, { token })).status).toBe(
        404,
      );
      expect((await t.api('DELETE', `/ingest/delete-expense/24-25/2024-05/${name}`, { token })).status).toBe(
        404,
      );
    } finally {
      await t.api('PUT', `/entity/${current.id}/${current.subGroupId}`, { token });
    }
    expect((await folder('24-25')).map((f) => f.fileName)).toContain('May ledger.txt');
  });
});
