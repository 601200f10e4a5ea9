import { formatFinancialYear } from '../../lib/format.ts';

// Spec part 3 section 9: the upload screens offer the current financial year
// and the 4 before it, 'FY Y - Y+1'; the calls use the form 24-25.
export const uploadYearOptions = (now = new Date()): { value: string; label: string }[] => {
  const month = now.getUTCMonth() + 1;
  const current = month >= 4 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
  return Array.from({ length: 5 }, (_, i) => {
    const start = current - i;
    const value = `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
    return { value, label: formatFinancialYear(value) };
  });
};

// '2024-25' -> '24-25', the year as the spec's paths write it.
export const shortYear = (fy: string): string => fy.slice(2);

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

// The months of a financial year, April to March (January to March belong to
// the following calendar year): value yyyy-mm, label 'April 2024'.
export const monthOptions = (fy: string | null): { value: string; label: string }[] => {
  if (!fy) return [];
  const start = Number(fy.slice(0, 4));
  return Array.from({ length: 12 }, (_, i) => {
    const month = ((i + 3) % 12) + 1;
    const year = month >= 4 ? start : start + 1;
    return { value: `${year}-${String(month).padStart(2, '0')}`, label: `${MONTH_NAMES[month - 1]} ${year}` };
  });
};

// 1234567 bytes -> '1.2 MB'; small files in KB.
export const formatFileSize = (bytes: number): string => {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} KB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
};
