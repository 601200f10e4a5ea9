import { startOfYear } from '../../../lib/financial-years.ts';

const NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

// Spec part 3 section 9: months run April to March; January to March belong to
// the following calendar year. `month` is 1..12.
export const calendarYearOf = (fy: string, month: number): number => startOfYear(fy) + (month <= 3 ? 1 : 0);

// 'MM-YYYY' or 'YYYY-MM' -> 'Apr 2024'; anything else is shown as it came.
export const monthYearLabel = (monthYear: string): string => {
  const a = /^(\d{1,2})[-/](\d{4})$/.exec(monthYear);
  const b = /^(\d{4})[-/](\d{1,2})$/.exec(monthYear);
  const [month, year] = a ? [Number(a[1]), a[2]] : b ? [Number(b[2]), b[1]] : [0, ''];
  return month >= 1 && month <= 12 ? `${NAMES[month - 1]} ${year}` : monthYear;
};

export const monthName = (month: number): string => NAMES[month - 1] ?? String(month);
