import type { ControlTotals } from '@taxrecon/contracts';
import type { FileIssue } from '@taxrecon/formats';
import { formatRupees } from '@taxrecon/shared';
import type pg from 'pg';
import { copyLine } from '../../platform/db/bulk-load.ts';
import type { RowSink } from '../../platform/db/copy-spool.ts';
import type { Database } from '../../platform/db/database.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import type { LiveCopy, ParsedBatch } from './parsed-batch.ts';

const ISSUE_COLUMNS = [
  'job_id',
  'entity_id',
  'severity',
  'file_name',
  'line',
  'column_name',
  'value',
  'expected',
  'code',
  'message',
] as const;

const issueLines = (jobId: string, entityId: string, severity: 'error' | 'warning', issues: FileIssue[]) =>
  issues.map((i) =>
    copyLine([
      jobId,
      entityId,
      severity,
      i.file,
      i.line,
      i.column ?? null,
      i.value ?? null,
      i.expected,
      i.code,
      i.message,
    ]),
  );

export interface LoadContext {
  jobId: string;
  entityId: string;
  fileIds: string[];
  replaceEntityRows?: boolean;
  // runs inside the load's transaction, last: the job marks itself done there
  beforeCommit?: (client: pg.PoolClient, totals: ControlTotals, batch: ParsedBatch) => Promise<void>;
}

// Loads a parsed batch in ONE transaction: the valid rows, the validation
// report, then a read-back of what landed. If the read-back does not equal what
// was parsed, the transaction is rolled back: a load either balances or leaves
// nothing behind.
export const loadBatch = (database: Database, batch: ParsedBatch, context: LoadContext) =>
  parseAndLoad(database, async () => batch, { ...context, streamTable: null });

// Parses, then loads as loadBatch does. With `streamTable` the transaction
// opens first and that table's rows go into its COPY while the files are
// still being parsed (the parsing threads and the database work side by side,
// and no spool file is written); everything else is as loadBatch.
// The embedded database has one connection, which the web requests share, and
// the open transaction holds it while the files are parsed: it streams only
// when `streamEmbedded` says the parse is quick beside the COPY (text files;
// a workbook of lakhs of rows is parsed first, with the connection free).
// A job's progress reported meanwhile is recorded once the connection is free
// (job-runner.ts).
export const parseAndLoad = async (
  database: Database,
  parse: (live: LiveCopy | null) => Promise<ParsedBatch>,
  context: LoadContext & {
    streamTable: string | null;
    streamEmbedded?: boolean;
    afterParse?: (batch: ParsedBatch) => Promise<void>;
  },
): Promise<ControlTotals> => {
  let batch: ParsedBatch | null = null;
  const embedded = database.kind !== 'postgres';
  try {
    if (context.streamTable === null || (embedded && !context.streamEmbedded)) {
      const parsed = await parse(null);
      batch = parsed;
      await context.afterParse?.(parsed);
      return await withTransaction(database.pool, (client) => loadInto(database, client, parsed, context));
    }
    const streamTable = context.streamTable;
    return await withTransaction(database.pool, async (client) => {
      const writers: RowSink[] = [];
      const live: LiveCopy = (table, columns, format) => {
        if (table !== streamTable) return null;
        const writer = database.openCopyWriter(client, table, columns, format);
        writers.push(writer);
        return writer;
      };
      try {
        batch = await parse(live);
      } catch (error) {
        // the COPY is cancelled before the transaction rolls back
        await Promise.all(writers.map((w) => w.remove()));
        throw error;
      }
      const parsed: ParsedBatch = batch;
      await context.afterParse?.(parsed);
      return loadInto(database, client, parsed, context);
    });
  } finally {
    const parsed = batch as ParsedBatch | null;
    if (parsed) await Promise.all(parsed.tables.map((t) => t.spool.remove()));
  }
};

const loadInto = async (
  database: Database,
  client: pg.PoolClient,
  batch: ParsedBatch,
  context: LoadContext,
): Promise<ControlTotals> => {
  if (context.replaceEntityRows) {
    await client.query(`DELETE FROM ${batch.control.table} WHERE entity_id = $1`, [context.entityId]);
  }
  for (const t of batch.tables) {
    // a table written into its COPY as it was parsed is in already
    if (t.spool.rows && t.spool.file !== null)
      await database.copyFileInto(client, t.table, t.columns, t.spool.file, t.format);
  }
  const issues = [
    ...issueLines(context.jobId, context.entityId, 'error', batch.errors),
    ...issueLines(context.jobId, context.entityId, 'warning', batch.warnings),
  ];
  if (issues.length) await database.copyInto(client, 'validation_issues', ISSUE_COLUMNS, issues);
  const { table, amountColumn, taxColumn, keyColumn, keys, byEntityYear } = batch.control;
  const sum = (column: string | null) => (column ? `coalesce(sum(${column}), 0)::text` : `'0'`);
  const landed = await client.query<{ n: number; amount: string; tax: string }>(
    `SELECT count(*)::int AS n, ${sum(amountColumn)} AS amount, ${sum(taxColumn)} AS tax FROM ${table}
     WHERE ${keyColumn} = ANY($1::uuid[])${byEntityYear ? ' AND entity_id = $2 AND financial_year = ANY($3::text[])' : ''}`,
    byEntityYear ? [keys, context.entityId, batch.financialYears] : [keys],
  );
  const row = landed.rows[0] ?? { n: 0, amount: '0', tax: '0' };
  const totals: ControlTotals = {
    rowsRead: batch.rowsValid + batch.rowsRejected,
    rowsLoaded: row.n,
    rowsRejected: batch.rowsRejected,
    rowsSkipped: batch.rowsSkipped,
    amountRead: formatRupees(batch.amountRead),
    amountLoaded: normaliseNumeric(row.amount),
    taxRead: formatRupees(batch.taxRead),
    taxLoaded: normaliseNumeric(row.tax),
    balanced: false,
  };
  totals.balanced =
    totals.rowsLoaded === batch.rowsValid &&
    totals.amountLoaded === totals.amountRead &&
    totals.taxLoaded === totals.taxRead;
  if (!totals.balanced) {
    throw new Error(
      `control totals do not balance (read ${batch.rowsValid} rows, ${totals.amountRead} / ${totals.taxRead}; loaded ${totals.rowsLoaded} rows, ${totals.amountLoaded} / ${totals.taxLoaded}); nothing was loaded`,
    );
  }
  await client.query('UPDATE stored_files SET job_id = $1 WHERE id = ANY($2::uuid[])', [
    context.jobId,
    context.fileIds,
  ]);
  // The job's Completed mark, in this same transaction: a retry finds it done.
  await context.beforeCommit?.(client, totals, batch);
  return totals;
};

// numeric sums come back as text ("1234.5" or "1234.50"); compare them as paise text.
const normaliseNumeric = (text: string): string => {
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const value = `${BigInt(whole)}.${(`${fraction}00`).slice(0, 2)}`;
  return negative && value !== '0.00' ? `-${value}` : value;
};
