import { decodeText, formatOfFile, type RawRecord, sniffDelimiter } from '@taxrecon/formats';
import type { FinancialYear } from '@taxrecon/shared';
import type { WorkerPool } from '../lib/worker-pool.ts';
import { type BookRowsRead, createBookRowReader, type RegisterShape } from './book-rows.ts';
import type { ParseTask } from './parse-chunk.ts';
import type { RegisterChunk } from './register-chunk.ts';

// Reads a register's rows into book rows: a big text register is cut at line
// ends into chunks parsed in the pool's threads and joined in file order (so
// the result is the same whatever thread finishes first); anything else is
// read record by record on this thread.
//
// A register with a double quote anywhere is read in one go: a quoted field
// may hold a line break, and a cut there would split a record.
const chunkBytes = () => Number(process.env.TAXRECON_PARSE_CHUNK_BYTES) || 4 << 20;
const NEWLINE = 10;
const QUOTE = 34;

export const readBookRows = async (
  bytes: Uint8Array,
  source: { rows: AsyncIterable<RawRecord> | Iterable<RawRecord> },
  shape: RegisterShape,
  kind: 'TDS' | 'TCS',
  fy: FinancialYear,
  pool: WorkerPool | null,
): Promise<BookRowsRead> => {
  const chunks = pool ? cut(bytes, shape, kind, fy) : null;
  if (!pool || !chunks) {
    const { add, read } = createBookRowReader(kind, fy, shape);
    for await (const record of source.rows) add(record);
    return read;
  }
  const parts = await pool.run<ParseTask, BookRowsRead>(
    chunks.map((chunk) => ({ type: 'register', chunk })),
    (t) => (t.type === 'register' ? [t.chunk.bytes.buffer as ArrayBuffer] : []),
  );
  const read: BookRowsRead = { rows: [], total: 0, rejects: [], warnings: [] };
  for (const p of parts) {
    read.total += p.total;
    for (const r of p.rows) read.rows.push(r);
    for (const e of p.rejects) read.rejects.push(e);
    for (const w of p.warnings) read.warnings.push(w);
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
  const size = chunkBytes();
  if (bytes.length < 2 * size || shape.headerLine < 1) return null;
  const format = formatOfFile(shape.file, bytes);
  if (format !== 'txt' && format !== 'csv') return null;
  const head = decodeText(bytes.subarray(0, 1 << 16));
  if (head.encoding !== 'utf-8' && head.encoding !== 'utf-8-bom') return null;
  if (bytes.indexOf(QUOTE) >= 0) return null;
  const delimiter = sniffDelimiter(head.text, format === 'csv' ? ',' : '\t');

  // the data begins on the line after the header
  let start = 0;
  for (let line = 0; line < shape.headerLine; line++) {
    const end = bytes.indexOf(NEWLINE, start);
    if (end < 0) return null;
    start = end + 1;
  }
  const chunks: RegisterChunk[] = [];
  let firstLine = shape.headerLine + 1;
  while (start < bytes.length) {
    const cutAt = bytes.indexOf(NEWLINE, Math.min(start + size, bytes.length - 1));
    const end = cutAt < 0 ? bytes.length : cutAt + 1;
    let lines = 0;
    for (let i = bytes.indexOf(NEWLINE, start); i >= 0 && i < end; i = bytes.indexOf(NEWLINE, i + 1)) lines++;
    // A copy of its own, moved (not copied again) to the thread. Not
    // bytes.slice: on a Buffer that is a view of the whole file.
    chunks.push({ kind, fy, shape, delimiter, firstLine, bytes: new Uint8Array(bytes.subarray(start, end)) });
    firstLine += lines;
    start = end;
  }
  return chunks;
};
