import type { RawRecord } from '@taxrecon/formats';
import type { FinancialYear } from '@taxrecon/shared';
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
  firstLine: number;
  bytes: Uint8Array;
}

const decoder = new TextDecoder('utf-8');

export const readRegisterChunk = (chunk: RegisterChunk): BookRowsRead => {
  const { add, finish } = createBookRowReader(chunk.kind, chunk.fy, chunk.shape);
  forEachRecord(chunk, chunk.delimiter, add);
  return finish();
};

// Each record of a piece of text register, split at the delimiter as the
// streaming reader splits it (the file has no quotes, or it is not cut),
// blank lines skipped as it skips them, numbered from the piece's first line.
export const forEachRecord = (
  piece: { bytes: Uint8Array; firstLine: number },
  d: string,
  add: (record: RawRecord) => unknown,
): void => {
  const text = decoder.decode(piece.bytes);
  let line = piece.firstLine;
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const raw =
      end > start && text.charCodeAt(end - 1) === 13 ? text.slice(start, end - 1) : text.slice(start, end);
    const values = raw.split(d);
    let blank = true;
    for (let i = 0; i < values.length && blank; i++) blank = values[i]!.trim() === '';
    if (!blank) add({ line, values });
    line++;
    start = end + 1;
  }
};
