// Money is integer paise everywhere in code; rupees appear only at the edges
// (files users bring, JSON for people, the screen). Never add floats.
declare const paiseBrand: unique symbol;
export type Paise = number & { readonly [paiseBrand]: true };

export const paise = (n: number): Paise => {
  if (!Number.isSafeInteger(n)) throw new RangeError(`not a whole number of paise: ${n}`);
  return n as Paise;
};

export const ZERO_PAISE = 0 as Paise;

export const addPaise = (a: Paise, b: Paise): Paise => (a + b) as Paise;

export const sumPaise = (values: Iterable<Paise>): Paise => {
  let total = 0;
  for (const v of values) total += v;
  return total as Paise;
};

// "1,00,000.50", "-12.5", "(300)" -> paise, exactly, from the text; null if it is not a number.
// Grouping commas anywhere are accepted because Indian and Western grouping both occur.
export const parseRupees = (text: string): Paise | null => {
  let s = text.trim().replace(/,/g, '').replace(/^₹\s*/, '');
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1).trim();
  }
  if (s.startsWith('-')) {
    negative = !negative;
    s = s.slice(1);
  } else if (s.startsWith('+')) s = s.slice(1);
  const m = /^(\d*)(?:\.(\d*))?$/.exec(s);
  if (!m || (m[1] === '' && (m[2] ?? '') === '')) return null;
  const whole = m[1] === '' ? 0 : Number(m[1]);
  const fraction = m[2] ?? '';
  // More than two decimals: round half away from zero on the third.
  const cents = Number(`${fraction}00`.slice(0, 2));
  const roundUp = fraction.length > 2 && Number(fraction[2]) >= 5 ? 1 : 0;
  const value = whole * 100 + cents + roundUp;
  if (!Number.isSafeInteger(value)) return null;
  return (negative && value !== 0 ? -value : value) as Paise;
};

// Paise -> "1234.50" (no grouping: for files and JSON, not for the screen).
export const formatRupees = (p: Paise | number): string => {
  const negative = p < 0;
  const abs = Math.abs(p);
  const text = `${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return negative ? `-${text}` : text;
};

export const rupeesToPaise = (rupees: number): Paise => paise(Math.round(rupees * 100));
