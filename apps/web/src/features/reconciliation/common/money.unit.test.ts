import { formatRupees, paiseOrZero } from '@taxrecon/shared';
import { describe, expect, it } from 'vitest';
import { inr, sumAmounts } from './money.ts';

describe('rupee strings as paise', () => {
  it.each([
    ['1234.50', 123450],
    ['1234.5', 123450],
    ['0.05', 5],
    ['-12.30', -1230],
    ['7', 700],
    ['', 0],
    ['abc', 0],
  ])('%s is %i paise', (text, paise) => expect(paiseOrZero(text)).toBe(paise));

  it('adds amounts without float error', () => {
    const rows = ['0.10', '0.20', '1234567.89'];
    expect(formatRupees(sumAmounts(rows, (r) => r))).toBe('1234568.19');
    expect(formatRupees(-5)).toBe('-0.05');
  });

  it('shows an amount with lakh grouping, and a dash for none', () => {
    expect(inr('1234567.5')).toBe('₹12,34,567.50');
    expect(inr('-0.05')).toBe('-₹0.05');
    expect(inr(null)).toBe('—');
    expect(inr('')).toBe('—');
  });
});
