import type { ControlTotals } from '@taxrecon/contracts';
import type { FileIssue } from '@taxrecon/formats';
import { formatRupees } from '@taxrecon/shared';
import type pg from 'pg';
import { copyLine } from '../../platform/db/bulk-load.ts';
import type { Database } from '../../platform/db/database.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import type { ParsedBatch } from './parsed-batch.ts';

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

// Loads a parsed batch in ONE transaction: the valid rows, the validation
// report, then a read-back of what landed. If the read-back does not equal what
// was parsed, the transaction is rolled back: a load either balances or leaves
// nothing behind.
export const loadBatch = async (
  database: Database,
  batch: ParsedBatch,
  context: {
    jobId: string;
    entityId: string;
    fileIds: string[];
    replaceEntityRows?: boolean;
    // runs inside the load's transaction, last: the job marks itself done there
    beforeCommit?: (client: pg.PoolClient, totals: ControlTotals) => Promise<void>;
  },
): Promise<ControlTotals> => {
  try {
    return await withTransaction(database.pool, async (client) => {
      if (context.replaceEntityRows) {
        await client.query(`DELETE FROM ${batch.control.table} WHERE entity_id = $1`, [context.entityId]);
      }
      for (const t of batch.tables) {
        if (t.spool.rows) await database.copyFileInto(client, t.table, t.columns, t.spool.path);
      }
      const issues = [
        ...issueLines(context.jobId, context.entityId, 'error', batch.errors),
        ...issueLines(context.jobId, context.entityId, 'warning', batch.warnings),
      ];
      if (issues.length) await database.copyInto(client, 'validation_issues', ISSUE_COLUMNS, issues);
      const { table, amountColumn, taxColumn, keyColumn, keys } = batch.control;
      const sum = (column: string | null) => (column ? `coalesce(sum(${column}), 0)::text` : `'0'`);
      const landed = await client.query<{ n: number; amount: string; tax: string }>(
        `SELECT count(*)::int AS n, ${sum(amountColumn)} AS amount, ${sum(taxColumn)} AS tax FROM ${table} WHERE ${keyColumn} = ANY($1::uuid[])`,
        [keys],
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
      await context.beforeCommit?.(client, totals);
      return totals;
    });
  } finally {
    await Promise.all(batch.tables.map((t) => t.spool.remove()));
  }
};

// numeric sums come back as text ("1234.5" or "1234.50"); compare them as paise text.
const normaliseNumeric = (text: string): string => {
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const value = `${BigInt(whole)}.${(`${fraction}00`).slice(0, 2)}`;
  return negative && value !== '0.00' ? `-${value}` : value;
};
