import type { RawRecord } from '@taxrecon/formats';
import type { FinancialYear } from '@taxrecon/shared';
import { cutRegister } from '../lib/register-cut.ts';
import type { WorkerPool } from '../lib/worker-pool.ts';
import { type BookRowsRead, createBookRowReader, type RegisterShape } from './book-rows.ts';
import type { ParseTask } from './parse-chunk.ts';
import type { RegisterChunk } from './register-chunk.ts';

// Reads a register's rows into book rows: a big text register is cut at line
// ends into chunks (lib/register-cut.ts) parsed in the pool's threads and
// joined in file order (so the result is the same whatever thread finishes
// first); anything else is read record by record on this thread.

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
  const cutUp = cutRegister(bytes, shape.file, shape.headerLine);
  return cutUp ? cutUp.pieces.map((p) => ({ kind, fy, shape, delimiter: cutUp.delimiter, ...p })) : null;
};
