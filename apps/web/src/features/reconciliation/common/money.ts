import { formatInr } from '../../../lib/format.ts';

// Amounts arrive as exact rupee strings ('1234.50', '-12.5'). Totals the screen
// builds itself (selected rows, differences) are added as integer paise, never
// as floats; numbers are made only to display.

export const toPaise = (amount: string | null | undefined): number => {
  const text = (amount ?? '').trim();
  const match = /^(-?)(\d*)(?:\.(\d{0,2})\d*)?$/.exec(text);
  if (!text || !match) return 0;
  const [, sign, whole = '', fraction = ''] = match;
  const value = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  return sign === '-' ? -value : value;
};

export const sumPaise = <T>(rows: readonly T[], of: (row: T) => string | null | undefined): number =>
  rows.reduce((total, row) => total + toPaise(of(row)), 0);

export const paiseToRupees = (paise: number): string => {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

// '123456.5' -> '₹1,23,456.50'
export const inr = (amount: string | null | undefined): string =>
  amount === null || amount === undefined || amount === '' ? '—' : formatInr(toPaise(amount) / 100);

export const inrPaise = (paise: number): string => formatInr(paise / 100);

export const percent = (value: number, digits = 2): string => `${value.toFixed(digits)}%`;

// Rupees as a person types them: digits with at most two decimals.
export const RUPEES_INPUT = /^\d{1,13}(\.\d{1,2})?$/;
export const SIGNED_RUPEES_INPUT = /^-?\d{1,13}(\.\d{1,2})?$/;
