import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeText, toText, Utf8Lines, utf8Text } from './text-decoding.ts';

const TEXT = 'Date\tName of customer\nCafé Désiré\t1,00,000.00\n';

const utf16le = (s: string, bom: boolean): Uint8Array => {
  const body = Buffer.from(s, 'utf16le');
  return bom ? Buffer.concat([Buffer.from([0xff, 0xfe]), body]) : body;
};

describe('decodeText', () => {
  it.each([
    ['utf-8', Buffer.from(TEXT, 'utf8')],
    ['utf-8-bom', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(TEXT, 'utf8')])],
    ['utf-16le', utf16le(TEXT, true)],
    ['utf-16le', utf16le(TEXT, false)],
    ['utf-16be', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(TEXT, 'utf16le').swap16()])],
    ['windows-1252', Buffer.from(TEXT, 'latin1')],
  ])('reads %s', (encoding, bytes) => {
    expect(decodeText(bytes)).toEqual({ text: TEXT, encoding });
  });

  it('maps Windows-1252 specials such as the euro sign and curly quotes', () => {
    expect(decodeText(Uint8Array.from([0x80, 0x20, 0x93, 0x41, 0x94])).text).toBe('€ “A”');
  });

  it('handles empty input', () => {
    expect(decodeText(new Uint8Array())).toEqual({ text: '', encoding: 'utf-8' });
  });

  it('strips a BOM from a string too', () => {
    expect(toText('\uFEFFabc')).toBe('abc');
    expect(toText(Buffer.from('abc'))).toBe('abc');
  });
});

describe('utf8Text and Utf8Lines', () => {
  const streamed = (pieces: Uint8Array[]): string => {
    const d = new TextDecoder();
    return pieces.map((p) => d.decode(p, { stream: true })).join('') + d.decode();
  };
  const cutAt = (bytes: Uint8Array, cuts: number[]): Uint8Array[] => {
    const at = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
    const pieces: Uint8Array[] = [];
    let from = 0;
    for (const c of [...at, bytes.length]) {
      pieces.push(bytes.subarray(from, c));
      from = c;
    }
    return pieces;
  };
  // ASCII, accented and Devanagari letters, the rupee sign, an emoji, a BOM mid-text, line breaks
  const alphabet = fc.constantFrom('a', 'Z', '9', '\t', '\n', '\r\n', 'é', 'क', '₹', '😀', '\uFEFF', ' ');
  const text = fc.array(alphabet, { maxLength: 60 }).map((a) => a.join(''));

  it('reads bytes as TextDecoder does, ASCII or not, with a byte order mark dropped at the start', () => {
    fc.assert(
      fc.property(text, fc.boolean(), (t, bom) => {
        const bytes = Buffer.from(bom ? `\uFEFF${t}` : t, 'utf8');
        expect(utf8Text(bytes)).toBe(new TextDecoder().decode(bytes));
      }),
    );
    expect(utf8Text(Uint8Array.from([0x61, 0xff, 0x0a]))).toBe('a\uFFFD\n');
  });

  it('gives whole lines of pieces cut anywhere, joined as a streaming TextDecoder reads them', () => {
    fc.assert(
      fc.property(text, fc.boolean(), fc.array(fc.nat(), { maxLength: 8 }), (t, bom, cuts) => {
        const bytes = Buffer.from(bom ? `\uFEFF${t}` : t, 'utf8');
        const pieces = cutAt(bytes, cuts);
        const lines = new Utf8Lines();
        const out = pieces.map((p) => {
          const got = lines.push(p);
          // only whole lines come out before the end
          expect(got === '' || got.endsWith('\n')).toBe(true);
          return got;
        });
        expect(out.join('') + lines.end()).toBe(streamed(pieces));
      }),
    );
  });

  it('keeps the bytes after the last line break when the caller reuses its buffer', () => {
    const lines = new Utf8Lines();
    const buffer = Buffer.from('ab\ncd');
    expect(lines.push(buffer)).toBe('ab\n');
    buffer.fill(0x78);
    expect(lines.push(Buffer.from('e\n'))).toBe('cde\n');
    expect(lines.end()).toBe('');
  });
});

describe('Utf8Lines without line breaks for a long while', () => {
  it('joins the pieces once, in order, when a line break comes or at the end', () => {
    const lines = new Utf8Lines();
    const piece = Buffer.from('ab\rc₹'.repeat(1000));
    for (let i = 0; i < 200; i++) expect(lines.push(piece)).toBe('');
    expect(lines.push(Buffer.from('x\ny'))).toBe(`${'ab\rc₹'.repeat(200_000)}x\n`);
    expect(lines.end()).toBe('y');
    expect(lines.end()).toBe('');
  });
});
