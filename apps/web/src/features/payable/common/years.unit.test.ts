import { describe, expect, it } from 'vitest';
import { monthYearLabel } from './months.ts';
import { payableYearOptions, startOfYear, yearLabel } from './years.ts';

describe('financial years of the 34A screens', () => {
  it('offers the current year and the 4 before it, counted from April, in the short call form', () => {
    const years = payableYearOptions(new Date('2026-11-23T00:00:00Z'));
    expect(years.map((y) => y.value)).toEqual(['26-27', '25-26', '24-25', '23-24', '22-23']);
    expect(years[2]?.label).toBe('FY 2024 - 2025');
  });

  it('counts January to March in the year that began the April before', () => {
    expect(payableYearOptions(new Date('2025-03-31T00:00:00Z'))[0]?.value).toBe('24-25');
  });

  it('reads both year forms', () => {
    expect(startOfYear('24-25')).toBe(2024);
    expect(startOfYear('2024-25')).toBe(2024);
    expect(yearLabel('2024-25')).toBe('FY 2024 - 2025');
  });

  it('names a month of either form', () => {
    expect(monthYearLabel('04-2024')).toBe('Apr 2024');
    expect(monthYearLabel('2025-03')).toBe('Mar 2025');
    expect(monthYearLabel('whatever')).toBe('whatever');
  });
});
