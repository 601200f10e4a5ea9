import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { payableCommand } from './payable.ts';

// The `taxrecon payable` contract on small real files: tab-separated text
// with the spec's field names (any case, spaces or underscores), a csv
// ledger, the result JSON's shape and figures, and stops that name the file.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'taxrecon-payable-'));
const write = (name: string, lines: string[]) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, `${lines.join('\r\n')}\r\n`);
  return file;
};
const tsv = (...cells: (string | number)[]) => cells.join('\t');

const vendors = write('vendors.txt', [
  tsv('vendorCode', 'vendorName', 'panNumber', 'vendorType', 'resident', 'compliance206AB', 'aadhaarPanLink'),
  tsv('V1', 'Sh', 'ABCPS1234K', 'Personal', 'True', 'False', 'Operative'),
  tsv('V002', 'Apex Logistics Pvt Ltd', 'AAACA7777B', 'Company', 'True', 'False', 'Operative'),
  tsv('V003', 'No Pan Traders', '', 'Personal', 'True', 'False', 'NA'),
  tsv('V004', 'Lower Rate LLP', 'AAAFL4444L', 'Trust', 'True', 'False', 'Operative'),
]);
const expenseSections = write('expense-sections.txt', [
  tsv(
    'EXPENSE_KEY',
    'Expense Description',
    'section number',
    'subsection',
    'tdsexempted',
    'applicablefromdate',
    'applicabletodate',
  ),
  tsv('410100', 'Professional fees', '194J', 'b', 'False', '2024-04-01', ''),
  tsv('420200', 'Freight', '194C', '', 'False', '', ''),
]);
const vendorSections = write('vendor-sections.txt', [
  tsv(
    'vendorCode',
    'sectionNumber',
    'subSection',
    'tdsExempted',
    'ltdcApplied',
    'ltdcPercentage',
    'ltdcAmount',
    'ltdcFromDate',
    'ltdcToDate',
  ),
  tsv('V004', '194J', 'b', 'False', 'True', '2', '1,00,000.00', '01-04-2024', '31-03-2025'),
]);
const rules = write('rules.txt', [
  tsv('glCode', 'section', 'vendorCode', 'forceApplyTds'),
  tsv('ALL', 'ALL', 'ALL', 'N'),
  tsv('430000', '194H', 'ALL', 'Y'),
]);
const ledger = write('ledger-apr.txt', [
  tsv(
    'glCode',
    'documentNumber',
    'documentDate',
    'baseAmount',
    'tdsAmount',
    'vendorCode',
    'panNo',
    'tanNumber',
  ),
  tsv('410100', 'INV-1', '15-04-2024', '1,00,000.00', '10,000.00', 'V1', '', 'PNEA00001A'),
  tsv('410100', 'INV-2', '20-04-2024', '50,000.00', '2,000.00', 'V1', '', 'PNEA00001A'),
  tsv('420200', 'INV-3', '22-04-2024', '40,000.00', '0', 'V002', '', 'PNEA00001A'),
  tsv('410100', 'INV-4', '23-04-2024', '60,000.00', '0', 'V003', '', 'PNEA00001A'),
  tsv('410100', 'INV-5', '24-04-2024', '1,50,000.00', '5,000.00', 'V004', '', 'PNEA00001A'),
  tsv('999999', 'INV-6', '25-04-2024', '10,000.00', '0', 'V1', '', 'PNEA00001A'),
  tsv('410100', 'INV-7', '26-04-2024', '10,000.00', '0', 'V999', '', 'PNEA00001A'),
  tsv('430000', 'INV-8', '27-04-2024', '20,000.00', '1,000.00', 'V002', '', 'PNEA00001A'),
  tsv('410100', 'INV-9', '31-04-2024', '10,000.00', '0', 'V1', '', 'PNEA00001A'),
]);

interface Result {
  financialYear: string;
  entries: {
    ref: string;
    line: number;
    section: string | null;
    deducteeType: string | null;
    base: number;
    rate: number | null;
    due: number;
    deducted: number;
    status: string;
    reason: string;
  }[];
  months: {
    month: string;
    section: string;
    deducteeType: string;
    base: number;
    due: number;
    deducted: number;
  }[];
  form3cd: { section: string; payments: number; taxable: number; deductedOn: number; deducted: number }[];
  errors: { ref: string; line: number; code: string; reason: string }[];
}

const run = async (args: string[]) => {
  let stderr = '';
  const code = await payableCommand(args, { stdout: () => {}, stderr: (s) => (stderr += s) });
  return { code, stderr };
};

const baseArgs = (out: string, ledgerFile = ledger) => [
  '--fy',
  '2024-25',
  '--ledger',
  ledgerFile,
  '--vendors',
  vendors,
  '--vendor-sections',
  vendorSections,
  '--expense-sections',
  expenseSections,
  '--rules',
  rules,
  '--out',
  out,
];

