import type { Form26asChunk } from './chunks.ts';
import { CutState } from './cut-state.ts';

// The pieces cut26asText cuts a statement into, as ranges of its file's
// bytes, found from the bytes a window at a time: no text of the whole
// statement is made, only of the few lines the cutting keeps (headings and
// column headers). On the small virtual machines the command line runs on,
// every fresh page of memory costs a fault, and the statement read whole and
// then decoded whole was two copies of it in fresh memory before the first
// piece was cut (issue 14, session 43). For ASCII bytes only, where a byte is
// a character and the ranges are cut26asText's pieces exactly: the caller
// cuts anything else as text.

export interface Form26asRange extends Omit<Form26asChunk, 'text'> {
  // [from, to) of the file's bytes
  from: number;
  to: number;
}

const NEWLINE = 10;
const CR = 13;

const latin1 = (bytes: Uint8Array, from: number, to: number): string =>
  Buffer.from(bytes.buffer, bytes.byteOffset + from, to - from).toString('latin1');

export class Form26asByteCutter {
  private readonly state = new CutState();
  private readonly ranges: Form26asRange[] = [];
  private chunkStart = 0;
  private chunkLine = 1;
  private context: [string, number][] = [];
  private n = 1;

  constructor(
    private readonly file: string,
    private readonly chunkChars: number,
  ) {}

  // The file's bytes from `offset`: whole lines (the last may be the file's
  // end without a line end), the windows given in file order.
  push(bytes: Uint8Array, offset: number): void {
    const state = this.state;
    const length = bytes.length;
    let start = 0;
    while (start < length) {
      // (a loop, not indexOf: a call per line cost more than the bytes' walk)
      let end = start;
      while (end < length && bytes[end] !== NEWLINE) end++;
      const lineStart = start;
      start = end + 1;
      const lineNo = this.n++;
      const lineEnd = end > lineStart && bytes[end - 1] === CR ? end - 1 : end;
      if (state.delimiter === null && !state.findDelimiter(latin1(bytes, lineStart, lineEnd))) continue;
      const dc = state.delimiter === '^' ? 94 : 124;
      let at = lineStart;
      let afterDelimiter = false;
      for (; at < lineEnd; at++) {
        const ch = bytes[at]!;
        if (ch === dc) afterDelimiter = true;
        else if (ch > 32) break;
      }
      if (at === lineEnd) continue;
      const c = bytes[at]!;
      // a transaction row, or a deductor's row where no cut is due (chunks.ts says why)
      if (c >= 48 && c <= 57 && afterDelimiter) continue;
      const due = offset + lineStart - this.chunkStart >= this.chunkChars;
      if (c >= 48 && c <= 57 && (!due || !state.canCut)) continue;
      if (state.txHeader !== null && this.isLine(bytes, lineStart, lineEnd, state.txHeader.text)) continue;
      if (state.take(latin1(bytes, lineStart, lineEnd), lineNo, c, due)) {
        const at = offset + lineStart;
        this.ranges.push({
          file: this.file,
          context: this.context,
          firstLine: this.chunkLine,
          from: this.chunkStart,
          to: at,
        });
        this.chunkStart = at;
        this.chunkLine = lineNo;
        this.context = state.context();
      }
    }
  }

  // The ranges, the last running to the file's end (`size` bytes).
  finish(size: number): Form26asRange[] {
    this.ranges.push({
      file: this.file,
      context: this.context,
      firstLine: this.chunkLine,
      from: this.chunkStart,
      to: size,
    });
    return this.ranges;
  }

  // whether bytes [from, to) are `text`
  private isLine(bytes: Uint8Array, from: number, to: number, text: string): boolean {
    if (to - from !== text.length) return false;
    for (let i = 0; i < text.length; i++) if (bytes[from + i] !== text.charCodeAt(i)) return false;
    return true;
  }
}
