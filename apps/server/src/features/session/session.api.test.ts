import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNormalUser, outboxMail } from '../../testing/accounts.ts';
import { ADMIN, startTestServer, type TestServer } from '../../testing/test-server.ts';
import { LOGIN_FAILED, MAX_FAILED_LOGINS } from './service.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

describe('sign in and out', () => {
  it('answers a wrong password with the spec message and no token', async () => {
    const answer = await t.api('POST', '/login', {
      body: { userId: ADMIN.email, password: 'wrong-password' },
    });
    expect(answer.status).toBe(401);
    expect(answer.json).toMatchObject({ code: 'INVALID_CREDENTIALS', message: LOGIN_FAILED });
  });

  it('answers an unknown user exactly like a wrong password', async () => {
    const answer = await t.api('POST', '/login', {
      body: { userId: 'nobody@acme.test', password: 'whatever1' },
    });
    expect(answer.status).toBe(401);
    expect(answer.json).toMatchObject({ message: LOGIN_FAILED });
  });

  it('signs in case-insensitively and returns role and permissions', async () => {
    const answer = await t.api('POST', '/login', {
      body: { userId: ADMIN.email.toUpperCase(), password: ADMIN.password },
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ userId: ADMIN.email, role: 'ADMIN', changePassword: false });
    expect((answer.json as { permissions: string[] }).permissions).toContain('MANAGE_ENTITIES');
  });

  it('kills the token on logout: a later call with it gets 401', async () => {
    const token = await t.login(ADMIN.email, ADMIN.password);
    expect((await t.api('GET', '/session/me', { token })).status).toBe(200);
    expect((await t.api('GET', `/logout/${token}`)).status).toBe(200);
    expect((await t.api('GET', '/session/me', { token })).status).toBe(401);
  });

  it('locks an account after repeated failures, even for the right password', async () => {
    const token = await t.login(ADMIN.email, ADMIN.password);
    await createNormalUser(t, token, 'lock@acme.test', 'Lock-pass-1');
    for (let i = 0; i < MAX_FAILED_LOGINS; i++) {
      await t.api('POST', '/login', { body: { userId: 'lock@acme.test', password: 'bad-password' } });
    }
    const answer = await t.api('POST', '/login', {
      body: { userId: 'lock@acme.test', password: 'Lock-pass-1' },
    });
    expect(answer.status).toBe(429);
    expect(answer.json).toMatchObject({ code: 'ACCOUNT_LOCKED' });
  });

  it('locks an account when many wrong passwords arrive at once', async () => {
    const token = await t.login(ADMIN.email, ADMIN.password);
    await createNormalUser(t, token, 'burst@acme.test', 'Burst-pass-1');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.api('POST', '/login', { body: { userId: 'burst@acme.test', password: 'bad-password' } }),
      ),
    );
    expect(answers.every((a) => a.status === 401 || a.status === 429)).toBe(true);
    const answer = await t.api('POST', '/login', {
      body: { userId: 'burst@acme.test', password: 'Burst-pass-1' },
    });
    expect(answer.status).toBe(429);
    expect(answer.json).toMatchObject({ code: 'ACCOUNT_LOCKED' });
  });
});

describe('passwords', () => {
  it('refuses a new password under 8 characters with the spec message', async () => {
    const token = await t.login(ADMIN.email, ADMIN.password);
    const answer = await t.api('PUT', '/change-password', {
      token,
      body: { userId: ADMIN.email, oldPassword: ADMIN.password, password: 'short' },
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ message: 'Password should be atleast 8 characters' });
  });

  it('refuses an old password under 4 characters with the spec message', async () => {
    const token = await t.login(ADMIN.email, ADMIN.password);
    const answer = await t.api('PUT', '/change-password', {
      token,
      body: { userId: ADMIN.email, oldPassword: 'abc', password: 'Long-enough-1' },
    });
    expect(answer.json).toMatchObject({ message: 'Old password is mandatory' });
  });

  it('reports a wrong old password as an error answer', async () => {
    const token = await t.login(ADMIN.email, ADMIN.password);
    const answer = await t.api('PUT', '/change-password', {
      token,
      body: { userId: ADMIN.email, oldPassword: 'not-the-password', password: 'Long-enough-1' },
    });
    expect(answer.json).toMatchObject({ error: true });
  });

  it('forces a new user to change the temporary password before any business call', async () => {
    const admin = await t.login(ADMIN.email, ADMIN.password);
    const entities = (await t.api('GET', '/legal-entities', { token: admin })).json as { id: string }[];
    await t.api('POST', '/create-user', {
      token: admin,
      body: { email: 'fresh@acme.test', fname: 'F', lname: 'R', allowedEntities: [entities[0]?.id] },
    });
    const mail = await outboxMail(t, 'fresh@acme.test');
    const temporary = /Temporary password: (\S+)/.exec(mail.body_text)?.[1] ?? '';
    const signIn = await t.api('POST', '/login', {
      body: { userId: 'fresh@acme.test', password: temporary },
    });
    expect(signIn.headers.get('x-change-password')).toBe('true');
    const token = (signIn.json as { token: string }).token;
    const blocked = await t.api('GET', '/dashboard/dashboard-raw', { token });
    expect(blocked.status).toBe(403);
    expect(blocked.json).toMatchObject({ code: 'PASSWORD_CHANGE_REQUIRED' });
    expect(blocked.headers.get('x-change-password')).toBe('true');
    await t.api('PUT', '/change-password', {
      token,
      body: { userId: 'fresh@acme.test', oldPassword: temporary, password: 'My-own-pass-1' },
    });
    const after = await t.api('GET', '/dashboard/dashboard-raw', { token });
    expect(after.status).toBe(200);
    expect(after.headers.get('x-change-password')).toBeNull();
  });
});
