import { formatInr, paiseOrZero, rupeesNumber } from '@taxrecon/shared';

// Amounts come from the server as exact decimal strings ('12345.60'); they are
// read as paise, never as floats.
export const formatRupees = (amount: string | null | undefined): string =>
  amount === null || amount === undefined || amount === '' ? '' : formatInr(paiseOrZero(amount));

// For the Excel export: a number cell, so the sheet can sum it.
export const amountCell = (amount: string | null | undefined): number | null =>
  amount === null || amount === undefined || amount === '' ? null : rupeesNumber(paiseOrZero(amount));

// '2024-04-01' -> '01 Apr 2024'
export { formatDate } from '../../lib/format.ts';

// '10' -> '10%'
export const formatRate = (rate: string | null | undefined): string => (rate ? `${rate}%` : '');
