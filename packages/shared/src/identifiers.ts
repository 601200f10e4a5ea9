// PAN, TAN and GSTIN are validated here and nowhere else: the file parsers
// (formats) and the API schemas (contracts) both import this module.
// Values are compared and stored upper-case without spaces.

export type IdentifierKind = 'PAN' | 'TAN' | 'GSTIN';

export type IdentifierResult = { ok: true; value: string } | { ok: false; code: string; expected: string };

export type PanHolderType =
  | 'individual'
  | 'company'
  | 'huf'
  | 'firm'
  | 'llp'
  | 'aop'
  | 'boi'
  | 'trust'
  | 'local-authority'
  | 'artificial-juridical-person'
  | 'government';

// The 4th letter of a PAN says who holds it; some TDS sections charge a
// company, an individual/HUF and everyone else at different rates.
const HOLDER_TYPES: Readonly<Record<string, PanHolderType>> = {
  P: 'individual',
  C: 'company',
  H: 'huf',
  F: 'firm',
  E: 'llp',
  A: 'aop',
  B: 'boi',
  T: 'trust',
  L: 'local-authority',
  J: 'artificial-juridical-person',
  G: 'government',
};

const PAN_PATTERN = /^[A-Z]{3}[ABCEFGHJLPT][A-Z][0-9]{4}[A-Z]$/;
const TAN_PATTERN = /^[A-Z]{4}[0-9]{5}[A-Z]$/;
// State code, PAN, entity number (1-9, then A-Z after the 9th registration), 'Z', check character.
const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{3}[ABCEFGHJLPT][A-Z][0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

export const PAN_EXPECTED = 'PAN: 5 letters (4th the holder type), 4 digits, 1 letter, e.g. AAACZ9999Z';
export const TAN_EXPECTED = 'TAN: 4 letters, 5 digits, 1 letter, e.g. PNEA00001A';
export const GSTIN_EXPECTED =
  'GSTIN: state code, PAN, entity number, Z, check character, e.g. 27AAPFU0939F1ZV';

// Only A-Z and 0-9: normalising would give the same text (most cells of a
// register; no regex and no copy for them).
const isPlainUpper = (text: string): boolean => {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (!((c >= 65 && c <= 90) || (c >= 48 && c <= 57))) return false;
  }
  return true;
};

export const normaliseIdentifier = (text: string): string =>
  isPlainUpper(text) ? text : text.replace(/\s+/g, '').toUpperCase();

const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

// GSTIN check character: weights 1,2,1,2.. over the first 14 characters in
// base 36; each product contributes quotient + remainder (its base-36 digit sum).
export const gstinCheckCharacter = (first14: string): string | null => {
  const s = first14.toUpperCase();
  if (s.length !== 14) return null;
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const v = BASE36.indexOf(s[i]!);
    if (v < 0) return null;
    const product = v * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return BASE36[(36 - (sum % 36)) % 36]!;
};

const stateCodeValid = (code: number): boolean => (code >= 1 && code <= 38) || code === 97 || code === 99;

export const isValidPan = (text: string): boolean => PAN_PATTERN.test(normaliseIdentifier(text));
export const isValidTan = (text: string): boolean => TAN_PATTERN.test(normaliseIdentifier(text));
export const isValidGstin = (text: string): boolean => validateGstin(text).ok;

export const validatePan = (text: string): IdentifierResult => {
  const value = normaliseIdentifier(text);
  return PAN_PATTERN.test(value)
    ? { ok: true, value }
    : { ok: false, code: 'INVALID_PAN', expected: PAN_EXPECTED };
};

export const validateTan = (text: string): IdentifierResult => {
  const value = normaliseIdentifier(text);
  return TAN_PATTERN.test(value)
    ? { ok: true, value }
    : { ok: false, code: 'INVALID_TAN', expected: TAN_EXPECTED };
};

export const validateGstin = (text: string): IdentifierResult => {
  const value = normaliseIdentifier(text);
  if (!GSTIN_PATTERN.test(value) || !stateCodeValid(Number(value.slice(0, 2)))) {
    return { ok: false, code: 'INVALID_GSTIN', expected: GSTIN_EXPECTED };
  }
  if (gstinCheckCharacter(value.slice(0, 14)) !== value[14]) {
    return { ok: false, code: 'INVALID_GSTIN_CHECKSUM', expected: GSTIN_EXPECTED };
  }
  return { ok: true, value };
};

export const validateIdentifier = (kind: IdentifierKind, text: string): IdentifierResult =>
  kind === 'PAN' ? validatePan(text) : kind === 'TAN' ? validateTan(text) : validateGstin(text);

// A GSTIN embeds the holder's PAN (characters 3 to 12): a customer's PAN for free.
export const panFromGstin = (gstin: string): string | null => {
  const r = validateGstin(gstin);
  return r.ok ? r.value.slice(2, 12) : null;
};

export const panHolderType = (pan: string): PanHolderType | null => {
  const r = validatePan(pan);
  return r.ok ? (HOLDER_TYPES[r.value[3]!] ?? null) : null;
};
