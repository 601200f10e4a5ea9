// A financial year is "2024-25" in code and APIs and runs 1 April 2024 to 31 March 2025.
export type FinancialYear = `${number}-${number}`;

const FY_PATTERN = /^(\d{4})-(\d{2})$/;

export const isFinancialYear = (s: string): s is FinancialYear => {
  const m = FY_PATTERN.exec(s);
  return !!m && (Number(m[1]) + 1) % 100 === Number(m[2]);
};

export const financialYearStart = (fy: FinancialYear): number => Number(fy.slice(0, 4));

export const financialYearOf = (isoDate: string): FinancialYear => {
  const year = Number(isoDate.slice(0, 4));
  const month = Number(isoDate.slice(5, 7));
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}` as FinancialYear;
};

// "2024-25" -> "FY 2024 - 2025", as the screens show it.
export const financialYearLabel = (fy: FinancialYear): string => {
  const start = financialYearStart(fy);
  return `FY ${start} - ${start + 1}`;
};

export const financialYearRange = (fy: FinancialYear): { from: string; to: string } => {
  const start = financialYearStart(fy);
  return { from: `${start}-04-01`, to: `${start + 1}-03-31` };
};

export const quarterOf = (isoDate: string): 'Q1' | 'Q2' | 'Q3' | 'Q4' => {
  const month = Number(isoDate.slice(5, 7));
  if (month >= 4 && month <= 6) return 'Q1';
  if (month >= 7 && month <= 9) return 'Q2';
  if (month >= 10) return 'Q3';
  return 'Q4';
};
