import { FORM26Q_MESSAGES, FORM26Q_QUARTERS, toPayableFy } from '@taxrecon/contracts';
import { isFinancialYear } from '@taxrecon/shared';
import { badRequest } from '../../platform/http/errors.ts';

export type Quarter = (typeof FORM26Q_QUARTERS)[number];

// '2024-25' or '24-25' and 'Q1'..'Q4', else the spec's message.
export const yearAndQuarter = (financialYear: string, quarter: string): { fy: string; quarter: Quarter } => {
  const fy = toPayableFy(financialYear.trim());
  const q = quarter.trim().toUpperCase();
  const wrong = [
    isFinancialYear(fy) ? null : `'${financialYear.trim()}' is not a financial year (e.g. 2024-25)`,
    (FORM26Q_QUARTERS as readonly string[]).includes(q)
      ? null
      : `'${quarter.trim()}' is not a quarter (Q1 to Q4)`,
  ].filter((w): w is string => w !== null);
  if (wrong.length) throw badRequest(`${FORM26Q_MESSAGES.yearQuarter} ${wrong.join('; ')}.`, 'YEAR_QUARTER');
  return { fy, quarter: q as Quarter };
};

// The three months (yyyy-mm) of a quarter of a financial year starting in April.
export const quarterMonths = (fy: string, quarter: Quarter): string[] => {
  const start = Number(fy.slice(0, 4));
  const first = { Q1: 4, Q2: 7, Q3: 10, Q4: 13 }[quarter];
  return [0, 1, 2].map((i) => {
    const m = first + i;
    const year = m > 12 ? start + 1 : start;
    return `${year}-${String(m > 12 ? m - 12 : m).padStart(2, '0')}`;
  });
};
