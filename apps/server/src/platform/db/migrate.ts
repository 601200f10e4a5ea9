import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { SERVER_ROOT } from '../paths.ts';
import { withTransaction } from './transaction.ts';

const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'migrations');

// Forward-only numbered SQL files, each applied once inside its own transaction.
export const migrate = async (pool: pg.Pool): Promise<string[]> => {
  await pool.query(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const done = new Set(
    (await pool.query<{ version: string }>('SELECT version FROM schema_migrations')).rows.map(
      (r) => r.version,
    ),
  );
  const files = fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d+_.*\.sql$/.test(f))
    .sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
    try {
      await withTransaction(pool, async (client) => {
        await client.query(sql);
        await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [file]);
      });
      applied.push(file);
    } catch (error) {
      throw new Error(`migration ${file} failed: ${(error as Error).message}`);
    }
  }
  return applied;
};
