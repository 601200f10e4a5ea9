import type { BookRow, ReconKind, TaxBookRow } from '@taxrecon/engine';
import { numericOfPaise, type Paise, paiseOfNumericIn, ZERO_PAISE } from '@taxrecon/shared';
import { copyField } from './copy-text.ts';
import { isPlainRowOf, type KeyedLineSink } from './keyed-lines.ts';

// The entity's rows as the engine's input, read with COPY. A book row is
// named by its voucher (bill) number, or "<file>:<line>" when it has none,
// and a 26AS row by "<file>:<line>", exactly as the command line names them,
// so the app and `taxrecon reconcile` agree on the same files.
//
// Both books are read in one layout, the content columns of recon_rows, and
// each row keeps its line of COPY text: a row's result is written back as
// that same text plus what the engine made of it, so a year of rows is not
// encoded field by field again.

export const CONTENT_COLUMNS = [
  'source_id',
  'ref',
  'txn_date',
  'name',
  'code',
  'tan',
  'pan',
  'gstin',
  'section',
  'rate',
  'status',
  'booking_date',
  'remarks',
  'amount',
  'tax',
  'deposited',
] as const;

interface Sourced {
  // sales_entries / purchase_entries / tax_entries id
  sourceId: string | null;
  // the row's CONTENT_COLUMNS as COPY text, while it is the row as read
  line?: string;
}

export interface SourcedBookRow extends BookRow, Sourced {
  rate: string | null;
}

export interface SourcedTaxBookRow extends TaxBookRow, Sourced {}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const YEAR = /^\d{4}-\d{2}$/;

// COPY takes no bind parameters, so the few values it needs are checked and quoted here.
export const uuidLiteral = (id: string): string => {
  if (!UUID.test(id)) throw new Error(`not a uuid: ${id}`);
  return `'${id}'`;
};
export const yearLiteral = (fy: string): string => {
  if (!YEAR.test(fy)) throw new Error(`not a financial year: ${fy}`);
  return `'${fy}'`;
};
const kindLiteral = (kind: ReconKind): string => (kind === 'TDS' ? `'TDS'` : `'TCS'`);

// `after`: only rows after that id (keyset batches); the rows come in id order,
// which is the order of the files they were loaded from.
const after = (id: bigint | null, limit: number | null): { where: string; tail: string } => ({
  where: id === null ? '' : ` AND id > ${id}`,
  tail: ` ORDER BY id${limit === null ? '' : ` LIMIT ${Math.trunc(limit)}`}`,
});

// A purchase bill bears TCS when the seller charged some on it. Part VI
// holds only what a seller collected (206C(1H): on the part of a year's
// receipts above the threshold), so a bill without TCS has nothing there to
// find: when the year's book records TCS on any bill, the TCS job leaves
// the bills without it out (tcsBookScope). A book with no TCS at all (a
// register without the column) is kept whole, matched on purchase value.
export const BEARS_TCS = 'coalesce(tcs_amount, 0) <> 0';

export const bookSelect = (
  kind: ReconKind,
  entityId: string,
  fy: string,
  page: { after: bigint | null; limit: number | null } = { after: null, limit: null },
  leaveOutWithoutTcs = false,
): string => {
  const { where: afterId, tail } = after(page.after, page.limit);
  const where = kind === 'TCS' && leaveOutWithoutTcs ? ` AND ${BEARS_TCS}${afterId}` : afterId;
  return kind === 'TDS'
    ? `SELECT id, coalesce(voucher_number, file_name || ':' || line), transaction_date, customer_name,
         customer_code, tan, pan, gstin, section, tds_rate, NULL, NULL, NULL,
         coalesce(sale_amount, invoice_value, 0.00), coalesce(tds_amount, 0.00), NULL
       FROM sales_entries WHERE entity_id = ${uuidLiteral(entityId)} AND financial_year = ${yearLiteral(fy)}${where}${tail}`
    : `SELECT id, coalesce(bill_number, file_name || ':' || line), transaction_date, supplier_name,
         NULL, tan, pan, gstin, section, tcs_rate, NULL, NULL, NULL,
         coalesce(purchase_value, invoice_value, 0.00), coalesce(tcs_amount, 0.00), NULL
       FROM purchase_entries WHERE entity_id = ${uuidLiteral(entityId)} AND financial_year = ${yearLiteral(fy)}${where}${tail}`;
};

