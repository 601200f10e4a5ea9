import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkHash, registrationRequest, solveCaptcha } from '../../testing/accounts.ts';
import { type SmtpCapture, startSmtpCapture } from '../../testing/smtp-capture.ts';
import { ADMIN, eventually, startTestServer, type TestServer } from '../../testing/test-server.ts';

// Registration and password reset with real mail: a local SMTP server started
// here receives what the product sends, and the links are taken from it.

let smtp: SmtpCapture;
let t: TestServer;
const inbox = () => smtp.inbox;
const mailTo = (address: string) => smtp.waitFor(address);

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await startTestServer({ smtpUrl: smtp.url });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('registration', () => {
  it('refuses a request whose captcha was not solved', async () => {
    const answer = await t.api('POST', '/generate-registration-link/a@b.test', {
      body: registrationRequest('a@b.test', 'Some-pass-1', 'bm90IGEgc29sdXRpb24='),
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ code: 'CAPTCHA_FAILED' });
  });

  it('spends a solved captcha once: the same solution again is refused', async () => {
    const captcha = await solveCaptcha(t);
    const first = await t.api('POST', '/generate-registration-link/once@utility.test', {
      body: registrationRequest('once@utility.test', 'Once-pass-123', captcha),
    });
    expect(first.status).toBe(200);
    const again = await t.api('POST', '/generate-registration-link/victim@utility.test', {
      body: registrationRequest('victim@utility.test', 'Once-pass-123', captcha),
    });
    expect(again.status).toBe(400);
    expect(again.json).toMatchObject({
      code: 'CAPTCHA_USED',
      message: expect.stringContaining('already used'),
    });
  });

  it('validates the mobile number (10 digits, first 1-9)', async () => {
    const captcha = await solveCaptcha(t);
    const answer = await t.api('POST', '/generate-registration-link/a@b.test', {
      body: { ...registrationRequest('a@b.test', 'Some-pass-1', captcha), phoneNumber: '0123456789' },
    });
    expect(answer.status).toBe(400);
  });

  it('e-mails a link over SMTP; the link registers a UTILITY-USER once', async () => {
    const email = 'reg@utility.test';
    expect((await t.api('GET', `/check-user-exist/${email}`)).json).toEqual({ data: true });
    const captcha = await solveCaptcha(t);
    const sent = await t.api('POST', `/generate-registration-link/${email}`, {
      body: registrationRequest(email, 'Reg-pass-123', captcha),
    });
    expect(sent.status).toBe(200);
    expect((await t.api('GET', `/check-user-session/${email}`)).json).toEqual({ data: true });

    const mail = await mailTo(email);
    const { userId, hash } = linkHash(mail.body);
    expect(mail.body).not.toContain('Reg-pass-123');
    expect(
      (
        await t.api(
          'GET',
          `/verify-registration-link/${encodeURIComponent(userId)}/${encodeURIComponent(hash)}`,
        )
      ).json,
    ).toEqual({
      data: 'Success',
    });
    expect((await t.api('POST', '/register', { body: { userId, hash } })).json).toMatchObject({
      error: false,
    });
    // single use
    expect((await t.api('POST', '/register', { body: { userId, hash } })).json).toMatchObject({
      error: true,
    });
    expect((await t.api('GET', `/check-user-exist/${email}`)).json).toEqual({ data: false });

    const signIn = await t.api('POST', '/login', { body: { userId: email, password: 'Reg-pass-123' } });
    expect(signIn.json).toMatchObject({ role: 'UTILITY-USER', permissions: [] });
    const user = await t.server.ctx.db
      .selectFrom('users as u')
      .innerJoin('tenants as te', 'te.id', 'u.tenant_id')
      .select(['te.name', 'u.user_group', 'u.permission_group'])
      .where('u.login', '=', email)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ name: 'utility', user_group: 'REGULAR_USER', permission_group: 'SUPER_USER' });
  });

  it('refuses a tampered link and an expired one', async () => {
    const email = 'late@utility.test';
    const captcha = await solveCaptcha(t);
    await t.api('POST', `/generate-registration-link/${email}`, {
      body: registrationRequest(email, 'Late-pass-123', captcha),
    });
    const { userId, hash } = linkHash((await mailTo(email)).body);
    const tampered = `${hash.slice(0, -2)}xx`;
    expect((await t.api('POST', '/register', { body: { userId, hash: tampered } })).json).toMatchObject({
      error: true,
      message: expect.stringContaining('not valid'),
    });
    await t.server.ctx.db
      .updateTable('pending_links')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('login', '=', email)
      .execute();
    expect((await t.api('POST', '/register', { body: { userId, hash } })).json).toMatchObject({
      error: true,
      message: expect.stringContaining('expired'),
    });
  });
});

