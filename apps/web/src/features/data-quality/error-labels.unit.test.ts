import { describe, expect, it } from 'vitest';
import { errorFieldLabel, errorTypeLabel } from './error-labels.ts';

describe('the row errors of an upload, in words', () => {
  it.each([
    ['INVALID_DATE', 'Dates that could not be read'],
    ['INVALID_AMOUNT', 'Amounts that could not be read'],
    ['MISSING_VALUE', 'Required values left empty'],
  ])('%s reads "%s"', (code, words) => {
    expect(errorTypeLabel(code)).toBe(words);
  });

  it('writes a code it does not know as a sentence, never as the code', () => {
    expect(errorTypeLabel('SOME_NEW_CODE')).toBe('Some new code');
  });

  it('names the errors of no one column', () => {
    expect(errorFieldLabel('(row)')).toBe('Whole row');
    expect(errorFieldLabel('transactionDate')).toBe('transactionDate');
  });
});
