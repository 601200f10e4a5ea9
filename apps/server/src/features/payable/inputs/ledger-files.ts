import type { LedgerEntry } from '@taxrecon/engine';
import { append } from '@taxrecon/shared';
import { parsingPool } from '../../../lib/statement-read.ts';
import { poolSize, type WorkerPool } from '../../../lib/worker-pool.ts';
import { ledgerPieceBytes, readLedgerWith } from '../../../parsing/ledger-chunk.ts';
import type { FileStore } from '../../../platform/storage/file-store.ts';
import { openLedger } from '../ledger-read.ts';
import type { Queryable } from './queryable.ts';

export interface ExpenseFile {
  id: string;
  month: string;
  fileName: string;
  storageKey: string;
  sizeBytes: number;
}

// The expense ledgers of the year up to and including a month (April..M),
// oldest month first: the year-to-date a 34A run for M computes.
export const listExpenseFiles = async (
  db: Queryable,
  entityId: string,
  financialYear: string,
  upToMonth: string,
): Promise<ExpenseFile[]> => {
  const { rows } = await db.query<{
    id: string;
    month: string;
    file_name: string;
    storage_key: string;
    size_bytes: number;
  }>(
    `SELECT p.id, p.month, p.file_name, s.storage_key, s.size_bytes
     FROM payable_files p JOIN stored_files s ON s.id = p.file_id
     WHERE p.entity_id = $1 AND p.kind = 'expense' AND p.financial_year = $2 AND p.month <= $3
     ORDER BY p.month, p.file_name`,
    [entityId, financialYear, upToMonth],
  );
  return rows.map((r) => ({
    id: r.id,
    month: r.month,
    fileName: r.file_name,
    storageKey: r.storage_key,
    sizeBytes: Number(r.size_bytes),
  }));
};

// Threads pay off from about four months of a big year (30 MB) on two cores.
const THREADS_FROM_PIECES = 32;

// A file the mapping cannot read stops the run: computing the year without
// one of its months would report everything after it wrongly.
export class UnreadableLedger extends Error {}

export const readExpenseFiles = async (
  files: FileStore,
  list: readonly ExpenseFile[],
  mapping: Readonly<Record<string, string>>,
): Promise<{ entries: LedgerEntry[]; issues: number }> => {
  const entries: LedgerEntry[] = [];
  let issues = 0;
  // A big year to date is parsed in pieces across the cores, as the command
  // line parses it (parsing/ledger-chunk.ts); the threads are let go with the read.
  // Starting them costs about 0.6 s (measured: a month of 7.5 MB read in 0.3 s
  // on this thread took 1.0 s with them), so a smaller read stays here.
  const total = list.reduce((n, f) => n + f.sizeBytes, 0);
  const threaded = poolSize() > 1 && total >= THREADS_FROM_PIECES * ledgerPieceBytes();
  let pool: WorkerPool | null = null;
  try {
    for (const f of list) {
      const bytes = await files.read(f.storageKey);
      const opened = await openLedger(f.fileName, bytes, undefined, mapping);
      if (opened.unusable)
        throw new UnreadableLedger(
          `${f.fileName} (${f.month}): with the submitted mapping ${opened.unusable}`,
        );
      if (threaded) pool ??= parsingPool();
      const ledger = await readLedgerWith(opened, bytes, pool);
      issues += ledger.issues.length;
      append(entries, ledger.entries);
    }
  } finally {
    await pool?.close();
  }
  return { entries, issues };
};
