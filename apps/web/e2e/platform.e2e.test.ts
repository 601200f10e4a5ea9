import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { linkHash } from '../../server/src/testing/accounts.ts';
import { type SmtpCapture, startSmtpCapture } from '../../server/src/testing/smtp-capture.ts';
import { ADMIN, startTestServer, type TestServer } from '../../server/src/testing/test-server.ts';
import { launchBrowser, requireBuiltApp, screenshotOnFailure } from './browser.ts';

// The flows of the platform issue, in the built app, in Chromium, against a
// real server on a fresh database, with mail over a local SMTP server.

let t: TestServer;
let smtp: SmtpCapture;
let browser: Browser;
let page: Page;

const byTestId = (id: string) => page.getByTestId(id);

const signIn = async (userId: string, password: string) => {
  await page.goto(`${t.baseUrl}/#/login`);
  await byTestId('login-username').fill(userId);
  await byTestId('login-password').fill(password);
  await byTestId('login-submit').click();
};

beforeAll(async () => {
  requireBuiltApp();
  smtp = await startSmtpCapture();
  t = await startTestServer({ smtpUrl: smtp.url });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
  await smtp?.close();
});

let current = '';
afterEach(async (context) => {
  if (context.task.result?.state === 'fail' && page) {
    console.log('screenshot:', await screenshotOnFailure(page, current));
  }
  await page?.context().close();
});

const newPage = async (name: string) => {
  current = name;
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  page = await context.newPage();
};

describe('platform in the browser', () => {
  it('signs an admin in to the home dashboard with the admin menu', async () => {
    await newPage('admin-sign-in');
    await signIn(ADMIN.email, ADMIN.password);
    await byTestId('home-page').waitFor();
    await expect(byTestId('profile-role').textContent()).resolves.toContain('ADMIN');
    await expect(byTestId('menu-/manage-entities').count()).resolves.toBe(1);
  });

  it('shows the spec message for wrong credentials', async () => {
    await newPage('wrong-password');
    await signIn(ADMIN.email, 'not-the-password');
    await expect(byTestId('login-error').textContent()).resolves.toContain(
      'Login Failed: Invalid Credentials',
    );
  });

  it('navigates by smart navigation, offering only permitted screens with their category', async () => {
    await newPage('smart-nav');
    await signIn(ADMIN.email, ADMIN.password);
    await byTestId('home-page').waitFor();
    await byTestId('smart-nav-input').fill('TDS');
    const option = byTestId('smart-nav-option-/view-tds-reconciliation');
    await option.waitFor();
    await expect(option.textContent()).resolves.toContain('Reconciliation');
    await option.click();
    await page.waitForURL(/#\/view-tds-reconciliation/);
    await byTestId('view-tds-reconciliation').waitFor();
  });

  it('switches the current entity from the top bar and shows that entity afterwards', async () => {
    await newPage('entity-switch');
    const token = await t.login(ADMIN.email, ADMIN.password);
    const created = await t.api('PUT', '/legal-entity', { token, body: { name: 'Chennai Branch' } });
    const chennai = created.json as { id: string; subGroupId: string };
    await signIn(ADMIN.email, ADMIN.password);
    await byTestId('home-page').waitFor();
    await byTestId('entity-switcher').click();
    await byTestId(`entity-option-${chennai.subGroupId}`).click();
    await expect
      .poll(
        async () =>
          ((await t.api('GET', '/session/me', { token })).json as { currentEntity: { id: string } })
            .currentEntity.id,
      )
      .toBe(chennai.id);
    await expect.poll(() => byTestId('entity-switcher').textContent()).toContain('Chennai Branch');
    await page.reload();
    await expect.poll(() => byTestId('entity-switcher').textContent()).toContain('Chennai Branch');
  });

  it('registers through the captcha, verifies by the e-mailed link, and signs in to a utilities-only menu', async () => {
    await newPage('register');
    const email = 'priya@utility.test';
    await page.goto(`${t.baseUrl}/#/register`);
    await byTestId('register-companyName').fill('Priya Exports');
    await byTestId('register-fname').fill('Priya');
    await byTestId('register-phoneNumber').fill('9812345678');
    await byTestId('register-userName').fill(email);
    await byTestId('register-password').fill('Priya-pass-1');
    await page.locator('altcha-widget input[type="checkbox"]').click();
    await expect.poll(() => byTestId('register-terms').isEnabled(), { timeout: 30_000 }).toBe(true);
    await byTestId('register-terms').check();
    await byTestId('register-submit').click();
    await expect
      .poll(() => byTestId('register-result').textContent())
      .toContain('A verification link was sent');

    const mail = await smtp.waitFor(email);
    const { userId, hash } = linkHash(mail.body);
    await page.goto(
      `${t.baseUrl}/#/verify-registration/${encodeURIComponent(userId)}?hash=${encodeURIComponent(hash)}`,
    );
    await expect
      .poll(() => byTestId('verify-result').textContent())
      .toContain('Congratulations you have successfully registered');
    await page.waitForURL(/#\/login/, { timeout: 15_000 });

    await signIn(email, 'Priya-pass-1');
    await page.waitForURL(/#\/utilities/);
    await byTestId('menu-group-Utilities').waitFor();
    await expect(byTestId('menu-/manage-entities').count()).resolves.toBe(0);
    await expect(byTestId('menu-/').count()).resolves.toBe(0);
    const groups = await page.locator('[data-testid^="menu-group-"]').count();
    expect(groups).toBe(1);
    await page.goto(`${t.baseUrl}/#/jobs/all`);
    await page.waitForURL(/#\/utilities/);
  });

  it('logs out: back to sign-in, and the old token is dead on the server', async () => {
    await newPage('logout');
    await signIn(ADMIN.email, ADMIN.password);
    await byTestId('home-page').waitFor();
    const token = await page.evaluate(() => window.localStorage.getItem('token'));
    expect(token).toBeTruthy();
    await byTestId('logout').click();
    await page.waitForURL(/#\/login/);
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    expect((await t.api('GET', '/session/me', { token: token ?? '' })).status).toBe(401);
  });
});
