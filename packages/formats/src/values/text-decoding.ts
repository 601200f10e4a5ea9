// Users bring text files from Tally (UTF-16LE with a byte order mark), Excel
// "Save as text" (Windows-1252) and TRACES (ASCII/UTF-8). Decode them all to
// one string without asking which one it is.
import { isAscii } from 'node:buffer';

export type TextEncodingName = 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface DecodedText {
  text: string;
  encoding: TextEncodingName;
}

// Node's TextDecoder('windows-1252') decodes as ISO-8859-1 (0x80..0x9F become
// control characters instead of €, curly quotes, dashes), so those 32 bytes are
// mapped here; 0x81, 0x8D, 0x8F, 0x90 and 0x9D are unassigned and kept as is.
const CP1252_HIGH =
  '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F' +
  '\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';

const decodeWindows1252 = (bytes: Uint8Array): string => {
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return latin1.replace(/[\u0080-\u009F]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!);
};

const utf8Strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const utf8 = new TextDecoder('utf-8');
const utf8KeepingBom = new TextDecoder('utf-8', { ignoreBOM: true });

// Node 20 decodes UTF-8 at about 300 MB/s, and slower when streaming; bytes
// that are all ASCII (TRACES statements, most registers, our own COPY text)
// are the same text read as Latin-1, about five times faster, and telling
// them apart is one SIMD scan (isAscii: about 100 GB/s).
const asciiText = (bytes: Uint8Array): string =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');

// UTF-8 bytes as text, as new TextDecoder().decode(bytes) reads them (a
// leading byte order mark dropped, a bad sequence read as U+FFFD).
export const utf8Text = (bytes: Uint8Array): string =>
  isAscii(bytes) ? asciiText(bytes) : utf8.decode(bytes);

// UTF-8 bytes arriving in pieces of any size, as text of whole lines: each
// piece is cut after its last line break (a byte that is never part of
// another character), so every decode is of whole characters and needs no
// streaming decoder. Reads as a streaming TextDecoder would: a byte order
// mark is dropped at the very start only.
export class Utf8Lines {
  // the bytes after the last line break, as copies of the pieces they came
  // in (joined once a line break comes: a long run without one, such as a
  // file with bare carriage returns, is not copied again at every piece)
  private rest: Uint8Array[] = [];
  private first = true;

  // The whole lines so far, each with its line break ('' when none yet).
  push(piece: Uint8Array): string {
    const cut = piece.lastIndexOf(10);
    if (cut < 0) {
      // a copy: the caller may reuse its memory
      if (piece.length > 0) this.rest.push(Uint8Array.from(piece));
      return '';
    }
    const head = piece.subarray(0, cut + 1);
    const lines = this.rest.length === 0 ? head : Buffer.concat([...this.rest, head]);
    this.rest = cut + 1 < piece.length ? [Uint8Array.from(piece.subarray(cut + 1))] : [];
    return this.decode(lines);
  }

  // What is left after the last line break.
  end(): string {
    const rest = this.rest;
    this.rest = [];
    if (rest.length === 0) return '';
    return this.decode(rest.length === 1 ? rest[0]! : Buffer.concat(rest));
  }

  private decode(bytes: Uint8Array): string {
    if (this.first) {
      this.first = false;
      return utf8Text(bytes);
    }
    return isAscii(bytes) ? asciiText(bytes) : utf8KeepingBom.decode(bytes);
  }
}

// UTF-16LE without a byte order mark: ASCII text leaves every odd byte zero.
const looksLikeUtf16le = (bytes: Uint8Array): boolean => {
  const sample = Math.min(bytes.length - (bytes.length % 2), 4096);
  if (sample < 4) return false;
  let zeros = 0;
  for (let i = 1; i < sample; i += 2) if (bytes[i] === 0) zeros++;
  return zeros / (sample / 2) > 0.9 && bytes[0] !== 0;
};

export const decodeText = (bytes: Uint8Array): DecodedText => {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8-bom' };
  }
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  }
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' };
  }
  if (looksLikeUtf16le(bytes))
    return { text: new TextDecoder('utf-16le').decode(bytes), encoding: 'utf-16le' };
  if (isAscii(bytes)) return { text: asciiText(bytes), encoding: 'utf-8' };
  try {
    return { text: utf8Strict.decode(bytes), encoding: 'utf-8' };
  } catch {
    // Not valid UTF-8: usually Excel's "Save as text" in the Windows ANSI code
    // page (accented names, the euro sign); Windows-1252 decodes every byte.
    return { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
  }
};

export const toText = (input: string | Uint8Array): string =>
  typeof input === 'string'
    ? input.charCodeAt(0) === 0xfeff
      ? input.slice(1)
      : input
    : decodeText(input).text;
