import {
  createRowMapper,
  type FileIssue,
  PURCHASE_FIELDS,
  type PurchaseRow,
  type RawRecord,
  SALES_FIELDS,
  type SalesRow,
} from '@taxrecon/formats';
import { type FinancialYear, financialYearOf, formatRupees } from '@taxrecon/shared';
import { copyLine } from '../../platform/db/bulk-load.ts';

// A register's records -> COPY lines of sales_entries or purchase_entries,
// with the counts, sums and problems of the load. The same on the job's
// thread and in a parsing thread (cli/parse-chunk.ts), so a register read in
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

// What a register (or a piece of one) gave: its COPY text and the batch's figures.
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

const rupees = (p: number | null) => (p === null ? null : formatRupees(p));

const salesLine = (c: RegisterContext, year: string, r: SalesRow) =>
  copyLine([
    c.entityId,
    c.jobId,
    year,
    r.date,
    r.date,
    r.customerName,
    r.customerCode,
    r.voucherType,
    r.voucherNumber,
    r.voucherRef,
    r.gstin,
    r.pan,
    r.tan,
    rupees(r.invoiceValue),
    rupees(r.saleAmount),
    rupees(r.others),
    rupees(r.cgst),
    rupees(r.sgst),
    rupees(r.igst),
    r.tdsRate,
    rupees(r.tdsAmount),
    r.section,
    r.customerLocation,
    r.customerRegion,
    r.file,
    r.line,
  ]);

const purchaseLine = (c: RegisterContext, year: string, r: PurchaseRow) =>
  copyLine([
    c.entityId,
    c.jobId,
    year,
    r.date,
    r.supplierName,
    r.billNumber,
    r.gstin,
    r.pan,
    r.tan,
    rupees(r.purchaseValue),
    rupees(r.invoiceValue),
    rupees(r.roundOff),
    rupees(r.cgst),
    rupees(r.sgst),
    rupees(r.igst),
    r.tcsRate,
    rupees(r.tcsAmount),
    r.section,
    r.file,
    r.line,
  ]);

const outsideYear = (file: string, line: number, date: string, fy: FinancialYear): FileIssue => ({
  file,
  line,
  column: 'Date',
  value: date,
  expected: `a date in FY ${fy}`,
  code: 'DATE_OUTSIDE_YEAR',
  message: `${file} line ${line}: ${date} is outside the financial year ${fy} chosen for this upload.`,
});

// add(record) answers the record's COPY line, or null when it is skipped or rejected.
export const createRegisterEncoder = (kind: RegisterKind, context: RegisterContext, shape: RegisterShape) => {
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
  const add = (record: RawRecord, clean = false): string | null => {
    const mapped = mapRow(record, clean);
    if (mapped.kind === 'skip') {
      part.rowsSkipped += 1;
      return null;
    }
    if (mapped.kind === 'error') {
      for (const e of mapped.errors) reject(e);
      return null;
    }
    const row = mapped.row as unknown as SalesRow & PurchaseRow;
    const year = financialYearOf(row.date);
    const fy = context.financialYear;
    if (fy && year !== fy) {
      reject(outsideYear(row.file, row.line, row.date, fy));
      return null;
    }
    const sales = kind === 'sales';
    part.amountRead += (sales ? row.saleAmount : row.purchaseValue) ?? 0;
    part.taxRead += (sales ? row.tdsAmount : row.tcsAmount) ?? 0;
    part.rowsValid += 1;
    if (!years.has(year)) {
      years.add(year);
      part.years.push(year);
    }
    return sales ? salesLine(context, year, row) : purchaseLine(context, year, row);
  };
  return { add, part };
};
