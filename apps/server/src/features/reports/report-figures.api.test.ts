import type { MiscReportAnswer, MiscReportItem } from '@taxrecon/contracts';
import { writeCustomerMaster } from '@taxrecon/formats';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, eventually, startTestServer, type TestServer } from '../../testing/test-server.ts';

// The receivable miscellaneous reports (and one reconciliation report) on a
// small hand-made company, figures worked out here by hand (session 38's
// audit): csv safe to open, a split 26AS row counted once, a run of chosen
// customers not taken for the year, every 26AS credit in the income
// comparison, the next year without the rows brought forward, dates as dates.

const FORMULA = '=HYPERLINK("http://x","y")';
const MASTER_FORMULA = '@SUM(1+1)*cmd';

const statement = (fy: '2024-2025' | '2025-2026', parties: string[]) =>
  [
    '^Annual Tax Statement^',
    '',
    'File Creation Date^Permanent Account Number (PAN)^Current Status of PAN^Financial Year^Assessment Year^Name of Assessee^Address Line 1^Address Line 2^Address Line 3^Address Line 4^Address Line 5^Statecode^Pin Code',
    `12-06-2026^AAACZ9999Z^ACTIVE AND OPERATIVE^${fy}^2026-2027^ZEDEX SAMPLE PRIVATE LIMITED^1 SAMPLE ROAD^^^PUNE^PUNE^MAHARASHTRA^411001`,
    '',
    '^PART-I - Details of Tax Deducted at Source^',
    'Sr. No.^Name of Deductor^TAN of Deductor^^^^^Total Amount Paid / Credited(Rs.)^Total Tax Deducted(Rs.)^Total TDS Deposited(Rs.)',
    ...parties,
    '',
    '^PART-VI - Details of Tax Collected at Source^',
    '^^^*********** No Transactions Present **********^',
    '',
  ].join('\n');

const TXN_HEADER =
  '^Sr. No.^Section^Transaction Date^Status of Booking^Date of Booking^Remarks^Amount Paid / Credited(Rs.)^Tax Deducted(Rs.)^TDS Deposited(Rs.)';

// FY 2024-25: ALPHA has a final credit, an unmatched (U) credit on 31-Mar and
// a credit of June without an invoice; BETA one final credit; a deductor
// whose name is a spreadsheet formula (not in the master).
const STATEMENT_2425 = statement('2024-2025', [
  '1^ALPHA CUSTOMER LIMITED^PNEA00001A^^^^^300000.00^30000.00^30000.00^',
  TXN_HEADER,
  '^1^194J^15-Apr-2024^F^28-Jul-2024^-^150000.00^15000.00^15000.00',
  '^2^194J^20-Jun-2024^F^28-Oct-2024^-^50000.00^5000.00^5000.00',
  '^3^194J^31-Mar-2025^U^-^-^100000.00^10000.00^10000.00',
  '2^BETA BUYER LLP^MUMB00002B^^^^^5100000.00^100.00^100.00^',
  TXN_HEADER,
  '^1^194Q^10-Feb-2025^F^20-May-2025^-^5100000.00^100.00^100.00',
  `3^${FORMULA}^DELZ00009Z^^^^^40000.00^800.00^800.00^`,
  TXN_HEADER,
  '^1^194C^05-Oct-2024^F^30-Jan-2025^-^40000.00^800.00^800.00',
]);

// FY 2025-26: SIGMA's credit for its invoice of March 2025, ALPHA's May credit.
const STATEMENT_2526 = statement('2025-2026', [
  '1^ALPHA CUSTOMER LIMITED^PNEA00001A^^^^^200000.00^20000.00^20000.00^',
  TXN_HEADER,
  '^1^194J^15-May-2025^F^28-Jul-2025^-^200000.00^20000.00^20000.00',
  '2^SIGMA SERVICES^PNES00005S^^^^^10000.00^1000.00^1000.00^',
  TXN_HEADER,
  '^1^194J^10-Apr-2025^F^28-Jul-2025^-^10000.00^1000.00^1000.00',
]);

const SALES_HEADER =
  'Date\tParticulars\tVch Type\tVch No.\tVoucher Ref.\tGSTIN/UIN\tPAN No.\tTAN No.\tGross Total\tProfessional Services\tOthers\tCGST @9%\tSGST @9%\tIGST @18%\tTDS Rate\tTDS on Sales';
const sale = (
  date: string,
  name: string,
  voucher: string,
  tan: string,
  amount: string,
  rate: string,
  tds: string,
) => [date, name, 'Sales', voucher, '', '', '', tan, amount, amount, '', '', '', '', rate, tds].join('\t');

const SALES_2425 = [
  'Zedex Sample Private Limited',
  'Sales Register',
  '1-Apr-2024 to 31-Mar-2025',
  '',
  SALES_HEADER,
  sale(
    '15-Apr-2024',
    'ALPHA CUSTOMER LIMITED',
    'INV/24-25/001',
    'PNEA00001A',
    '1,50,000.00',
    '10%',
    '15,000.00',
  ),
  sale(
    '31-Mar-2025',
    'ALPHA CUSTOMER LIMITED',
    'INV/24-25/188',
    'PNEA00001A',
    '1,00,000.00',
    '10%',
    '10,000.00',
  ),
  sale('10-Feb-2025', 'BETA BUYER LLP', 'INV/24-25/140', 'MUMB00002B', '51,00,000.00', '0.1%', '100.00'),
  sale('14-Mar-2025', 'SIGMA SERVICES', 'INV/24-25/202', 'PNES00005S', '10,000.00', '10%', '1,000.00'),
  '',
].join('\r\n');

