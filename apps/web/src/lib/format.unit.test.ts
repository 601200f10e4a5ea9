import { describe, expect, it } from 'vitest';
import { formatFinancialYear, formatWholeRupees, toCrores } from './format.ts';

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
});
