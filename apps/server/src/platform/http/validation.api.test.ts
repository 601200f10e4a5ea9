import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from '../../testing/test-server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({}, { work: false });
});
afterAll(async () => {
  await t?.close();
});

describe('input checked by hand', () => {
  it('answers a multipart field that fails its schema with 400 naming the field', async () => {
    const token = await t.login(ADMIN.email, ADMIN.password);
    const answer = await t.upload('/ingest/taxbook', {
      token,
      files: [{ name: 'statement.txt', content: 'not read: the fields are refused first' }],
      fields: { force: 'yes' },
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({
      code: 'VALIDATION',
      message: expect.stringMatching(/^force: /),
      details: [{ path: 'force' }],
    });
  });
});
