import { describe, expect, it } from 'vitest';
import { SectionExpenseTypeFilter } from './api/section-rules.ts';

// Session 40: the TDS Rate filter of Search Section Expense Type said only
// "TDS Rate must be a number between 0 and 100", and took no typed text.
describe('the TDS Rate filter of the section expense type search', () => {
  it.each([
    ['10', 10],
    ['2.5', 2.5],
    [' 2.5% ', 2.5],
    ['0.1', 0.1],
    [2, 2],
  ])('reads %j as the rate %s', (typed, rate) => {
    expect(SectionExpenseTypeFilter.parse({ tdsRate: typed }).tdsRate).toBe(rate);
  });

  it.each([[''], ['  '], [null], [undefined]])('leaves %j out of the search', (typed) => {
    expect(SectionExpenseTypeFilter.parse({ tdsRate: typed }).tdsRate).toBeNull();
  });

  it.each([
    ['abc', 'TDS Rate: abc is not a rate, such as 10 or 2.5'],
    ['1.2.3', 'TDS Rate: 1.2.3 is not a rate, such as 10 or 2.5'],
    ['-1', 'TDS Rate: -1 is not a rate, such as 10 or 2.5'],
    ['150', 'TDS Rate: 150 is not a rate, such as 10 or 2.5 (a percentage between 0 and 100)'],
    ['2.123456', 'TDS Rate: 2.123456 is not a rate, such as 10 or 2.5 (at most four decimals)'],
  ])('names the field and the form it takes for %j', (typed, message) => {
    const bad = SectionExpenseTypeFilter.safeParse({ tdsRate: typed });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(message);
  });
});
