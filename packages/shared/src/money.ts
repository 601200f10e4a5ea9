// Money is integer paise everywhere in code; rupees appear only at the edges
// (files users bring, JSON for people, SQL numeric(18,2), the screen). This
// module is the one place that crosses those edges: every conversion goes
// through decimal text, never through a float (Bigcapital issue 685 is what
// happens otherwise). money-floats.test.ts keeps float arithmetic out of the
// other money paths.
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

// --- Text people and files write -> paise -----------------------------------

// "1,00,000.50", "-12.5", "(300)", "₹1,23,456.50", "-₹5.00" -> paise, exactly,
// from the text; null if it is not a number. Grouping commas anywhere are
// accepted because Indian and Western grouping both occur. More than two
// decimals round half away from zero on the third.
export const parseRupees = (text: string): Paise | null => {
  const fast = plainRupees(text);
  return fast === undefined ? anyRupees(text) : fast;
};

// The shape nearly every amount in a register has ("-1,23,456.78"): read in
// one pass over the characters, with no intermediate strings (a register of
// lakhs of rows has several amounts a row). Anything else, or an amount too
// long for it, is left to anyRupees (undefined).
const plainRupees = (text: string): Paise | null | undefined => {
  const n = text.length;
  let i = 0;
  let negative = false;
  if (n > 0 && text.charCodeAt(0) === 45) {
    negative = true;
    i = 1;
  }
  let whole = 0;
  let digits = 0;
  let cents = 0;
  let decimals = 0;
  let roundUp = 0;
  let dot = false;
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      if (!dot) {
        whole = whole * 10 + (c - 48);
        digits++;
      } else {
        if (decimals < 2) cents = cents * 10 + (c - 48);
        else if (decimals === 2) roundUp = c >= 53 ? 1 : 0;
        decimals++;
      }
    } else if (c === 44 && !dot) {
      // grouping commas, Indian or western
    } else if (c === 46 && !dot) dot = true;
    else return undefined;
  }
  if ((digits === 0 && decimals === 0) || digits > 15) return undefined;
  if (decimals === 1) cents *= 10;
  const value = whole * 100 + cents + roundUp;
  if (!Number.isSafeInteger(value)) return undefined;
  return (negative && value !== 0 ? -value : value) as Paise;
};

