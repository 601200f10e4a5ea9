import type { NotificationMessage } from '@taxrecon/contracts';
import type pg from 'pg';
import { type PersistentClient, persistentClient } from '../db/persistent-client.ts';
import type { Logger } from '../logger.ts';

const CHANNEL = 'taxrecon_notify';

interface Socket {
  send: (data: string) => void;
}

// One topic per user. On PostgreSQL, messages go through LISTEN/NOTIFY so a job
// finishing in a worker process reaches a browser connected to a web process;
// on the embedded database there is only this process, so delivery is local.
export interface Hub {
  subscribe: (userId: string, socket: Socket) => () => void;
  publish: (userId: string, message: NotificationMessage) => Promise<void>;
  close: () => Promise<void>;
}

export const createHub = async (options: {
  databaseUrl: string | null;
  pool: pg.Pool;
  log: Logger;
}): Promise<Hub> => {
  const topics = new Map<string, Set<Socket>>();
  const deliver = (userId: string, message: NotificationMessage) => {
    const text = JSON.stringify(message);
    for (const socket of topics.get(userId) ?? []) socket.send(text);
  };

  // The listening session is reopened (with backoff) when it drops; what was
  // notified while it was down is lost, which costs a toast, not data.
  let listener: PersistentClient | null = null;
  if (options.databaseUrl) {
    listener = await persistentClient({
      connectionString: options.databaseUrl,
      name: 'notification listener',
      log: options.log,
      onConnect: async (client) => {
        client.on('notification', (n) => {
          if (!n.payload) return;
          try {
            const { userId, message } = JSON.parse(n.payload) as {
              userId: string;
              message: NotificationMessage;
            };
            deliver(userId, message);
          } catch (error) {
            options.log.error({ err: error }, 'notification listener: unreadable notification');
          }
        });
        await client.query(`LISTEN ${CHANNEL}`);
      },
    });
  }

  return {
    subscribe: (userId, socket) => {
      let set = topics.get(userId);
      if (!set) {
        set = new Set();
        topics.set(userId, set);
      }
      set.add(socket);
      return () => {
        set.delete(socket);
        if (set.size === 0) topics.delete(userId);
      };
    },
    publish: async (userId, message) => {
      if (listener) {
        await options.pool.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ userId, message })]);
      } else {
        deliver(userId, message);
      }
    },
    close: async () => {
      await listener?.close();
    },
  };
};
