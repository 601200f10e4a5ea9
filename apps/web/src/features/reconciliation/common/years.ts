import { type ReconKind, TCS_YEARS_BACK, TDS_YEARS_BACK } from '@taxrecon/contracts';
import { formatFinancialYear } from '../../../lib/format.ts';

const yearOf = (start: number): string => `${start}-${String((start + 1) % 100).padStart(2, '0')}`;

// Spec 2.1 and 2.2 (section 9): TDS offers the current year and the 7 before
// it, TCS the next year, the current one and the 4 before it, counted as the
// data screens count ("back 8" years in all). The current year is the
// financial year of today (April to March).
export const reconYearOptions = (kind: ReconKind, now = new Date()): { value: string; label: string }[] => {
  const current = now.getUTCMonth() >= 3 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
  const starts =
    kind === 'TDS'
      ? Array.from({ length: TDS_YEARS_BACK }, (_, i) => current - i)
      : Array.from({ length: TCS_YEARS_BACK + 1 }, (_, i) => current + 1 - i);
  return starts.map((start) => ({ value: yearOf(start), label: formatFinancialYear(yearOf(start)) }));
};

// The job lists show a year as YYYY-YYYY+1.
export const longYear = (fy: string): string => {
  const start = Number(fy.slice(0, 4));
  return Number.isFinite(start) ? `${start}-${start + 1}` : fy;
};
