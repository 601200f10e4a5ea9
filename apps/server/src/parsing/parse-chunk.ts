import { type Form26asChunk, type Form26asResult, parse26asChunk, utf8Text } from '@taxrecon/formats';
import {
  createRegisterEncoder,
  type RegisterShape as IngestShape,
  type RegisterContext,
  type RegisterKind,
  type RegisterPart,
} from '../features/ingest/register-rows.ts';
import {
  type EntryTails,
  entryTailCollector,
  type StatementIds,
  withoutParties,
} from '../features/ingest/tax-entry-lines.ts';
import type { BucketPartMessage } from '../features/reconciliation/matching/bucket-part.ts';
import {
  type BucketMessage,
  runTask as runBucketTask,
} from '../features/reconciliation/matching/bucket-task.ts';
import { taxBookLineWriter } from '../features/reconciliation/matching/engine-input.ts';
import {
  type KeyedLines,
  KeyedLineWriter,
  keyedTransfer,
} from '../features/reconciliation/matching/keyed-lines.ts';
import { type FileRange, readRange } from '../lib/register-cut.ts';
import { TupleWriter } from '../platform/db/binary-copy.ts';
import { type LedgerChunk, readLedgerChunk } from './ledger-chunk.ts';
import { forEachRecord, type RegisterChunk, readRegisterChunk } from './register-chunk.ts';

// The parsing threads (lib/worker-pool.ts) run this module: a piece of a big
// register for `taxrecon reconcile` (book rows) or for a register ingest job
// (COPY lines), or a piece of a big 26AS statement.
export interface IngestRegisterChunk {
  kind: RegisterKind;
  context: RegisterContext;
  shape: IngestShape;
  delimiter: string;
  // the file has quotes: its pieces are read with the quote-aware tokenizer
  quoted: boolean;
  firstLine: number;
  bytes: Uint8Array;
}

export type ParseTask =
  | { type: 'register'; chunk: RegisterChunk }
  | { type: 'ingest-register'; chunk: IngestRegisterChunk }
  | { type: 'ingest-26as'; chunk: Form26asChunk; ids: StatementIds }
  // `text` empty with `range`: where the piece stands in the file, read
  // here (lib/statement-read.ts statementFileTasks)
  | {
      type: 'reconcile-26as';
      chunk: Form26asChunk;
      kind: 'TDS' | 'TCS';
      range?: FileRange;
    }
  // a piece of an expense ledger for `taxrecon payable`
  | { type: 'ledger'; chunk: LedgerChunk }
  // once the rows are read, the same threads sort them into buckets and match those
  | BucketMessage
  | BucketPartMessage;

// A piece of a statement for `taxrecon reconcile`: its Part I or VI rows as
// the engine's row lines (matching/source-rows.ts), the rest of its result
// without parties (one string goes back, not a row object per transaction).
export interface Reconcile26asPiece {
  result: Form26asResult;
  lines: KeyedLines;
}

// A piece of a statement for the 26AS ingest job: its entries as COPY tuples
// (tax-entry-lines.ts), moved back, the rest of its result without them.
export interface Ingest26asPiece {
  result: Form26asResult;
  entries: EntryTails;
}

// A piece of a register for the ingest job: its rows as binary COPY tuples
// (moved back to the job's thread, not copied), and its figures.
export interface IngestRegisterPiece {
  tuples: Uint8Array;
  part: RegisterPart;
}

const encodeChunk = (chunk: IngestRegisterChunk): IngestRegisterPiece => {
  // a sales row's tuple is about 1.75 times its text: room for twice the
  // text, so the buffer is not grown (and copied) part-way
  const rows = new TupleWriter(chunk.bytes.length * 2);
  const { add, part } = createRegisterEncoder(chunk.kind, chunk.context, chunk.shape, rows);
  forEachRecord(chunk, add);
  return { tuples: rows.take(), part };
};

export const runTask = (task: unknown) => {
  const t = task as ParseTask;
  if (t.type === 'match-bucket' || t.type === 'sort-bucket-part') return runBucketTask(t);
  if (t.type === 'ledger') return readLedgerChunk(t.chunk);
  // A statement's transactions are written out as the parser reads them, not
  // kept as objects: a piece's objects lived through young-generation
  // collections, which took a fifth of a thread's time on a big statement.
  if (t.type === 'ingest-26as') {
    const collector = entryTailCollector(t.ids);
    const result = parse26asChunk(t.chunk, collector.take);
    const entries = collector.tails();
    return {
      result: { result: withoutParties(result), entries },
      transfer: [entries.tuples.buffer as ArrayBuffer, entries.starts.buffer as ArrayBuffer],
    };
  }
  if (t.type === 'reconcile-26as') {
    const kind = t.kind;
    const lines = new KeyedLineWriter();
    const line = taxBookLineWriter(lines.add);
    const piece = t.range ? { ...t.chunk, text: utf8Text(readRange(t.range)) } : t.chunk;
    const result = parse26asChunk(piece, (type, party, tx) => {
      if (type === kind) line(party, tx);
    });
    const keyed = lines.finish();
    return { result: { result: withoutParties(result), lines: keyed }, transfer: keyedTransfer(keyed) };
  }
  if (t.type === 'ingest-register') {
    const piece = encodeChunk(t.chunk);
    return { result: piece, transfer: [piece.tuples.buffer as ArrayBuffer] };
  }
  const read = readRegisterChunk(t.chunk);
  return { result: read, transfer: [...keyedTransfer(read.lines), ...keyedTransfer(read.held)] };
};
