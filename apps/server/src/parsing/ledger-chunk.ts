import type { LedgerEntry } from '@taxrecon/engine';
import type { FileIssue } from '@taxrecon/formats';
import {
  decodeLedgerEntries,
  encodeLedgerEntries,
  type LedgerColumns,
  ledgerColumnsTransfer,
} from '../features/payable/ledger-columns.ts';
import {
  createLedgerEntryReader,
  type LedgerRead,
  type LedgerShape,
  type openLedger,
  readOpenedLedger,
} from '../features/payable/ledger-read.ts';
import { chunkBytes, cutRegister } from '../lib/register-cut.ts';
import type { WorkerPool } from '../lib/worker-pool.ts';
import { forEachRecord } from './register-chunk.ts';

// A big expense ledger for `taxrecon payable`, cut at line ends
// (lib/register-cut.ts) and read in the parsing threads as the main thread
// reads it (ledger-read.ts createLedgerEntryReader), each piece's entries
// handed back as columns (ledger-columns.ts) and made again here in file
// order, so the entries and the issues are those of one reading.

export interface LedgerChunk {
  shape: LedgerShape;
  delimiter: string;
  quoted: boolean;
  firstLine: number;
  bytes: Uint8Array;
}

export interface LedgerPiece {
  columns: LedgerColumns;
  issues: FileIssue[];
}

// In a parsing thread (parse-chunk.ts).
export const readLedgerChunk = (chunk: LedgerChunk): { result: LedgerPiece; transfer: ArrayBuffer[] } => {
  const issues: FileIssue[] = [];
  const read = createLedgerEntryReader(chunk.shape, issues);
  const entries: LedgerEntry[] = [];
  forEachRecord(chunk, (record, clean) => {
    const entry = read(record, clean);
    if (entry) entries.push(entry);
  });
  const columns = encodeLedgerEntries(chunk.shape.file, entries);
  return { result: { columns, issues }, transfer: ledgerColumnsTransfer(columns) };
};

// Pieces of at most 1 MB: a month's ledger of a big year (80,000 lines, 7.5 MB)
// is under two of the registers' 4 MB pieces and would be read on one thread.
export const ledgerPieceBytes = (): number => Math.min(chunkBytes(), 1 << 20);

// The ledger's entries and issues read in the pool's threads, or null when
// the file is not worth cutting (small, or not UTF-8 text).
export const readLedgerInPieces = async (
  bytes: Uint8Array,
  shape: LedgerShape,
  pool: WorkerPool,
): Promise<{ entries: LedgerEntry[]; issues: FileIssue[] } | null> => {
  const cut = cutRegister(bytes, shape.file, shape.headerLine, ledgerPieceBytes());
  if (!cut) return null;
  const tasks = cut.pieces.map((p) => ({
    type: 'ledger' as const,
    chunk: { shape, delimiter: cut.delimiter, quoted: cut.quoted, ...p },
  }));
  const entries: LedgerEntry[] = [];
  const issues: FileIssue[] = [];
  for await (const ready of pool.runInWindows<(typeof tasks)[number], LedgerPiece>(tasks, (t) => [
    t.chunk.bytes.buffer as ArrayBuffer,
  ])) {
    for (const piece of ready) {
      decodeLedgerEntries(piece.columns, entries);
      for (const issue of piece.issues) issues.push(issue);
    }
  }
  return { entries, issues };
};

// An opened ledger's entries: in the pool's threads when it is big enough to
// cut, else on this thread; the issues of opening it come first either way.
export const readLedgerWith = async (
  opened: Awaited<ReturnType<typeof openLedger>>,
  bytes: Uint8Array,
  pool: WorkerPool | null,
): Promise<LedgerRead> => {
  if (opened.unusable) return { entries: [], issues: opened.issues, unusable: opened.unusable };
  const pieces = pool ? await readLedgerInPieces(bytes, opened.shape, pool) : null;
  if (!pieces) return readOpenedLedger(opened);
  return { entries: pieces.entries, issues: [...opened.issues, ...pieces.issues], unusable: null };
};
