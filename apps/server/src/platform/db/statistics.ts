import type pg from 'pg';

// PostgreSQL plans a query from the table statistics ANALYZE keeps. Autovacuum
// refreshes them a while after a big load, if it runs at all (it may be
// switched off, and PGlite has none), so the first read of a year just
// uploaded was planned for a table of a few rows: a million rows sorted on
// disk instead of read in order from the primary key. A load that grows its
// table by a tenth analyses it before it commits, in the same transaction:
// the statistics count the new rows, and they are in place by the time the
// job says it is done. (A job's result is not analysed: docs/decisions.md.)
const MIN_ROWS = 500;
const SHARE = 0.1;

const TABLE = /^[a-z_][a-z0-9_]*$/;

export const analyzeAfterLoad = async (
  client: pg.PoolClient,
  table: string,
  added: number,
): Promise<boolean> => {
  if (!TABLE.test(table)) throw new Error(`not a plain table name: ${table}`);
  if (added < MIN_ROWS) return false;
  const { rows } = await client.query<{ reltuples: number }>(
    'SELECT reltuples FROM pg_class WHERE oid = $1::regclass',
    [table],
  );
  // the rows the last ANALYZE counted; -1: never analysed
  const known = Number(rows[0]?.reltuples ?? -1);
  if (known >= 0 && added < SHARE * known) return false;
  await client.query(`ANALYZE ${table}`);
  return true;
};
