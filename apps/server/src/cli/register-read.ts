import type { RawRecord } from '@taxrecon/formats';
import type { FinancialYear } from '@taxrecon/shared';
import type { KeyedLines } from '../features/reconciliation/matching/keyed-lines.ts';
import { cutRegister, type FileRange, movedBuffers } from '../lib/register-cut.ts';
import type { WorkerPool } from '../lib/worker-pool.ts';
import { type BookRowsRead, createBookRowReader, type RegisterShape } from '../parsing/book-rows.ts';
import type { ParseTask } from '../parsing/parse-chunk.ts';
import type { RegisterChunk } from '../parsing/register-chunk.ts';

// Reads a register's rows as book row lines (book-rows.ts): a big text
// register is cut at line ends into chunks (lib/register-cut.ts) parsed in the
// pool's threads a window at a time, and `take` gets each chunk's lines in
// file order as soon as they are ready (so the result is the same whatever
// thread finishes first, and the year's lines are never all held); anything
// else is read record by record on this thread.

// (the held bills, book-rows.ts, in file order: the caller decides once all books are read)
export interface FilePieces {
  delimiter: string;
  pieces: { firstLine: number; range: FileRange }[];
}

export type BookRowsCount = Omit<BookRowsRead, 'lines' | 'held'> & { held: KeyedLines[] };

export const readBookRows = async (
  bytes: Uint8Array,
  source: { rows: AsyncIterable<RawRecord> | Iterable<RawRecord> },
  shape: RegisterShape,
  kind: 'TDS' | 'TCS',
  fy: FinancialYear,
  pool: WorkerPool | null,
  take: (lines: KeyedLines) => void,
  // a big register's pieces as ranges of its file (lib/register-cut.ts
  // cutRegisterFile): `bytes` is then only its head
  ranges: FilePieces | null = null,
): Promise<BookRowsCount> => {
  const chunks = pool
    ? ranges
      ? ranges.pieces.map(
          (p): RegisterChunk => ({
            kind,
            fy,
            shape,
            delimiter: ranges.delimiter,
            quoted: false,
            firstLine: p.firstLine,
            bytes: new Uint8Array(0),
            range: p.range,
          }),
        )
      : cut(bytes, shape, kind, fy)
    : null;
  if (!pool || !chunks) {
    const { add, finish } = createBookRowReader(kind, fy, shape);
    for await (const record of source.rows) add(record);
    const { lines, held, ...read } = finish();
    take(lines);
    return { ...read, held: [held] };
  }
  const read: BookRowsCount = { rows: 0, heldRows: 0, held: [], total: 0, rejects: [], warnings: [] };
  for await (const parts of pool.runInWindows<ParseTask, BookRowsRead>(
    chunks.map((chunk) => ({ type: 'register', chunk })),
    (t) => (t.type === 'register' ? movedBuffers(t.chunk.bytes) : []),
  )) {
    for (const p of parts) {
      take(p.lines);
      read.rows += p.rows;
      read.heldRows += p.heldRows;
      read.held.push(p.held);
      read.total += p.total;
      for (const e of p.rejects) read.rejects.push(e);
      for (const w of p.warnings) read.warnings.push(w);
    }
  }
  return read;
};

// The chunks of a register worth parsing in parallel, or null.
const cut = (
  bytes: Uint8Array,
  shape: RegisterShape,
  kind: 'TDS' | 'TCS',
  fy: FinancialYear,
): RegisterChunk[] | null => {
  const cutUp = cutRegister(bytes, shape.file, shape.headerLine);
  return cutUp
    ? cutUp.pieces.map((p) => ({ kind, fy, shape, delimiter: cutUp.delimiter, quoted: cutUp.quoted, ...p }))
    : null;
};
