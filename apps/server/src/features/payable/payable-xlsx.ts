import type { PayableResult } from '@taxrecon/engine';
import { financialYearLabel, formatRupees, INR_EXCEL_FORMAT, signInrCells } from '@taxrecon/shared';
import ExcelJS from 'exceljs';

// The TDS payable workbook a tax auditor signs: Form 3CD clause 34(a) per
// section, the monthly view, every entry with its reason, and the errors.
// Written as a stream, so a million entries never sit in one workbook object.
// Amounts are numbers in rupees (exact: from the two-decimal text) with the
// Indian grouping format, so totals in Excel still add up.
const RUPEES = INR_EXCEL_FORMAT;
const rupees = (p: number): number => Number(formatRupees(p));

type Column = { header: string; key: string; width: number; money?: boolean };

export const writePayableXlsx = async (
  result: PayableResult,
  file: string,
  entityName = '',
): Promise<void> => {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true });
  book.creator = 'TaxRecon';
  // a negative amount takes its own rupee format before the row is written out
  const done = (row: ExcelJS.Row) => {
    signInrCells(row);
    row.commit();
  };
  const sheet = (name: string, columns: Column[]) => {
    const ws = book.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = columns.map((c) => ({
      header: c.header,
      key: c.key,
      width: c.width,
      ...(c.money ? { style: { numFmt: RUPEES } } : {}),
    }));
    ws.getRow(1).font = { bold: true };
    return ws;
  };

  const summary = sheet('Summary', [
    { header: 'Item', key: 'item', width: 40 },
    { header: 'Value', key: 'value', width: 24 },
  ]);
  const s = result.summary;
  for (const [item, value] of [
    ['Entity', entityName],
    ['Report', 'TDS payable (Form 3CD clause 34(a))'],
    ['Financial year', financialYearLabel(result.financialYear)],
    ['Ledger entries', s.totalEntries],
    ['Vendors', s.vendors],
    ['GL code not mapped', s.glUnmapped],
    ['Vendor missing from the master', s.vendorMissing],
    ['Entries in error', s.errors],
    ['TDS due (Rs)', rupees(s.due)],
    ['TDS deducted (Rs)', rupees(s.deducted)],
  ] as const)
    done(summary.addRow({ item, value }));
  summary.commit();

  const form3cd = sheet('Form 3CD 34(a)', [
    { header: 'Section', key: 'section', width: 12 },
    { header: 'Total amount of payments', key: 'payments', width: 22, money: true },
    { header: 'Amount on which tax was required to be deducted', key: 'taxable', width: 26, money: true },
    { header: 'Amount on which tax was deducted', key: 'deductedOn', width: 22, money: true },
    { header: 'Tax deducted', key: 'deducted', width: 18, money: true },
    { header: 'Tax deposited', key: 'deposited', width: 18, money: true },
    { header: 'Shortfall', key: 'shortfall', width: 18, money: true },
  ]);
  for (const r of result.form3cd)
    done(
      form3cd.addRow({
        section: r.section,
        payments: rupees(r.payments),
        taxable: rupees(r.taxable),
        deductedOn: rupees(r.deductedOn),
        deducted: rupees(r.deducted),
        deposited: rupees(r.deposited),
        shortfall: rupees(r.shortfall),
      }),
    );
  form3cd.commit();

  const months = sheet('Monthly', [
    { header: 'Month', key: 'month', width: 10 },
    { header: 'TAN', key: 'tan', width: 12 },
    { header: 'Section', key: 'section', width: 10 },
    { header: 'Deductee type', key: 'deducteeType', width: 14 },
    { header: 'Entries', key: 'entries', width: 10 },
    { header: 'Base', key: 'base', width: 18, money: true },
    { header: 'TDS due', key: 'due', width: 16, money: true },
    { header: 'TDS deducted', key: 'deducted', width: 16, money: true },
    { header: 'Shortfall', key: 'shortfall', width: 16, money: true },
    { header: 'Interest 201(1A)', key: 'interest', width: 16, money: true },
    { header: 'Errors', key: 'errors', width: 8 },
  ]);
  for (const m of result.months)
    done(
      months.addRow({
        ...m,
        base: rupees(m.base),
        due: rupees(m.due),
        deducted: rupees(m.deducted),
        shortfall: rupees(m.shortfall),
        interest: rupees(m.interest),
      }),
    );
  months.commit();

  const entries = sheet('Entries', [
    { header: 'File', key: 'file', width: 16 },
    { header: 'Line', key: 'line', width: 8 },
    { header: 'Document', key: 'ref', width: 16 },
    { header: 'Date', key: 'date', width: 12 },
    { header: 'Vendor', key: 'vendorCode', width: 12 },
    { header: 'PAN', key: 'pan', width: 12 },
    { header: 'Section', key: 'section', width: 10 },
    { header: 'Deductee type', key: 'deducteeType', width: 12 },
    { header: 'Base', key: 'base', width: 16, money: true },
    { header: 'Rate %', key: 'rate', width: 8 },
    { header: 'TDS due', key: 'due', width: 14, money: true },
    { header: 'TDS deducted', key: 'deducted', width: 14, money: true },
    { header: 'Status', key: 'status', width: 14 },
    { header: 'Reason', key: 'reason', width: 100 },
  ]);
  for (const e of result.entries)
    done(
      entries.addRow({
        file: e.file,
        line: e.line,
        ref: e.ref,
        date: e.documentDate,
        vendorCode: e.vendorCode,
        pan: e.pan,
        section: e.section,
        deducteeType: e.deducteeType,
        base: rupees(e.base),
        rate: e.rate,
        due: rupees(e.due),
        deducted: rupees(e.deducted),
        status: e.status,
        reason: e.reason,
      }),
    );
  entries.commit();
  await book.commit();
};
