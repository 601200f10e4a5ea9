import { parseRupees } from '@taxrecon/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAmount, parseRate } from './amounts.ts';

describe('parseAmount', () => {
  it.each([
    ['1,00,000.50', 10_000_050],
    ['250000.00', 25_000_000],
    ['-40,000.00', -4_000_000],
    ['(300)', -30_000],
    ['Rs. 1,234.5', 123_450],
    ['₹ 99', 9_900],
    ['INR 10', 1_000],
    ['0.00', 0],
    ['-0.00', 0],
  ])('%j -> %d paise', (text, paise) => {
    expect(parseAmount(text)).toEqual({ ok: true, value: paise });
  });

  it.each([1234.56, 0.1 + 0.2, -40000, 0])('spreadsheet number %d is rounded to paise', (n) => {
    expect(parseAmount(n)).toEqual({ ok: true, value: Math.round(n * 100) });
  });

  it.each(['', 'abc', '1.2.3', '12-', 'Dr'])('%j is not an amount', (text) => {
    expect(parseAmount(text)).toMatchObject({ ok: false });
  });
});

describe('parseAmount on text', () => {
  // the definition before bare amounts skipped the trim and the currency look
  const byTrim = (text: string) => parseRupees(text.trim().replace(/^(?:rs\.?|inr|₹)\s*/i, ''));

  it('reads any text as trimming it and dropping a currency in front does', () => {
    const cell = fc.oneof(
      fc.string({ unit: fc.constantFrom(...'0123456789,.-() ₹RrSsIiNn\t'.split('')), maxLength: 16 }),
      fc.string({ maxLength: 8 }),
      fc.integer({ min: -(10 ** 15), max: 10 ** 15 }).map((n) => (n / 100).toFixed(2)),
    );
    fc.assert(
      fc.property(cell, (text) => {
        const read = parseAmount(text);
        expect(read.ok ? read.value : null).toBe(byTrim(text));
      }),
      { numRuns: 5000 },
    );
  });
});

describe('parseRupees on the amounts of 26AS rows', () => {
  it.each([
    ['150000.00', 15_000_000],
    ['-1,20,000.00', -12_000_000],
    ['7', 700],
    ['7.5', 750],
    ['12.', 1200],
    ['1.005', 101],
    [' 12 ', 1200],
    ['', null],
    ['-', null],
    ['1e5', null],
  ])('%j -> %s', (text, paise) => {
    expect(parseRupees(text)).toBe(paise);
  });
});

describe('parseRate', () => {
  it.each([
    ['10', 10],
    ['0.1', 0.1],
    ['2%', 2],
    [' 0.075 % ', 0.075],
    [5, 5],
  ])('%j -> %d', (text, rate) => {
    expect(parseRate(text)).toEqual({ ok: true, value: rate });
  });

  it.each(['', 'ten', '101', '-1'])('%j is not a rate', (text) => {
    expect(parseRate(text)).toMatchObject({ ok: false });
  });
});
