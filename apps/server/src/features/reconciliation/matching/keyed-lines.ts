import { dayNumber } from '@taxrecon/engine';
import { IntList } from './int-list.ts';
import { giveBack, handOver, NO_SCRATCH, scratchFor } from './scratch-bytes.ts';

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

// Lines are joined a block at a time (copy-text.ts says why) and each block
// written at once into the bytes handed over, as ByteChunkWriter does. The
// blocks were joined again into one text and that written into a buffer:
// the second join and the write were most of a parsing thread's time in
// this writer at 1M x 1M (issue 14, session 40: docs/decisions.md). A line
// not ASCII turns all the lines into text, as before.
const BLOCK_LINES = 256;

export class KeyedLineWriter {
  private block: string[] = [];
  // the thread's scratch buffer once written (scratch-bytes.ts)
  private buffer = NO_SCRATCH;
  private used = 0;
  // the blocks as text, once one is not ASCII (null: all bytes so far)
  private texts: string[] | null = null;
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
    this.block.push(line);
    if (this.block.length === BLOCK_LINES) this.write();
  };

  finish(): KeyedLines {
    this.write();
    this.starts.push(this.chars);
    const starts = this.starts.copy();
    const keys = this.keys.copy();
    const scratch = this.buffer;
    this.buffer = NO_SCRATCH;
    if (this.texts !== null) {
      giveBack(scratch);
      return { bytes: null, text: this.texts.join(''), starts, keys };
    }
    // a buffer of its own, of the lines' size, so it can be moved to another thread
    return { bytes: handOver(scratch, this.used), text: null, starts, keys };
  }

  private write(): void {
    if (this.block.length === 0) return;
    const text = this.block.length === 1 ? this.block[0]! : this.block.join('');
    this.block = [];
    if (this.texts === null && Buffer.byteLength(text, 'utf8') !== text.length)
      this.texts = [this.buffer.toString('latin1', 0, this.used)];
    if (this.texts !== null) {
      this.texts.push(text);
      return;
    }
    this.buffer = scratchFor(this.buffer, this.used, this.used + text.length);
    this.used += this.buffer.write(text, this.used, 'latin1');
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
