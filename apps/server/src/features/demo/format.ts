import type { Paise } from '@taxrecon/shared';

// Dates are ISO yyyy-mm-dd strings; the files spell them as their sources do
// (TRACES 15-Apr-2024, Tally 1-Apr-2024). Arithmetic in UTC days: business
// dates have no time zone.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY_MS = 86_400_000;

const parts = (iso: string): [number, number, number] => [
  Number(iso.slice(0, 4)),
  Number(iso.slice(5, 7)),
  Number(iso.slice(8, 10)),
];

export const dayNumber = (iso: string): number => {
  const [y, m, d] = parts(iso);
  return Date.UTC(y, m - 1, d) / DAY_MS;
};

export const isoFromDayNumber = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

export const addDays = (iso: string, days: number): string => isoFromDayNumber(dayNumber(iso) + days);

export const minDate = (a: string, b: string): string => (a < b ? a : b);

export const maxDate = (a: string, b: string): string => (a > b ? a : b);

// Last day of the quarter (Apr-Jun, Jul-Sep, Oct-Dec, Jan-Mar) holding the date.
export const quarterEnd = (iso: string): string => {
  const [y, m] = parts(iso);
  const endMonth = Math.ceil(m / 3) * 3;
  return isoFromDayNumber(Date.UTC(y, endMonth, 0) / DAY_MS);
};

// Tally registers: 1-Apr-2024.
export const tallyDate = (iso: string): string => {
  const [y, m, d] = parts(iso);
  return `${d}-${MONTHS[m - 1]}-${y}`;
};

// Tax at a rate in basis points (10% = 1000), rounded to the paisa.
export const taxAt = (amount: number, basisPoints: number): Paise =>
  Math.round((amount * basisPoints) / 10_000) as Paise;

// A rate in basis points as a register prints it: 10, 2, 0.1.
export const ratePercent = (basisPoints: number): string => String(basisPoints / 100);
