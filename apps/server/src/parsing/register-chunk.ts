import {
  DelimitedTokenizer,
  holdsNoBadCharacter,
  isBlankRecord,
  type RawRecord,
  utf8Text,
} from '@taxrecon/formats';
import type { FinancialYear } from '@taxrecon/shared';
import { type FileRange, readRange } from '../lib/register-cut.ts';
import { type BookRowsRead, createBookRowReader, type RegisterShape } from './book-rows.ts';

// A slice of a text register, cut at line ends, parsed in a pool thread
// (lib/worker-pool.ts): lines split at the delimiter as the streaming reader
// splits them (the file has no quotes, or it is not cut), mapped and converted
// to book rows. Line numbers continue from `firstLine`, so errors name the
// file's own lines.
export interface RegisterChunk {
  kind: 'TDS' | 'TCS';
  fy: FinancialYear;
  shape: RegisterShape;
  delimiter: string;
  // the file has quotes: its pieces are read with the quote-aware tokenizer
  quoted: boolean;
  firstLine: number;
  bytes: Uint8Array;
  // instead of `bytes` (then empty): where the piece stands in the file, read
  // here into the thread's window (lib/register-cut.ts cutRegisterFile)
  range?: FileRange;
}

export const readRegisterChunk = (chunk: RegisterChunk): BookRowsRead => {
  const { add, finish } = createBookRowReader(chunk.kind, chunk.fy, chunk.shape);
  // (the window is decoded into text at once, before anything reads it again)
  forEachRecord(chunk.range ? { ...chunk, bytes: readRange(chunk.range) } : chunk, add);
  return finish();
};

// Each record of a piece of text register, split at the delimiter as the
// streaming reader splits it, blank records skipped as it skips them,
// numbered from the piece's first line. A file without quotes is split line
// by line; a quoted one goes through the streaming reader's own tokenizer
// (its pieces end where no quoted field is open: lib/register-cut.ts).
// `clean`: the piece holds no bad character (formats holdsNoBadCharacter),
// so its records need no look for one.
export const forEachRecord = (
  piece: { bytes: Uint8Array; firstLine: number; delimiter: string; quoted: boolean },
  add: (record: RawRecord, clean: boolean) => unknown,
): void => {
  const text = utf8Text(piece.bytes);
  const clean = holdsNoBadCharacter(text);
  const d = piece.delimiter;
  if (piece.quoted) {
    const tokenizer = new DelimitedTokenizer(d);
    const records: RawRecord[] = [];
    tokenizer.push(text, records);
    tokenizer.end(records);
    const offset = piece.firstLine - 1;
    for (const r of records)
      if (!isBlankRecord(r.values)) add({ line: r.line + offset, values: r.values }, clean);
    return;
  }
  let line = piece.firstLine;
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const stop = end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
    // The fields cut from the piece's text as `line.split(d)` cuts them, with
    // no string made for the line itself: a fifth faster on a register line.
    const values: string[] = [];
    for (let from = start; ; ) {
      const at = text.indexOf(d, from);
      if (at < 0 || at + d.length > stop) {
        values.push(text.slice(from, stop));
        break;
      }
      values.push(text.slice(from, at));
      from = at + d.length;
    }
    let blank = true;
    for (let i = 0; i < values.length && blank; i++) blank = values[i]!.trim() === '';
    if (!blank) add({ line, values }, clean);
    line++;
    start = end + 1;
  }
};
