import type { OtherRowDiff, StatementDiff, TransactionDiff } from '@taxrecon/formats';
import { inrExcelFormat, rupeesNumber, signInrCells } from '@taxrecon/shared';
import ExcelJS from 'exceljs';
import { amountCell, RUPEE_FORMAT } from './rupee-format.ts';

// The 26AS diff as a person reads it: a Summary (PAN, years, counts), the
// Deductors whose credits changed, and per part (TDS Part I, TCS Part VI) one
// sheet of the transactions added, removed or changed, old beside new; then
// the rows of the other parts (II to V, VII to X) found in only one of the two.

const PART_SHEETS = [
  { part: 'TDS', sheet: 'Part I (TDS)', who: 'Deductor' },
  { part: 'TCS', sheet: 'Part VI (TCS)', who: 'Collector' },
] as const;

const KIND_LABEL = { added: 'Added', removed: 'Removed', changed: 'Changed', same: 'Same' } as const;

const sheet = (
  book: ExcelJS.Workbook,
  name: string,
  columns: { header: string; key: string; width: number; money?: boolean; date?: boolean }[],
) => {
  const ws = book.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = columns.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.width,
    ...(c.money ? { style: { numFmt: RUPEE_FORMAT } } : c.date ? { style: { numFmt: DATE_FORMAT } } : {}),
  }));
  ws.getRow(1).font = { bold: true };
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  return ws;
};

const money = (p: number | undefined | null) => (p === undefined || p === null ? null : rupeesNumber(p));

// Dates as Excel dates (they sort and filter), shown as 26AS prints them.
const DATE_FORMAT = 'dd-mmm-yyyy';
const date = (iso: string | null | undefined) =>
  /^\d{4}-\d{2}-\d{2}$/.test(iso ?? '') ? new Date(`${iso}T00:00:00Z`) : (iso ?? null);

const transactionRow = (t: TransactionDiff) => ({
  change: KIND_LABEL[t.kind],
  tan: t.tan,
  name: t.name,
  section: t.section,
  transactionDate: date(t.transactionDate),
  fields: t.fields.length > 0 ? t.fields.join(', ') : null,
  oldStatus: t.before?.status ?? null,
  newStatus: t.after?.status ?? null,
  oldBooking: date(t.before?.bookingDate),
  newBooking: date(t.after?.bookingDate),
  oldRemarks: t.before?.remarks ?? null,
  newRemarks: t.after?.remarks ?? null,
  oldAmount: money(t.before?.amount),
  newAmount: money(t.after?.amount),
  oldTax: money(t.before?.tax),
  newTax: money(t.after?.tax),
  oldDeposited: money(t.before?.deposited),
  newDeposited: money(t.after?.deposited),
  oldLine: t.before?.line ?? null,
  newLine: t.after?.line ?? null,
});

