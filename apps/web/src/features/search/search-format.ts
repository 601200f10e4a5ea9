import { formatInr, paiseOrZero, rupeesNumber } from '@taxrecon/shared';
import { format, isValid, parseISO } from 'date-fns';

// Amounts come from the server as exact decimal strings ('12345.60'); they are
// read as paise, never as floats.
export const formatRupees = (amount: string | null | undefined): string =>
  amount === null || amount === undefined || amount === '' ? '' : formatInr(paiseOrZero(amount));

// For the Excel export: a number cell, so the sheet can sum it.
export const amountCell = (amount: string | null | undefined): number | null =>
  amount === null || amount === undefined || amount === '' ? null : rupeesNumber(paiseOrZero(amount));

// '2024-04-01' -> '01 Apr 2024'
export const formatDate = (iso: string | null | undefined): string => {
  if (!iso) return '';
  const date = parseISO(iso);
  return isValid(date) ? format(date, 'dd MMM yyyy') : iso;
};

// '10' -> '10%'
export const formatRate = (rate: string | null | undefined): string => (rate ? `${rate}%` : '');
