import { formatInr, paiseOrZero, rupeesNumber, sumPaise } from '@taxrecon/shared';

// Amounts arrive as exact rupee text ('1234.50'); the screen shows ₹ with lakh grouping.
export const inr = (amount: string | null | undefined): string =>
  amount === null || amount === undefined || amount === '' ? '—' : formatInr(paiseOrZero(amount));

// The plain number an Excel export keeps (rupees), read without float sums.
export const rupees = (amount: string | null | undefined): number => rupeesNumber(paiseOrZero(amount ?? ''));

// A column's total, added in paise, shown with ₹.
export const totalInr = <T>(rows: readonly T[], of: (row: T) => string): string =>
  formatInr(sumPaise(rows.map((r) => paiseOrZero(of(r)))));
