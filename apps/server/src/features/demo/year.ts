import { type FinancialYear, financialYearRange, financialYearStart } from '@taxrecon/shared';

export interface YearSpan {
  financialYear: FinancialYear;
  // 2024 for 2024-25.
  startYear: number;
  from: string;
  to: string;
  // "24-25", as voucher numbers carry it.
  short: string;
}

export const yearSpan = (financialYear: FinancialYear): YearSpan => {
  const startYear = financialYearStart(financialYear);
  const { from, to } = financialYearRange(financialYear);
  return {
    financialYear,
    startYear,
    from,
    to,
    short: `${String(startYear % 100).padStart(2, '0')}-${String((startYear + 1) % 100).padStart(2, '0')}`,
  };
};
