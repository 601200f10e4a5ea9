import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonString } from './json-text.ts';

describe('jsonString', () => {
  it.each([
    ['GL-1234', '"GL-1234"'],
    ['₹1,234.00 short', '"₹1,234.00 short"'],
    ['a "quoted" name', '"a \\"quoted\\" name"'],
    ['C:\\books', '"C:\\\\books"'],
    ['tab\there', '"tab\\there"'],
    ['\ud800 lone', '"\\ud800 lone"'],
    ['😀', '"😀"'],
    ['', '""'],
  ])('%j -> %s', (value, json) => {
    expect(jsonString(value)).toBe(json);
  });

  it('writes null as null', () => {
    expect(jsonString(null)).toBe('null');
  });

  it('writes any string as JSON.stringify does', () => {
    const text = fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }), fc.string());
    fc.assert(
      fc.property(text, (s) => {
        expect(jsonString(s)).toBe(JSON.stringify(s));
      }),
      { numRuns: 5_000 },
    );
  });
});
