import type { NotificationMessage } from '@taxrecon/contracts';
import pg from 'pg';

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

export const createHub = async (options: { databaseUrl: string | null; pool: pg.Pool }): Promise<Hub> => {
  const topics = new Map<string, Set<Socket>>();
  const deliver = (userId: string, message: NotificationMessage) => {
    const text = JSON.stringify(message);
    for (const socket of topics.get(userId) ?? []) socket.send(text);
  };

  let listener: pg.Client | null = null;
  if (options.databaseUrl) {
    listener = new pg.Client({ connectionString: options.databaseUrl });
    await listener.connect();
    listener.on('notification', (n) => {
      if (!n.payload) return;
      const { userId, message } = JSON.parse(n.payload) as { userId: string; message: NotificationMessage };
      deliver(userId, message);
    });
    listener.on('error', () => {});
    await listener.query(`LISTEN ${CHANNEL}`);
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
      await listener?.end();
    },
  };
};
