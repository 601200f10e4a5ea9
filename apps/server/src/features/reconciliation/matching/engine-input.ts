import type { BookRow, MappingEntry, PartyMaster, TaxBookRow } from '@taxrecon/engine';
import type {
  CustomerMappingRow,
  CustomerMasterRow,
  Form26asResult,
  PurchaseRow,
  SalesRow,
  VendorMasterRow,
} from '@taxrecon/formats';
import { paise } from '@taxrecon/shared';
import { ChunkWriter } from './copy-text.ts';
import { taxBookRowLine } from './source-rows.ts';

// Parsed files as the engine's input. A 26AS row is named "<file>:<line>" so
// several statements of one year stay apart; a book row by its voucher (or
// bill) number, or "<file>:<line>" when it has none.

const baseName = (file: string) => file.split(/[\\/]/).pop() ?? file;

export const taxBookRows = (statement: Form26asResult, kind: 'TDS' | 'TCS'): TaxBookRow[] => {
  const part = kind === 'TDS' ? statement.tds : statement.tcs;
  const rows: TaxBookRow[] = [];
  for (const party of part?.parties ?? []) {
    for (const t of party.transactions) {
      rows.push({
        ref: `${baseName(t.file)}:${t.line}`,
        tan: party.tan,
        name: party.name,
        section: t.section,
        transactionDate: t.transactionDate,
        status: t.status,
        bookingDate: t.bookingDate,
        remarks: t.remarks,
        amount: t.amount,
        tax: t.tax,
        deposited: t.deposited,
      });
    }
  }
  return rows;
};

// The same rows as COPY lines (source-rows.ts), each ending in a newline.
export const taxBookLines = (statement: Form26asResult, kind: 'TDS' | 'TCS'): string => {
  const lines = new ChunkWriter(Number.POSITIVE_INFINITY);
  for (const row of taxBookRows(statement, kind)) lines.add(`${taxBookRowLine(row)}\n`);
  return lines.text();
};

const zero = paise(0);

export const salesBookRow = (r: SalesRow): BookRow => ({
  voucherNo: r.voucherNumber ?? `${baseName(r.file)}:${r.line}`,
  date: r.date,
  partyName: r.customerName,
  customerCode: r.customerCode,
  tan: r.tan,
  pan: r.pan,
  gstin: r.gstin,
  amount: r.saleAmount ?? r.invoiceValue ?? zero,
  tax: r.tdsAmount ?? zero,
  section: r.section,
});

export const purchaseBookRow = (r: PurchaseRow): BookRow => ({
  voucherNo: r.billNumber ?? `${baseName(r.file)}:${r.line}`,
  date: r.date,
  partyName: r.supplierName,
  tan: r.tan,
  pan: r.pan,
  gstin: r.gstin,
  amount: r.purchaseValue ?? r.invoiceValue ?? zero,
  tax: r.tcsAmount ?? zero,
  section: r.section,
});

export const salesBookRows = (rows: readonly SalesRow[]): BookRow[] => rows.map(salesBookRow);
export const purchaseBookRows = (rows: readonly PurchaseRow[]): BookRow[] => rows.map(purchaseBookRow);

export const customerParties = (rows: readonly CustomerMasterRow[]): PartyMaster[] =>
  rows.map((r) => ({
    code: r.customerCode ?? r.customerName,
    name: r.nameFrom26AS ?? r.legalName ?? r.customerName,
    tan: r.tanNumber,
    pan: r.panNumber,
    gstin: r.gstIn,
    connectedTans: [],
  }));

export const vendorParties = (rows: readonly VendorMasterRow[]): PartyMaster[] =>
  rows.map((r) => ({
    code: r.vendorCode,
    name: r.nameFrom26AS ?? r.vendorName,
    tan: r.tanNumber,
    pan: r.panNumber,
    gstin: r.gstIn,
    connectedTans: [],
  }));

export const mappingEntries = (rows: readonly CustomerMappingRow[]): MappingEntry[] =>
  rows.map((r) => ({ legalName: r.legalName, bookName: r.bookName, tan: r.tan, pan: r.pan, gstin: r.gstin }));
