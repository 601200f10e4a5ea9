import { CompiledQuery, type Kysely, type QueryResult } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

// Housekeeping works on tables by name (ENTITY_TABLES and the Delete Data
// objects), with the scope conditions written as SQL text using $1 for the
// entity id; these helpers run such text with its parameters.

export const raw = <R>(
  db: Kysely<DB>,
  text: string,
  params: readonly unknown[] = [],
): Promise<QueryResult<R>> => db.executeQuery<R>(CompiledQuery.raw(text, [...params]));

export const affected = (result: QueryResult<unknown>): number => Number(result.numAffectedRows ?? 0n);

// A quoted identifier; table and column names come from our own lists and the catalogue.
export const ident = (name: string): string => `"${name.replace(/"/g, '""')}"`;

export const tableExists = async (db: Kysely<DB>, table: string): Promise<boolean> => {
  const { rows } = await raw<{ present: boolean }>(db, 'SELECT to_regclass($1) IS NOT NULL AS present', [
    table,
  ]);
  return rows[0]?.present === true;
};

export const columnsOf = async (db: Kysely<DB>, table: string): Promise<string[]> => {
  const { rows } = await raw<{ name: string }>(
    db,
    `SELECT attname AS name FROM pg_attribute
     WHERE attrelid = to_regclass($1) AND attnum > 0 AND NOT attisdropped ORDER BY attnum`,
    [table],
  );
  return rows.map((r) => r.name);
};

// Snapshots and deletes of one entity wait for each other, so a restore never
// interleaves with another restore or a snapshot being counted against the quota.
export const lockEntity = async (db: Kysely<DB>, entityId: string): Promise<void> => {
  await raw(db, 'SELECT pg_advisory_xact_lock(hashtext($1))', [`housekeeping:${entityId}`]);
};
