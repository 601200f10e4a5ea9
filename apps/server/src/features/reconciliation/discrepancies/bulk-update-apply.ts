import type { BulkUpdateAnswer } from '@taxrecon/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../../platform/context.ts';
import type { Caller } from '../../../platform/http/caller.ts';
import { HttpError } from '../../../platform/http/errors.ts';
import {
  ENTRY_CONTENT_SQL,
  type EntryContent,
  parseEntryId,
  type UploadedEntryId,
} from '../results/entry-id.ts';
import { manualActionOf, rowId } from '../results/row-view.ts';
import type { RunView } from '../runs/runs.ts';
import { changedEntry } from './bulk-update-checks.ts';
import { type EntryRow, entryRows, SETTABLE, type Sheet } from './bulk-update-sheets.ts';
import { updateDiscrepancies } from './decisions.ts';

type Answer = z.input<typeof BulkUpdateAnswer>;

// A background job's record of the decisions it made (the manual
// reconciliation job's steps): each customer and status decided, with its
// count of entries, recorded right after its decision commits. A run retried
// after a crash finds those entries already decided and decides nothing on
// them; it counts them from here, not as none (session 39).
export interface DecidedSteps {
  // "<party>:<status>" -> entries decided by an earlier run of the job
  earlier: ReadonlyMap<string, number>;
  record: (party: number, status: string, entries: number) => Promise<void>;
}

// Every entry whose Status changed becomes a decision; an entry already in
// that status is left alone, so applying the same sheets twice decides once.
// The sheets were checked by `sheetProblems`; an entry that changed in the
// moment since (a sync finishing in between) is reported on its line and not
// decided on. `steps` (a job's, none on screen) records each decision made and
// counts those an earlier run of the job made.
export const applySheets = async (
  ctx: AppContext,
  caller: Caller,
  run: RunView,
  sheets: readonly Sheet[],
  only: { party: number } | null,
  steps: DecidedSteps | null = null,
): Promise<Answer> => {
  const errors: Answer['errors'] = [];
  // party -> status -> entries of each book
  type Settable = 'Accept' | 'Hold' | 'FollowUp' | 'Pending';
  type Wanted = { entry: UploadedEntryId; row: EntryRow; where: string };
  const wanted = new Map<number, Map<Settable, Wanted[]>>();
  for (const sheet of sheets) {
    const rows = entryRows(sheet);
    if (!rows) {
      errors.push({
        line: 1,
        entryId: '',
        message: `${sheet.name}: no "Entry id" and "Status" columns; upload the downloaded file`,
      });
      continue;
    }
    for (const record of rows) {
      const { id } = record;
      const status = SETTABLE.get(record.status.toLowerCase() as 'accept');
      // Matched, Discrepancy, Split, AcceptPartial: left as they are.
      if (!status) continue;
      const entry = parseEntryId(id);
      if (!entry) {
        errors.push({
          line: record.line,
          entryId: id,
          message: `${sheet.name}: "${id}" is not an entry id of this job`,
        });
        continue;
      }
      if (only && entry.party !== only.party) {
        errors.push({
          line: record.line,
          entryId: id,
          message: `${sheet.name}: the entry belongs to another customer`,
        });
        continue;
      }
      const byStatus = wanted.get(entry.party) ?? new Map<Settable, Wanted[]>();
      const list = byStatus.get(status) ?? [];
      list.push({ entry, row: record, where: `${sheet.name}, line ${record.line}` });
      byStatus.set(status, list);
      wanted.set(entry.party, byStatus);
    }
  }

  let updated = 0;
  let decisions = 0;
  for (const [party, byStatus] of wanted) {
    const { rows: current } = await ctx.database.pool.query<
      EntryContent & { side: 'B' | 'T'; ord: number; action: string | null; match_no: number | null }
    >(
      `SELECT side, ord, action, match_no, ${ENTRY_CONTENT_SQL} FROM recon_rows WHERE job_id = $1 AND party = $2`,
      [run.job_id, party],
    );
    const now = new Map(current.map((r) => [rowId(party, r.side, r.ord), r]));
    for (const [action, list] of byStatus) {
      const book: string[] = [];
      const taxBook: string[] = [];
      for (const { entry, row, where } of list) {
        const at = now.get(entry.rowId);
        const changed = changedEntry(where, entry, row, at);
        if (changed) {
          errors.push({ line: row.line, entryId: row.id, message: changed });
          continue;
        }
        if (!at) {
          errors.push({ line: row.line, entryId: row.id, message: 'no such entry in this job' });
          continue;
        }
        if (manualActionOf(at) === action) continue;
        const ids = entry.side === 'B' ? book : taxBook;
        if (!ids.includes(entry.rowId)) ids.push(entry.rowId);
      }
      const before = steps?.earlier.get(`${party}:${action}`);
      if (before !== undefined) {
        updated += before;
        decisions++;
        continue;
      }
      if (book.length + taxBook.length === 0) continue;
      try {
        await updateDiscrepancies(ctx, caller, {
          jobId: run.job_id,
          actionType: action,
          notes: 'Bulk update',
          salesPurchaseBookDiscrepancyIds: book,
          taxBookDiscrepancyIds: taxBook,
        });
        await steps?.record(party, action, book.length + taxBook.length);
        updated += book.length + taxBook.length;
        decisions++;
      } catch (error) {
        if (!(error instanceof HttpError) || error.status >= 500) throw error;
        errors.push({
          line: list[0]?.row.line ?? 0,
          entryId: [...book, ...taxBook][0] ?? '',
          message: error.message,
        });
      }
    }
  }
  return { message: `${updated} entries updated`, updated, decisions, errors };
};
