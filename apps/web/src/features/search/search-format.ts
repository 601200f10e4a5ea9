import { format, isValid, parseISO } from 'date-fns';
import { formatInr } from '../../lib/format.ts';

// Amounts come from the server as exact decimal strings ('12345.60'); they are
// only turned into numbers here, for display, never to add them up.
export const formatRupees = (amount: string | null | undefined): string =>
  amount === null || amount === undefined || amount === '' ? '' : formatInr(Number(amount));

// For the Excel export: a number cell, so the sheet can sum it.
export const amountCell = (amount: string | null | undefined): number | null =>
  amount === null || amount === undefined || amount === '' ? null : Number(amount);

// '2024-04-01' -> '01 Apr 2024'
export const formatDate = (iso: string | null | undefined): string => {
  if (!iso) return '';
  const date = parseISO(iso);
  return isValid(date) ? format(date, 'dd MMM yyyy') : iso;
};

// '10' -> '10%'
export const formatRate = (rate: string | null | undefined): string => (rate ? `${rate}%` : '');
