import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { forEachRecord } from './register-chunk.ts';

// forEachRecord cuts an unquoted piece's fields out of its text by hand; the
// streaming reader splits each line with `line.split(delimiter)`. The two must
// give the same records, numbered the same, blank lines skipped alike.
const expected = (text: string, delimiter: string, firstLine: number) => {
  const lines = text.split('\n');
  if (text.endsWith('\n')) lines.pop();
  return lines
    .map((raw, i) => ({ line: firstLine + i, values: raw.replace(/\r$/, '').split(delimiter) }))
    .filter((r) => r.values.some((v) => v.trim() !== ''));
};

const records = (text: string, delimiter: string, firstLine: number) => {
  const out: { line: number; values: string[] }[] = [];
  forEachRecord({ bytes: new TextEncoder().encode(text), firstLine, delimiter, quoted: false }, (record) =>
    out.push({ line: record.line, values: [...record.values] }),
  );
  return out;
};

describe('forEachRecord on an unquoted piece', () => {
  it.each([
    ['a\tb\tc\n1\t2\t3\n', '\t'],
    ['a\tb\t\r\n\t\t\r\n x \ty\n', '\t'],
    ['last line without end\tz', '\t'],
    ['a|b||\n\n|c|\r\n', '|'],
    ['a::b::c\n::\n:x:\n', '::'],
  ])('cuts %j at %j as split does', (text, delimiter) => {
    expect(records(text, delimiter, 7)).toEqual(expected(text, delimiter, 7));
  });

  it('gives what split gives, for any text of fields, tabs, returns and blank lines', () => {
    const piece = fc
      .array(fc.constantFrom('a', 'B', ' ', '1', '\t', '\t', '\r', '\n', '\n', '|', 'é'), { maxLength: 80 })
      .map((chars) => chars.join(''));
    fc.assert(
      fc.property(piece, fc.constantFrom('\t', '|'), fc.integer({ min: 1, max: 1000 }), (text, d, first) => {
        expect(records(text, d, first)).toEqual(expected(text, d, first));
      }),
      { numRuns: 500 },
    );
  });
});