const SALES_2526 = [
  'Zedex Sample Private Limited',
  'Sales Register',
  '1-Apr-2025 to 31-Mar-2026',
  '',
  SALES_HEADER,
  sale(
    '15-May-2025',
    'ALPHA CUSTOMER LIMITED',
    'INV/25-26/001',
    'PNEA00001A',
    '2,00,000.00',
    '10%',
    '20,000.00',
  ),
  '',
].join('\r\n');

const MASTER = writeCustomerMaster([
  {
    customerCode: 'C001',
    customerName: 'ALPHA CUSTOMER LIMITED',
    nameFrom26AS: 'ALPHA CUSTOMER LIMITED',
    tanNumber: 'PNEA00001A',
  },
  {
    customerCode: 'C002',
    customerName: 'BETA BUYER LLP',
    nameFrom26AS: 'BETA BUYER LLP',
    tanNumber: 'MUMB00002B',
  },
  {
    customerCode: 'C004',
    customerName: 'SIGMA SERVICES',
    nameFrom26AS: 'SIGMA SERVICES',
    tanNumber: 'PNES00005S',
  },
  { customerCode: 'C009', customerName: MASTER_FORMULA, tanNumber: 'BLRZ00010Z' },
]);

let t: TestServer;
let token: string;
let job2425: string;

const jobDone = (jobId: string) =>
  eventually(async () => {
    const job = (await t.api('GET', `/job/${jobId}`, { token })).json as {
      status: string;
      remarks: string;
      failureReason?: string;
    };
    if (job.status === 'Failed') throw new Error(`job ${jobId} failed: ${job.failureReason ?? job.remarks}`);
    return job.status === 'Completed' ? job : null;
  }, 60_000);

const load = async (route: string, name: string, content: string, fields: Record<string, string> = {}) => {
  const answer = await t.upload(route, { token, files: [{ name, content }], fields });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  await jobDone((answer.json as { jobId: string }).jobId);
};

const reconcile = async (year: string, customers: string[] = []) => {
  const answer = await t.api('PUT', `/job/tds-reconciliation/${year}`, { token, body: { customers } });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  const jobId = (answer.json as { jobId: string }).jobId;
  await jobDone(jobId);
  return jobId;
};

