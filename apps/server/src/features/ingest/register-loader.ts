import { guessMapping, mappingByHeaderName, readCustomerMapping } from '@taxrecon/formats';
import { append, type FinancialYear } from '@taxrecon/shared';
import { cutRegister } from '../../lib/register-cut.ts';
import { parsingPool } from '../../lib/statement-read.ts';
import { poolSize, type WorkerPool } from '../../lib/worker-pool.ts';
import type { IngestRegisterPiece, ParseTask } from '../../parsing/parse-chunk.ts';
import { tupleFeed } from '../../platform/db/binary-copy.ts';
import { copyLine } from '../../platform/db/bulk-load.ts';
import type { SourceFile } from './form-26as-loader.ts';
import { openRecords } from './open-records.ts';
import {
  emptyBatch,
  type LiveCopy,
  openTable,
  type ParsedBatch,
  rejectedLines,
  type TableRows,
} from './parsed-batch.ts';
import {
  createRegisterEncoder,
  PURCHASE_COLUMNS,
  REGISTER_FIELDS,
  type RegisterKind,
  type RegisterPart,
  SALES_COLUMNS,
} from './register-rows.ts';

const MAPPING_COLUMNS = [
  'entity_id',
  'job_id',
  'legal_name',
  'book_name',
  'tan',
  'pan',
  'gstin',
  'file_name',
  'line',
] as const;

export interface RegisterOptions {
  entityId: string;
  jobId: string;
  financialYear?: FinancialYear;
  // target field key -> header name, as the upload screen maps them
  mapping?: Record<string, string>;
  headers?: string;
  // where the COPY spool files go
  tempPath: () => string;
  // the load's COPY to write the register's rows into as they are read
  live?: LiveCopy | null;
}

// Maps each file's headers (the person's mapping first, then the closest
// names), keeps the rows of the chosen financial year and spools them as COPY
// lines; counts, sums and problems go to the batch. A big text register is
// cut into pieces encoded in the parsing threads and spooled in file order.
const loadRegister = async (
  files: SourceFile[],
  options: RegisterOptions,
  kind: RegisterKind,
  target: TableRows,
  batch: ParsedBatch,
): Promise<void> => {
  const fields = REGISTER_FIELDS[kind];
  const context = { entityId: options.entityId, jobId: options.jobId, financialYear: options.financialYear };
  const years = new Set<string>();
  const rejected = new Set<string>();
  const take = (part: RegisterPart) => {
    batch.amountRead += part.amountRead;
    batch.taxRead += part.taxRead;
    batch.rowsValid += part.rowsValid;
    batch.rowsSkipped += part.rowsSkipped;
    append(batch.errors, part.errors);
    append(batch.warnings, part.warnings);
    for (const r of part.rejected) rejected.add(r);
    for (const y of part.years) years.add(y);
  };
  let pool: WorkerPool | null = null;
  try {
    for (const file of files) {
      const source = await openRecords(file, options.headers);
      append(batch.errors, source.errors);
      const guessed: Partial<Record<string, number>> = guessMapping(source.headers, fields).mapping;
      const chosen: Partial<Record<string, number>> = options.mapping
        ? mappingByHeaderName(source.headers, options.mapping)
        : {};
      // A column the person mapped that this file lacks (the mapping was made
      // from another file's header row, or the file changed) is said, with
      // what was read instead: the closest name, or nothing.
      for (const [key, header] of Object.entries(options.mapping ?? {})) {
        if (chosen[key] !== undefined) continue;
        const label = fields.find((f) => f.key === key)?.label;
        if (!label) continue;
        const instead = guessed[key];
        const message = `${file.fileName}: the column '${header}' mapped to '${label}' is not in the header row; ${instead === undefined ? `'${label}' was left empty` : `its column '${source.headers[instead]}' was read instead`}`;
        batch.warnings.push({
          file: file.fileName,
          line: source.headerLine || 1,
          column: header,
          expected: `a column named '${header}' in the header row`,
          code: 'MAPPED_COLUMN_NOT_FOUND',
          message: `${message}.`,
        });
        // said in the job's remarks too: it changes what every row loads
        batch.notes.push(message);
      }
      const missing = fields.filter(
        (f) => f.required && chosen[f.key] === undefined && guessed[f.key] === undefined,
      );
      if (missing.length) {
        batch.errors.push({
          file: file.fileName,
          line: source.headerLine || 1,
          expected: missing.map((f) => f.label).join(', '),
          code: 'UNMAPPED_COLUMNS',
          message: `${file.fileName}: no column could be mapped to ${missing.map((f) => `'${f.label}'`).join(', ')}. Map the header row on the upload screen.`,
        });
        continue;
      }
      const shape = {
        file: file.fileName,
        headers: source.headers,
        headerLine: source.headerLine,
        mapping: { ...guessed, ...chosen },
      };
      const cut =
        options.headers === undefined && poolSize() > 1
          ? cutRegister(file.bytes, file.fileName, source.headerLine)
          : null;
      if (cut) {
        pool ??= parsingPool();
        // written as the threads finish them, in file order: on PostgreSQL the
        // rows go into the load's COPY while later pieces are still parsed
        const windows = pool.runInWindows<ParseTask, IngestRegisterPiece>(
          cut.pieces.map((p) => ({
            type: 'ingest-register',
            chunk: { kind, context, shape, delimiter: cut.delimiter, quoted: cut.quoted, ...p },
          })),
          (t) => (t.type === 'ingest-register' ? [t.chunk.bytes.buffer as ArrayBuffer] : []),
        );
        for await (const pieces of windows) {
          for (const piece of pieces) {
            if (piece.tuples.length > 0) await target.spool.write(piece.tuples, piece.part.rowsValid);
            take(piece.part);
          }
        }
        continue;
      }
      const feed = tupleFeed(target.spool);
      const { add, part } = createRegisterEncoder(kind, context, shape, feed.rows);
      for await (const record of source.rows) if (add(record) && feed.full()) await feed.hand();
      await feed.hand();
      take(part);
    }
  } finally {
    await (pool as WorkerPool | null)?.close();
  }
  await target.spool.close();
  batch.rowsRejected = rejected.size;
  batch.financialYears = [...years].sort();
};