// Every other form: spaces, '₹', '+', brackets for negatives, commas after the point.
const anyRupees = (text: string): Paise | null => {
  let s = text.trim().replace(/,/g, '');
  let negative = false;
  // Intl writes a negative amount as "-₹5.00": the sign comes before the symbol.
  if (s.startsWith('-₹')) {
    negative = true;
    s = s.slice(1);
  }
  s = s.replace(/^₹\s*/, '');
  if (/^\(.*\)$/.test(s)) {
    negative = !negative;
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
  const cents = Number(`${fraction}00`.slice(0, 2));
  const roundUp = fraction.length > 2 && Number(fraction[2]) >= 5 ? 1 : 0;
  const value = whole * 100 + cents + roundUp;
  if (!Number.isSafeInteger(value)) return null;
  return (negative && value !== 0 ? -value : value) as Paise;
};

// An amount a person typed into a field, written as the screen writes
// amounts: "1,05,942", "1,05,942.00", "₹1,05,942.00", "-₹5.00", "105942.5".
// Exact or nothing: a third decimal is not a whole number of paise, and a
// filter rounded to the nearest paisa would find rows the person did not ask
// for, so it is refused (null) like any other text that is not an amount.
const TYPED_RUPEES = /^-?₹?\d[\d,]*(\.\d{1,2})?$/;
export const parseTypedRupees = (text: string): Paise | null => {
  // spaces around the symbol, and the minus sign (U+2212) some sheets copy
  const t = text
    .trim()
    .replace(/^\u2212/, '-')
    .replace(/^(-?)\s*₹\s*/, '$1₹');
  return TYPED_RUPEES.test(t) ? parseRupees(t) : null;
};

// An amount the API sent ('1234.50'), or nothing, as paise: 0 for empty or
// unreadable text. For screens adding up rows they were given.
export const paiseOrZero = (text: string | null | undefined): Paise =>
  text === null || text === undefined ? ZERO_PAISE : (parseRupees(text) ?? ZERO_PAISE);

// --- Paise -> text ----------------------------------------------------------

// Paise -> "1234.50", "-0.05": no grouping, two decimals. The form of files,
// JSON and SQL numeric parameters; parseRupees and paiseOfNumeric read it back.
// Millions of calls a big year (every amount of every row written as a line),
// so no padStart and no String() of the paise.
export const formatRupees = (p: Paise | number): string => {
  const abs = p < 0 ? -p : p;
  const whole = Math.trunc(abs / 100);
  const cents = abs - whole * 100;
  const text = cents < 10 ? `${whole}.0${cents}` : `${whole}.${cents}`;
  return p < 0 ? `-${text}` : text;
};

// Intl formats a decimal string exactly (ECMA-402 NumberFormat v3), so the
// amount reaches it as text, not as a rupee double. It is the reference for
// the grouping below and formats what is not whole paise.
const INR = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
const INDIAN_GROUPED = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
type DecimalText = `${number}`;

// Whole paise, unsigned, grouped as en-IN groups them: the last three digits,
// then pairs ("1,23,45,678.50"). Written out here because Intl's format takes
// about a microsecond a call: the reasons of a million-entry payable year
// name two or three amounts each, and formatting them took 4 of its 35 s.
const lakhGrouped = (p: number): string => {
  const abs = p < 0 ? -p : p;
  const whole = Math.trunc(abs / 100);
  const cents = abs - whole * 100;
  const digits = `${whole}`;
  let head = digits.length - 3;
  let text = head > 0 ? digits.slice(head) : digits;
  while (head > 2) {
    text = `${digits.slice(head - 2, head)},${text}`;
    head -= 2;
  }
  if (head > 0) text = `${digits.slice(0, head)},${text}`;
  return cents < 10 ? `${text}.0${cents}` : `${text}.${cents}`;
};

// Paise -> "₹1,23,45,678.50", "-₹5.00": the screen form, lakh and crore grouping.
export const formatInr = (p: Paise | number): string => {
  if (!Number.isSafeInteger(p)) return INR.format(formatRupees(p) as DecimalText);
  return p < 0 ? `-₹${lakhGrouped(p)}` : `₹${lakhGrouped(p)}`;
};

// Paise -> "1,23,45,678.50": lakh grouping without the rupee sign, as Tally
// registers and some TRACES rows print amounts.
export const formatIndianRupees = (p: Paise | number): string => {
  if (!Number.isSafeInteger(p)) return INDIAN_GROUPED.format(formatRupees(p) as DecimalText);
  return p < 0 ? `-${lakhGrouped(p)}` : lakhGrouped(p);
};

// Excel's number format for a rupee cell: the ₹ sign and lakh/crore grouping,
// so the cell stays a number (sums still add up) and reads like formatInr.
// A format holds two conditions and a default, both spent on the positive
// crore and lakh patterns, so it is for amounts of zero and more: a negative
// one falls to the default, where LibreOffice prints it without its minus
// sign (checked with soffice --convert-to csv) and lakhs lose their grouping.
export const INR_EXCEL_FORMAT =
  '[>=10000000]"₹"##\\,##\\,##\\,##0.00;[>=100000]"₹"##\\,##\\,##0.00;"₹"#,##0.00';

// A negative amount gets a format without conditions, its grouping chosen by
// its size and its minus sign written in the negative section: Excel and
// LibreOffice both print that section without the number's own sign.
const NEGATIVE_INR = {
  crore: '"₹"##\\,##\\,##\\,##0.00;-"₹"##\\,##\\,##\\,##0.00',
  lakh: '"₹"##\\,##\\,##0.00;-"₹"##\\,##\\,##0.00',
  rest: '"₹"#,##0.00;-"₹"#,##0.00',
} as const;

// The format of one rupee cell (in rupees, as the cell holds them).
export const inrExcelFormat = (rupees: number): string =>
  rupees >= 0
    ? INR_EXCEL_FORMAT
    : rupees <= -10_000_000
      ? NEGATIVE_INR.crore
      : rupees <= -100_000
        ? NEGATIVE_INR.lakh
        : NEGATIVE_INR.rest;

// A row's rupee cells (those given INR_EXCEL_FORMAT, by the column or the
// cell) that hold a negative amount take its own format. Structural, so the
// shared package needs no spreadsheet library.
export const signInrCells = (row: {
  eachCell: (callback: (cell: { value: unknown; numFmt: string }) => void) => void;
}): void =>
  row.eachCell((cell) => {
    if (cell.numFmt === INR_EXCEL_FORMAT && typeof cell.value === 'number' && cell.value < 0)
      cell.numFmt = inrExcelFormat(cell.value);
  });

// --- SQL numeric(18,2) ------------------------------------------------------

// numeric text as PostgreSQL writes it ("1234.50", "-0.05", "12", "1234.5")
// -> paise, exactly; NULL and '' are 0. On the COPY hot path (every amount of
// a reconciliation is read through here): plain text of up to 15 digits and
// two decimals is read a character at a time; anything else the general way.
export const paiseOfNumeric = (text: string | null | undefined): Paise =>
  text === null || text === undefined ? ZERO_PAISE : paiseOfNumericIn(text, 0, text.length);

// The same, of the numeric text `text` holds from `from` to `to`: a COPY
// line's amount read where it stands, with no string cut out for it (the
// matching threads read two or three amounts of each of millions of lines).
export const paiseOfNumericIn = (text: string, from: number, to: number): Paise => {
  if (to <= from) return ZERO_PAISE;
  let i = text.charCodeAt(from) === 45 ? from + 1 : from;
  const negative = i > from;
  const start = i;
  let whole = 0;
  let c = 0;
  for (; i < to; i++) {
    c = text.charCodeAt(i);
    if (c < 48 || c > 57) break;
    whole = whole * 10 + (c - 48);
  }
  let cents = 0;
  if (i < to) {
    // after the digits only a dot and one or two digits are plain
    const rest = to - i - 1;
    const d1 = text.charCodeAt(i + 1) - 48;
    const d2 = rest === 2 ? text.charCodeAt(i + 2) - 48 : 0;
    if (c !== 46 || rest < 1 || rest > 2 || d1 < 0 || d1 > 9 || d2 < 0 || d2 > 9)
      return paiseOfNumericText(text.slice(from, to));
    cents = d1 * 10 + d2;
  }
  if (i - start > 15) return paiseOfNumericText(text.slice(from, to));
  const value = whole * 100 + cents;
  return (negative && value !== 0 ? -value : value) as Paise;
};

// The general way (and the definition the fast one keeps to).
export const paiseOfNumericText = (text: string): Paise => {
  const dot = text.indexOf('.');
  const negative = text.startsWith('-');
  const whole = Number(text.slice(negative ? 1 : 0, dot < 0 ? text.length : dot) || '0');
  const cents = dot < 0 ? 0 : Number(`${text.slice(dot + 1)}00`.slice(0, 2));
  const value = whole * 100 + cents;
  return (negative && value !== 0 ? -value : value) as Paise;
};

// Paise -> the text of a numeric(18,2) parameter or COPY field ("-12.05").
export const numericOfPaise = (p: Paise | number): string => formatRupees(p);

// numeric text from the database ("1234.5", "12", null) -> the API's money
// text ("1234.50"): through paise, never through a float.
export const rupeesOfNumeric = (numeric: string | number | null | undefined): string =>
  formatRupees(paiseOfNumeric(numeric === null || numeric === undefined ? null : String(numeric)));

// --- The two float edges ----------------------------------------------------

// A spreadsheet cell holds rupees as a double: the nearest paisa of it.
export const rupeesToPaise = (rupees: number): Paise => paise(Math.round(rupees * 100));

// Rupees as a double for a spreadsheet cell or a chart's size, made from the
// exact text (so it is the double nearest the true amount), never summed.
export const rupeesNumber = (p: Paise | number): number => Number(formatRupees(p));