describe('forgotten password', () => {
  it('resets by an e-mailed single-use link and ends every old session', async () => {
    const email = 'forget@utility.test';
    const captcha = await solveCaptcha(t);
    await t.api('POST', `/generate-registration-link/${email}`, {
      body: registrationRequest(email, 'Old-pass-123', captcha),
    });
    const reg = linkHash((await mailTo(email)).body);
    await t.api('POST', '/register', { body: reg });
    const oldSession = await t.login(email, 'Old-pass-123');

    expect((await t.api('GET', `/generate-reset-password-link/${email}`)).status).toBe(200);
    const reset = linkHash((await smtp.waitFor(email, (body) => body.includes('reset-password'))).body);
    expect(
      (
        await t.api(
          'GET',
          `/verify-reset-password-link/${encodeURIComponent(reset.userId)}/${encodeURIComponent(reset.hash)}`,
        )
      ).json,
    ).toEqual({
      data: 'Success',
    });
    const changed = await t.api('PUT', '/forget-change-password', {
      body: { ...reset, password: 'New-pass-456' },
    });
    expect(changed.json).toMatchObject({ error: false });
    expect(
      (await t.api('PUT', '/forget-change-password', { body: { ...reset, password: 'Other-pass-789' } }))
        .json,
    ).toMatchObject({
      error: true,
    });
    expect((await t.api('GET', '/session/me', { token: oldSession })).status).toBe(401);
    expect(
      (await t.api('POST', '/login', { body: { userId: email, password: 'Old-pass-123' } })).status,
    ).toBe(401);
    await t.login(email, 'New-pass-456');
  });

  it('voids an older reset link when a newer one is sent, and every link when one is used', async () => {
    const email = 'twice@utility.test';
    await t.api('POST', `/generate-registration-link/${email}`, {
      body: registrationRequest(email, 'Twice-pass-123', await solveCaptcha(t)),
    });
    await t.api('POST', '/register', { body: linkHash((await mailTo(email)).body) });
    const resetMails = () => inbox().filter((m) => m.to.includes(email) && m.body.includes('reset-password'));

    await t.api('GET', `/generate-reset-password-link/${email}`);
    const first = linkHash((await smtp.waitFor(email, (body) => body.includes('reset-password'))).body);
    await t.api('GET', `/generate-reset-password-link/${email}`);
    const second = linkHash(
      (await smtp.waitFor(email, (body) => body.includes('reset-password') && !body.includes(first.hash)))
        .body,
    );
    expect(resetMails()).toHaveLength(2);
    // a newer link alone voids the older one
    const verifyFirst = await t.api(
      'GET',
      `/verify-reset-password-link/${encodeURIComponent(first.userId)}/${encodeURIComponent(first.hash)}`,
    );
    expect(verifyFirst.json).toEqual({ data: expect.stringContaining('replaced by a newer one') });

    await t.api('GET', `/generate-reset-password-link/${email}`);
    const third = linkHash(
      (
        await smtp.waitFor(
          email,
          (body) =>
            body.includes('reset-password') && !body.includes(first.hash) && !body.includes(second.hash),
        )
      ).body,
    );
    // using the newest leaves none of the older ones usable
    expect(
      (await t.api('PUT', '/forget-change-password', { body: { ...third, password: 'Third-pass-456' } }))
        .json,
    ).toMatchObject({ error: false });
    for (const old of [first, second]) {
      expect(
        (await t.api('PUT', '/forget-change-password', { body: { ...old, password: 'Older-pass-789' } }))
          .json,
      ).toMatchObject({ error: true, message: expect.stringContaining('replaced') });
    }
    await t.login(email, 'Third-pass-456');
  });

  it('answers the same for an unknown account and sends nothing', async () => {
    const ghost = 'ghost@nowhere.test';
    expect((await t.api('GET', `/generate-reset-password-link/${ghost}`)).status).toBe(200);
    // Mail goes out through the send-email queue in the order it was queued, so
    // once a reset asked for afterwards has arrived, a mail to the unknown
    // account would have arrived before it: wait for that, then look.
    const marker = inbox().length;
    expect((await t.api('GET', `/generate-reset-password-link/${ADMIN.email}`)).status).toBe(200);
    await eventually(async () =>
      inbox()
        .slice(marker)
        .find((m) => m.to.includes(ADMIN.email)),
    );
    expect(inbox().filter((m) => m.to.includes(ghost))).toEqual([]);
    const recorded = await t.server.ctx.db
      .selectFrom('mail_messages')
      .select('recipient')
      .where('recipient', '=', ghost)
      .execute();
    expect(recorded).toEqual([]);
  });
});
