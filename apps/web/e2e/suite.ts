import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { ADMIN, type TestServer } from '../../server/src/testing/test-server.ts';
import { launchBrowser, requireBuiltApp, screenshotOnFailure } from './browser.ts';

export interface BrowserSuite {
  // the server and the page of the running test (a fresh page per test)
  readonly t: TestServer;
  readonly page: Page;
  newPage: (name: string) => Promise<Page>;
  // the sign-in screen, filled and submitted (ADMIN unless told otherwise)
  signIn: (userId?: string, password?: string) => Promise<void>;
}

// What every browser test file needs, registered once: the built app, a real
// server, Debian's Chromium, a new page per test, and a screenshot of a test
// that fails, for a person to look at.
export const browserSuite = (start: () => Promise<TestServer>, stop?: () => Promise<void>): BrowserSuite => {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  let current: Page | undefined;
  let name = '';

  beforeAll(async () => {
    requireBuiltApp();
    server = await start();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await stop?.();
  });
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail' && current) {
      console.log('screenshot:', await screenshotOnFailure(current, name));
    }
    await current?.context().close();
    current = undefined;
  });

  const suite: BrowserSuite = {
    get t() {
      if (!server) throw new Error('the server is not started yet');
      return server;
    },
    get page() {
      if (!current) throw new Error('call newPage first');
      return current;
    },
    newPage: async (testName) => {
      if (!browser) throw new Error('the browser is not started yet');
      name = testName;
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      current = await context.newPage();
      return current;
    },
    signIn: async (userId = ADMIN.email, password = ADMIN.password) => {
      const page = suite.page;
      await page.goto(`${suite.t.baseUrl}/#/login`);
      await page.getByTestId('login-username').fill(userId);
      await page.getByTestId('login-password').fill(password);
      await page.getByTestId('login-submit').click();
    },
  };
  return suite;
};
