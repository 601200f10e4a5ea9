import { rupeesToPaise } from '@taxrecon/shared';
import { format, isValid, parseISO } from 'date-fns';

const count = new Intl.NumberFormat('en-IN');

export const formatCount = (n: number): string => count.format(n);

// '2024-25' (code and API form) -> 'FY 2024 - 2025' (screen form); the one
// writer of years is financial-years.ts.
export { yearLabel as formatFinancialYear } from './financial-years.ts';

export const formatDateTime = (iso: string | null | undefined): string => {
  if (!iso) return '';
  const date = parseISO(iso);
  return isValid(date) ? format(date, 'dd MMM yyyy, HH:mm:ss') : iso;
};

// '2024-04-21' -> '21 Apr 2024': the one way a day is written on screen, in
// grids, panels and labels alike (a review found challans in 21-04-2024,
// follow-ups in ISO and the rest in this form).
export const formatDate = (iso: string | null | undefined, empty = ''): string => {
  if (!iso) return empty;
  const date = parseISO(iso);
  return isValid(date) ? format(date, 'dd MMM yyyy') : iso;
};

// '2024-04' -> 'Apr 2024'
export const formatMonth = (month: string): string => {
  const date = parseISO(`${month}-01`);
  return isValid(date) ? format(date, 'MMM yyyy') : month;
};

// The sign-in page's "Reconciled ₹X crore": the total in crores (10 million)
// to one decimal, rounded half up in whole paise (a tenth of a crore is 1e8 paise).
export const toCrores = (rupees: number): string => {
  const p = Math.abs(rupeesToPaise(rupees));
  const tenths = (p - (p % 1e8)) / 1e8 + (p % 1e8 >= 5e7 ? 1 : 0);
  return `${rupees < 0 && tenths > 0 ? '-' : ''}${Math.trunc(tenths / 10)}.${tenths % 10}`;
};

// A compliance percentage (the server keeps 3 decimals) to one decimal, cut
// rather than rounded so that 99.96% never reads as a full 100.0%. Worked in
// whole thousandths, so 57.3 stays 57.3 whatever the float holds.
export const formatCompliance = (percent: number): string => {
  const thousandths = Math.round(percent * 1000);
  const tenths = Math.trunc(thousandths / 100);
  const sign = thousandths < 0 && tenths === 0 ? '-' : '';
  return `${sign}${(tenths / 10).toFixed(1)}%`;
};

export const truncate = (text: string, length: number): string =>
  text.length > length ? `${text.slice(0, length)}…` : text;

// Whole rupees (a chart axis, a tolerance) with the rupee sign and lakh
// grouping: 85482 -> '₹85,482', 206150 -> '₹2,06,150'.
const WHOLE_INR = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});
export const formatWholeRupees = (rupees: number): string => WHOLE_INR.format(rupees);
