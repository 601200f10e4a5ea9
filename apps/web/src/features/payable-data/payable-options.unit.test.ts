import { describe, expect, it } from 'vitest';
import { formatFileSize, monthOptions } from './payable-options.ts';

describe('payable upload options', () => {
  it('lists the months April to March, January to March in the next calendar year', () => {
    const months = monthOptions('2024-25');
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ value: '2024-04', label: 'April 2024' });
    expect(months[8]).toEqual({ value: '2024-12', label: 'December 2024' });
    expect(months[11]).toEqual({ value: '2025-03', label: 'March 2025' });
    expect(monthOptions(null)).toEqual([]);
  });

  it('sizes files for people', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(2048)).toBe('2.0 KB');
    expect(formatFileSize(12_345_678)).toBe('12.3 MB');
  });
});
