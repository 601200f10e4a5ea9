import { tracesDate } from '@taxrecon/formats';
import { describe, expect, it } from 'vitest';
import { addDays, quarterEnd, tallyDate, taxAt } from './format.ts';
import { createRandom } from './random.ts';

describe('file formatting helpers', () => {
  it.each([
    ['2024-04-01', '2024-06-30'],
    ['2024-09-30', '2024-09-30'],
    ['2024-11-15', '2024-12-31'],
    ['2025-02-28', '2025-03-31'],
  ])('quarterEnd(%s) = %s', (date, end) => {
    expect(quarterEnd(date)).toBe(end);
  });

  it('spells dates as TRACES and Tally do, and adds days across months and years', () => {
    expect(tracesDate('2024-04-05')).toBe('05-Apr-2024');
    expect(tallyDate('2024-04-05')).toBe('5-Apr-2024');
    expect(addDays('2025-03-31', 1)).toBe('2025-04-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });

  it('computes tax in whole paise', () => {
    expect(taxAt(1_50_000_00, 1000)).toBe(15_000_00);
    expect(taxAt(5_314_50, 10)).toBe(531);
  });
});

describe('seeded random', () => {
  it('repeats its sequence for a seed, and forks independently of later draws', () => {
    const a = createRandom(42);
    const b = createRandom(42);
    expect(Array.from({ length: 5 }, () => a.next())).toEqual(Array.from({ length: 5 }, () => b.next()));
    expect(createRandom(42).fork('x').digits(8)).toBe(a.fork('x').digits(8));
    expect(createRandom(42).fork('x').digits(8)).not.toBe(createRandom(42).fork('y').digits(8));
    expect(createRandom(1).next()).not.toBe(createRandom(2).next());
  });
});
