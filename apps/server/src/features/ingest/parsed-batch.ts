import type { FileIssue } from '@taxrecon/formats';
import type { CopyFormat } from '../../platform/db/bulk-load.ts';
import { CopySpool, type RowSink } from '../../platform/db/copy-spool.ts';

// What a loader makes of uploaded files before anything touches the database:
// the COPY lines of each table, the sums it expects to see loaded, and every
// problem found. The load itself happens in one transaction (load-batch.ts).
export interface TableRows {
  table: string;
  columns: readonly string[];
  // text lines, or binary tuples for the tables loaded by the lakh (the registers)
  format: CopyFormat;
  // the rows as COPY lines: in a temporary file (removed after the load), or
  // on PostgreSQL straight into the load's COPY (copy-spool.ts)
  spool: RowSink;
}

export interface ParsedBatch {
  tables: TableRows[];
  // the main table whose rows are counted and summed for the control totals,
  // read back by a key column (the job, or the statements it made)
  control: {
    table: string;
    amountColumn: string | null;
    taxColumn: string | null;
    keyColumn: 'job_id' | 'statement_id';
    keys: string[];
    // read back through the entity and the batch's financial years as well:
    // the registers' rows have no index on their job (migration 028)
    byEntityYear: boolean;
  };
  rowsValid: number;
  rowsRejected: number;
  rowsSkipped: number;
  // paise, over the valid rows
  amountRead: number;
  taxRead: number;
  errors: FileIssue[];
  warnings: FileIssue[];
  // a line for the job's remarks beyond the counts (e.g. other 26AS parts found)
  notes: string[];
  financialYears: string[];
}

export const rejectedLines = (errors: readonly FileIssue[]): number =>
  new Set(errors.map((e) => `${e.file}:${e.line}`)).size;

export const emptyBatch = (
  table: string,
  amountColumn: string | null,
  taxColumn: string | null,
  jobId: string,
): ParsedBatch => ({
  tables: [],
  control: { table, amountColumn, taxColumn, keyColumn: 'job_id', keys: [jobId], byEntityYear: false },
  rowsValid: 0,
  rowsRejected: 0,
  rowsSkipped: 0,
  amountRead: 0,
  taxRead: 0,
  errors: [],
  warnings: [],
  notes: [],
  financialYears: [],
});

// A load that COPYs while the files are parsed gives the loaders its writer
// for a table; null: spool that table to a file.
export type LiveCopy = (table: string, columns: readonly string[], format: CopyFormat) => RowSink | null;

export const openTable = (
  table: string,
  columns: readonly string[],
  tempPath: () => string,
  live?: LiveCopy | null,
  format: CopyFormat = 'text',
): TableRows => ({
  table,
  columns,
  format,
  spool: live?.(table, columns, format) ?? new CopySpool(tempPath()),
});
