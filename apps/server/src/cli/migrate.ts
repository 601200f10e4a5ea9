import { loadConfig } from '../platform/config.ts';
import { openDatabase } from '../platform/db/database.ts';
import { migrate } from '../platform/db/migrate.ts';
import { createLogger } from '../platform/logger.ts';

// `taxrecon migrate`: applies pending migrations to DATABASE_URL (or the embedded database) and exits.
export const migrateCommand = async (io: { stdout: (s: string) => void; stderr: (s: string) => void }) => {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    log: createLogger({ level: config.logLevel }),
  });
  try {
    const applied = await migrate(database.pool);
    io.stdout(applied.length ? `applied ${applied.join(', ')}\n` : 'database is up to date\n');
    return 0;
  } catch (error) {
    io.stderr(`${(error as Error).message}\n`);
    return 1;
  } finally {
    await database.close();
  }
};
