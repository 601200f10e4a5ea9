import { dayNumber } from '@taxrecon/engine';
import { ChunkWriter } from './copy-text.ts';
import { IntList } from './int-list.ts';

// Row lines (source-rows.ts) as a parsing thread hands them to the
// party-at-a-time computation (party-streamed-compute.ts), with what the
// computation would otherwise find out by scanning every line again on its
// one thread: where each line's identity (the fields a party is told by)
// stands in it, whether the line is surely valid, and whether its identity is
// the line before's (a statement's rows come a party at a time). The thread
// made the line from those fields, so it has them at hand. Lines not surely
// valid are read the long way, exactly as lines given without this.

export interface KeyedLines {
  // the lines, each ending in a newline: as bytes when they are all ASCII
  // (moved to the computation's thread, not copied, and written to its spool
  // as they are), else as text
  bytes: Uint8Array | null;
  text: string | null;
  // where line i starts (in bytes or characters: the same when ASCII); one more for the end
  starts: Int32Array;
  // per line i, [2i] where its identity starts in the text and [2i + 1] where
  // it ends; [2i] is NOT_PLAIN for a line not surely valid, SAME_IDENTITY for
  // one whose identity is the line before's (both surely valid)
  keys: Int32Array;
}

export const NOT_PLAIN = -1;
export const SAME_IDENTITY = -2;

// An amount COPY prints for numeric(18,2) that is surely whole paise within
// the safe integers; anything else is decoded and checked as the plan checks it.
const PLAIN_AMOUNT = /^-?\d{1,13}(\.\d{1,2})?$/;

// A row is surely valid when its date is a date and its amounts are plain
// (the 26AS's deposited amount too; a book row has none: null). Anything else
// is decoded and checked as the plan checks it.
export const isPlainRow = (date: string, amount: string, tax: string, deposited: string | null): boolean =>
  !Number.isNaN(dayNumber(date)) &&
  PLAIN_AMOUNT.test(amount) &&
  PLAIN_AMOUNT.test(tax) &&
  (deposited === null || PLAIN_AMOUNT.test(deposited));

// The same for a row about to be written, from its paise: whole paise under
// 10^15 print as at most 13 digits of rupees and two of paise, which
// PLAIN_AMOUNT takes (a test holds this), without reading the text again.
export const plainPaise = (p: number): boolean => Number.isSafeInteger(p) && p < 1e15 && p > -1e15;
export const isPlainRowOf = (date: string, amount: number, tax: number, deposited: number | null): boolean =>
  !Number.isNaN(dayNumber(date)) &&
  plainPaise(amount) &&
  plainPaise(tax) &&
  (deposited === null || plainPaise(deposited));

// Where a thread's row lines go: the line (ending in a newline), where its
// identity fields stand in it ([at, at + length)), whether it is surely valid
// (isPlainRow), and whether its identity is the line before's (a writer that
// knows it cheaply says so; false is always right).
export type KeyedLineSink = (line: string, at: number, length: number, plain: boolean, same: boolean) => void;

export class KeyedLineWriter {
  private readonly lines = new ChunkWriter(Number.POSITIVE_INFINITY);
  private readonly starts = new IntList();
  private readonly keys = new IntList();
  private chars = 0;
  private lastPlain = false;

  get rows(): number {
    return this.starts.length;
  }

  // (a KeyedLineSink)
  readonly add = (line: string, at: number, length: number, plain: boolean, same: boolean): void => {
    this.starts.push(this.chars);
    this.keys.push(plain ? (same && this.lastPlain ? SAME_IDENTITY : this.chars + at) : NOT_PLAIN);
    this.keys.push(this.chars + at + length);
    this.lastPlain = plain;
    this.chars += line.length;
    this.lines.add(line);
  };

  finish(): KeyedLines {
    this.starts.push(this.chars);
    const text = this.lines.text();
    const ascii = Buffer.byteLength(text, 'utf8') === text.length;
    let bytes: Buffer | null = null;
    if (ascii) {
      // a buffer of its own (not Node's shared pool), so it can be moved to another thread
      bytes = Buffer.allocUnsafeSlow(text.length);
      bytes.write(text, 0, 'latin1');
    }
    return {
      bytes,
      text: ascii ? null : text,
      starts: this.starts.copy(),
      keys: this.keys.copy(),
    };
  }
}

// The lines as text (the whole-year computation and tests want them so).
export const keyedText = (k: KeyedLines): string =>
  k.text ??
  (k.bytes ? Buffer.from(k.bytes.buffer, k.bytes.byteOffset, k.bytes.byteLength).toString('latin1') : '');

export const keyedTransfer = (k: KeyedLines): ArrayBuffer[] => {
  const buffers: ArrayBuffer[] = [k.starts.buffer as ArrayBuffer, k.keys.buffer as ArrayBuffer];
  if (k.bytes && k.bytes.buffer instanceof ArrayBuffer) buffers.push(k.bytes.buffer);
  return buffers;
};
