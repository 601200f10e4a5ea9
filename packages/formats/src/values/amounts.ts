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
  const value = parseRupees(input.trim().replace(CURRENCY_PREFIX, ''));
  return value === null ? fail : { ok: true, value };
};
const fail: AmountResult = { ok: false, expected: AMOUNT_EXPECTED };

// Fast path for the plain "-1234,567.89" amounts of 26AS rows: a hand loop is
// several times quicker than the general parser; anything unusual falls back to it.
export const parseAmountFast = (text: string): Paise | null => {
  const n = text.length;
  let i = 0;
  let negative = false;
  if (n > 0 && text.charCodeAt(0) === 45) {
    negative = true;
    i = 1;
  }
  let whole = 0;
  let digits = 0;
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      whole = whole * 10 + (c - 48);
      digits++;
    } else if (c !== 44) break;
  }
  let cents = 0;
  if (i < n) {
    if (text.charCodeAt(i) !== 46 || n - i > 3 || digits === 0) return parseRupees(text);
    const d1 = n - i > 1 ? text.charCodeAt(i + 1) - 48 : 0;
    const d2 = n - i > 2 ? text.charCodeAt(i + 2) - 48 : 0;
    if (d1 < 0 || d1 > 9 || d2 < 0 || d2 > 9) return parseRupees(text);
    cents = d1 * 10 + d2;
  } else if (digits === 0) return parseRupees(text);
  if (digits > 13) return parseRupees(text);
  const value = whole * 100 + cents;
  return (negative && value !== 0 ? -value : value) as Paise;
};

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