describe('taxrecon payable', () => {
  it('computes every ledger line with its section, rate, due, status and reason', async () => {
    const out = path.join(dir, 'result.json');
    const xlsx = path.join(dir, 'report.xlsx');
    const { code, stderr } = await run([...baseArgs(out), '--xlsx', xlsx]);
    expect(code, stderr).toBe(0);
    const result = JSON.parse(fs.readFileSync(out, 'utf8')) as Result;
    expect(result.financialYear).toBe('2024-25');
    expect(
      result.entries.map((e) => [
        e.ref,
        e.line,
        e.section,
        e.deducteeType,
        e.rate,
        e.due,
        e.deducted,
        e.status,
      ]),
    ).toEqual([
      ['INV-1', 2, '194J(b)', 'individual', 10, 10000, 10000, 'ok'],
      ['INV-2', 3, '194J(b)', 'individual', 10, 5000, 2000, 'short'],
      ['INV-3', 4, '194C', 'company', 2, 800, 0, 'notDeducted'],
      ['INV-4', 5, '194J(b)', 'individual', 20, 12000, 0, 'notDeducted'],
      // LDC 2% on 1,00,000, then 10% on 50,000.
      ['INV-5', 6, '194J(b)', 'others', 2, 7000, 5000, 'short'],
      ['INV-6', 7, null, 'individual', null, 0, 0, 'error'],
      ['INV-7', 8, null, null, null, 0, 0, 'error'],
      ['INV-8', 9, '194H', 'company', 5, 1000, 1000, 'ok'],
      ['INV-9', 10, null, null, null, 0, 0, 'error'],
    ]);
    // the year's totals as a finance user reads amounts: the rupee sign, lakh grouping
    expect(stderr).toMatch(
      /^TDS payable 2024-25: 9 entries over \d+ vendors; due ₹35,800\.00, deducted ₹18,000\.00;/m,
    );
    expect(result.entries[3]!.reason).toMatch(/206AA \(no PAN\)/);
    expect(result.errors.map((e) => [e.ref, e.line, e.code])).toEqual([
      ['INV-6', 7, 'GL_UNMAPPED'],
      ['INV-7', 8, 'VENDOR_MISSING'],
      ['INV-9', 10, 'INVALID_DATE'],
    ]);
    expect(result.months).toContainEqual({
      month: '2024-04',
      section: '194J(b)',
      deducteeType: 'individual',
      base: 210000,
      due: 27000,
      deducted: 12000,
    });
    expect(result.form3cd).toContainEqual(
      expect.objectContaining({
        section: '194J(b)',
        payments: 360000,
        taxable: 360000,
        deductedOn: 300000,
        deducted: 17000,
      }),
    );
    expect(stderr).toMatch(/ledger-apr\.txt:10: INVALID_DATE/);
    // Amounts are written with two decimals, as the contract shows.
    expect(fs.readFileSync(out, 'utf8')).toMatch(/"base": 100000\.00, "rate": 10, "due": 10000\.00/);

    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(xlsx);
    expect(book.worksheets.map((w) => w.name)).toEqual(['Summary', 'Form 3CD 34(a)', 'Monthly', 'Entries']);
    expect(book.getWorksheet('Entries')!.rowCount).toBe(10);
  });

  it('reads a csv ledger with Tally-style headers', async () => {
    const csv = path.join(dir, 'tally.csv');
    fs.writeFileSync(
      csv,
      'Voucher No,Date,Ledger Code,Party Code,Taxable Amount,TDS\r\nJV-1,01/05/2024,420200,V002,"1,20,000.00",2400.00\r\n',
    );
    const out = path.join(dir, 'csv.json');
    const { code, stderr } = await run(baseArgs(out, csv));
    expect(code, stderr).toBe(0);
    const result = JSON.parse(fs.readFileSync(out, 'utf8')) as Result;
    expect(result.entries.map((e) => [e.ref, e.section, e.due, e.status])).toEqual([
      ['JV-1', '194C', 2400, 'ok'],
    ]);
  });

  it('stops naming the file when the ledger lacks a required column or the year', async () => {
    const bad = write('bad.txt', [tsv('glCode', 'vendorCode', 'baseAmount'), tsv('410100', 'V1', '100')]);
    const missing = await run(baseArgs(path.join(dir, 'x.json'), bad));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/bad\.txt: its headers have no column for 'documentDate'/);
    const other = write('fy23.txt', [
      tsv('documentDate', 'baseAmount', 'vendorCode'),
      tsv('01-05-2023', '100', 'V1'),
    ]);
    const wrongYear = await run(baseArgs(path.join(dir, 'y.json'), other));
    expect(wrongYear.code).toBe(1);
    expect(wrongYear.stderr).toMatch(/fy23\.txt: has no entries dated in 2024-25/);
    const noVendors = await run([
      '--fy',
      '2024-25',
      '--ledger',
      ledger,
      '--vendors',
      path.join(dir, 'nope.txt'),
      '--out',
      path.join(dir, 'z.json'),
    ]);
    expect(noVendors.code).toBe(1);
    expect(noVendors.stderr).toMatch(/nope\.txt: cannot be read \(ENOENT\)/);
    // an output that cannot be written is said before the ledger is read, not after
    const nowhere = await run([...baseArgs(path.join(dir, 'none', 'r.json')), '--xlsx', dir]);
    expect(nowhere.code).toBe(1);
    expect(nowhere.stderr).toMatch(/--out .*r\.json: the folder .*none does not exist/);
    const folder = await run([...baseArgs(path.join(dir, 'r.json')), '--xlsx', dir]);
    expect(folder.code).toBe(1);
    expect(folder.stderr).toMatch(/--xlsx .*: is a folder/);
    expect(fs.existsSync(path.join(dir, 'r.json'))).toBe(false);
    const usage = await run(['--fy', '2024', '--ledger', ledger]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/--fy must be a financial year/);
  });
});
