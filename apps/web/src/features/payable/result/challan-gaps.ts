import type { PayableMonthlyRow } from '@taxrecon/contracts';
import { monthYearLabel } from '../common/months.ts';

// 'YYYY-MM' or 'MM-YYYY' -> a month count that runs on across years (for spotting neighbours).
const monthIndex = (monthYear: string): number | null => {
  const a = /^(\d{1,2})[-/](\d{4})$/.exec(monthYear);
  const b = /^(\d{4})[-/](\d{1,2})$/.exec(monthYear);
  const [year, month] = a ? [Number(a[2]), Number(a[1])] : b ? [Number(b[1]), Number(b[2])] : [0, 0];
  return month >= 1 && month <= 12 ? year * 12 + (month - 1) : null;
};

// The computed months (those with summary lines) whose lines have no challan:
// Form 3CD's "tax deposited" adds up the challans entered, so a month without
// any makes deposited fall short of deducted though the tax may have been paid.
export const monthsWithoutChallans = (
  monthly: readonly Pick<PayableMonthlyRow, 'monthYear' | 'challansCount'>[],
): string[] => {
  const challans = new Map<string, number>();
  for (const row of monthly)
    challans.set(row.monthYear, (challans.get(row.monthYear) ?? 0) + row.challansCount);
  return [...challans]
    .filter(([month, n]) => n === 0 && monthIndex(month) !== null)
    .map(([month]) => month)
    .sort((x, y) => (monthIndex(x) ?? 0) - (monthIndex(y) ?? 0));
};

// ['2024-06', '2024-10', '2024-11', '2024-12'] -> 'Jun 2024, Oct 2024 – Dec 2024'
export const monthRanges = (months: readonly string[]): string => {
  const runs: string[][] = [];
  for (const month of months) {
    const run = runs.at(-1);
    const last = run?.at(-1);
    if (run && last !== undefined && monthIndex(month) === (monthIndex(last) ?? Number.NaN) + 1)
      run.push(month);
    else runs.push([month]);
  }
  return runs
    .map((run) =>
      run.length === 1
        ? monthYearLabel(run[0]!)
        : `${monthYearLabel(run[0]!)} – ${monthYearLabel(run.at(-1)!)}`,
    )
    .join(', ');
};

// The sentence under the Form 3CD heading, or null when every computed month has a challan.
export const challanGapNotice = (
  monthly: readonly Pick<PayableMonthlyRow, 'monthYear' | 'challansCount'>[],
): string | null => {
  const missing = monthsWithoutChallans(monthly);
  return missing.length === 0
    ? null
    : `No challans entered for ${monthRanges(missing)}: tax deposited counts only the challans entered.`;
};
