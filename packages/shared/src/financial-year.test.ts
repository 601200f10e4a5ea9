import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  financialYearLabel,
  financialYearOf,
  financialYearRange,
  isFinancialYear,
  quarterOf,
} from './financial-year.ts';

describe('financial years (April to March)', () => {
  it.each([
    ['2024-04-01', '2024-25', 'Q1'],
    ['2024-06-30', '2024-25', 'Q1'],
    ['2024-07-01', '2024-25', 'Q2'],
    ['2024-12-31', '2024-25', 'Q3'],
    ['2025-01-01', '2024-25', 'Q4'],
    ['2025-03-31', '2024-25', 'Q4'],
    ['2025-04-01', '2025-26', 'Q1'],
    ['1999-05-10', '1999-00', 'Q1'],
  ])('%s is in %s, %s', (date, fy, quarter) => {
    expect(financialYearOf(date)).toBe(fy);
    expect(quarterOf(date)).toBe(quarter);
  });

  it.each(['2024-25', '1999-00', '2099-00'])('%s is a financial year', (fy) =>
    expect(isFinancialYear(fy)).toBe(true),
  );
  it.each(['2024-26', '2024-2025', '24-25', '2024/25', ''])('%j is not', (fy) =>
    expect(isFinancialYear(fy)).toBe(false),
  );

  it('labels and spans a year as the screens and queries do', () => {
    expect(financialYearLabel('2024-25')).toBe('FY 2024 - 2025');
    expect(financialYearRange('2024-25')).toEqual({ from: '2024-04-01', to: '2025-03-31' });
  });

  it('puts every date of a year inside that year', () => {
    const day = fc
      .integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2090, 11, 31) })
      .map((ms) => new Date(ms).toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, (date) => {
        const fy = financialYearOf(date);
        const { from, to } = financialYearRange(fy);
        return isFinancialYear(fy) && from <= date && date <= to;
      }),
    );
  });
});
