import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateDemoCompany } from '../features/demo/generate.ts';
import { reconcileCommand } from './reconcile.ts';

// The CLI's contract, on the demo company's files: the result JSON shape, the
// planted mismatches found, and a stop with the file named for bad input.
const demo = generateDemoCompany();
const FIXTURES = path.resolve(import.meta.dirname, '../../../../packages/formats/fixtures');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'taxrecon-cli-'));
const file = (kind: string, n = 0) =>
  path.join(dir, demo.files.filter((f) => f.kind === kind)[n]?.fileName ?? 'missing');

interface Result {
  financialYear: string;
  parties: { tan: string; category: string; bookTax: number; taxBookTax: number }[];
  matches: { rule: string; book: string[]; taxBook: string[]; claimable: boolean }[];
  unmatchedBook: { ref: string; reason: string }[];
  unmatchedTaxBook: { ref: string; reason: string }[];
  unresolved: { ref: string; reason: string }[];
}

const run = async (args: string[]) => {
  let stderr = '';
  const code = await reconcileCommand(args, { stdout: () => {}, stderr: (s) => (stderr += s) });
  return { code, stderr };
};

const tdsArgs = (out: string) => [
  'tds',
  '--fy',
  '2024-25',
  '--book',
  file('sales-register'),
  '--26as',
  file('form-26as', 0),
  '--26as',
  file('form-26as', 1),
  '--customers',
  file('customer-master'),
  '--mapping',
  file('customer-mapping'),
  '--out',
  out,
];

const tcsArgs = (book: string, out: string) => [
  'tcs',
  ...['--fy', '2024-25', '--book', book],
  ...['--26as', file('form-26as', 0), '--26as', file('form-26as', 1), '--out', out],
];

beforeAll(() => {
  for (const f of demo.files) fs.writeFileSync(path.join(dir, f.fileName), f.content);
});

