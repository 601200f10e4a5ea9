import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { type Database, openDatabase } from './database.ts';
import { withTransaction } from './transaction.ts';

describe('withTransaction', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: null, pgliteDir: 'memory://', log: createLogger(false) });
    await database.pool.query('CREATE TABLE t (n int)');
  }, 60_000);
  afterAll(() => database.close());

  const count = async () =>
    (await database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM t')).rows[0]?.n;

  it('commits what the work wrote and returns its value', async () => {
    const value = await withTransaction(database.pool, async (client) => {
      await client.query('INSERT INTO t VALUES (1)');
      return 'done';
    });
    expect(value).toBe('done');
    expect(await count()).toBe(1);
  });

  it('rolls back everything the work wrote when it throws, re-throws the same error and frees the client', async () => {
    const failure = new Error('half-way');
    await expect(
      withTransaction(database.pool, async (client) => {
        await client.query('INSERT INTO t VALUES (2)');
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await count()).toBe(1);
    // The PGlite pool holds one connection: the next transaction only runs if it was released.
    expect(
      await withTransaction(database.pool, async (client) => (await client.query('SELECT 1 AS one')).rows[0]),
    ).toEqual({
      one: 1,
    });
  });
});
