import type { Kysely } from 'kysely';
import type { EntityTable } from '../../platform/db/entity-tables.ts';
import type { DB } from '../../platform/db/schema.ts';
import { affected, ident, raw } from './sql.ts';

// Copying one entity's rows of a table out (dump) and back in (restore), by the
// table's SQL scope from ENTITY_TABLES ($1 is the entity id).

export const COPY_BATCH_ROWS = 1000;

interface ForeignKey {
  column: string;
  refTable: string;
  refColumn: string;
  // pg_constraint.confdeltype: 'c' cascade, 'n' set null, others restrict
  onDelete: string;
}

export interface TableShape {
  name: string;
  // the columns an INSERT may name: generated columns are left out
  columns: string[];
  identityAlways: boolean;
  foreignKeys: ForeignKey[];
}

// The table as it is now, from the catalogue; null when it does not exist.
export const tableShape = async (db: Kysely<DB>, name: string): Promise<TableShape | null> => {
  const columns = await raw<{ name: string; identity: string }>(
    db,
    `SELECT attname AS name, attidentity::text AS identity FROM pg_attribute
     WHERE attrelid = to_regclass($1) AND attnum > 0 AND NOT attisdropped AND attgenerated::text = ''
     ORDER BY attnum`,
    [name],
  );
  if (columns.rows.length === 0) return null;
  const keys = await raw<ForeignKey>(
    db,
    `SELECT a.attname AS "column", c.confrelid::regclass::text AS "refTable",
            af.attname AS "refColumn", c.confdeltype::text AS "onDelete"
     FROM pg_constraint c
     JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
     JOIN pg_attribute af ON af.attrelid = c.confrelid AND af.attnum = c.confkey[1]
     WHERE c.contype = 'f' AND c.conrelid = to_regclass($1) AND cardinality(c.conkey) = 1`,
    [name],
  );
  return {
    name,
    columns: columns.rows.map((c) => c.name),
    identityAlways: columns.rows.some((c) => c.identity === 'a'),
    foreignKeys: keys.rows,
  };
};

export const countRows = async (db: Kysely<DB>, table: EntityTable, entityId: string): Promise<number> => {
  const { rows } = await raw<{ n: number }>(
    db,
    `SELECT count(*)::int AS n FROM ${ident(table.name)} WHERE ${table.scope}`,
    [entityId],
  );
  return rows[0]?.n ?? 0;
};

// The entity's rows as PostgreSQL's JSON text, a batch at a time through a
// cursor, so memory stays flat however large the table. Run inside a transaction.
export async function* dumpRows(
  db: Kysely<DB>,
  table: EntityTable,
  entityId: string,
): AsyncGenerator<string[]> {
  await raw(
    db,
    `DECLARE snapshot_rows NO SCROLL CURSOR FOR
     SELECT row_to_json(t)::text AS line FROM ${ident(table.name)} AS t WHERE ${table.scope}`,
    [entityId],
  );
  for (;;) {
    const { rows } = await raw<{ line: string }>(db, `FETCH ${COPY_BATCH_ROWS} FROM snapshot_rows`);
    if (rows.length === 0) break;
    yield rows.map((r) => r.line);
  }
  await raw(db, 'CLOSE snapshot_rows');
}

export const deleteRows = async (db: Kysely<DB>, table: EntityTable, entityId: string): Promise<number> =>
  affected(await raw(db, `DELETE FROM ${ident(table.name)} WHERE ${table.scope}`, [entityId]));

export type RowInserter = (rows: readonly string[]) => Promise<number>;

// An INSERT of a batch of snapshot rows into the table, ids preserved.
// - Only columns both the snapshot and the table have: a column added by a later
//   migration takes its default, a dropped one is ignored.
// - A reference to a row outside the snapshot that has gone since (a user who
//   uploaded a file and was deleted, a job) is handled as the live database
//   handled it: ON DELETE SET NULL gives NULL, ON DELETE CASCADE drops the row.
// - Every inserted row must fall inside the entity's scope, or the whole restore
//   fails: a snapshot can never write into another entity.
export const rowInserter = (
  db: Kysely<DB>,
  table: EntityTable,
  shape: TableShape,
  snapshotColumns: readonly string[],
  snapshotTables: ReadonlySet<string>,
  entityId: string,
): RowInserter => {
  const columns = shape.columns.filter((c) => snapshotColumns.includes(c));
  const outside = shape.foreignKeys.filter(
    (k) => !snapshotTables.has(k.refTable) && columns.includes(k.column),
  );
  const present = (k: ForeignKey) =>
    `(r.${ident(k.column)} IS NULL OR EXISTS (SELECT 1 FROM ${k.refTable} p WHERE p.${ident(k.refColumn)} = r.${ident(k.column)}))`;
  const select = columns.map((c) => {
    const nulled = outside.find((k) => k.column === c && k.onDelete === 'n');
    return nulled ? `CASE WHEN ${present(nulled)} THEN r.${ident(c)} END` : `r.${ident(c)}`;
  });
  const dropped = outside.filter((k) => k.onDelete === 'c').map(present);
  const overriding = table.identity || shape.identityAlways ? ' OVERRIDING SYSTEM VALUE' : '';
  const text = `WITH ins AS (
      INSERT INTO ${ident(table.name)} (${columns.map(ident).join(', ')})${overriding}
      SELECT ${select.join(', ')} FROM jsonb_populate_recordset(NULL::${ident(table.name)}, $2::jsonb) AS r
      ${dropped.length > 0 ? `WHERE ${dropped.join(' AND ')}` : ''}
      RETURNING *
    )
    SELECT count(*)::int AS inserted, count(*) FILTER (WHERE ${table.scope})::int AS inside FROM ins`;
  return async (rows) => {
    if (rows.length === 0) return 0;
    const { rows: result } = await raw<{ inserted: number; inside: number }>(db, text, [
      entityId,
      `[${rows.join(',')}]`,
    ]);
    const { inserted = 0, inside = 0 } = result[0] ?? {};
    if (inside !== inserted) {
      throw new Error(`The snapshot holds ${table.name} rows of another entity; nothing was restored.`);
    }
    return inserted;
  };
};
