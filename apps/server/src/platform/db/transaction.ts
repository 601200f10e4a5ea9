import type pg from 'pg';

// Runs `work` on one pooled client inside BEGIN ... COMMIT. Any throw rolls
// back and is re-thrown unchanged; the client always goes back to the pool.
// A failing ROLLBACK (the connection died) must not hide the error that
// caused it, so it is swallowed and the client is released as broken.
export const withTransaction = async <T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> => {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch((rollbackError: Error) => {
      broken = rollbackError;
    });
    throw error;
  } finally {
    client.release(broken);
  }
};
