import { describe, expect, it } from 'vitest';
import { taxDifferenceText, taxDifferenceTitle } from './tax-difference.ts';

describe('a compliance card year', () => {
  it.each([
    ['1250000.50', '26AS short by ₹12,50,000.50'],
    ['-1200.00', '26AS over by ₹1,200.00'],
    ['0.00', 'tax agrees; rows differ'],
  ])('says %s as %s', (difference, text) => {
    expect(taxDifferenceText(difference)).toBe(text);
  });

  it('says the signed difference in full in its tooltip', () => {
    expect(taxDifferenceTitle('-1200.00')).toBe('Tax in the books less tax in 26AS: -₹1,200.00');
  });
});
