import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  gstinCheckCharacter,
  isValidGstin,
  isValidPan,
  isValidTan,
  normaliseIdentifier,
  panFromGstin,
  panHolderType,
  validateGstin,
  validateIdentifier,
  validatePan,
  validateTan,
} from './identifiers.ts';

// Builds a GSTIN with a correct check character from its first 14 characters.
const gstin = (first14: string): string => first14 + gstinCheckCharacter(first14);

describe('PAN', () => {
  it.each([
    ['AAACZ9999Z', true],
    ['aaacz9999z', true],
    [' AAAPL 1234 C ', true],
    ['ABCDE1234F', false], // 4th letter D is no holder type
    ['AAACZ999Z', false],
    ['AAACZ99999', false],
    ['1AACZ9999Z', false],
    ['PANNOTAVBL', false], // TRACES' placeholder for a missing PAN
    ['', false],
  ])('%j valid: %s', (text, valid) => {
    expect(isValidPan(text)).toBe(valid);
  });

  it('normalises to upper case without spaces', () => {
    expect(validatePan(' aaapl1234c')).toEqual({ ok: true, value: 'AAAPL1234C' });
    expect(validatePan('x')).toMatchObject({ ok: false, code: 'INVALID_PAN' });
  });

  it.each([
    ['AAAPL1234C', 'individual'],
    ['AAACZ9999Z', 'company'],
    ['AAAHS1234K', 'huf'],
    ['AAFFN4321K', 'firm'],
    ['AAAEN4321K', 'llp'],
    ['AAAAT1234Q', 'aop'],
    ['AAABT1234Q', 'boi'],
    ['AAATR1234Q', 'trust'],
    ['AAALM1234Q', 'local-authority'],
    ['AAAJU1234Q', 'artificial-juridical-person'],
    ['AAAGM1234Q', 'government'],
    ['ABCDE1234F', null],
  ])('holder type of %s is %s', (pan, type) => {
    expect(panHolderType(pan)).toBe(type);
  });
});

describe('TAN', () => {
  it.each([
    ['PNEA00001A', true],
    ['mumb00002b', true],
    ['PNEA0001A', false],
    ['PNE000001A', false],
    ['PNEA000011', false],
    ['PNEA00001AA', false],
  ])('%j valid: %s', (text, valid) => {
    expect(isValidTan(text)).toBe(valid);
  });

  it('reports the expected shape', () => {
    expect(validateTan('bad')).toMatchObject({ ok: false, code: 'INVALID_TAN' });
    expect(validateIdentifier('TAN', 'pnea00001a')).toEqual({ ok: true, value: 'PNEA00001A' });
  });
});

describe('GSTIN', () => {
  it.each([
    // Publicly listed GSTINs: the algorithm must reproduce their check characters.
    ['27AAPFU0939F1ZV', 'V'],
    ['29AAGCB7383J1Z4', '4'],
  ])('check character of known GSTIN %s is %s', (value, check) => {
    expect(gstinCheckCharacter(value.slice(0, 14))).toBe(check);
    expect(isValidGstin(value)).toBe(true);
  });

  it.each([
    gstin('27AAACZ9999Z1Z'),
    gstin('07AAFFN4321K2Z'),
    gstin('33AAAPL1234CAZ'),
    gstin('99AAAGM1234Q1Z'),
    ` ${gstin('24AAACZ9999Z1Z').toLowerCase()} `,
  ])('%s is valid', (value) => {
    expect(validateGstin(value)).toEqual({ ok: true, value: normaliseIdentifier(value) });
  });

  const valid = gstin('27AAACZ9999Z1Z');
  const wrongCheck = valid.slice(0, 14) + (valid[14] === 'A' ? 'B' : 'A');
  it.each([
    [wrongCheck, 'INVALID_GSTIN_CHECKSUM'],
    ['27AAPFU0939F1ZW', 'INVALID_GSTIN_CHECKSUM'],
    ['27AAPFU0939F1YV', 'INVALID_GSTIN'], // 14th character must be Z
    ['00AAPFU0939F1ZV', 'INVALID_GSTIN'], // no state 00
    ['27AAPFU0939F0ZV', 'INVALID_GSTIN'], // entity number starts at 1
    ['27ABCDE1234F1ZV', 'INVALID_GSTIN'], // PAN part invalid
    ['27AAPFU0939F1Z', 'INVALID_GSTIN'],
    ['', 'INVALID_GSTIN'],
  ])('%j is invalid (%s)', (value, code) => {
    expect(validateGstin(value)).toMatchObject({ ok: false, code });
  });

  it('gives the PAN inside a GSTIN', () => {
    expect(panFromGstin('27AAPFU0939F1ZV')).toBe('AAPFU0939F');
    expect(panFromGstin(wrongCheck)).toBeNull();
  });

  it('check character needs exactly 14 base-36 characters', () => {
    expect(gstinCheckCharacter('27AAPFU0939F1')).toBeNull();
    expect(gstinCheckCharacter('27AAPFU0939F1-')).toBeNull();
  });
});

describe('normaliseIdentifier', () => {
  // plain upper-case text is answered as it is; it must be what the regex form gives
  it('gives what removing white space and upper-casing gives', () => {
    const unit = fc.constantFrom('A', 'z', '0', '9', ' ', '\t', '\u00a0', '-', '/', 'é');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 16 }), (text) => {
        expect(normaliseIdentifier(text)).toBe(text.replace(/\s+/g, '').toUpperCase());
      }),
    );
  });
});
