import { type Paise, parseRupees, rupeesToPaise } from '@taxrecon/shared';

export type AmountResult = { ok: true; value: Paise } | { ok: false; expected: string };

export const AMOUNT_EXPECTED = 'an amount in rupees such as 1,00,000.50 or -250.00';
export const RATE_EXPECTED = 'a rate in percent such as 10, 0.1 or 2%';

const CURRENCY_PREFIX = /^(?:rs\.?|inr|₹)\s*/i;

// Spreadsheet cells arrive as numbers (rupees as a double); text cells go
// through parseRupees so "1,00,000.50" and "(300)" are exact.
export const parseAmount = (input: string | number): AmountResult => {
  if (typeof input === 'number') {
    if (!Number.isFinite(input) || Math.abs(input) >= Number.MAX_SAFE_INTEGER / 100) return fail;
    const p = rupeesToPaise(input);
    return { ok: true, value: (p === 0 ? 0 : p) as Paise };
  }
  const value = parseRupees(bare(input) ? input : input.trim().replace(CURRENCY_PREFIX, ''));
  return value === null ? fail : { ok: true, value };
};

// A cell that starts with a digit or a minus and ends with a digit has no
// space to trim and no currency in front: nearly every amount in a register,
// read without the two passes (five amounts a row, a million rows).
const bare = (text: string): boolean => {
  const first = text.charCodeAt(0);
  const last = text.charCodeAt(text.length - 1);
  return (first === 45 || (first >= 48 && first <= 57)) && last >= 48 && last <= 57;
};
const fail: AmountResult = { ok: false, expected: AMOUNT_EXPECTED };

// TDS/TCS rates are percentages with up to four decimals (0.1, 0.075, 2).
export const parseRate = (
  input: string | number,
): { ok: true; value: number } | { ok: false; expected: string } => {
  const text = typeof input === 'number' ? String(input) : input.trim().replace(/\s*%$/, '');
  if (!/^\d{1,3}(?:\.\d{1,6})?$/.test(text)) return { ok: false, expected: RATE_EXPECTED };
  const value = Number(text);
  return value <= 100
    ? { ok: true, value: Math.round(value * 10_000) / 10_000 }
    : { ok: false, expected: RATE_EXPECTED };
};
