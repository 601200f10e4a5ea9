import { describe, expect, it } from 'vitest';
import { formatCompliance, formatFinancialYear, formatWholeRupees, toCrores } from './format.ts';

describe('format', () => {
  it('shows a financial year as the screens do', () => {
    expect(formatFinancialYear('2024-25')).toBe('FY 2024 - 2025');
  });

  it('writes whole rupees of chart axes with the rupee sign and lakh grouping', () => {
    expect(formatWholeRupees(85482)).toBe('₹85,482');
    expect(formatWholeRupees(206150)).toBe('₹2,06,150');
  });

  it('gives the sign-in line its crores to one decimal', () => {
    expect(toCrores(123_456_789)).toBe('12.3');
    expect(toCrores(0)).toBe('0.0');
  });

  it.each([
    [85, '85.0%'],
    [85.25, '85.2%'],
    [57.3, '57.3%'],
    [33.333, '33.3%'],
    [99.96, '99.9%'],
    [100, '100.0%'],
    [0, '0.0%'],
  ])('writes compliance %d as %s, one decimal at most', (percent, text) => {
    expect(formatCompliance(percent)).toBe(text);
  });
});
