import { describe, expect, it } from 'vitest';
import { decodeText, toText } from './text-decoding.ts';

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