export const diffWorkbook = async (
  diff: StatementDiff,
  others: readonly OtherRowDiff[],
  files: readonly [string, string],
): Promise<Uint8Array> => {
  const book = new ExcelJS.Workbook();
  book.creator = 'TaxRecon';
  const summary = sheet(book, 'Summary', [
    { header: 'Item', key: 'item', width: 40 },
    { header: 'Value', key: 'value', width: 40 },
  ]);
  const rows: [string, string | number][] = [
    ['PAN', diff.pan],
    ['Earlier statement', files[0]],
    ['Financial year (earlier)', diff.financialYears[0] ?? 'not given'],
    ['Later statement', files[1]],
    ['Financial year (later)', diff.financialYears[1] ?? 'not given'],
    ['Transactions added', diff.counts.added],
    ['Transactions removed', diff.counts.removed],
    ['Transactions changed', diff.counts.changed],
    ['Deductors or collectors with changes', diff.deductors.filter((d) => d.kind !== 'same').length],
    ['Rows of other parts added', others.filter((o) => o.kind === 'added').length],
    ['Rows of other parts removed', others.filter((o) => o.kind === 'removed').length],
  ];
  for (const [item, value] of rows) summary.addRow({ item, value });

  const deductors = sheet(book, 'Deductors', [
    { header: 'Part', key: 'part', width: 8 },
    { header: 'Change', key: 'change', width: 10 },
    { header: 'TAN', key: 'tan', width: 14 },
    { header: 'Name', key: 'name', width: 36 },
    { header: 'Transactions (earlier)', key: 'oldCount', width: 14 },
    { header: 'Transactions (later)', key: 'newCount', width: 14 },
    { header: 'Amount (earlier)', key: 'oldAmount', width: 18, money: true },
    { header: 'Amount (later)', key: 'newAmount', width: 18, money: true },
    { header: 'Tax (earlier)', key: 'oldTax', width: 16, money: true },
    { header: 'Tax (later)', key: 'newTax', width: 16, money: true },
  ]);
  for (const d of diff.deductors.filter((x) => x.kind !== 'same')) {
    const row = deductors.addRow({
      part: d.part,
      change: KIND_LABEL[d.kind],
      tan: d.tan,
      name: d.name,
      oldCount: d.before?.transactions ?? null,
      newCount: d.after?.transactions ?? null,
      oldAmount: money(d.before?.amount),
      newAmount: money(d.after?.amount),
      oldTax: money(d.before?.tax),
      newTax: money(d.after?.tax),
    });
    signInrCells(row);
  }

  for (const { part, sheet: name, who } of PART_SHEETS) {
    const ws = sheet(book, name, [
      { header: 'Change', key: 'change', width: 10 },
      { header: `TAN of ${who}`, key: 'tan', width: 14 },
      { header: `Name of ${who}`, key: 'name', width: 36 },
      { header: 'Section', key: 'section', width: 9 },
      { header: 'Transaction date', key: 'transactionDate', width: 14, date: true },
      { header: 'What changed', key: 'fields', width: 22 },
      { header: 'Status (earlier)', key: 'oldStatus', width: 10 },
      { header: 'Status (later)', key: 'newStatus', width: 10 },
      { header: 'Booked on (earlier)', key: 'oldBooking', width: 14, date: true },
      { header: 'Booked on (later)', key: 'newBooking', width: 14, date: true },
      { header: 'Remarks (earlier)', key: 'oldRemarks', width: 10 },
      { header: 'Remarks (later)', key: 'newRemarks', width: 10 },
      { header: 'Amount (earlier)', key: 'oldAmount', width: 18, money: true },
      { header: 'Amount (later)', key: 'newAmount', width: 18, money: true },
      { header: 'Tax (earlier)', key: 'oldTax', width: 16, money: true },
      { header: 'Tax (later)', key: 'newTax', width: 16, money: true },
      { header: 'Deposited (earlier)', key: 'oldDeposited', width: 16, money: true },
      { header: 'Deposited (later)', key: 'newDeposited', width: 16, money: true },
      { header: 'Line (earlier)', key: 'oldLine', width: 10 },
      { header: 'Line (later)', key: 'newLine', width: 10 },
    ]);
    for (const t of diff.transactions.filter((x) => x.part === part))
      signInrCells(ws.addRow(transactionRow(t)));
  }
  // The other parts' rows as the statement has them: their columns differ by part.
  const width = Math.max(1, ...others.map((o) => o.cells.length));
  const rest = sheet(book, 'Other parts', [
    { header: 'Part', key: 'part', width: 8 },
    { header: 'Change', key: 'change', width: 10 },
    { header: 'Line', key: 'line', width: 8 },
    ...Array.from({ length: width }, (_, i) => ({ header: `Column ${i + 1}`, key: `c${i}`, width: 18 })),
  ]);
  for (const o of others) {
    const row = rest.addRow({
      part: `PART-${o.part}`,
      change: KIND_LABEL[o.kind],
      line: o.line,
      ...Object.fromEntries(o.cells.map((c, i) => [`c${i}`, amountCell(c) ?? c])),
    });
    o.cells.forEach((c, i) => {
      const amount = amountCell(c);
      if (amount !== null) row.getCell(i + 4).numFmt = inrExcelFormat(amount);
    });
  }
  return new Uint8Array(await book.xlsx.writeBuffer());
};
