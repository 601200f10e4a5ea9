import { formatFinancialYear } from '../../lib/format.ts';

// Spec part 2 section 9: TDS screens offer the current year and 7 before it,
// counted from the current UTC year: '2024-25' shown as 'FY 2024 - 2025'.
export const financialYearOptions = (now = new Date(), years = 8): { value: string; label: string }[] => {
  const current = now.getUTCFullYear();
  return Array.from({ length: years }, (_, i) => {
    const start = current - i;
    const value = `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
    return { value, label: formatFinancialYear(value) };
  });
};
