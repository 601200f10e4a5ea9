import { describe, expect, it } from 'vitest';
import { linkHash } from '../../server/src/testing/accounts.ts';
import { type SmtpCapture, startSmtpCapture } from '../../server/src/testing/smtp-capture.ts';
import { ADMIN, startTestServer } from '../../server/src/testing/test-server.ts';
import { storedToken } from './browser.ts';
import { browserSuite } from './suite.ts';

// The flows of the platform issue, in the built app, in Chromium, against a
// real server on a fresh database, with mail over a local SMTP server.

let smtp: SmtpCapture;
const suite = browserSuite(
  async () => {
    smtp = await startSmtpCapture();
    return startTestServer({ smtpUrl: smtp.url });
  },
  async () => smtp?.close(),
);
const byTestId = (id: string) => suite.page.getByTestId(id);
const newPage = (name: string) => suite.newPage(name);
const signIn = (userId: string, password: string) => suite.signIn(userId, password);

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
    await suite.page.waitForURL(/#\/view-tds-reconciliation/);
    await byTestId('view-tds-reconciliation').waitFor();
  });

  it('answers a screen opened without its job, month or party with the way to its list', async () => {
    await newPage('open-from-list');
    await signIn(ADMIN.email, ADMIN.password);
    await byTestId('home-page').waitFor();
    // the screen's own notice, waited for by its words (the one before may still be up)
    const opened = async (route: string, says: string) => {
      await suite.page.goto(`${suite.t.baseUrl}/#${route}`);
      await expect.poll(() => byTestId('open-from-list').textContent()).toContain(says);
    };
    await opened('/tds-job', 'Choose a reconciliation job');
    await opened('/tds-payable/explore', 'Choose a month and section to explore');
    await opened('/tcs-discrepancies', 'Choose a vendor');
    // a link cut short (not an id) and an id no party has: the same answer, not "Invalid UUID"
    await opened('/customer/not-an-id', 'No customer at this address');
    await opened('/vendor/00000000-0000-4000-8000-000000000000', 'No vendor at this address');
    await expect(byTestId('open-from-list').textContent()).resolves.not.toContain('Invalid UUID');
    await suite.page.getByRole('link', { name: 'Search vendors' }).click();
    await suite.page.waitForURL(/#\/search-vendors$/);
    await suite.page.goto(`${suite.t.baseUrl}/#/tds-payable-job`);
    await suite.page.getByRole('link', { name: 'All TDS payable reconciliation jobs' }).click();
    await suite.page.waitForURL(/#\/view-34a-reconciliation$/);
  });

  it('switches the current entity from the top bar and shows that entity afterwards', async () => {
    await newPage('entity-switch');
    const token = await suite.t.login(ADMIN.email, ADMIN.password);
    const created = await suite.t.api('PUT', '/legal-entity', { token, body: { name: 'Chennai Branch' } });
    const chennai = created.json as { id: string; subGroupId: string };
    await signIn(ADMIN.email, ADMIN.password);
    await byTestId('home-page').waitFor();
    await byTestId('entity-switcher').click();
    await byTestId(`entity-option-${chennai.subGroupId}`).click();
    await expect
      .poll(
        async () =>
          ((await suite.t.api('GET', '/session/me', { token })).json as { currentEntity: { id: string } })
            .currentEntity.id,
      )
      .toBe(chennai.id);
    await expect.poll(() => byTestId('entity-switcher').textContent()).toContain('Chennai Branch');
    await suite.page.reload();
    await expect.poll(() => byTestId('entity-switcher').textContent()).toContain('Chennai Branch');
  });

  it('registers through the captcha, verifies by the e-mailed link, and signs in to a utilities-only menu', async () => {
    await newPage('register');
    const email = 'priya@utility.test';
    await suite.page.goto(`${suite.t.baseUrl}/#/register`);
    await byTestId('register-companyName').fill('Priya Exports');
    await byTestId('register-fname').fill('Priya');
    await byTestId('register-phoneNumber').fill('9812345678');
    await byTestId('register-userName').fill(email);
    await byTestId('register-password').fill('Priya-pass-1');
    await suite.page.locator('altcha-widget input[type="checkbox"]').click();
    await expect.poll(() => byTestId('register-terms').isEnabled(), { timeout: 30_000 }).toBe(true);
    await byTestId('register-terms').check();
    await byTestId('register-submit').click();
    await expect
      .poll(() => byTestId('register-result').textContent())
      .toContain('A verification link was sent');

    const mail = await smtp.waitFor(email);
    const { userId, hash } = linkHash(mail.body);
    await suite.page.goto(
      `${suite.t.baseUrl}/#/verify-registration/${encodeURIComponent(userId)}?hash=${encodeURIComponent(hash)}`,
    );
    await expect
      .poll(() => byTestId('verify-result').textContent())
      .toContain('Congratulations you have successfully registered');
    expect(await byTestId('verify-result').textContent()).toContain('SUCCESSFULLY REGISTERED');
    await suite.page.waitForURL(/#\/login/, { timeout: 15_000 });

    await signIn(email, 'Priya-pass-1');
    await suite.page.waitForURL(/#\/utilities/);
    await byTestId('menu-group-Utilities').waitFor();
    await expect(byTestId('menu-/manage-entities').count()).resolves.toBe(0);
    await expect(byTestId('menu-/').count()).resolves.toBe(0);
    const groups = await suite.page.locator('[data-testid^="menu-group-"]').count();
    expect(groups).toBe(1);
    await suite.page.goto(`${suite.t.baseUrl}/#/jobs/all`);
    await suite.page.waitForURL(/#\/utilities/);
  });

  it('logs out: back to sign-in, and the old token is dead on the server', async () => {
    await newPage('logout');
    await signIn(ADMIN.email, ADMIN.password);
    await byTestId('home-page').waitFor();
    const token = await storedToken(suite.page);
    expect(token).toBeTruthy();
    await byTestId('logout').click();
    await suite.page.waitForURL(/#\/login/);
    expect(await storedToken(suite.page)).toBeNull();
    expect((await suite.t.api('GET', '/session/me', { token: token ?? '' })).status).toBe(401);
  });
});
