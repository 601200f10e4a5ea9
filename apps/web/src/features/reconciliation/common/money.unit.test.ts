import { formatRupees, paiseOrZero } from '@taxrecon/shared';
import { describe, expect, it } from 'vitest';
import { inr, sumAmounts } from './money.ts';
import { longYear, reconYearOptions } from './years.ts';

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

describe('financial years of the submit screens', () => {
  it('offers TDS the current year and 7 before it, counted from April', () => {
    const years = reconYearOptions('TDS', new Date('2025-02-10T00:00:00Z'));
    expect(years[0]).toEqual({ value: '2024-25', label: 'FY 2024 - 2025' });
    expect(years).toHaveLength(8);
    expect(years.at(-1)?.value).toBe('2017-18');
  });

  it('offers TCS the next year first', () => {
    const years = reconYearOptions('TCS', new Date('2025-04-01T00:00:00Z'));
    expect(years.map((y) => y.value).slice(0, 2)).toEqual(['2026-27', '2025-26']);
  });

  it('shows a year as YYYY-YYYY+1 in the job lists', () => expect(longYear('2024-25')).toBe('2024-2025'));
});
