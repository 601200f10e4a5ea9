import { describe, expect, it } from 'vitest';
import { formatFinancialYear, toCrores } from './format.ts';

describe('format', () => {
  it('shows a financial year as the screens do', () => {
    expect(formatFinancialYear('2024-25')).toBe('FY 2024 - 2025');
  });

  it('gives the sign-in line its crores to one decimal', () => {
    expect(toCrores(123_456_789)).toBe('12.3');
    expect(toCrores(0)).toBe('0.0');
  });
});
