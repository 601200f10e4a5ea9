import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Logger } from '../logger.ts';
import {
  type CopyFormat,
  type CopyInput,
  copyFileFromBlob,
  copyFileFromStdin,
  copyFromBlob,
  copyFromStdin,
  copyToBlob,
  copyToStdout,
  openBlobCopyWriter,
  openCopyWriter,
} from './bulk-load.ts';
import type { RowSink } from './copy-spool.ts';
import type { DB } from './schema.ts';

// numeric and bigint come back as strings from pg; counts we read are small
// enough for numbers, money stays in numeric and is converted explicitly.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export interface Database {
  kind: 'pglite' | 'postgres';
  pool: pg.Pool;
  db: Kysely<DB>;
  // Bulk load with COPY on a client that holds a transaction; `chunks` are COPY text-format lines.
  copyInto: (
    client: pg.PoolClient,
    table: string,
    columns: readonly string[],
    chunks: Iterable<CopyInput>,
  ) => Promise<number>;
  // The same from a file of COPY lines or binary tuples (a CopySpool's), streamed.
  copyFileInto: (
    client: pg.PoolClient,
    table: string,
    columns: readonly string[],
    file: string,
    format?: CopyFormat,
  ) => Promise<number>;
  // Reads a SELECT's rows in COPY text format, a line per row: many times
  // faster than row objects for lakhs of rows. Same client rules as copyInto.
  copyOut: (client: pg.PoolClient, select: string) => Promise<Uint8Array>;
  // A COPY a loader writes into while it parses, inside the client's
  // transaction; the client runs nothing else until the writer is closed.
  openCopyWriter: (
    client: pg.PoolClient,
    table: string,
    columns: readonly string[],
    format?: CopyFormat,
  ) => RowSink;
  close: () => Promise<void>;
}

// All access goes through one pg.Pool: on PGlite that pool has a single
// connection, because PGlite is one Postgres session (ARCHITECTURE.md).
export const openDatabase = async (options: {
  databaseUrl: string | null;
  dataDir?: string;
  // 'memory://' for tests
  pgliteDir?: string;
  log: Logger;
}): Promise<Database> => {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server dropped: the pool replaces it; say so rather than crash or stay silent.
    pool.on('error', (error) => options.log.error({ err: error }, 'database connection lost'));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return {
      kind: 'postgres',
      pool,
      db,
      copyInto: (client, table, columns, chunks) => copyFromStdin(client, table, columns, chunks),
      copyFileInto: (client, table, columns, file, format) =>
        copyFileFromStdin(client, table, columns, file, format),
      copyOut: (client, select) => copyToStdout(client, select),
      openCopyWriter: (client, table, columns, format) => openCopyWriter(client, table, columns, format),
      close: async () => {
        await db.destroy();
      },
    };
  }
  const dir = options.pgliteDir ?? path.join(options.dataDir ?? './data', 'db');
  if (!dir.startsWith('memory://')) fs.mkdirSync(dir, { recursive: true });
  const pglite = await PGlite.create(dir);
  const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1 });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    kind: 'pglite',
    pool,
    db,
    copyInto: (_client, table, columns, chunks) => copyFromBlob(pglite, table, columns, chunks),
    copyFileInto: (_client, table, columns, file, format) =>
      copyFileFromBlob(pglite, table, columns, file, format),
    copyOut: (_client, select) => copyToBlob(pglite, select),
    openCopyWriter: (_client, table, columns, format) => openBlobCopyWriter(pglite, table, columns, format),
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
};
