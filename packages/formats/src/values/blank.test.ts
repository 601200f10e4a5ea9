import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstVisibleCode, isBlankText, isSpaceCode } from './blank.ts';

describe('blank text without trimming', () => {
  it('takes away exactly the characters trim takes away, over every UTF-16 code unit', () => {
    const differ: number[] = [];
    for (let c = 0; c <= 0xffff; c++) {
      if (isSpaceCode(c) !== (String.fromCharCode(c).trim() === '')) differ.push(c);
    }
    expect(differ).toEqual([]);
  });

  it('agrees with trim on records of spaces, controls and text', () => {
    const cell = fc.string({
      unit: fc.constantFrom(' ', '\t', '\u00a0', '\ufeff', '\u2007', '\u0001', 'x', '-'),
      maxLength: 5,
    });
    fc.assert(
      fc.property(fc.array(cell, { maxLength: 6 }), (values) => {
        for (const v of values) expect(isBlankText(v)).toBe(v.trim() === '');
        const first = values.find((v) => v.trim() !== '');
        expect(firstVisibleCode(values)).toBe(first === undefined ? -1 : first.trim().charCodeAt(0));
      }),
    );
  });
});
