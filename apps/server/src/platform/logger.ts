import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

// The one logger of a process: Fastify logs requests through it and every
// background part (queue, notification listener, database pool) logs its
// errors through it, so nothing fails silently. `false` keeps it quiet (tests).
export const createLogger = (
  setting: boolean | { level: string },
  destination?: DestinationStream,
): Logger => {
  const level = setting === false ? 'silent' : setting === true ? 'info' : setting.level;
  return destination ? pino({ level }, destination) : pino({ level });
};
