import { describe, expect, it } from 'vitest';
import { dayText } from './days.ts';

describe('dayText', () => {
  it.each([
    ['2024-05-07', '07 May 2024'],
    ['2025-03-31', '31 Mar 2025'],
    [' 2024-12-01 ', '01 Dec 2024'],
    ['2024-13-01', '2024-13-01'],
    ['07/05/2024', '07/05/2024'],
    [null, ''],
  ])('writes %s as %s', (iso, text) => {
    expect(dayText(iso)).toBe(text);
  });
});
