// What String.prototype.trim takes away (ECMAScript WhiteSpace and
// LineTerminator), tested a character at a time: blank checks on every cell
// of a million-row register then allocate nothing.
export const isSpaceCode = (c: number): boolean =>
  c === 32 ||
  (c >= 9 && c <= 13) ||
  (c >= 0xa0 &&
    (c === 0xa0 ||
      c === 0x1680 ||
      (c >= 0x2000 && c <= 0x200a) ||
      c === 0x2028 ||
      c === 0x2029 ||
      c === 0x202f ||
      c === 0x205f ||
      c === 0x3000 ||
      c === 0xfeff));

// text.trim() === '', without making the trimmed copy
export const isBlankText = (text: string): boolean => {
  for (let i = 0; i < text.length; i++) if (!isSpaceCode(text.charCodeAt(i))) return false;
  return true;
};

// The code of the first character trim would keep in the first value that is
// not blank, or -1 when every value is blank.
export const firstVisibleCode = (values: readonly string[]): number => {
  for (const v of values) {
    for (let i = 0; i < v.length; i++) {
      const c = v.charCodeAt(i);
      if (!isSpaceCode(c)) return c;
    }
  }
  return -1;
};
