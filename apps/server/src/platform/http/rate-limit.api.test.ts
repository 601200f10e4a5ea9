import { API_BASE } from '@taxrecon/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

// The production limit: 30 calls a minute per address on the public calls
// that check passwords or send mail.
const LIMIT = 30;

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({}, { loginRateLimit: LIMIT, work: false });
});
afterAll(async () => {
  await t?.close();
});

// Each call claims a different client address; without a trusted proxy the
// header must not change the key the limit counts on.
const call = (method: string, route: string, i: number, body?: unknown) =>
  fetch(`${t.baseUrl}${API_BASE}${route}`, {
    method,
    headers: {
      'x-forwarded-for': `203.0.113.${i % 250}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

describe('per-address rate limit', () => {
  it('answers the 31st reset-link call in a minute with 429, whatever X-Forwarded-For says', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i++) {
      statuses.push((await call('GET', '/generate-reset-password-link/nobody@acme.test', i)).status);
    }
    expect(statuses.slice(0, LIMIT).every((s) => s === 200)).toBe(true);
    expect(statuses[LIMIT]).toBe(429);
    const last = await call('GET', '/generate-reset-password-link/nobody@acme.test', 0);
    expect(await last.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('answers the 31st sign-in attempt in a minute with 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i++) {
      const answer = await call('POST', '/login', i, {
        userId: `nobody${i}@acme.test`,
        password: 'wrong-pass',
      });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, LIMIT).every((s) => s === 401)).toBe(true);
    expect(statuses[LIMIT]).toBe(429);
  });
});

describe('behind a configured proxy', () => {
  let p: TestServer;
  beforeAll(async () => {
    p = await startTestServer({ trustProxy: ['127.0.0.1'] }, { loginRateLimit: 2, work: false });
  });
  afterAll(async () => {
    await p?.close();
  });

  it('counts each forwarded client address on its own', async () => {
    const reset = (client: string) =>
      fetch(`${p.baseUrl}${API_BASE}/generate-reset-password-link/nobody@acme.test`, {
        headers: { 'x-forwarded-for': client },
      }).then((r) => r.status);
    expect([await reset('198.51.100.1'), await reset('198.51.100.1'), await reset('198.51.100.1')]).toEqual([
      200, 200, 429,
    ]);
    expect(await reset('198.51.100.2')).toBe(200);
  });
});
