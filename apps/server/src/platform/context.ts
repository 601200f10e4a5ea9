import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { DB } from './db/schema.ts';
import type { Logger } from './logger.ts';
import type { QueuedMail } from './mail/mailer.ts';
import type { JobRunner } from './queue/job-runner.ts';
import type { Hub } from './realtime/hub.ts';
import type { FileStore } from './storage/file-store.ts';

// What every feature gets: settings, the database, the job runner, the
// notification hub, the one logger, the file store (the only door to stored
// files) and a way to send mail (through the send-email job).
export interface AppContext {
  config: Config;
  database: Database;
  db: Kysely<DB>;
  jobs: JobRunner;
  hub: Hub;
  log: Logger;
  secret: string;
  files: FileStore;
  // attachments are file store keys, read when the send-email job runs; gives the job's id
  // `once` names the mail (a bulk job's mail to one party): queued again under
  // the same name, it is not sent again (JobRunner.start)
  sendMail: (mail: QueuedMail, options?: { once?: string }) => Promise<string>;
}
