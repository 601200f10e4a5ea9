import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDate } from './format.ts';
import { parseTypedDay } from './typed-day.ts';

describe('a typed day', () => {
  it.each([
    ['07/05/2024', '2024-05-07'],
    ['07-05-2024', '2024-05-07'],
    ['7.5.2024', '2024-05-07'],
    ['7/5/24', '2024-05-07'],
    ['07 May 2024', '2024-05-07'],
    ['7-may-2024', '2024-05-07'],
    ['07 September 2024', '2024-09-07'],
    ['2024-05-07', '2024-05-07'],
    [' 29/02/2024 ', '2024-02-29'],
  ])('reads %j as %s (day first)', (text, iso) => {
    expect(parseTypedDay(text)).toBe(iso);
  });

  it.each([
    '31/02/2024',
    '29/02/2023',
    '13/13/2024',
    '00/01/2024',
    '07 Foo 2024',
    '2024-02-30',
    'yesterday',
    '',
  ])('refuses %j', (text) => {
    expect(parseTypedDay(text)).toBeNull();
  });

  it('reads back every day as the screens write it and as users type it', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1990-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        (d) => {
          const iso = d.toISOString().slice(0, 10);
          const [y, m, day] = iso.split('-');
          expect(parseTypedDay(formatDate(iso))).toBe(iso);
          expect(parseTypedDay(`${day}/${m}/${y}`)).toBe(iso);
          expect(parseTypedDay(`${day}-${m}-${y}`)).toBe(iso);
          expect(parseTypedDay(iso)).toBe(iso);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
