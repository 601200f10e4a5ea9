import { describe, expect, it } from 'vitest';
import { parseTypedRupees } from './money.ts';

// Session 40: a finance user typed 1,05,942 into an amount filter, as the
// screen writes it, and was told it was not an amount.
describe('parseTypedRupees: an amount typed as the app shows amounts', () => {
  it.each([
    ['105942', 10594200],
    ['1,05,942', 10594200],
    ['1,05,942.00', 10594200],
    ['₹1,05,942.00', 10594200],
    [' ₹ 1,05,942.5 ', 10594250],
    ['105,942.05', 10594205],
    ['-₹5.00', -500],
    ['−₹5.00', -500],
    ['-250', -25000],
    ['0.07', 7],
  ])('reads %s as %i paise', (text, paise) => {
    expect(parseTypedRupees(text)).toBe(paise);
  });

  it.each(['abc', '', '1.005', '12a', '₹', '.', '1.2.3', ',100', '1 05 942', '10%'])(
    'refuses %s (not an exact amount of paise)',
    (text) => {
      expect(parseTypedRupees(text)).toBeNull();
    },
  );
});
