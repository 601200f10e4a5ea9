import type { BulkUpdateAnswer } from '@taxrecon/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../../platform/context.ts';
import type { Caller } from '../../../platform/http/caller.ts';
import { HttpError } from '../../../platform/http/errors.ts';
import { ENTRY_CONTENT_SQL, type EntryContent } from '../results/entry-id.ts';
import { manualActionOf, rowId } from '../results/row-view.ts';
import type { RunView } from '../runs/runs.ts';
import { type CheckedRow, changedEntry, type Settable } from './bulk-update-checks.ts';
import { updateDiscrepancies } from './decisions.ts';

type Answer = z.input<typeof BulkUpdateAnswer>;

// A background job's record of the decisions it made (the manual
// reconciliation job's steps), so that a run retried after a crash counts
// what an earlier run decided: that run's entries are in their status already
// and the retry decides nothing on them (session 39). Each customer and
// status is recorded twice: as `deciding`, with the entries about to be
// decided, before its decision, and as `decided` after the decision commits.
// A crash between the commit and the `decided` step leaves `deciding` alone,
// and the retry, finding those entries all in their status, counts them from
// it (session 40).
export interface DecidedSteps {
  // "<party>:<status>" -> entries decided by an earlier run of the job
  decided: ReadonlyMap<string, number>;
  // "<party>:<status>" -> entries an earlier run of the job was deciding
  deciding: ReadonlyMap<string, number>;
  record: (step: 'deciding' | 'decided', party: number, status: Settable, entries: number) => Promise<void>;
}

// Every entry whose Status changed becomes a decision; an entry already in
// that status is left alone, so applying the same sheets twice decides once.
// The rows are those `checkSheets` found may be applied; an entry that
// changed in the moment since (a sync finishing in between) is reported on
// its line and not decided on. A decision refused is reported on the first
// row it decided on. `steps` (a job's, none on screen) records each decision
// made and counts those an earlier run of the job made.
export const applySheets = async (
  ctx: AppContext,
  caller: Caller,
  run: RunView,
  rows: readonly CheckedRow[],
  steps: DecidedSteps | null = null,
): Promise<Answer> => {
  const errors: Answer['errors'] = [];
  // party -> status -> rows, in the order of the sheets
  const wanted = new Map<number, Map<Settable, CheckedRow[]>>();
  for (const checked of rows) {
    const byStatus = wanted.get(checked.entry.party) ?? new Map<Settable, CheckedRow[]>();
    byStatus.set(checked.status, [...(byStatus.get(checked.status) ?? []), checked]);
    wanted.set(checked.entry.party, byStatus);
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
      // the rows of the entries decided on, each entry once
      const deciding: CheckedRow[] = [];
      for (const checked of list) {
        const { entry, row, where } = checked;
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
        if (ids.includes(entry.rowId)) continue;
        ids.push(entry.rowId);
        deciding.push(checked);
      }
      const key = `${party}:${action}`;
      const decided = steps?.decided.get(key);
      if (decided !== undefined) {
        updated += decided;
        decisions++;
        continue;
      }
      const begun = steps?.deciding.get(key);
      if (steps && begun !== undefined && deciding.length === 0) {
        // the earlier run's decision committed; the run stopped before saying so
        await steps.record('decided', party, action, begun);
        updated += begun;
        decisions++;
        continue;
      }
      if (deciding.length === 0) continue;
      if (begun === undefined) await steps?.record('deciding', party, action, deciding.length);
      try {
        await updateDiscrepancies(ctx, caller, {
          jobId: run.job_id,
          actionType: action,
          notes: 'Bulk update',
          salesPurchaseBookDiscrepancyIds: book,
          taxBookDiscrepancyIds: taxBook,
        });
        await steps?.record('decided', party, action, deciding.length);
        updated += deciding.length;
        decisions++;
      } catch (error) {
        if (!(error instanceof HttpError) || error.status >= 500) throw error;
        const first = deciding[0]!.row;
        errors.push({ line: first.line, entryId: first.id, message: error.message });
      }
    }
  }
  return { message: `${updated} entries updated`, updated, decisions, errors };
};
