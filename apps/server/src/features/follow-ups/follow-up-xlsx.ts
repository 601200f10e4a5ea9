import type { ReconKind } from '@taxrecon/contracts';
import {
  type FinancialYear,
  financialYearLabel,
  INR_EXCEL_FORMAT,
  reconStateName,
  rupeesNumber,
  signInrCells,
} from '@taxrecon/shared';
import ExcelJS from 'exceljs';
import { type FollowUpLine, kindWords } from './transactions.ts';

// Rupees with the ₹ sign and lakh/crore grouping, kept as numbers so the
// customer's accountant can sum and filter them in Excel.
export const INR_FORMAT = INR_EXCEL_FORMAT;

export const buildFollowUpXlsx = async (
  lines: readonly FollowUpLine[],
  meta: { kind: ReconKind; financialYear: string; customerName: string; entityName: string },
): Promise<Buffer> => {
  const w = kindWords(meta.kind);
  const book = new ExcelJS.Workbook();
  book.creator = meta.entityName;
  const ws = book.addWorksheet(`${w.tax} transactions`, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = [
    { header: `${w.invoice} No.`, key: 'invoice', width: 22 },
    { header: 'Date', key: 'date', width: 12, style: { numFmt: 'dd-mmm-yyyy' } },
    { header: 'Section', key: 'section', width: 9 },
    { header: w.amount, key: 'amount', width: 18, style: { numFmt: INR_FORMAT } },
    { header: `${w.tax} per our books`, key: 'books', width: 18, style: { numFmt: INR_FORMAT } },
    { header: `${w.tax} per 26AS`, key: 'tb', width: 18, style: { numFmt: INR_FORMAT } },
    { header: 'Difference', key: 'difference', width: 16, style: { numFmt: INR_FORMAT } },
    { header: 'Status', key: 'status', width: 11 },
  ];
  ws.getRow(1).font = { bold: true };
  for (const l of lines) {
    const row = ws.addRow({
      invoice: l.invoice,
      // a date at UTC midnight shows as that day in every time zone
      date: new Date(`${l.date}T00:00:00Z`),
      section: l.section ?? '',
      amount: rupeesNumber(l.saleAmount),
      books: rupeesNumber(l.taxPerBooks),
      tb: rupeesNumber(l.taxPer26as),
      difference: rupeesNumber(l.taxPerBooks - l.taxPer26as),
      // words for the customer's accountant; this sheet is never uploaded back
      // (Bulk Update reads the discrepancy download, which carries entry ids)
      status: reconStateName(l.status),
    });
    signInrCells(row);
  }
  const sum = (pick: (l: FollowUpLine) => number) => rupeesNumber(lines.reduce((n, l) => n + pick(l), 0));
  const total = ws.addRow({
    invoice: 'Total',
    amount: sum((l) => l.saleAmount),
    books: sum((l) => l.taxPerBooks),
    tb: sum((l) => l.taxPer26as),
    difference: sum((l) => l.taxPerBooks - l.taxPer26as),
  });
  total.font = { bold: true };
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: 8 } };
  ws.headerFooter.oddHeader = `${meta.entityName}: ${w.tax} transactions of ${meta.customerName}, ${financialYearLabel(meta.financialYear as FinancialYear)}`;
  return Buffer.from(await book.xlsx.writeBuffer());
};
