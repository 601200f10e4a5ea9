import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { seedEntity } from '../../server/src/features/housekeeping/test-data.ts';
import { ADMIN, startTestServer } from '../../server/src/testing/test-server.ts';
import { browserSuite } from './suite.ts';

// Snapshots and Delete Data in the built app, in Chromium, against a real server.

let token: string;
const suite = browserSuite(async () => {
  const t = await startTestServer();
  token = await t.login(ADMIN.email, ADMIN.password);
  const entities = (await t.api('GET', '/entities', { token })).json as { id: string }[];
  await seedEntity(t, entities[0]?.id ?? '', 'browser');
  return t;
});
const byTestId = (id: string) => suite.page.getByTestId(id);
const newPage = (name: string) => suite.newPage(name);
const signIn = async () => {
  await suite.signIn();
  await byTestId('home-page').waitFor();
};

describe('housekeeping in the browser', () => {
  it('takes a snapshot from the dialog, follows its job to completion and lists it', async () => {
    await newPage('snapshot-take');
    await signIn();
    await byTestId('snapshots-button').click();
    await byTestId('snapshot-dialog').waitFor();
    await expect.poll(() => byTestId('snapshot-table').textContent()).toContain('No snapshots yet');
    await byTestId('snapshot-description').fill('Before the audit');
    await byTestId('snapshot-take').click();

    // the dialog closes and the jobs page follows three seconds later
    await byTestId('snapshot-dialog').waitFor({ state: 'detached' });
    await suite.page.waitForURL(/#\/jobs\/all/, { timeout: 10_000 });
    const row = suite.page.locator('[data-testid="jobs-table"] tr', { hasText: 'Take snapshot' });
    await expect
      .poll(
        async () => {
          if ((await row.count()) === 0) await byTestId('jobs-refresh').click();
          const status = await row.first().getByTestId('job-status').getAttribute('data-status');
          if (status !== 'Completed') await byTestId('jobs-refresh').click();
          return status;
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe('Completed');
    // the job's end reached the page over the websocket, which signs in by its first message
    await suite.page
      .getByText(/job completed/)
      .first()
      .waitFor({ timeout: 10_000 });

    await byTestId('snapshots-button').click();
    const listed = suite.page.locator('[data-testid^="snapshot-row-"]', { hasText: 'Before the audit' });
    await listed.waitFor();
    await expect(listed.getAttribute('data-status')).resolves.toBe('Completed');
    await expect(listed.textContent()).resolves.toContain(ADMIN.email);
  });

  it('deletes other data after the confirmation and says so with the spec texts', async () => {
    await newPage('delete-data');
    await signIn();
    await suite.page.goto(`${suite.t.baseUrl}/#/delete-data`);
    await byTestId('delete-data-page').waitFor();

    await byTestId('delete-payments-submit').click();
    await expect
      .poll(() => byTestId('delete-payments-error').textContent())
      .toBe('Please select both financial year and month.');

    await expect(byTestId('delete-other-submit').isDisabled()).resolves.toBe(true);
    await byTestId('delete-other-sales').check();
    await byTestId('delete-other-submit').click();
    await expect
      .poll(() => byTestId('delete-other-error').textContent())
      .toBe('Please choose the financial year for the sales data');
    await byTestId('delete-other-sales').uncheck();

    await byTestId('delete-other-26as').check();
    await byTestId('delete-other-submit').click();
    await expect
      .poll(() => byTestId('confirm-delete-text').textContent())
      .toContain('cannot be recovered. Do you want to permanently delete?');
    await byTestId('confirm-delete').click();
    await suite.page.getByText('All Data Deleted').waitFor();
    const left = await sql<{ n: number }>`SELECT count(*)::int AS n FROM tax_entries`.execute(
      suite.t.server.ctx.db,
    );
    expect(left.rows[0]?.n).toBe(0);
  });
});
