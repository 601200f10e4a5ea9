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
import { purchaseBookRow, salesBookRow } from '../features/reconciliation/matching/engine-input.ts';
import { type KeyedLines, KeyedLineWriter } from '../features/reconciliation/matching/keyed-lines.ts';
import { addBookRowLine } from '../features/reconciliation/matching/source-rows.ts';

// Register records -> the engine's book rows as COPY lines (the layout the
// job reads from the database, matching/source-rows.ts), the same on the main
// thread and in a parsing thread (register-chunk.ts), so a register read in
// parallel gives exactly what it gives read in one go. Lines, not row
// objects: a thread hands back one piece of text (with each line's identity:
// keyed-lines.ts), and the rows are only made again a party's bucket at a time.
const ENGINE_FIELDS = new Set([
  'date',
  'customerName',
  'supplierName',
  'customerCode',
  'voucherNumber',
  'billNumber',
  'tan',
  'pan',
  'gstin',
  'saleAmount',
  'purchaseValue',
  'invoiceValue',
  'tdsAmount',
  'tcsAmount',
  'section',
]);

// Only the columns the engine reads are converted: the rest cost time and say nothing here.
export const bookFields = (kind: 'TDS' | 'TCS') =>
  (kind === 'TDS' ? SALES_FIELDS : PURCHASE_FIELDS).filter((f) => ENGINE_FIELDS.has(f.key));

export interface RegisterShape {
  file: string;
  headers: string[];
  headerLine: number;
  mapping: Record<string, number | undefined>;
}

export interface BookRowsRead {
  // rows dated in the year as lines, each ending in a newline, in file order
  lines: KeyedLines;
  // how many
  rows: number;
  // TCS: the year's bills without TCS, held back apart from `lines` (in file
  // order): the run leaves them out when any bill of its books bears TCS, as
  // the app's job does (matching/source-rows.ts BEARS_TCS), else takes them
  held: KeyedLines;
  heldRows: number;
  // all rows read, of any year
  total: number;
  // rows left out, one entry per bad cell, in file order
  rejects: FileIssue[];
  warnings: FileIssue[];
}

export const createBookRowReader = (kind: 'TDS' | 'TCS', fy: FinancialYear, shape: RegisterShape) => {
  const read: Omit<BookRowsRead, 'lines' | 'held'> = {
    rows: 0,
    heldRows: 0,
    total: 0,
    rejects: [],
    warnings: [],
  };
  let lines = new KeyedLineWriter();
  let held = new KeyedLineWriter();
  const mapRow = createRowMapper(
    shape,
    shape.mapping as Parameters<typeof createRowMapper>[1],
    bookFields(kind),
    read.warnings,
  );
  const add = (record: RawRecord, clean = false): void => {
    const mapped = mapRow(record, clean);
    if (mapped.kind === 'error') {
      for (const e of mapped.errors) read.rejects.push(e);
    } else if (mapped.kind === 'row') {
      read.total++;
      const row =
        kind === 'TDS'
          ? salesBookRow(mapped.row as unknown as SalesRow)
          : purchaseBookRow(mapped.row as unknown as PurchaseRow);
      if (financialYearOf(row.date) !== fy) return;
      if (kind === 'TCS' && row.tax === 0) {
        addBookRowLine(row, held.add);
        read.heldRows++;
      } else {
        addBookRowLine(row, lines.add);
        read.rows++;
      }
    }
  };
  // What was read; the lines so far are handed over (and let go here).
  const finish = (): BookRowsRead => {
    const finished = { lines: lines.finish(), held: held.finish() };
    lines = new KeyedLineWriter();
    held = new KeyedLineWriter();
    return { ...read, ...finished };
  };
  return { add, finish };
};