const download = async (path: string) => {
  const response = await fetch(`${t.baseUrl}/taxrecon/api/v1${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()) };
};

// Requests a misc report and answers the downloaded file once it is ready.
const miscFile = async (year: string, reportId: string, format: 'xlsx' | 'csv' = 'xlsx') => {
  const answer = (
    await t.api('GET', `/reports/upload-miscellaneous-report-async/${year}/${reportId}/-1?format=${format}`, {
      token,
    })
  ).json as MiscReportAnswer;
  expect(answer.outcome, JSON.stringify(answer)).toBe('queued');
  const item = await eventually(async () => {
    const list = (await t.api('GET', '/reports/miscellaneous-reports?pageSize=500', { token })).json as {
      records: MiscReportItem[];
    };
    const found = list.records.find((r) => r.id === answer.reportId);
    if (found?.status === 'Failed') throw new Error(`report failed: ${found.errorMsg}`);
    return found?.status === 'Completed' ? found : null;
  }, 60_000);
  const file = await download(`/reports/miscellaneous-reports/${item.id}`);
  expect(file.status).toBe(200);
  return file.bytes;
};

// An xlsx misc report: four title lines, the header row, the rows, a totals row.
const miscSheet = async (year: string, reportId: string) => {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await miscFile(year, reportId)) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const values = sheet.getSheetValues().slice(1) as unknown[][];
  const header = (values[4] ?? []).slice(1) as string[];
  const rows = values.slice(5, -1).map((r) => Object.fromEntries(header.map((h, i) => [h, r[i + 1]])));
  const total = Object.fromEntries(header.map((h, i) => [h, values.at(-1)?.[i + 1]]));
  return { rows, total, sheet, header };
};

beforeAll(async () => {
  t = await startTestServer();
  token = await t.login(ADMIN.email, ADMIN.password);
  await load('/ingest/ingest-customer', 'customer-master.txt', MASTER);
  await load('/ingest/taxbook', '26as-2024-25.txt', STATEMENT_2425);
  await load('/ingest/sales-register', 'sales-2024-25.txt', SALES_2425, { financialYear: '2024-25' });
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('csv files are safe to open in a spreadsheet', () => {
  it('misc report csv writes a 26AS deductor name that starts a formula as text', async () => {
    const text = Buffer.from(await miscFile('2024-25', '26as-section-customer-wise', 'csv')).toString('utf8');
    // the deductor is in the report ...
    expect(text).toContain('HYPERLINK');
    // ... but never as a cell a spreadsheet runs
    expect(text).not.toMatch(/(^|,)"?=HYPERLINK/m);
  });

  it('customer TAN csv writes a master name that starts a formula as text', async () => {
    const file = await download('/data-admin/download/customer-tan');
    const text = Buffer.from(file.bytes).toString('utf8');
    expect(text).toContain('BLRZ00010Z');
    expect(text).not.toMatch(/(^|,)"?@SUM/m);
  });
});

describe('after the reconciliation of 2024-25', () => {
  beforeAll(async () => {
    job2425 = await reconcile('2024-25');
  }, 120_000);

  it('entity-wise summary writes "Reconciled on" as a date, not text', async () => {
    const { rows, sheet } = await miscSheet('2024-25', 'entity-wise-summary');
    expect(rows).toHaveLength(1);
    const cell = sheet.getRow(6).getCell(2);
    expect(cell.value).toBeInstanceOf(Date);
  });

  it('section-wise summary counts a split 26AS row once', async () => {
    const view = (
      await t.api('GET', `/discrepancy/entries/PNEA00001A?jobId=${job2425}&pageSize=50`, { token })
    ).json as {
      taxBookDiscrepancies: {
        id: string;
        tax: string;
        transactionDate: string;
        manualAction: string | null;
      }[];
    };
    const june = view.taxBookDiscrepancies.find((r) => r.transactionDate === '2024-06-20');
    expect(june, JSON.stringify(view.taxBookDiscrepancies)).toBeDefined();
    const split = await t.api('PUT', '/discrepancy/update-discrepancies', {
      token,
      body: {
        jobId: job2425,
        actionType: 'Split',
        taxBookDiscrepancyIds: [june!.id],
        splitParts: [
          { amount: '30000.00', tax: '3000.00' },
          { amount: '20000.00', tax: '2000.00' },
        ],
      },
    });
    expect(split.status, JSON.stringify(split.json)).toBe(200);
    // The customer's figures on the result screen count the split row once.
    const summary = (await t.api('GET', `/discrepancy/discrepancy-summary/${job2425}/PNEA00001A`, { token }))
      .json as { totalTaxAmountTaxBook: string };
    expect(summary.totalTaxAmountTaxBook).toBe('30000.00');

    const { rows } = await miscSheet('2024-25', 'section-wise-summary');
    const j = rows.find((r) => r.Section === '194J')!;
    // 15,000 + 5,000 (split in 3,000 and 2,000) + 10,000 in three 26AS entries
    expect(j['TDS per 26AS']).toBe(30000);
    expect(j['Amount paid / credited']).toBe(300000);
    expect(j['26AS entries']).toBe(3);
  });

  it('income comparison keeps every 26AS credit of the year, also of a deductor not resolved to a customer', async () => {
    const { total } = await miscSheet('2024-25', 'income-comparison');
    const section = await miscSheet('2024-25', '26as-section-customer-wise');
    // Part I of the year: 3,00,000 (ALPHA) + 51,00,000 (BETA) + 40,000 (the deductor not in the master)
    expect(section.total['Amount paid / credited']).toBe(5440000);
    expect(total['Amount paid / credited per 26AS']).toBe(section.total['Amount paid / credited']);
  });

  it('a background report of a category with no customers says there is no data', async () => {
    const answer = (
      await t.api(
        'POST',
        `/discrepancy/tds-entries-by-category-to-folder/download/${job2425}/missingFromSales`,
        {
          token,
        },
      )
    ).json as { throttled: boolean; message: string; jobId: string | null };
    expect(answer.message).not.toMatch(/Submitted successfully/);
    expect(answer.jobId).toBeNull();
  });

  it('a reconciliation of one chosen customer does not replace the year in the customer-wise summary', async () => {
    const before = await miscSheet('2024-25', 'customer-wise-summary');
    const customers = before.rows.map((r) => r.Code).sort();
    expect(customers).toEqual(['C001', 'C002', 'C004']);
    // the user reconciles BETA again on its own (Perform TDS Reconciliation, specific customers)
    await reconcile('2024-25', ['C002']);
    const after = await miscSheet('2024-25', 'customer-wise-summary');
    expect(after.rows.map((r) => r.Code).sort()).toEqual(customers);
    expect(after.total['TDS per 26AS']).toBe(before.total['TDS per 26AS']);
  });
});

describe('the next year, with rows brought forward from 2024-25', () => {
  beforeAll(async () => {
    await load('/ingest/taxbook', '26as-2025-26.txt', STATEMENT_2526);
    await load('/ingest/sales-register', 'sales-2025-26.txt', SALES_2526, { financialYear: '2025-26' });
    await reconcile('2025-26');
  }, 120_000);

  it("income comparison of 2025-26 holds only 2025-26's sales book income", async () => {
    // the 2025-26 register: one invoice of 2,00,000 (SIGMA's invoice is of 14-Mar-2025, income of 2024-25)
    const { rows, total } = await miscSheet('2025-26', 'income-comparison');
    expect(total['Income per sales book'], JSON.stringify(rows)).toBe(200000);
  });
});
