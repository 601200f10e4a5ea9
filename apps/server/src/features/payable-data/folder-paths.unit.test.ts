import { describe, expect, it } from 'vitest';
import {
  monthInFinancialYear,
  monthlyFileName,
  normaliseFinancialYear,
  plainNegativeAmount,
} from './folder-paths.ts';

describe('payable folder paths', () => {
  it.each([
    ['24-25', '2024-25'],
    ['2024-25', '2024-25'],
    ['99-00', '2099-00'],
    ['24-26', null],
    ['2024-2025', null],
    ['x', null],
  ])('reads the financial year %s as %s', (text, expected) => {
    expect(normaliseFinancialYear(text)).toBe(expected);
  });

  it.each([
    ['2024-04', '2024-25', true],
    ['2025-03', '2024-25', true],
    ['2025-04', '2024-25', false],
    ['2024-03', '2024-25', false],
    ['2024-13', '2024-25', false],
  ])('month %s in %s: %s', (month, fy, expected) => {
    expect(monthInFinancialYear(month, fy)).toBe(expected);
  });

  it('names a split monthly file after the output file and its month, with one dot', () => {
    expect(monthlyFileName('Output File FY24.csv', '2024-04')).toBe('Output File FY24_2024-04.csv');
    expect(monthlyFileName('ledger', '2025-03')).toBe('ledger_2025-03.csv');
  });

  it.each([
    ['-1,00,000.50', '-100000.50'],
    [' -2,500 ', '-2500'],
    ['1,00,000.00', '1,00,000.00'],
    ['-abc', '-abc'],
    ['=SUM(A1)', '=SUM(A1)'],
  ])('writes the ledger cell %s as %s in a monthly file', (cell, expected) => {
    expect(plainNegativeAmount(cell)).toBe(expected);
  });
});
