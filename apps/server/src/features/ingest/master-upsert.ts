import { sql, type Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

// A master's rows are written a few thousand at a time as one
// `INSERT ... SELECT FROM unnest(one array per column)`: the statement's text
// is the same whatever the number of rows, and each column is one parameter.
// The 500-row VALUES statements it replaces (26 parameters a row) took kysely
// and pg longer to build and bind than PostgreSQL took to insert the rows
// (docs/decisions.md, issue 14, session 21).
const ROWS_PER_STATEMENT = 5_000;

export interface UpsertShape<R> {
  table: 'customers' | 'vendors';
  // the rows' columns are text but these (entity_id comes apart)
  booleans: ReadonlySet<keyof R & string>;
  // the unique key a row with a code meets an earlier row by (entity_id first)
  conflict: readonly string[];
  // what such a row changes in the earlier one; updated_at always
  updates: readonly (keyof R & string)[];
}

// Inserts or updates the rows in the caller's transaction; the number of rows
// written (each is inserted or updates one row: the codes are unique). Every
// row has the same keys, the columns it fills.
export const upsertMasterRows = async <R extends Record<string, unknown>>(
  trx: Transaction<DB>,
  entityId: string,
  shape: UpsertShape<R>,
  rows: readonly R[],
): Promise<number> => {
  let written = 0;
  if (rows.length === 0) return written;
  const names = Object.keys(rows[0]!) as (keyof R & string)[];
  const columns = sql.join(['entity_id', ...names].map((n) => sql.ref(n)));
  const conflict = sql.join(shape.conflict.map((n) => sql.ref(n)));
  const updates = sql.join([
    ...shape.updates.map((n) => sql`${sql.ref(n)} = excluded.${sql.ref(n)}`),
    sql`updated_at = now()`,
  ]);
  for (let from = 0; from < rows.length; from += ROWS_PER_STATEMENT) {
    const batch = rows.slice(from, from + ROWS_PER_STATEMENT);
    // one array per column; null and undefined cells are SQL NULL
    const arrays = sql.join(
      names.map(
        (n) =>
          sql`${batch.map((r) => r[n] ?? null)}::${sql.raw(shape.booleans.has(n) ? 'boolean' : 'text')}[]`,
      ),
    );
    const result = await sql<{ id: string }>`
      INSERT INTO ${sql.table(shape.table)} (${columns})
      SELECT ${entityId}::uuid, u.* FROM unnest(${arrays}) AS u
      ON CONFLICT (${conflict}) DO UPDATE SET ${updates}
      RETURNING id`.execute(trx);
    written += result.rows.length;
  }
  return written;
};
