import { describe, expect, it } from 'vitest';
import { amountCell, formatDate, formatRate, formatRupees } from './search-format.ts';

describe('search formatting', () => {
  it('shows rupees with lakh grouping and leaves missing amounts blank', () => {
    expect(formatRupees('1234567.5')).toBe('₹12,34,567.50');
    expect(formatRupees(null)).toBe('');
    expect(amountCell('-200.00')).toBe(-200);
  });

  it('shows dates and rates for the screen', () => {
    expect(formatDate('2024-04-01')).toBe('01 Apr 2024');
    expect(formatRate('10')).toBe('10%');
    expect(formatRate(null)).toBe('');
  });
});
