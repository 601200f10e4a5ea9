// Spec part 3 section 9: the 34A and upload screens offer the current financial
// year (April to March) and the 4 before it, labelled 'FY Y - Y+1'; the calls
// name a year in its short form '24-25'.
export const PAYABLE_YEARS_BACK = 5;

export interface YearOption {
  value: string;
  label: string;
}

const two = (n: number): string => String(n % 100).padStart(2, '0');

// 2024 -> '24-25'
export const shortYear = (start: number): string => `${two(start)}-${two(start + 1)}`;

// '24-25' or '2024-25' -> 2024
export const startOfYear = (fy: string): number => {
  const head = fy.split('-')[0] ?? '';
  const n = Number(head);
  if (!Number.isFinite(n)) return Number.NaN;
  return head.length === 2 ? 2000 + n : n;
};

// '24-25' or '2024-25' -> 'FY 2024 - 2025'
export const yearLabel = (fy: string): string => {
  const start = startOfYear(fy);
  return Number.isFinite(start) ? `FY ${start} - ${start + 1}` : fy;
};

export const payableYearOptions = (now = new Date()): YearOption[] => {
  const current = now.getUTCMonth() >= 3 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
  return Array.from({ length: PAYABLE_YEARS_BACK }, (_, i) => {
    const start = current - i;
    return { value: shortYear(start), label: yearLabel(shortYear(start)) };
  });
};
