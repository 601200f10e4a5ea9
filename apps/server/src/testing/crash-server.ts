import { loadConfig } from '../platform/config.ts';
import type { JobHooks } from '../platform/queue/job-runner.ts';
import { createServer } from '../server.ts';

// The real server, for the crash tests, which run it as a child process and
// kill it with SIGKILL. TAXRECON_CRASH_PAUSE="<job type>:<percent>" holds the
// first job of that type when it reports that much progress (mid-run, before
// its commit); "<job type>:commit" holds it after its transaction committed
// and before the queue is told. Either way it prints "PAUSED <job id>" and
// waits, so the test kills the process at a known point.
const [pauseType, pauseAt] = (process.env.TAXRECON_CRASH_PAUSE ?? '').split(':');
let paused = false;
const hold = (jobId: string) => {
  paused = true;
  process.stdout.write(`PAUSED ${jobId}\n`);
  return new Promise<void>(() => {});
};
const hooks: JobHooks = {
  afterRun: (row) => {
    if (!paused && pauseAt === 'commit' && row.job_type === pauseType) return hold(row.id);
  },
  progress: ({ jobId, jobType, percent }) => {
    if (!paused && pauseAt !== 'commit' && jobType === pauseType && percent >= Number(pauseAt))
      return hold(jobId);
  },
};

const config = loadConfig();
const server = await createServer(config, { logger: { level: 'warn' }, jobHooks: hooks });
await server.app.listen({ port: 0, host: '127.0.0.1' });
const address = server.app.server.address();
process.stdout.write(`LISTENING ${typeof address === 'object' && address ? address.port : 0}\n`);
process.on('SIGTERM', async () => {
  await server.close();
  process.exit(0);
});
