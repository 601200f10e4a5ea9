import { financialYearRange, isFinancialYear } from '@taxrecon/shared';

// The spec's calls name a financial year as 24-25; the database and the rest
// of the API as 2024-25. Both are accepted in paths; null when neither.
export const normaliseFinancialYear = (text: string): string | null => {
  const short = /^(\d{2})-(\d{2})$/.exec(text);
  const full = short ? `20${short[1]}-${short[2]}` : text;
  return isFinancialYear(full) ? full : null;
};

// A month (yyyy-mm) belongs to a financial year when it lies April..March of it.
export const monthInFinancialYear = (month: string, financialYear: string): boolean => {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month) || !isFinancialYear(financialYear)) return false;
  const { from, to } = financialYearRange(financialYear);
  return month >= from.slice(0, 7) && month <= to.slice(0, 7);
};

// 'Ledger Mar 25.csv' + '2024-04' -> 'Ledger Mar 25_2024-04.csv': the name of a
// monthly file split from an output file (one dot, as the file-name rule wants).
export const monthlyFileName = (outputFileName: string, month: string): string => {
  const dot = outputFileName.lastIndexOf('.');
  const stem = dot > 0 ? outputFileName.slice(0, dot) : outputFileName;
  return `${stem}_${month}.csv`;
};

// A split monthly file is written through our CSV writer, which quotes a
// cell starting with '-' unless it is a plain number (formula injection).
// Ledgers print reversals as '-1,00,000.00'; without its grouping commas such
// a cell is a plain number again and reaches the monthly file unquoted.
export const plainNegativeAmount = (cell: string): string =>
  /^\s*-[\d,]+(\.\d+)?\s*$/.test(cell) ? cell.trim().replace(/,/g, '') : cell;
