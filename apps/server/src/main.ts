import { loadConfig } from './platform/config.ts';
import { createServer } from './server.ts';

const started = Date.now();
const config = loadConfig();
if (config.role !== 'all' && !config.databaseUrl) {
  console.error(
    `${config.role === 'web' ? '`serve --no-workers`' : '`taxrecon worker`'} needs PostgreSQL (DATABASE_URL): the embedded database belongs to one process, which runs the web app and the workers together.`,
  );
  process.exit(2);
}
// the web process (or the single one) loads the demo company; workers only run jobs
const server = await createServer(config.role === 'worker' ? { ...config, demo: false } : config, {
  logger: { level: config.logLevel },
  work: config.role !== 'web',
});
if (server.boot.created) {
  const lines = [`First start: created the administrator ${server.boot.adminLogin}.`];
  if (server.boot.generatedPassword) {
    lines.push(`Its password (shown once; you will be asked to change it): ${server.boot.generatedPassword}`);
  }
  console.log(`\n${lines.join('\n')}\n`);
}
const ready = `ready in ${((Date.now() - started) / 1000).toFixed(1)} s`;
if (config.role === 'worker') {
  console.log(`TaxRecon worker ${server.ctx.jobs.workerKey} is running jobs from PostgreSQL (${ready})`);
} else {
  await server.app.listen({ port: config.port, host: config.host });
  const address = server.app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const database =
    server.ctx.database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL server';
  const workers = config.role === 'web' ? ', without job workers' : '';
  console.log(`TaxRecon is serving http://localhost:${port}/ on the ${database}${workers} (${ready})`);
}

const stop = async () => {
  await server.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
