import { describe, expect, it } from 'vitest';
import { monthBlockedReason } from './month-rules.ts';

const month = { month: '2024-05', label: 'May 2024', computed: false, files: 1 };

describe('34A month availability', () => {
  it('lets an open month be chosen', () =>
    expect(monthBlockedReason({ ...month, missingPrevious: false, verified: false })).toBeNull());

  it('says why a month cannot be chosen: locked when verified, else the previous month first', () => {
    expect(monthBlockedReason({ ...month, missingPrevious: false, verified: true })).toMatch(/locked/);
    expect(monthBlockedReason({ ...month, missingPrevious: true, verified: false })).toMatch(
      /previous month/,
    );
    expect(monthBlockedReason({ ...month, missingPrevious: true, verified: true })).toMatch(/locked/);
  });
});
