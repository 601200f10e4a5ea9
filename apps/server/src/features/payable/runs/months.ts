import type { FinancialYear } from '@taxrecon/shared';
import { financialYearStart, MONTH_NAMES } from '@taxrecon/shared';
import type { Queryable } from '../inputs/queryable.ts';

// The twelve months of a financial year, April to March, and what the 34A
// screen needs to know of each (DOMAIN 7.9: month M is computed only after
// M-1; a verified month is locked).

export const monthsOfYear = (fy: FinancialYear): string[] => {
  const start = financialYearStart(fy);
  return Array.from({ length: 12 }, (_, i) => {
    const m = ((i + 3) % 12) + 1;
    const y = i < 9 ? start : start + 1;
    return `${y}-${String(m).padStart(2, '0')}`;
  });
};

export const monthLabel = (month: string): string =>
  `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

// The last day of a month, ISO.
export const monthEnd = (month: string): string => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const day = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${month}-${String(day).padStart(2, '0')}`;
};

export const quarterOfMonth = (month: string): 'Q1' | 'Q2' | 'Q3' | 'Q4' => {
  const m = Number(month.slice(5, 7));
  return m >= 4 && m <= 6 ? 'Q1' : m >= 7 && m <= 9 ? 'Q2' : m >= 10 ? 'Q3' : 'Q4';
};

export interface MonthState {
  month: string;
  computed: boolean;
  verified: boolean;
  missingPrevious: boolean;
  files: number;
}

export const monthStates = async (
  db: Queryable,
  entityId: string,
  fy: FinancialYear,
): Promise<MonthState[]> => {
  const states = await db.query<{ month: string; computed: boolean; verified: boolean }>(
    'SELECT month, computed, verified FROM payable_month_states WHERE entity_id = $1 AND financial_year = $2',
    [entityId, fy],
  );
  const files = await db.query<{ month: string; n: string }>(
    `SELECT month, count(*)::text AS n FROM payable_files
     WHERE entity_id = $1 AND kind = 'expense' AND financial_year = $2 GROUP BY month`,
    [entityId, fy],
  );
  const byMonth = new Map(states.rows.map((r) => [r.month, r]));
  const fileCount = new Map(files.rows.map((r) => [r.month, Number(r.n)]));
  const months = monthsOfYear(fy);
  return months.map((month, i) => {
    const s = byMonth.get(month);
    const previous = i === 0 ? null : byMonth.get(months[i - 1]!);
    return {
      month,
      computed: s?.computed ?? false,
      verified: s?.verified ?? false,
      missingPrevious: i > 0 && !(previous?.computed || previous?.verified),
      files: fileCount.get(month) ?? 0,
    };
  });
};

// The financial year a month (yyyy-mm) belongs to.
export const financialYearOfMonth = (month: string): FinancialYear => {
  const y = Number(month.slice(0, 4));
  const start = Number(month.slice(5, 7)) >= 4 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}` as FinancialYear;
};
