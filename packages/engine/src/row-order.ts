import type { BookRow, TaxBookRow } from './input-types.ts';

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

// Total orders on row content. Every tie-break of the matcher falls back on
// the position in these orders, never on input order, so shuffled input
// gives the same result. Rows equal in every compared field are
// interchangeable, so their relative order cannot change the outcome.
export const compareBookRows = (x: BookRow, y: BookRow): number =>
  byText(x.date, y.date) ||
  byText(x.voucherNo, y.voucherNo) ||
  x.amount - y.amount ||
  x.tax - y.tax ||
  byText(x.partyName, y.partyName) ||
  byText(x.customerCode ?? '', y.customerCode ?? '') ||
  byText(x.tan ?? '', y.tan ?? '') ||
  byText(x.pan ?? '', y.pan ?? '') ||
  byText(x.gstin ?? '', y.gstin ?? '') ||
  byText(x.section ?? '', y.section ?? '');

export const compareTaxBookRows = (x: TaxBookRow, y: TaxBookRow): number =>
  byText(x.transactionDate, y.transactionDate) ||
  x.tax - y.tax ||
  x.amount - y.amount ||
  byText(x.section, y.section) ||
  byText(x.status, y.status) ||
  byText(x.bookingDate ?? '', y.bookingDate ?? '') ||
  byText(x.remarks ?? '', y.remarks ?? '') ||
  x.deposited - y.deposited ||
  byText(x.ref, y.ref) ||
  byText(x.tan, y.tan) ||
  byText(x.name, y.name);
