import { describe, expect, it } from 'vitest';
import { ADMIN, startTestServer } from '../../server/src/testing/test-server.ts';
import { browserSuite } from './suite.ts';

// Section expense types and rule sets in the built app, in Chromium, against a real server.

let token: string;
const suite = browserSuite(async () => {
  const t = await startTestServer();
  token = await t.login(ADMIN.email, ADMIN.password);
  return t;
});
const byTestId = (id: string) => suite.page.getByTestId(id);
const signIn = async () => {
  await suite.signIn();
  await byTestId('home-page').waitFor();
};

describe('section rules in the browser', () => {
  it('edits a shipped section expense type in the Edit dialog and shows the new rate', async () => {
    await suite.newPage('section-type-edit');
    await signIn();
    await suite.page.goto(`${suite.t.baseUrl}/#/search-section-expense-type`);
    await byTestId('section-type-grid').waitFor();
    await suite.page.getByLabel('Section', { exact: true }).fill('194H');
    await byTestId('section-type-search').click();
    await expect.poll(() => byTestId('section-type-grid').textContent()).toContain('194H');
    await byTestId('dialog-edit').first().click();
    await byTestId('section-type-dialog').waitFor();
    await byTestId('dialog-tdsrateothers').fill('150');
    await expect.poll(() => byTestId('section-type-update').isDisabled()).toBe(true);
    await byTestId('dialog-tdsrateothers').fill('3.75');
    await byTestId('section-type-update').click();
    await suite.page.getByText('The mapping was updated successfully').waitFor();
    await expect.poll(() => byTestId('section-type-grid').textContent()).toContain('3.75%');
    const rows = (await suite.t.api('POST', '/search/SectionExpenseTypeMapping', { token, body: {} }))
      .json as {
      tdsrateothers: number;
      shipped: boolean;
    }[];
    expect(rows.filter((r) => r.tdsrateothers === 3.75)).toHaveLength(1);
  });

  it('creates a one-rule AND set and says, in words, it became a single rule', async () => {
    await suite.newPage('rule-set-create');
    await signIn();
    await suite.page.goto(`${suite.t.baseUrl}/#/transformation-rule`);
    await byTestId('ruleset-name').fill('Freight');
    await byTestId('ruleset-section').click();
    await suite.page.getByRole('option', { name: /^194C/ }).click();
    await byTestId('ruleset-create').click();
    await suite.page
      .getByText('Please select a value for Field Name, Matching Operator, and Field Value for the rule.')
      .waitFor();
    await byTestId('rule-0-field').click();
    await suite.page.getByRole('option', { name: 'Document Description' }).click();
    await byTestId('rule-0-values').fill('freight');
    await byTestId('rule-0-values').press('Enter');
    await byTestId('ruleset-create').click();
    await suite.page.getByText('RuleSet Created').waitFor();
    await suite.page.getByText(/now a single rule \(no AND\/OR\)/).waitFor();
    await expect.poll(() => byTestId('ruleset-card').textContent()).toContain('Single rule (no AND/OR)');
    expect(await byTestId('ruleset-card').textContent()).not.toContain('NOOPERATOR');
  });

  it('transforms a raw expense ledger from a pasted header, a guessed mapping and a csv', async () => {
    await suite.newPage('raw-upload');
    await signIn();
    await suite.page.goto(`${suite.t.baseUrl}/#/raw-upload-expense`);
    const header = 'Document No,Document Date,Posting Date,Narration,Base Amount,Vendor Code';
    await byTestId('raw-header').fill(header);
    await byTestId('raw-mapping').waitFor();
    const csv = `${header}\nD1,01-05-2025,01-05-2025,Freight to Pune,1000,V1\nD2,bad,01-05-2025,Fees,500,V2\n`;
    await byTestId('raw-upload-file-input').setInputFiles({
      name: 'raw.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await byTestId('raw-upload-submit').click();
    await byTestId('raw-job').waitFor();
    await byTestId('raw-download-ledger').waitFor({ timeout: 60_000 });
    await expect.poll(() => byTestId('raw-download-errors').textContent()).toContain('(1)');
  });
});
