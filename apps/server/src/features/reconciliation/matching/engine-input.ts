import type { BookRow, MappingEntry, PartyMaster, TaxBookRow } from '@taxrecon/engine';
import type {
  CustomerMappingRow,
  CustomerMasterRow,
  Form26asParty,
  Form26asResult,
  Form26asTransaction,
  PurchaseRow,
  SalesRow,
  VendorMasterRow,
} from '@taxrecon/formats';
import { numericOfPaise, paise } from '@taxrecon/shared';
import { copyField } from './copy-text.ts';
import { isPlainRowOf, type KeyedLineSink, type KeyedLines, KeyedLineWriter } from './keyed-lines.ts';

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

const NULL = '\\N';
const optional = (v: string | null): string => (v === null ? NULL : copyField(v));

// A transaction as the COPY line of its row (source-rows.ts taxBookRowLine),
// ending in a newline, given to `sink` with its identity (name to TAN, as it
// stands in the line: keyed-lines.ts), made straight from the parser's
// transaction: a statement's pieces are written out as they are parsed, with
// no row object between (a million a big year). What a party gives every one
// of its lines is made once per party, the file's base name once per file.
export const taxBookLineWriter = (
  sink: KeyedLineSink,
): ((party: Form26asParty, t: Form26asTransaction) => void) => {
  let lastParty: Form26asParty | null = null;
  let identity = '';
  let partyFields = '';
  let lastFile = '';
  let fileName = '';
  return (party, t) => {
    const same = party === lastParty;
    if (!same) {
      lastParty = party;
      identity = `${copyField(party.name)}\t${NULL}\t${copyField(party.tan)}`;
      partyFields = `\t${identity}\t${NULL}\t${NULL}\t`;
    }
    if (t.file !== lastFile) {
      lastFile = t.file;
      fileName = baseName(t.file);
    }
    const ref = copyField(`${fileName}:${t.line}`);
    const date = copyField(t.transactionDate);
    const amount = numericOfPaise(t.amount);
    const tax = numericOfPaise(t.tax);
    const deposited = numericOfPaise(t.deposited);
    sink(
      `${NULL}\t${ref}\t${date}${partyFields}${copyField(t.section)}\t${NULL}\t${copyField(t.status)}\t${optional(
        t.bookingDate,
      )}\t${optional(t.remarks)}\t${amount}\t${tax}\t${deposited}\n`,
      // "\\N\t" ref "\t" date "\t"
      ref.length + date.length + 5,
      identity.length,
      isPlainRowOf(date, t.amount, t.tax, t.deposited),
      same,
    );
  };
};

// A statement's rows as COPY lines (source-rows.ts), each ending in a newline,
// with each line's identity (keyed-lines.ts).
export const taxBookKeyedLines = (statement: Form26asResult, kind: 'TDS' | 'TCS'): KeyedLines => {
  const lines = new KeyedLineWriter();
  const line = taxBookLineWriter(lines.add);
  for (const party of (kind === 'TDS' ? statement.tds : statement.tcs)?.parties ?? [])
    for (const t of party.transactions) line(party, t);
  return lines.finish();
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
