import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDelimited, readDelimitedStream, sniffDelimiter } from './delimited.ts';

const values = (text: string, d = '\t') => parseDelimited(text, d).records.map((r) => r.values);

describe('parseDelimited', () => {
  it.each([
    ['plain tabs', 'a\tb\tc', [['a', 'b', 'c']]],
    ['quoted tab', '"a\tb"\tc', [['a\tb', 'c']]],
    ['doubled quotes', '"say ""hi"""\tx', [['say "hi"', 'x']]],
    ['quote inside a value', '12" PIPE\tx', [['12" PIPE', 'x']]],
    ['empty fields', '\t\t', [['', '', '']]],
    [
      'CRLF',
      'a\tb\r\nc\td\r\n',
      [
        ['a', 'b'],
        ['c', 'd'],
      ],
    ],
    ['BOM', '\uFEFFa\tb', [['a', 'b']]],
    ['multi-line value', 'a\t"line 1\nline 2"\tb\nc', [['a', 'line 1\nline 2', 'b'], ['c']]],
  ])('%s', (_, text, expected) => {
    expect(values(text)).toEqual(expected);
  });

  it('reads commas and quoted commas in CSV', () => {
    expect(values('"BETA BUYER LLP, MUMBAI",1,"2"', ',')).toEqual([['BETA BUYER LLP, MUMBAI', '1', '2']]);
  });

  it('numbers records by the line they start on', () => {
    const { records } = parseDelimited('h\n"a\nb"\n\nc', '\t');
    expect(records.map((r) => r.line)).toEqual([1, 2, 4, 5]);
  });

  it('reports a quote that is never closed and keeps what it read', () => {
    const r = parseDelimited('a\tb\n"never closed\tx\ny', '\t');
    expect(r.unterminatedQuoteLine).toBe(2);
    expect(r.records.map((x) => x.values)).toEqual([['a', 'b'], ['never closed\tx\ny']]);
  });

  it('gives the same records however the text is chunked', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: fc.constantFrom('a', 'b', '\t', ',', '"', '\n', '\r', ' ', 'é'), maxLength: 120 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        async (text, cuts) => {
          const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((x, y) => x - y);
          const pieces: string[] = [];
          let last = 0;
          for (const p of points) {
            pieces.push(text.slice(last, p));
            last = p;
          }
          pieces.push(text.slice(last));
          async function* chunks(): AsyncGenerator<string> {
            yield* pieces;
          }
          const streamed = [];
          for await (const r of readDelimitedStream(chunks(), '\t')) streamed.push(r);
          expect(streamed).toEqual(parseDelimited(text, '\t').records);
        },
      ),
    );
  });
});

describe('sniffDelimiter', () => {
  it.each([
    ['a\tb\tc\n', ',', '\t'],
    ['a,b,c\n', '\t', ','],
    ['a;b;c\n', ',', ';'],
    ['"a,b,c"\tx\n', ',', '\t'],
    ['\n\nsingle\n', ',', ','],
    ['', '\t', '\t'],
  ])('%j -> %j', (text, fallback, expected) => {
    expect(sniffDelimiter(text, fallback)).toBe(expected);
  });
});
