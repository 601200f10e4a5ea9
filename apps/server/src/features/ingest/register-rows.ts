import {
  createRowMapper,
  type FileIssue,
  PURCHASE_FIELDS,
  type PurchaseRow,
  type RawRecord,
  SALES_FIELDS,
  type SalesRow,
} from '@taxrecon/formats';
import { type FinancialYear, financialYearOf } from '@taxrecon/shared';
import { type TupleWriter, uuidBytes } from '../../platform/db/binary-copy.ts';

// A register's records -> binary COPY tuples of sales_entries or purchase_entries,
// with the counts, sums and problems of the load. The same on the job's
// thread and in a parsing thread (parsing/parse-chunk.ts), so a register read in
// pieces loads exactly what it loads read in one go.

export type RegisterKind = 'sales' | 'purchase';

export const REGISTER_FIELDS = { sales: SALES_FIELDS, purchase: PURCHASE_FIELDS } as const;

export interface RegisterContext {
  entityId: string;
  jobId: string;
  financialYear?: FinancialYear | undefined;
}

export interface RegisterShape {
  file: string;
  headers: string[];
  headerLine: number;
  mapping: Record<string, number | undefined>;
}

// What a register (or a piece of one) gave, beside its tuples: the batch's figures.
export interface RegisterPart {
  amountRead: number;
  taxRead: number;
  rowsValid: number;
  rowsSkipped: number;
  errors: FileIssue[];
  warnings: FileIssue[];
  // file:line of each rejected row, once per row
  rejected: string[];
  years: string[];
}

// The columns of sales_entries and purchase_entries, in the order each row's
// tuple gives them (register-loader.ts copies them in binary).
export const SALES_COLUMNS = [
  'entity_id',
  'job_id',
  'financial_year',
  'transaction_date',
  'original_transaction_date',
  'customer_name',
  'customer_code',
  'voucher_type',
  'voucher_number',
  'voucher_ref',
  'gstin',
  'pan',
  'tan',
  'invoice_value',
  'sale_amount',
  'others',
  'cgst',
  'sgst',
  'igst',
  'tds_rate',
  'tds_amount',
  'section',
  'customer_location',
  'customer_region',
  'file_name',
  'line',
] as const;

export const PURCHASE_COLUMNS = [
  'entity_id',
  'job_id',
  'financial_year',
  'transaction_date',
  'supplier_name',
  'bill_number',
  'gstin',
  'pan',
  'tan',
  'purchase_value',
  'invoice_value',
  'round_off',
  'cgst',
  'sgst',
  'igst',
  'tcs_rate',
  'tcs_amount',
  'section',
  'file_name',
  'line',
] as const;

// the entity's and the job's uuids, as bytes once per encoder
interface Ids {
  entity: Uint8Array;
  job: Uint8Array;
}

// amounts are paise (numeric(18, 2)); a rate, a percentage rounded to four
// places by parseRate, goes in as ten-thousandths (numeric(9, 4))
const rate = (r: number | null) => (r === null ? null : Math.round(r * 10_000));

const salesTuple = (w: TupleWriter, ids: Ids, year: string, r: SalesRow) => {
  w.tuple(SALES_COLUMNS.length);
  w.bytes(ids.entity);
  w.bytes(ids.job);
  w.text(year);
  w.date(r.date);
  w.date(r.date);
  w.text(r.customerName);
  w.text(r.customerCode);
  w.text(r.voucherType);
  w.text(r.voucherNumber);
  w.text(r.voucherRef);
  w.text(r.gstin);
  w.text(r.pan);
  w.text(r.tan);
  w.numeric(r.invoiceValue, 2);
  w.numeric(r.saleAmount, 2);
  w.numeric(r.others, 2);
  w.numeric(r.cgst, 2);
  w.numeric(r.sgst, 2);
  w.numeric(r.igst, 2);
  w.numeric(rate(r.tdsRate), 4);
  w.numeric(r.tdsAmount, 2);
  w.text(r.section);
  w.text(r.customerLocation);
  w.text(r.customerRegion);
  w.text(r.file);
  w.int4(r.line);
};

