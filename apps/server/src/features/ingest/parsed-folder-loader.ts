import { randomUUID } from 'node:crypto';
import { tupleFeed } from '../../platform/db/binary-copy.ts';
import { copyLine } from '../../platform/db/bulk-load.ts';
import type { SourceFile } from './form-26as-loader.ts';
import { emptyBatch, openTable, type ParsedBatch, rejectedLines } from './parsed-batch.ts';
import { type ParsedReadOptions, readParsed26as } from './parsed-folder-rows.ts';
import { ENTRY_COLUMNS, taxEntryWriter } from './tax-entry-lines.ts';

// The same columns the raw 26AS loader writes (form-26as-loader.ts): a parsed
// 26AS lands in tax_statements and tax_entries exactly as a raw one does, so
// reconciliation, snapshots and housekeeping see no difference.
const STATEMENT_COLUMNS = [
  'id',
  'entity_id',
  'file_id',
  'job_id',
  'file_name',
  'layout',
  'pan',
  'financial_year',
  'assessee_name',
  'transaction_count',
] as const;

// problems of a whole file (its mapping), not of a row
const FILE_LEVEL = new Set(['UNMAPPED_COLUMNS', 'MAPPED_COLUMN_NOT_FOUND']);

// a parsed file has no statement header: the statement is marked as parsed
export const PARSED_LAYOUT = 'parsed';

// One statement per file and financial year (a csv of several statements
// holds several years), carrying the PAN the load was made for.
export const parseParsed26as = async (
  files: SourceFile[],
  context: ParsedReadOptions & {
    entityId: string;
    jobId: string;
    pan: string;
    assesseeName: string | null;
    tempPath: () => string;
  },
): Promise<ParsedBatch> => {
  const batch = emptyBatch('tax_entries', 'amount', 'tax', context.jobId);
  batch.control.keyColumn = 'statement_id';
  batch.control.keys = [];
  const statements = openTable('tax_statements', STATEMENT_COLUMNS, context.tempPath);
  const entries = openTable('tax_entries', ENTRY_COLUMNS, context.tempPath, null, 'binary');
  const feed = tupleFeed(entries.spool);
  const entry = taxEntryWriter(feed.rows);
  batch.tables.push(statements, entries);
  const made = new Map<string, { id: string; fileId: string; file: string; year: string; count: number }>();
  const fileIdOf = new Map(files.map((f) => [f.fileName, f.fileId]));
  for await (const event of readParsed26as(files, context, batch.warnings)) {
    if (event.kind === 'skip') {
      batch.rowsSkipped += 1;
      continue;
    }
    if (event.kind === 'errors') {
      batch.errors.push(...event.errors);
      continue;
    }
    const r = event.row;
    const key = `${r.file}\u0000${r.financialYear}`;
    let statement = made.get(key);
    if (!statement) {
      statement = {
        id: randomUUID(),
        fileId: fileIdOf.get(r.file) ?? '',
        file: r.file,
        year: r.financialYear,
        count: 0,
      };
      made.set(key, statement);
      batch.control.keys.push(statement.id);
    }
    statement.count += 1;
    entry(
      { entityId: context.entityId, statementId: statement.id, jobId: context.jobId },
      r.financialYear,
      r.part,
      r,
      r,
    );
    if (feed.full()) await feed.hand();
    batch.amountRead += r.amount;
    batch.taxRead += r.tax;
    batch.rowsValid += 1;
  }
  for (const s of made.values()) {
    await statements.spool.write(
      copyLine([
        s.id,
        context.entityId,
        s.fileId || null,
        context.jobId,
        s.file,
        PARSED_LAYOUT,
        context.pan,
        s.year,
        context.assesseeName,
        s.count,
      ]),
    );
  }
  batch.financialYears = [...new Set([...made.values()].map((s) => s.year))].sort();
  batch.rowsRejected = rejectedLines(batch.errors.filter((e) => !FILE_LEVEL.has(e.code)));
  await feed.hand();
  await statements.spool.close();
  await entries.spool.close();
  return batch;
};
