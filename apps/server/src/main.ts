import { loadConfig } from './platform/config.ts';
import { createServer } from './server.ts';

const started = Date.now();
const config = loadConfig();
const server = await createServer(config, { logger: { level: config.logLevel } });
if (server.boot.created) {
  const lines = [`First start: created the administrator ${server.boot.adminLogin}.`];
  if (server.boot.generatedPassword) {
    lines.push(`Its password (shown once; you will be asked to change it): ${server.boot.generatedPassword}`);
  }
  console.log(`\n${lines.join('\n')}\n`);
}
await server.app.listen({ port: config.port, host: config.host });
console.log(
  `TaxRecon is serving http://localhost:${config.port}/ on the ${server.ctx.database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL server'} (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
);

const stop = async () => {
  await server.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
