import { describe, expect, it } from 'vitest';
import { monthYearLabel } from './months.ts';

describe('months of the 34A screens', () => {
  it('names a month of either form', () => {
    expect(monthYearLabel('04-2024')).toBe('Apr 2024');
    expect(monthYearLabel('2025-03')).toBe('Mar 2025');
    expect(monthYearLabel('whatever')).toBe('whatever');
  });
});
