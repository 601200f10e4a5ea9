import { DELETE_MONTHS } from '@taxrecon/contracts';
import { describe, expect, it } from 'vitest';
import { yearOptions } from '../../lib/financial-years.ts';
import { deletedSummary } from './confirm-delete.tsx';

describe('Delete Data options', () => {
  it('offer 8 financial years counted back from the current UTC year', () => {
    // 1 January 00:30 in India is still the previous year in UTC
    const years = yearOptions('delete', new Date('2024-12-31T19:00:00Z'));
    expect(years).toHaveLength(8);
    expect(years[0]).toEqual({ value: '2024-25', label: 'FY 2024 - 2025' });
    expect(years.at(-1)).toEqual({ value: '2017-18', label: 'FY 2017 - 2018' });
    expect(yearOptions('delete', new Date('2099-06-01T00:00:00Z'))[0]?.value).toBe('2099-00');
  });

  it('offer the months April to March coded 04..12, 01..03', () => {
    expect(DELETE_MONTHS.map((m) => m.value).join(',')).toBe('04,05,06,07,08,09,10,11,12,01,02,03');
    expect(DELETE_MONTHS[0]?.label).toBe('April');
  });

  it('sum the rows deleted over the tables', () => {
    expect(deletedSummary({ tax_entries: 100000, tax_statements: 2 })).toBe('1,00,002 rows deleted');
    expect(deletedSummary({ sales_entries: 1 })).toBe('1 row deleted');
    expect(deletedSummary({})).toBe('0 rows deleted');
  });
});
