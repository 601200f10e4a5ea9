import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DelimitedTokenizer,
  parseDelimited,
  type RawRecord,
  readDelimitedStream,
  recordCuts,
  sniffDelimiter,
} from './delimited.ts';

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

// A cut recordCuts gives must be a place where the text can be parsed in two
// pieces with exactly the records of one pass (the second piece's lines
// counted on from the first's): what lets the parsing threads take pieces of
// a quoted register.
describe('recordCuts', () => {
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const tokenize = (text: string, d: string, firstLine: number): RawRecord[] => {
    const t = new DelimitedTokenizer(d);
    const out: RawRecord[] = [];
    t.push(text, out);
    t.end(out);
    return out.map((r) => ({ line: r.line + firstLine - 1, values: r.values }));
  };
  const lines = (b: Uint8Array) => b.reduce((n, c) => n + (c === 10 ? 1 : 0), 0);

  it('cuts only where no quoted field runs on, and the pieces parse as the whole', () => {
    const text = fc.string({
      unit: fc.constantFrom('a', 'b', ',', '\t', '"', '"', '\n', '\n', '\r', ' ', 'é', '₹'),
      maxLength: 300,
    });
    let cutsSeen = 0;
    let quotedRunsSeen = 0;
    fc.assert(
      fc.property(text, fc.constantFrom(',', '\t'), fc.integer({ min: 1, max: 40 }), (t, d, gap) => {
        const bytes = encoder.encode(t);
        const whole = tokenize(t, d, 1);
        if (whole.some((r) => r.values.some((v) => v.includes('\n')))) quotedRunsSeen++;
        const cuts = recordCuts(bytes, d, 0, gap);
        const pieces: RawRecord[] = [];
        let from = 0;
        for (const cut of [...cuts, bytes.length]) {
          expect(cut - from).toBeGreaterThanOrEqual(cut === bytes.length ? 0 : gap);
          const piece = bytes.subarray(from, cut);
          pieces.push(...tokenize(decoder.decode(piece), d, lines(bytes.subarray(0, from)) + 1));
          from = cut;
        }
        cutsSeen += cuts.length;
        expect(pieces).toEqual(whole);
      }),
      { numRuns: 3000 },
    );
    // the generator made cuts, and fields that run over a line break
    expect(cutsSeen).toBeGreaterThan(150);
    expect(quotedRunsSeen).toBeGreaterThan(100);
  });

  it('does not cut inside a quoted field that holds a line break', () => {
    const t = 'a,b\n"x\ny",z\nc,d\n';
    // after line 1 (4 bytes) and after the record of lines 2-3; never inside it
    expect(recordCuts(encoder.encode(t), ',', 0, 1)).toEqual([4, 12]);
  });
});

// The tokenizer against a character-at-a-time model of the rules it keeps
// (the way it was first written): the fast paths must read every text alike.
describe('DelimitedTokenizer against its character-by-character model', () => {
  const model = (text: string, d: string): RawRecord[] => {
    const out: RawRecord[] = [];
    let open: {
      line: number;
      values: string[];
      field: string;
      inQuotes: boolean;
      fieldStart: boolean;
    } | null = null;
    const rawLines = text.split('\n');
    rawLines.forEach((raw, n) => {
      if (n === rawLines.length - 1 && raw === '') return;
      const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
      let s = open;
      if (s === null) s = { line: n + 1, values: [], field: '', inQuotes: false, fieldStart: true };
      else s.field += '\n';
      for (let i = 0; i < line.length; i++) {
        const c = line[i]!;
        if (s.inQuotes) {
          if (c === '"' && line[i + 1] === '"') {
            s.field += '"';
            i++;
          } else if (c === '"') s.inQuotes = false;
          else s.field += c;
        } else if (c === d) {
          s.values.push(s.field);
          s.field = '';
          s.fieldStart = true;
        } else if (c === '"' && s.fieldStart) {
          s.inQuotes = true;
          s.fieldStart = false;
        } else {
          s.fieldStart = false;
          s.field += c;
        }
      }
      if (s.inQuotes) open = s;
      else {
        s.values.push(s.field);
        out.push({ line: s.line, values: s.values });
        open = null;
      }
    });
    const last = open as { line: number; values: string[]; field: string } | null;
    if (last) out.push({ line: last.line, values: [...last.values, last.field] });
    return out;
  };

  it('reads any text as the model does', () => {
    const text = fc.string({
      unit: fc.constantFrom('a', 'b', ',', '\t', '"', '\n', '\r', ' ', 'é'),
      maxLength: 200,
    });
    fc.assert(
      fc.property(text, fc.constantFrom(',', '\t'), (t, d) => {
        expect(parseDelimited(t, d).records).toEqual(model(t, d));
      }),
      { numRuns: 3000 },
    );
  });
});
