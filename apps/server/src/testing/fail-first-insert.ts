import { type Kysely, sql } from 'kysely';
import type { DB } from '../platform/db/schema.ts';

// A crash injected in the real database: the first row inserted into `table`
// after this call fails (as a process dying at that moment would leave the
// work), the later ones go in. `after` lets that many rows in first, so the
// crash comes between two writes of one run. Answers the function that
// removes the fault.
export const failFirstInsert = async (
  db: Kysely<DB>,
  table: string,
  options: { after?: number } = {},
): Promise<() => Promise<void>> => {
  const name = `fail_first_${table}`;
  await sql`CREATE SEQUENCE ${sql.raw(name)}`.execute(db);
  await sql`CREATE FUNCTION ${sql.raw(name)}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF nextval(${sql.lit(name)}) = ${sql.lit((options.after ?? 0) + 1)} THEN RAISE EXCEPTION 'simulated crash before this row was written'; END IF;
      RETURN NEW;
    END $$`.execute(db);
  await sql`CREATE TRIGGER ${sql.raw(name)} BEFORE INSERT ON ${sql.table(table)}
    FOR EACH ROW EXECUTE FUNCTION ${sql.raw(name)}()`.execute(db);
  return async () => {
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(name)} ON ${sql.table(table)}`.execute(db);
    await sql`DROP FUNCTION IF EXISTS ${sql.raw(name)}()`.execute(db);
    await sql`DROP SEQUENCE IF EXISTS ${sql.raw(name)}`.execute(db);
  };
};