export const parseSalesRegister = async (
  files: SourceFile[],
  options: RegisterOptions,
): Promise<ParsedBatch> => {
  const batch = emptyBatch('sales_entries', 'sale_amount', 'tds_amount', options.jobId);
  batch.control.byEntityYear = true;
  const target = openTable('sales_entries', SALES_COLUMNS, options.tempPath, options.live, 'binary');
  batch.tables.push(target);
  await loadRegister(files, options, 'sales', target, batch);
  return batch;
};

export const parsePurchaseRegister = async (
  files: SourceFile[],
  options: RegisterOptions,
): Promise<ParsedBatch> => {
  const batch = emptyBatch('purchase_entries', 'purchase_value', 'tcs_amount', options.jobId);
  batch.control.byEntityYear = true;
  const target = openTable('purchase_entries', PURCHASE_COLUMNS, options.tempPath, options.live, 'binary');
  batch.tables.push(target);
  await loadRegister(files, options, 'purchase', target, batch);
  return batch;
};

export const parseCustomerMapping = async (
  files: SourceFile[],
  options: RegisterOptions,
): Promise<ParsedBatch> => {
  const batch = emptyBatch('customer_mappings', null, null, options.jobId);
  const target = openTable('customer_mappings', MAPPING_COLUMNS, options.tempPath);
  batch.tables.push(target);
  for (const file of files) {
    const result = await readCustomerMapping(file.bytes, file.fileName);
    append(batch.errors, result.errors);
    append(batch.warnings, result.warnings);
    batch.rowsSkipped += result.skippedLines.length;
    for (const r of result.rows) {
      await target.spool.write(
        copyLine([
          options.entityId,
          options.jobId,
          r.legalName,
          r.bookName,
          r.tan,
          r.pan,
          r.gstin,
          r.file,
          r.line,
        ]),
      );
      batch.rowsValid += 1;
    }
  }
  await target.spool.close();
  batch.rowsRejected = rejectedLines(batch.errors);
  return batch;
};