describe('taxrecon reconcile', () => {
  it('writes the result JSON of the contract and finds what the demo planted', async () => {
    const out = path.join(dir, 'result.json');
    const xlsx = path.join(dir, 'report.xlsx');
    const { code, stderr } = await run([...tdsArgs(out), '--xlsx', xlsx]);
    expect(code, stderr).toBe(0);
    const text = fs.readFileSync(out, 'utf8');
    const result = JSON.parse(text) as Result;
    expect(result.financialYear).toBe('2024-25');
    expect(Object.keys(result)).toEqual(
      expect.arrayContaining([
        'financialYear',
        'parties',
        'matches',
        'unmatchedBook',
        'unmatchedTaxBook',
        'unresolved',
      ]),
    );
    // amounts are written with two decimals
    expect(text).toMatch(/"bookTax": -?\d+\.\d{2}[,\n]/);
    const byTan = new Map(result.parties.map((p) => [p.tan, p]));
    const e = demo.expectations;
    expect(byTan.get(e.neverDeducted.tan)?.category).toBe('missingFromTaxBook');
    expect(byTan.get(e.missingFromSales.tan)?.category).toBe('missingFromSales');
    expect(byTan.get(e.largeTaxDifference.tan)?.category).toBe('partialMatches');
    expect(byTan.get(e.smallTaxDifference.tan)?.category).toBe('partialMatches');
    for (const tan of e.compliantTans) expect(byTan.get(tan)?.category).toBe('fullMatches');
    // 26AS rows are named by file base name and line; book rows by voucher
    expect(result.matches[0]?.taxBook[0]).toMatch(/^AABCZ3704L-2025-\d\.txt:\d+$/);
    const several = result.matches.find((m) => m.taxBook.length > 1);
    expect(several?.rule).toBeTruthy();
    expect(result.unmatchedBook.length).toBeGreaterThan(0);
    for (const u of result.unmatchedBook) expect(u.reason.length).toBeGreaterThan(10);
    // the auditor's workbook has its sheets
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(xlsx);
    expect(book.worksheets.map((w) => w.name)).toEqual([
      'Summary',
      'Customers',
      'Matches',
      'Unmatched',
      'Unresolved',
    ]);
  });

  it('settles the small difference with a tolerance and keeps the large one', async () => {
    const out = path.join(dir, 'tolerant.json');
    const rupees = String(demo.expectations.suggestedTolerance / 100);
    const { code } = await run([...tdsArgs(out), '--tolerance', rupees, '--tolerance-total', rupees]);
    expect(code).toBe(0);
    const result = JSON.parse(fs.readFileSync(out, 'utf8')) as Result;
    const byTan = new Map(result.parties.map((p) => [p.tan, p]));
    expect(byTan.get(demo.expectations.smallTaxDifference.tan)?.category).toBe('fullMatches');
    expect(byTan.get(demo.expectations.largeTaxDifference.tan)?.category).toBe('partialMatches');
  });

  it('gives the same result whatever the order of the 26AS files', async () => {
    const a = path.join(dir, 'a.json');
    const b = path.join(dir, 'b.json');
    await run(tdsArgs(a));
    const swapped = tdsArgs(b);
    const [first, second] = [swapped.indexOf(file('form-26as', 0)), swapped.indexOf(file('form-26as', 1))];
    [swapped[first], swapped[second]] = [swapped[second] ?? '', swapped[first] ?? ''];
    await run(swapped);
    expect(fs.readFileSync(b, 'utf8')).toBe(fs.readFileSync(a, 'utf8'));
  });

  it('reconciles TCS from the purchase book and Part VI', async () => {
    const out = path.join(dir, 'tcs.json');
    const { code, stderr } = await run(tcsArgs(file('purchase-register'), out));
    expect(code, stderr).toBe(0);
    const result = JSON.parse(fs.readFileSync(out, 'utf8')) as Result;
    // Bills without TCS have nothing in Part VI and are left out (as the app's
    // job leaves them out): only the vendor whose Q4 TCS is missing is mismatched.
    const e = demo.expectations.tcs;
    expect(stderr).toContain(`; ${e.billsWithoutTcs} bills without TCS left out`);
    const byCategory = (category: string) =>
      result.parties
        .filter((p) => p.category === category)
        .map((p) => p.tan)
        .sort();
    expect(byCategory('partialMatches')).toEqual([e.missingFromPartVI.tan]);
    expect(byCategory('fullMatches')).toEqual(
      e.vendorsInPartVI.filter((tan) => tan !== e.missingFromPartVI.tan).sort(),
    );
    expect(result.parties).toHaveLength(e.vendorsInPartVI.length);
    expect(result.unmatchedBook.map((r) => r.ref).sort()).toEqual([...e.missingFromPartVI.bills].sort());
  });

  it('keeps every bill of a purchase book that records no TCS at all, to match on purchase value', async () => {
    // the demo's register with only its bills without TCS (and no Grand Total)
    const lines = fs.readFileSync(file('purchase-register'), 'utf8').split('\n');
    const header = lines.findIndex((l) => l.startsWith('Date\t'));
    const tcsColumn = lines[header]!.split('\t').indexOf('TCS on Purchase');
    const bills = lines.filter((l, i) => i > header && /^\d/.test(l) && !l.split('\t')[tcsColumn]?.trim());
    expect(bills).toHaveLength(demo.expectations.tcs.billsWithoutTcs);
    const register = path.join(dir, 'purchase-register-without-tcs.txt');
    fs.writeFileSync(register, [...lines.slice(0, header + 1), ...bills, ''].join('\n'));
    const out = path.join(dir, 'tcs-without.json');
    const { code, stderr } = await run(tcsArgs(register, out));
    expect(code, stderr).toBe(0);
    expect(stderr).not.toContain('without TCS left out');
    const result = JSON.parse(fs.readFileSync(out, 'utf8')) as Result;
    const refs = [...result.matches.flatMap((m) => m.book), ...result.unmatchedBook.map((r) => r.ref)];
    expect(refs).toHaveLength(bills.length);
  });

  it.each([
    [
      'an unreadable file',
      ['--book', path.join(os.tmpdir(), 'no-such-file.txt')],
      /no-such-file\.txt: cannot be read/,
    ],
    [
      'a year the files do not cover',
      ['--fy', '2023-24'],
      /AABCZ3704L-2025-1\.txt: is the statement for 2024-25, not 2023-24/,
    ],
    // checked before any work, not when the result is written at the end
    [
      'a result file in a folder that does not exist',
      ['--out', path.join(os.tmpdir(), 'no-such-folder', 'r.json')],
      /--out .*r\.json: the folder .*no-such-folder does not exist/,
    ],
    ['a result file that is a folder', ['--out', os.tmpdir()], /--out .*: is a folder/],
    // a wrong file named as the master must not reconcile as though it were empty
    [
      'a customer master of which nothing can be read',
      ['--customers', path.join(FIXTURES, 'sales-register.txt')],
      /sales-register\.txt: line \d+: The file has no customerName column/,
    ],
    [
      'a customer mapping of which nothing can be read',
      ['--mapping', path.join(FIXTURES, 'vendor-master.txt')],
      /vendor-master\.txt: line \d+: /,
    ],
  ])('stops on %s with the file named and a non-zero exit', async (_name, override, message) => {
    const args = tdsArgs(path.join(dir, 'x.json'));
    const [flag, value] = override as [string, string];
    args[args.indexOf(flag) + 1] = value;
    const { code, stderr } = await run(args);
    expect(code).toBe(1);
    expect(stderr).toMatch(message);
    expect(fs.existsSync(path.join(dir, 'x.json'))).toBe(false);
  });

  it('stops on a register whose headers cannot be mapped', async () => {
    const odd = path.join(dir, 'odd.txt');
    fs.writeFileSync(odd, 'Foo\tBar\n1\t2\n');
    const args = tdsArgs(path.join(dir, 'x.json'));
    args[args.indexOf('--book') + 1] = odd;
    const { code, stderr } = await run(args);
    expect(code).toBe(1);
    expect(stderr).toMatch(/odd\.txt: its headers cannot be mapped/);
  });

  // The demo's sales register with its first row's date spoiled: the file and that row's line.
  const registerWithBadDate = (name: string) => {
    const content = fs.readFileSync(file('sales-register'), 'utf8').split('\n');
    const dataLine = content.findIndex((l, i) => i > 5 && l.includes('\t'));
    content[dataLine] = (content[dataLine] ?? '').replace(/^[^\t]*/, 'not-a-date');
    const spoiled = path.join(dir, name);
    fs.writeFileSync(spoiled, content.join('\n'));
    return { file: spoiled, dataLine };
  };

  it('reconciles the good rows of a partly bad register and lists the bad ones', async () => {
    const { file: broken, dataLine } = registerWithBadDate('broken-sales.txt');
    const out = path.join(dir, 'partial.json');
    const args = tdsArgs(out);
    args[args.indexOf('--book') + 1] = broken;
    const { code, stderr } = await run(args);
    expect(code).toBe(0);
    expect(stderr).toMatch(new RegExp(`broken-sales\\.txt:${dataLine + 1}`));
    const result = JSON.parse(fs.readFileSync(out, 'utf8')) as Result & { rejected: { ref: string }[] };
    expect(result.rejected.map((r) => r.ref)).toContain(`broken-sales.txt:${dataLine + 1}`);
    expect(result.parties.length).toBe(41);
  });

  // The statements and the books are read side by side (reconcile.ts); what
  // each says is told, and listed as rejected, in the order of reading them
  // one after the other: the statements first.
  it("tells the statements' issues before the books' though it reads them side by side", async () => {
    const { file: badBook, dataLine } = registerWithBadDate('bad-book.txt');
    const statement = fs.readFileSync(file('form-26as', 0), 'utf8').split('\n');
    const after = statement.findIndex((l, i) => i > 20 && /^\^?\d+\^/.test(l));
    statement.splice(after + 1, 0, 'not a line of a 26AS statement');
    const bad26as = path.join(dir, 'bad-26as.txt');
    fs.writeFileSync(bad26as, statement.join('\n'));
    const out = path.join(dir, 'both-bad.json');
    const args = tdsArgs(out);
    args[args.indexOf('--book') + 1] = badBook;
    args[args.indexOf(file('form-26as', 1))] = bad26as;
    const { code, stderr } = await run(args);
    expect(code, stderr).toBe(0);
    const told26as = stderr.indexOf(`bad-26as.txt:${after + 2}`);
    const toldBook = stderr.indexOf(`bad-book.txt:${dataLine + 1}`);
    expect(told26as, stderr).toBeGreaterThanOrEqual(0);
    expect(toldBook, stderr).toBeGreaterThan(told26as);
    const result = JSON.parse(fs.readFileSync(out, 'utf8')) as Result & { rejected: { ref: string }[] };
    expect(result.rejected.map((r) => r.ref)).toEqual([
      `bad-26as.txt:${after + 2}`,
      `bad-book.txt:${dataLine + 1}`,
    ]);

    // a statement for another year stops the run before anything of the books is told
    const { code: stopped, stderr: said } = await run([...args.slice(0, 2), '2023-24', ...args.slice(3)]);
    expect(stopped).toBe(1);
    expect(said).toMatch(/is the statement for 2024-25, not 2023-24/);
    expect(said).not.toMatch(/bad-book\.txt/);
  });

  it('refuses unknown options with the usage', async () => {
    const { code, stderr } = await run(['tds', '--fy', '2024-25']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/usage: taxrecon reconcile/);
  });
});
