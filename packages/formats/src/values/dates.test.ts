import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { excelSerialToIso, isoDate, parseDate, parseDateCached } from './dates.ts';

describe('parseDate', () => {
  it.each([
    ['23-09-2025', '2025-09-23'],
    ['23/09/2025', '2025-09-23'],
    ['3/9/2025', '2025-09-03'],
    ['23.09.2025', '2025-09-23'],
    ['23/09/25', '2025-09-23'],
    ['01-04-99', '1999-04-01'],
    ['23-Sep-2025', '2025-09-23'],
    ['23-SEP-2025', '2025-09-23'],
    ['1-Apr-24', '2024-04-01'],
    ['23 September 2025', '2025-09-23'],
    ['23-Sept-2025', '2025-09-23'],
    ['29-Feb-2024', '2024-02-29'],
    ['2025-09-23', '2025-09-23'],
    ['2025-09-23T00:00:00.000Z', '2025-09-23'],
    ['2025-09-23 00:00:00', '2025-09-23'],
    ['  31-03-2025 ', '2025-03-31'],
    ['45292', '2024-01-01'],
    ['45292.5', '2024-01-01'],
  ])('%j -> %s', (text, iso) => {
    expect(parseDate(text)).toEqual({ ok: true, value: iso });
  });

  it.each([
    '',
    '-',
    '31-Sep-2025',
    '29-02-2023',
    '32/01/2025',
    '12/13/2025',
    '23-Sup-2025',
    '2025/09/23x',
    'Total',
    '0',
    '60', // Excel's fictitious 29-Feb-1900
    '99999999',
  ])('%j is not a date', (text) => {
    expect(parseDate(text)).toMatchObject({ ok: false });
  });

  it.each([
    [1, '1900-01-01'],
    [59, '1900-02-28'],
    [61, '1900-03-01'],
    [45658, '2025-01-01'],
    [45922, '2025-09-22'],
  ])('Excel serial %d -> %s', (serial, iso) => {
    expect(excelSerialToIso(serial)).toBe(iso);
    expect(parseDate(serial)).toEqual({ ok: true, value: iso });
  });

  it('reads spreadsheet Date objects as UTC dates', () => {
    expect(parseDate(new Date(Date.UTC(2024, 3, 1)))).toEqual({ ok: true, value: '2024-04-01' });
    expect(parseDate(new Date(Number.NaN))).toMatchObject({ ok: false });
  });

  it('caches 26AS dates without changing the answer', () => {
    expect(parseDateCached('15-Apr-2024')).toBe('2024-04-15');
    expect(parseDateCached('15-Apr-2024')).toBe('2024-04-15');
    expect(parseDateCached('31-Apr-2024')).toBeNull();
  });
});

describe('isoDate', () => {
  // the month lengths are counted, not asked of Date: they must agree with it
  it('accepts exactly the days the calendar has, leap years included', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1900, max: 2999 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        (y, m, d) => {
          const real = new Date(Date.UTC(y, m - 1, d)).getUTCMonth() === m - 1;
          expect(isoDate(y, m, d) !== null).toBe(real);
        },
      ),
      { numRuns: 5000 },
    );
    expect(isoDate(2000, 2, 29)).toBe('2000-02-29');
    expect(isoDate(2100, 2, 29)).toBeNull();
    expect(isoDate(2024, 2, 29)).toBe('2024-02-29');
  });
});
