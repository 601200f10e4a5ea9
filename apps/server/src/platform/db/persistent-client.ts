import pg from 'pg';
import type { Logger } from '../logger.ts';

export interface PersistentClient {
  close: () => Promise<void>;
}

// A dedicated PostgreSQL session that must outlive a dropped connection (the
// notification listener, a worker's presence lock): when the session ends for
// any reason but close(), it is opened again with exponential backoff and
// `onConnect` runs again on the new session. The first connection is awaited,
// so a wrong DATABASE_URL still stops the start.
export const persistentClient = async (options: {
  connectionString: string;
  name: string;
  log: Logger;
  onConnect: (client: pg.Client) => Promise<void>;
  minDelayMs?: number;
  maxDelayMs?: number;
}): Promise<PersistentClient> => {
  const minDelay = options.minDelayMs ?? 200;
  const maxDelay = options.maxDelayMs ?? 30_000;
  let delay = minDelay;
  let closed = false;
  let current: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;

  const open = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: options.connectionString });
    client.on('error', (error) => {
      options.log.error({ err: error }, `${options.name}: connection failed`);
    });
    try {
      await client.connect();
      await options.onConnect(client);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await client.end();
      return;
    }
    current = client;
    delay = minDelay;
    client.on('end', () => {
      if (current === client) current = null;
      if (!closed) schedule();
    });
  };

  const schedule = () => {
    if (timer || closed) return;
    options.log.warn(`${options.name}: reconnecting in ${delay} ms`);
    timer = setTimeout(async () => {
      timer = null;
      try {
        await open();
        options.log.info(`${options.name}: reconnected`);
      } catch (error) {
        options.log.error({ err: error }, `${options.name}: reconnect failed`);
        delay = Math.min(maxDelay, delay * 2);
        schedule();
      }
    }, delay);
    timer.unref();
  };

  await open();
  return {
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      await current?.end();
    },
  };
};
