import { randomUUID } from 'node:crypto';
import { type FileIssue, openTracesZip } from '@taxrecon/formats';
import { append } from '@taxrecon/shared';
import { isBigStatement, parsingPool, read26asForLoad } from '../../lib/statement-read.ts';
import { poolSize, type WorkerPool } from '../../lib/worker-pool.ts';
import { copyLine } from '../../platform/db/bulk-load.ts';
import { emptyBatch, type LiveCopy, openTable, type ParsedBatch } from './parsed-batch.ts';
import { ENTRY_COLUMNS, fillYear } from './tax-entry-lines.ts';

export interface SourceFile {
  fileId: string;
  fileName: string;
  bytes: Uint8Array;
}

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
  'file_date',
  'transaction_count',
  'other_parts',
] as const;
const fileIssue = (file: string, code: string, message: string, expected: string): FileIssue => ({
  file,
  line: 1,
  code,
  message,
  expected,
});

// A NUL byte in the first few KB: an image, a PDF, a spreadsheet, not text.
const looksBinary = (bytes: Uint8Array): boolean => bytes.subarray(0, 8192).includes(0);

const notAStatement = (file: { fileName: string; bytes: Uint8Array }): FileIssue =>
  looksBinary(file.bytes)
    ? fileIssue(
        file.fileName,
        'NOT_26AS',
        `${file.fileName} is not a text file (it holds binary data): download Form 26AS from TRACES as text or as the TRACES zip.`,
        'a Form 26AS text file',
      )
    : fileIssue(
        file.fileName,
        'NOT_26AS',
        `${file.fileName} does not look like a 26AS text file: no statement header with PAN and financial year was found.`,
        'the Annual Tax Statement header',
      );

// A TRACES zip holds the statement text files; its password is the date of
// birth or incorporation, DDMMYYYY.
const expand = async (files: SourceFile[], password: string | undefined, errors: FileIssue[]) => {
  const texts: { fileId: string; fileName: string; bytes: Uint8Array }[] = [];
  for (const file of files) {
    if (!file.fileName.toLowerCase().endsWith('.zip')) {
      texts.push(file);
      continue;
    }
    const opened = await openTracesZip(file.bytes, password ?? '', { name: file.fileName });
    if (!opened.ok) {
      errors.push(
        fileIssue(file.fileName, opened.code, opened.message, 'a TRACES zip and its DDMMYYYY password'),
      );
      continue;
    }
    for (const inner of opened.files)
      texts.push({ fileId: file.fileId, fileName: inner.name, bytes: inner.data });
  }
  return texts;
};

// Part I (TDS) and Part VI (TCS) of each statement become tax entries; parts
// the parser does not model are kept on the statement and named in the remarks.
export const parseForm26as = async (
  files: SourceFile[],
  context: {
    entityId: string;
    jobId: string;
    password?: string;
    tempPath: () => string;
    // the load's COPY to write the entries into as they are parsed
    live?: LiveCopy | null;
  },
): Promise<ParsedBatch> => {
  const batch = emptyBatch('tax_entries', 'amount', 'tax', context.jobId);
  batch.control.keyColumn = 'statement_id';
  batch.control.keys = [];
  const statements = openTable('tax_statements', STATEMENT_COLUMNS, context.tempPath);
  const entries = openTable('tax_entries', ENTRY_COLUMNS, context.tempPath, context.live, 'binary');
  batch.tables.push(statements, entries);
  // a statement of lakhs of rows is parsed in pieces across the machine's cores
  let pool: WorkerPool | null = null;
  const threads = () => {
    if (poolSize() > 1) pool ??= parsingPool();
    return pool;
  };
  try {
    for (const file of await expand(files, context.password, batch.errors)) {
      // entries are written as the pieces come, once the first one shows the
      // statement's financial year; a file without one writes none
      const statementId = randomUUID();
      const ids = { entityId: context.entityId, statementId, jobId: context.jobId };
      const written = { rows: 0, amount: 0, tax: 0 };
      const result = await read26asForLoad(
        file.bytes,
        file.fileName,
        isBigStatement(file.bytes) ? threads() : null,
        ids,
        async (first, piece) => {
          const year = first.header?.financialYear;
          if (!first.header || !year || piece.rows === 0) return;
          await entries.spool.write(fillYear(piece, year), piece.rows);
          written.rows += piece.rows;
          written.amount += piece.amount;
          written.tax += piece.tax;
        },
      );
      const fy = result.header?.financialYear ?? null;
      if (!result.header || !fy) {
        // One cause, one error: a file that is not a statement at all is not
        // also reported line by line (a binary file would add a NUL-byte error,
        // the parser its own "no header"); the data-quality page counts causes.
        batch.errors.push(notAStatement(file));
        continue;
      }
      append(batch.errors, result.errors);
      append(batch.warnings, result.warnings);
      batch.financialYears.push(fy);
      batch.control.keys.push(statementId);
      const populated = result.otherParts.filter((p) => !p.empty);
      await statements.spool.write(
        copyLine([
          statementId,
          context.entityId,
          file.fileId,
          context.jobId,
          file.fileName,
          result.layout,
          result.header.pan,
          fy,
          result.header.name,
          result.header.fileCreationDate,
          result.transactionCount,
          JSON.stringify(result.otherParts),
        ]),
      );
      if (populated.length) {
        batch.notes.push(
          `${file.fileName}: other parts with entries kept on the statement, not reconciled: ${populated.map((p) => `${p.part} (${p.rowCount} rows)`).join(', ')}`,
        );
      }
      batch.amountRead += written.amount;
      batch.taxRead += written.tax;
      batch.rowsValid += written.rows;
    }
  } finally {
    await (pool as WorkerPool | null)?.close();
  }
  batch.rowsRejected = new Set(batch.errors.filter((e) => e.line > 1).map((e) => `${e.file}:${e.line}`)).size;
  await statements.spool.close();
  await entries.spool.close();
  return batch;
};