export const taxBookSelect = (
  kind: ReconKind,
  entityId: string,
  fy: string,
  page: { after: bigint | null; limit: number | null } = { after: null, limit: null },
): string => {
  const { where, tail } = after(page.after, page.limit);
  return `SELECT id, file_name || ':' || line, transaction_date, deductor_name, NULL, tan, NULL, NULL, section, NULL,
     status, booking_date, remarks, amount, tax, deposited
   FROM tax_entries
   WHERE entity_id = ${uuidLiteral(entityId)} AND part = ${kindLiteral(kind)} AND financial_year = ${yearLiteral(fy)}${where}${tail}`;
};

// The previous year's carried-forward rows, as stored by its job.
export const broughtForwardSelect = (previousJobId: string, side: 'B' | 'T'): string =>
  `SELECT ${CONTENT_COLUMNS.join(', ')} FROM recon_rows
   WHERE job_id = ${uuidLiteral(previousJobId)} AND side = '${side === 'B' ? 'B' : 'T'}' AND carried_forward`;

const UNESCAPE: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };
export const field = (f: string | undefined): string | null => {
  if (f === undefined || f === '\\N') return null;
  return f.includes('\\') ? f.replace(/\\(.)/g, (_, c: string) => UNESCAPE[c] ?? c) : f;
};

// Where each of a line's fields ends (the tab after it, or the line's end),
// found once per line: only the fields a row needs are cut out, with no array
// of all sixteen (a year is millions of lines, decoded in the matching threads).
const ENDS = new Int32Array(16);
const cut = (line: string): void => {
  let at = -1;
  for (let k = 0; k < 16; k++) {
    const next = at < line.length ? line.indexOf('\t', at + 1) : -1;
    // a line with fewer fields: the missing ones start past its end
    at = next < 0 ? (at < line.length ? line.length : line.length + 1) : next;
    ENDS[k] = at;
  }
};
const startOf = (k: number): number => (k === 0 ? 0 : ENDS[k - 1]! + 1);
const endOf = (line: string, k: number): number => Math.min(ENDS[k]!, line.length);
// field k as `split('\t')[k]` gives it: undefined past the line's last field
const at = (line: string, k: number): string | undefined => {
  const start = startOf(k);
  return start > line.length ? undefined : line.slice(start, endOf(line, k));
};
const isNull = (line: string, start: number, end: number): boolean =>
  end - start === 2 && line.charCodeAt(start) === 92 && line.charCodeAt(start + 1) === 78;
// field(at(line, k)), without cutting out the NULLs: most of a line's
// fields are \N when its rows come from a file (the command line)
const fieldOf = (line: string, k: number): string | null => {
  const start = startOf(k);
  if (start > line.length) return null;
  const end = endOf(line, k);
  return isNull(line, start, end) ? null : field(line.slice(start, end));
};
// an amount (NULL: 0) read where it stands (a numeric is never escaped)
const money = (line: string, k: number): Paise => {
  const start = startOf(k);
  const end = endOf(line, k);
  return isNull(line, start, end) ? ZERO_PAISE : paiseOfNumericIn(line, start, end);
};

// One line of COPY text (without its newline) as a row.
export const decodeBookLine = (line: string): SourcedBookRow => {
  cut(line);
  return {
    sourceId: fieldOf(line, 0),
    voucherNo: fieldOf(line, 1) ?? '',
    date: at(line, 2) ?? '',
    partyName: fieldOf(line, 3) ?? '',
    customerCode: fieldOf(line, 4),
    tan: fieldOf(line, 5),
    pan: fieldOf(line, 6),
    gstin: fieldOf(line, 7),
    section: fieldOf(line, 8),
    rate: fieldOf(line, 9),
    amount: money(line, 13),
    tax: money(line, 14),
    line,
  };
};

