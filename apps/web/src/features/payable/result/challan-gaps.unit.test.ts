import { describe, expect, it } from 'vitest';
import { challanGapNotice, monthRanges, monthsWithoutChallans } from './challan-gaps.ts';

const line = (monthYear: string, challansCount: number) => ({ monthYear, challansCount });

// the demo's year: challans entered for Q1 and Q2 only, the ledger computed to March
const DEMO = [
  ...['2024-04', '2024-05', '2024-06', '2024-07', '2024-08', '2024-09'].flatMap((m) => [
    line(m, 1),
    line(m, 0),
  ]),
  ...['2024-10', '2024-11', '2024-12', '2025-01', '2025-02', '2025-03'].flatMap((m) => [
    line(m, 0),
    line(m, 0),
  ]),
];

describe('months without challans on the Form 3CD table', () => {
  it('names the computed months none of whose lines has a challan', () => {
    expect(monthsWithoutChallans(DEMO)).toEqual([
      '2024-10',
      '2024-11',
      '2024-12',
      '2025-01',
      '2025-02',
      '2025-03',
    ]);
  });

  it('says plainly which months have none and what deposited then counts', () => {
    expect(challanGapNotice(DEMO)).toBe(
      'No challans entered for Oct 2024 – Mar 2025: tax deposited counts only the challans entered.',
    );
  });

  it('writes separate runs of months apart, across the calendar year', () => {
    expect(monthRanges(['2024-06', '2024-12', '2025-01', '2025-03'])).toBe(
      'Jun 2024, Dec 2024 – Jan 2025, Mar 2025',
    );
  });

  it('says nothing when every computed month has a challan', () => {
    expect(challanGapNotice([line('2024-04', 2), line('2024-05', 1), line('2024-05', 0)])).toBeNull();
    expect(challanGapNotice([])).toBeNull();
  });
});
