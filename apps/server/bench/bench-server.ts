import { loadConfig } from '../src/platform/config.ts';
import { createServer } from '../src/server.ts';

// The app as the benchmarks drive it: a real server on a random port over the
// given data folder (or PostgreSQL), signed in as its administrator.
export const startBenchServer = async (dataDir: string, databaseUrl: string | null) => {
  const config = {
    ...loadConfig({}),
    dataDir,
    databaseUrl,
    adminEmail: 'bench@taxrecon.local',
    adminPassword: 'bench-password-1',
    demo: false,
    port: 0,
    host: '127.0.0.1',
  };
  const server = await createServer(config, { logger: false });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/taxrecon/api/v1`;
  const { token } = (await (
    await fetch(`${base}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: config.adminEmail, password: config.adminPassword }),
    })
  ).json()) as { token: string };
  return { server, base, token };
};