export const decodeTaxBookLine = (line: string): SourcedTaxBookRow => {
  cut(line);
  return {
    sourceId: fieldOf(line, 0),
    ref: fieldOf(line, 1) ?? '',
    transactionDate: at(line, 2) ?? '',
    name: fieldOf(line, 3) ?? '',
    tan: fieldOf(line, 5) ?? '',
    section: fieldOf(line, 8) ?? '',
    status: fieldOf(line, 10) ?? '',
    bookingDate: fieldOf(line, 11),
    remarks: fieldOf(line, 12),
    amount: money(line, 13),
    tax: money(line, 14),
    deposited: money(line, 15),
    line,
  };
};

// A row read from a file (the command line's input) as the line the database
// would give for it, so the command line reconciles through the same
// party-at-a-time computation as the job. decodeBookLine gives the row back.
const NULL = '\\N';
const opt = (v: string | null | undefined): string => (v === null || v === undefined ? NULL : copyField(v));

// A book row's identity (engine identity-plan.ts) as it stands in its line:
// name, code, TAN, PAN and GSTIN.
const bookIdentity = (r: BookRow): string =>
  `${copyField(r.partyName)}\t${opt(r.customerCode)}\t${opt(r.tan)}\t${opt(r.pan)}\t${opt(r.gstin)}`;

const bookLine = (
  voucher: string,
  identity: string,
  date: string,
  amount: string,
  tax: string,
  section: string | null | undefined,
): string =>
  `${NULL}\t${voucher}\t${date}\t${identity}\t${opt(section)}\t${NULL}\t${NULL}\t${NULL}\t${NULL}\t${amount}\t${tax}\t${NULL}`;

export const bookRowLine = (r: BookRow): string =>
  bookLine(
    copyField(r.voucherNo),
    bookIdentity(r),
    copyField(r.date),
    numericOfPaise(r.amount),
    numericOfPaise(r.tax),
    r.section,
  );

// The same line with its newline, given with its identity (keyed-lines.ts).
export const addBookRowLine = (r: BookRow, sink: KeyedLineSink): void => {
  const identity = bookIdentity(r);
  const date = copyField(r.date);
  const amount = numericOfPaise(r.amount);
  const tax = numericOfPaise(r.tax);
  const voucher = copyField(r.voucherNo);
  sink(
    `${bookLine(voucher, identity, date, amount, tax, r.section)}\n`,
    // "\\N\t" voucher "\t" date "\t"
    voucher.length + date.length + 5,
    identity.length,
    isPlainRowOf(date, r.amount, r.tax, null),
    false,
  );
};

export const taxBookRowLine = (r: TaxBookRow): string =>
  `${NULL}\t${copyField(r.ref)}\t${copyField(r.transactionDate)}\t${copyField(r.name)}\t${NULL}\t${copyField(
    r.tan,
  )}\t${NULL}\t${NULL}\t${copyField(r.section)}\t${NULL}\t${copyField(r.status)}\t${opt(r.bookingDate)}\t${opt(
    r.remarks,
  )}\t${numericOfPaise(r.amount)}\t${numericOfPaise(r.tax)}\t${numericOfPaise(r.deposited)}`;

// Calls `each` with every line of COPY text (lines end at '\n'; the last may not).
export const forEachLine = (text: string, each: (line: string) => void): void => {
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    each(text.slice(start, end));
    start = end + 1;
  }
};

export const decodeBookRows = (text: string): SourcedBookRow[] => {
  const rows: SourcedBookRow[] = [];
  forEachLine(text, (line) => rows.push(decodeBookLine(line)));
  return rows;
};

export const decodeTaxBookRows = (text: string): SourcedTaxBookRow[] => {
  const rows: SourcedTaxBookRow[] = [];
  forEachLine(text, (line) => rows.push(decodeTaxBookLine(line)));
  return rows;
};
