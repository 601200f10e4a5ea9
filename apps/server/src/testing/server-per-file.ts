import { afterAll, beforeAll } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from './test-server.ts';

// The usual API test file's server: one for the whole file, started before its
// first test with the admin logged in and closed after its last. `ready` hands
// both to the file's own variables. `work: false` starts no job workers, so a
// job a test starts stays queued until the test runs it (ctx.jobs.work()).
export const serverPerFile = (
  options: { work?: boolean },
  ready: (server: TestServer, adminToken: string) => void,
): void => {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer({}, options);
    ready(server, await server.login(ADMIN.email, ADMIN.password));
  });
  afterAll(async () => {
    await server?.close();
  });
};
