import { formatInr, paiseOrZero } from '@taxrecon/shared';

// Amounts arrive as exact rupee strings ('1234.50', '-12.5'). Totals the screen
// builds itself (selected rows, differences) are added as integer paise, never
// as floats, with @taxrecon/shared's money module.

// '123456.5' -> '₹1,23,456.50'; a dash for no amount.
export const inr = (amount: string | null | undefined): string =>
  amount === null || amount === undefined || amount === '' ? '—' : formatInr(paiseOrZero(amount));

export const sumAmounts = <T>(rows: readonly T[], of: (row: T) => string | null | undefined): number =>
  rows.reduce((total, row) => total + paiseOrZero(of(row)), 0);

export const percent = (value: number, digits = 2): string => `${value.toFixed(digits)}%`;

// Rupees as a person types them: digits with at most two decimals.
export const RUPEES_INPUT = /^\d{1,13}(\.\d{1,2})?$/;
export const SIGNED_RUPEES_INPUT = /^-?\d{1,13}(\.\d{1,2})?$/;
