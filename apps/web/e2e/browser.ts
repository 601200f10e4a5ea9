import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';

// Debian's Chromium, driven by playwright-core: no browser download needed.
// The flags keep Chromium from reaching for Google's services on a closed network.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const launchBrowser = async (): Promise<Browser> => {
  if (!fs.existsSync(CHROMIUM))
    throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install chromium`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
};

export const WEB_DIST = path.resolve(import.meta.dirname, '../dist');

export const requireBuiltApp = (): void => {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build` before the browser tests');
  }
};

// Saves a screenshot next to the test run when a step fails, for a person to look at.
export const screenshotOnFailure = async (page: Page, name: string): Promise<string> => {
  const file = path.join(os.tmpdir(), `taxrecon-e2e-${name}.png`);
  await page.screenshot({ path: file, fullPage: true }).catch(() => {});
  return file;
};

// The signed-in token the app keeps in the page's localStorage. The callback
// runs in the page; these files are type-checked without the DOM library
// (they run in Node), so the page's global is described here.
export const storedToken = (page: Page): Promise<string | null> =>
  page.evaluate(() =>
    (
      globalThis as unknown as { localStorage: { getItem: (key: string) => string | null } }
    ).localStorage.getItem('token'),
  );

// Clicks a control that opens a new tab (Explore opens a customer's
// discrepancies) and gives the tab. On a loaded machine a click that lands
// while a card is still opening can open nothing (CI saw it, in two tests): a
// user would click again, and so does this, up to three times; a control that
// never opens a tab still fails.
export const openInNewPage = async (page: Page, control: Locator): Promise<Page> => {
  await control.waitFor();
  for (let attempt = 1; ; attempt++) {
    try {
      const [opened] = await Promise.all([
        page.context().waitForEvent('page', { timeout: 10_000 }),
        control.click(),
      ]);
      return opened;
    } catch (error) {
      console.log(`attempt ${attempt} to open a new tab opened nothing`);
      if (attempt === 3) throw error;
    }
  }
};
