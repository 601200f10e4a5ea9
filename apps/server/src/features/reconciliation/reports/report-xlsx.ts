import { type ReconcileResult, toReport } from '@taxrecon/engine';
import {
  type FinancialYear,
  financialYearLabel,
  INR_EXCEL_FORMAT,
  inrExcelFormat,
  rupeesNumber,
  signInrCells,
} from '@taxrecon/shared';
import ExcelJS from 'exceljs';

// The workbook a user sends an auditor: Summary, Parties, Matches, Unmatched
// (both sides, with the reason) and Unresolved. Amounts are numbers in rupees
// with the Indian grouping format, so totals in Excel still add up.
const RUPEES = INR_EXCEL_FORMAT;
const rupees = rupeesNumber;

export interface ReportMeta {
  financialYear: FinancialYear;
  kind: 'TDS' | 'TCS';
  entityName: string;
}

const sheet = (
  book: ExcelJS.Workbook,
  name: string,
  columns: { header: string; key: string; width: number; money?: boolean }[],
) => {
  const ws = book.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = columns.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.width,
    ...(c.money ? { style: { numFmt: RUPEES } } : {}),
  }));
  ws.getRow(1).font = { bold: true };
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  return ws;
};

export const buildReconReportXlsx = async (result: ReconcileResult, meta: ReportMeta): Promise<Buffer> => {
  const report = toReport(result);
  const book = new ExcelJS.Workbook();
  book.creator = 'TaxRecon';
  const bookName = meta.kind === 'TDS' ? 'Sales book' : 'Purchase book';
  const party = meta.kind === 'TDS' ? 'Customer' : 'Vendor';

  const summary = sheet(book, 'Summary', [
    { header: 'Item', key: 'item', width: 44 },
    { header: 'Value', key: 'value', width: 22 },
  ]);
  const s = result.summary;
  const rows: [string, string | number][] = [
    ['Entity', meta.entityName],
    [
      'Reconciliation',
      meta.kind === 'TDS'
        ? 'TDS receivable (sales book against 26AS Part I)'
        : 'TCS (purchase book against 26AS Part VI)',
    ],
    ['Financial year', financialYearLabel(meta.financialYear)],
    [`${party}s`, s.parties],
    ['Fully matched', s.categories.fullMatches],
    ['Partly matched', s.categories.partialMatches],
    ['Missing from 26AS', s.categories.missingFromTaxBook],
    [`Missing from the ${bookName.toLowerCase()}`, s.categories.missingFromSales],
    ['Rows not resolved to a party', s.unresolvedBook + s.unresolvedTaxBook],
    [`Tax per ${bookName.toLowerCase()}`, rupees(s.book.tax)],
    ['Tax per 26AS', rupees(s.taxBook.tax)],
    ['Difference (book - 26AS)', rupees(s.taxDifference)],
    ['Matched tax that can be claimed', rupees(s.claimableTax)],
    ['Matched tax that cannot be claimed yet', rupees(s.notClaimableTax)],
  ];
  for (const [item, value] of rows) {
    const row = summary.addRow({ item, value });
    if (typeof value === 'number' && /Tax|tax|Difference/.test(item))
      row.getCell(2).numFmt = inrExcelFormat(value);
  }

  const parties = sheet(book, `${party}s`, [
    { header: 'TAN', key: 'tan', width: 14 },
    { header: 'Name', key: 'name', width: 40 },
    { header: 'Category', key: 'category', width: 20 },
    { header: `${bookName} amount`, key: 'bookAmount', width: 18, money: true },
    { header: '26AS amount', key: 'taxBookAmount', width: 18, money: true },
    { header: `${bookName} tax`, key: 'bookTax', width: 16, money: true },
    { header: '26AS tax', key: 'taxBookTax', width: 16, money: true },
    { header: 'Tax difference', key: 'difference', width: 16, money: true },
  ]);
  for (const p of report.parties) {
    const row = parties.addRow({
      tan: p.tan ?? '',
      name: p.name,
      category: p.category,
      bookAmount: rupees(p.bookAmount),
      taxBookAmount: rupees(p.taxBookAmount),
      bookTax: rupees(p.bookTax),
      taxBookTax: rupees(p.taxBookTax),
      difference: rupees(p.bookTax - p.taxBookTax),
    });
    signInrCells(row);
  }

  const matches = sheet(book, 'Matches', [
    { header: 'Rule', key: 'rule', width: 22 },
    { header: `${bookName} rows`, key: 'book', width: 40 },
    { header: '26AS rows', key: 'taxBook', width: 40 },
    { header: 'Claimable', key: 'claimable', width: 12 },
  ]);
  for (const m of report.matches) {
    matches.addRow({
      rule: m.rule,
      book: m.book.join(', '),
      taxBook: m.taxBook.join(', '),
      claimable: m.claimable ? 'Yes' : 'No',
    });
  }

  const unmatched = sheet(book, 'Unmatched', [
    { header: 'Side', key: 'side', width: 16 },
    { header: 'Row', key: 'ref', width: 30 },
    { header: 'Reason', key: 'reason', width: 90 },
  ]);
  for (const u of report.unmatchedBook) unmatched.addRow({ side: bookName, ref: u.ref, reason: u.reason });
  for (const u of report.unmatchedTaxBook) unmatched.addRow({ side: '26AS', ref: u.ref, reason: u.reason });

  const unresolved = sheet(book, 'Unresolved', [
    { header: 'Row', key: 'ref', width: 30 },
    { header: 'Reason', key: 'reason', width: 90 },
  ]);
  for (const u of report.unresolved) unresolved.addRow(u);

  return Buffer.from(await book.xlsx.writeBuffer());
};