const purchaseTuple = (w: TupleWriter, ids: Ids, year: string, r: PurchaseRow) => {
  w.tuple(PURCHASE_COLUMNS.length);
  w.bytes(ids.entity);
  w.bytes(ids.job);
  w.text(year);
  w.date(r.date);
  w.text(r.supplierName);
  w.text(r.billNumber);
  w.text(r.gstin);
  w.text(r.pan);
  w.text(r.tan);
  w.numeric(r.purchaseValue, 2);
  w.numeric(r.invoiceValue, 2);
  w.numeric(r.roundOff, 2);
  w.numeric(r.cgst, 2);
  w.numeric(r.sgst, 2);
  w.numeric(r.igst, 2);
  w.numeric(rate(r.tcsRate), 4);
  w.numeric(r.tcsAmount, 2);
  w.text(r.section);
  w.text(r.file);
  w.int4(r.line);
};

const outsideYear = (file: string, line: number, date: string, fy: FinancialYear): FileIssue => ({
  file,
  line,
  column: 'Date',
  value: date,
  expected: `a date in FY ${fy}`,
  code: 'DATE_OUTSIDE_YEAR',
  message: `${file} line ${line}: ${date} is outside the financial year ${fy} chosen for this upload.`,
});

// add(record) writes the record's tuple into `rows` and answers true, or
// false when it is skipped or rejected.
export const createRegisterEncoder = (
  kind: RegisterKind,
  context: RegisterContext,
  shape: RegisterShape,
  rows: TupleWriter,
) => {
  const ids: Ids = { entity: uuidBytes(context.entityId), job: uuidBytes(context.jobId) };
  const part: RegisterPart = {
    amountRead: 0,
    taxRead: 0,
    rowsValid: 0,
    rowsSkipped: 0,
    errors: [],
    warnings: [],
    rejected: [],
    years: [],
  };
  const rejected = new Set<string>();
  const years = new Set<string>();
  const yearOf = new Map<string, FinancialYear>();
  const reject = (issue: FileIssue) => {
    part.errors.push(issue);
    const key = `${issue.file}:${issue.line}`;
    if (!rejected.has(key)) {
      rejected.add(key);
      part.rejected.push(key);
    }
  };
  const mapRow = createRowMapper(
    shape,
    shape.mapping as Parameters<typeof createRowMapper>[1],
    REGISTER_FIELDS[kind],
    part.warnings,
  );
  // `clean`: the record's text was seen to hold no bad character
  const add = (record: RawRecord, clean = false): boolean => {
    const mapped = mapRow(record, clean);
    if (mapped.kind === 'skip') {
      part.rowsSkipped += 1;
      return false;
    }
    if (mapped.kind === 'error') {
      for (const e of mapped.errors) reject(e);
      return false;
    }
    const row = mapped.row as unknown as SalesRow & PurchaseRow;
    // a register repeats a few hundred dates (each one string: map-rows.ts remembers them)
    let year = yearOf.get(row.date);
    if (year === undefined) {
      year = financialYearOf(row.date);
      if (yearOf.size < 10_000) yearOf.set(row.date, year);
    }
    const fy = context.financialYear;
    if (fy && year !== fy) {
      reject(outsideYear(row.file, row.line, row.date, fy));
      return false;
    }
    const sales = kind === 'sales';
    part.amountRead += (sales ? row.saleAmount : row.purchaseValue) ?? 0;
    part.taxRead += (sales ? row.tdsAmount : row.tcsAmount) ?? 0;
    part.rowsValid += 1;
    if (!years.has(year)) {
      years.add(year);
      part.years.push(year);
    }
    if (sales) salesTuple(rows, ids, year, row);
    else purchaseTuple(rows, ids, year, row);
    return true;
  };
  return { add, part };
};
