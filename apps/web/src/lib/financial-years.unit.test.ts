import { describe, expect, it } from 'vitest';
import {
  apiShortYear,
  latestYearWithData,
  markYearsWithData,
  shortYearLabel,
  startOfYear,
  type YearListKind,
  yearLabel,
  yearOptions,
} from './financial-years.ts';

// The spec's year list of each kind of screen, on two days: one after April
// (the financial year began this calendar year) and one in February (it began
// the calendar year before).
const NOVEMBER = new Date('2026-11-23T10:00:00Z');
const FEBRUARY = new Date('2027-02-10T10:00:00Z');

describe('the year list of each screen, as the spec writes it', () => {
  it.each<[YearListKind, Date, number, string, string, string]>([
    // spec part 2: TDS current back 8
    ['tds', NOVEMBER, 8, '2026-27', '2019-20', 'FY 2026 - 2027'],
    ['tds', FEBRUARY, 8, '2026-27', '2019-20', 'FY 2026 - 2027'],
    // spec part 2: TCS current back 5 plus next
    ['tcs', NOVEMBER, 6, '2027-28', '2022-23', 'FY 2027 - 2028'],
    ['tcs', FEBRUARY, 6, '2027-28', '2022-23', 'FY 2027 - 2028'],
    // spec part 2: reports current back 5
    ['reports', NOVEMBER, 5, '2026-27', '2022-23', 'FY 2026 - 2027'],
    // spec part 1: delete screens, 8 years from the current UTC (calendar) year
    ['delete', NOVEMBER, 8, '2026-27', '2019-20', 'FY 2026 - 2027'],
    ['delete', FEBRUARY, 8, '2027-28', '2020-21', 'FY 2027 - 2028'],
    // spec part 3: 34A and uploads, the current year and the 4 before
    ['payable', NOVEMBER, 5, '2026-27', '2022-23', 'FY 2026 - 2027'],
    ['payable', FEBRUARY, 5, '2026-27', '2022-23', 'FY 2026 - 2027'],
    // spec part 3: Form 16A the last 5 years, 'FY yyyy - yyyy+1'
    ['form16a', FEBRUARY, 5, '2026-27', '2022-23', 'FY 2026 - 2027'],
    // 26Q: the last 5 years, the year starting in April, labelled as everywhere else
    ['form26q', NOVEMBER, 5, '2026-27', '2022-23', 'FY 2026 - 2027'],
    ['form26q', FEBRUARY, 5, '2026-27', '2022-23', 'FY 2026 - 2027'],
  ])('%s on %s: %i years from %s to %s, first labelled %s', (kind, day, length, first, last, label) => {
    const years = yearOptions(kind, day);
    expect(years).toHaveLength(length);
    expect(years[0]).toEqual({ value: first, label });
    expect(years.at(-1)?.value).toBe(last);
    // latest first, one year apart
    for (let i = 1; i < years.length; i++) {
      expect(startOfYear(years[i - 1]?.value ?? '') - startOfYear(years[i]?.value ?? '')).toBe(1);
    }
  });

  it('turns the century in the short form', () => {
    expect(yearOptions('payable', new Date('2099-06-01T00:00:00Z'))[0]?.value).toBe('2099-00');
    expect(apiShortYear('2099-00')).toBe('99-00');
  });
});

describe('one year written each way', () => {
  it.each([
    ['2024-25', 'FY 2024 - 2025', '2024-25', '24-25'],
    ['24-25', 'FY 2024 - 2025', '2024-25', '24-25'],
    ['2024-2025', 'FY 2024 - 2025', '2024-25', '24-25'],
    ['FY 2019 - 2020', 'FY 2019 - 2020', '2019-20', '19-20'],
  ])('%s: on screen %s, in code %s, payable calls %s', (fy, screen, code, call) => {
    expect(yearLabel(fy)).toBe(screen);
    expect(shortYearLabel(fy)).toBe(code);
    expect(apiShortYear(fy)).toBe(call);
  });

  it.each(['', 'all', '2024', 'Q1-2024'])('leaves %j, which is not a year, as it is', (text) => {
    expect(yearLabel(text)).toBe(text);
    expect(Number.isNaN(startOfYear(text))).toBe(true);
  });
});

describe('years with data', () => {
  const offered = yearOptions('payable', NOVEMBER);

  it('marks the years that hold data and starts on the latest of them', () => {
    const marked = markYearsWithData(offered, ['2023-24', '2024-25']);
    expect(marked.map((o) => o.label)).toEqual([
      'FY 2026 - 2027',
      'FY 2025 - 2026',
      'FY 2024 - 2025 · has data',
      'FY 2023 - 2024 · has data',
      'FY 2022 - 2023',
    ]);
    expect(latestYearWithData(marked, ['2023-24', '2024-25'])).toBe('2024-25');
  });

  it('reads years with data in the short form too', () => {
    expect(latestYearWithData(offered, ['23-24'])).toBe('2023-24');
  });

  it('starts nowhere when no offered year has data', () => {
    expect(latestYearWithData(offered, [])).toBeNull();
    expect(latestYearWithData(offered, ['2010-11'])).toBeNull();
    expect(markYearsWithData(offered, ['2010-11'])).toEqual(offered);
  });

  it('labels the 26Q years as every other screen does', () => {
    const marked = markYearsWithData(yearOptions('form26q', NOVEMBER), ['2025-26']);
    expect(marked[1]?.label).toBe('FY 2025 - 2026 · has data');
  });
});
