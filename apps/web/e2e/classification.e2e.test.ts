import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NO_MODEL_MESSAGE } from '@taxrecon/contracts';
import { sampleDescriptions } from '@taxrecon/engine';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../server/src/testing/test-server.ts';
import { browserSuite } from './suite.ts';

// AI expense classification in the browser: with no model the spec's message;
// then train on a generated file on 'Expenses Training' and predict the
// section of a clear description on 'Expense Classification'.

const suite = browserSuite(() => startTestServer());
const byTestId = (id: string) => suite.page.getByTestId(id);
// TAXRECON_SHOTS=/tmp/shots-classifier keeps 1440x900 screenshots of both screens.
const shot = async (name: string) => {
  const dir = process.env.TAXRECON_SHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await suite.page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: false });
};

const trainingFile = (): string => {
  const file = path.join(
    fs.mkdtempSync(path.join(os.tmpdir(), 'taxrecon-training-')),
    'expense-training.txt',
  );
  const lines = sampleDescriptions(3_000, 21).map((e) => `${e.text}\t${e.label}`);
  fs.writeFileSync(file, ['Narration\tTDS Section', ...lines].join('\n'));
  return file;
};

describe('AI expense classification in the browser', () => {
  it('says to train first, trains on a generated file, and predicts a clear description', async () => {
    const page = await suite.newPage('classification');
    await page.setViewportSize({ width: 1440, height: 900 });
    await suite.signIn();
    await byTestId('home-page').waitFor();

    await page.goto(`${suite.t.baseUrl}/#/expense-classification`);
    await expect(byTestId('classification-predict').isDisabled()).resolves.toBe(true);
    await expect(byTestId('classification-threshold').textContent()).resolves.toBe('30%');
    await byTestId('classification-text').fill('office rent for june');
    await byTestId('classification-predict').click();
    await expect(byTestId('classification-no-model').textContent()).resolves.toContain(NO_MODEL_MESSAGE);

    await page.goto(`${suite.t.baseUrl}/#/expense-prediction`);
    await byTestId('model-none').waitFor();
    await byTestId('training-file-input').setInputFiles(trainingFile());
    await byTestId('mapping-read-file').click();
    await expect.poll(() => byTestId('mapping-field-description').inputValue()).toBe('Narration');
    await expect(byTestId('mapping-field-section').inputValue()).resolves.toBe('TDS Section');
    await byTestId('training-submit').click();
    await byTestId('training-done').waitFor({ timeout: 60_000 });
    await expect(byTestId('training-done').textContent()).resolves.toMatch(
      /accuracy \d+\.\d%, macro-F1 \d+\.\d% on the held-back fifth/,
    );
    await expect.poll(() => byTestId('model-rows').textContent()).toBe('3,000');
    const accuracy = Number.parseFloat((await byTestId('model-accuracy').textContent()) ?? '');
    expect(accuracy).toBeGreaterThan(80);
    await shot('expense-prediction');

    await page.goto(`${suite.t.baseUrl}/#/expense-classification`);
    await byTestId('classification-text').fill('office rent for june');
    await byTestId('classification-predict').click();
    await expect(byTestId('classification-section').first().textContent()).resolves.toBe('194I(b)');
    await expect(byTestId('classification-score').first().textContent()).resolves.toMatch(
      /^Score \d+(\.\d+)?%$/,
    );
    // the section expense types of 194I(b), thresholds in rupees with lakh grouping
    await expect(byTestId('section-types-0').textContent()).resolves.toContain('₹2,40,000.00');
    await shot('expense-classification');

    // at 100% nothing is certain enough
    await byTestId('classification-slider').locator('[role="slider"]').focus();
    await page.keyboard.press('End');
    await expect(byTestId('classification-threshold').textContent()).resolves.toBe('100%');
    await byTestId('classification-predict').click();
    await expect(byTestId('classification-empty').textContent()).resolves.toContain('No results found');
  });
});
