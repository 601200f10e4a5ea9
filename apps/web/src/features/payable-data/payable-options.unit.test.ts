import { describe, expect, it } from 'vitest';
import { formatFileSize, monthOptions, shortYear, uploadYearOptions } from './payable-options.ts';

describe('payable upload options', () => {
  it('offers the current financial year and the 4 before it', () => {
    expect(uploadYearOptions(new Date('2026-11-23T00:00:00Z'))).toEqual([
      { value: '2026-27', label: 'FY 2026 - 2027' },
      { value: '2025-26', label: 'FY 2025 - 2026' },
      { value: '2024-25', label: 'FY 2024 - 2025' },
      { value: '2023-24', label: 'FY 2023 - 2024' },
      { value: '2022-23', label: 'FY 2022 - 2023' },
    ]);
    // January to March still belong to the year that started the April before
    expect(uploadYearOptions(new Date('2026-02-10T00:00:00Z'))[0]?.value).toBe('2025-26');
  });

  it('lists the months April to March, January to March in the next calendar year', () => {
    const months = monthOptions('2024-25');
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ value: '2024-04', label: 'April 2024' });
    expect(months[8]).toEqual({ value: '2024-12', label: 'December 2024' });
    expect(months[11]).toEqual({ value: '2025-03', label: 'March 2025' });
    expect(monthOptions(null)).toEqual([]);
  });

  it('writes the year as the paths want it and sizes for people', () => {
    expect(shortYear('2024-25')).toBe('24-25');
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(2048)).toBe('2.0 KB');
    expect(formatFileSize(12_345_678)).toBe('12.3 MB');
  });
});
