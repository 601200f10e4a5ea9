import type { AppContext } from '../../../platform/context.ts';
import { badRequest, type HttpError } from '../../../platform/http/errors.ts';
import {
  ENTRY_CONTENT_SQL,
  type EntryContent,
  entryPrint,
  entryText,
  parseEntryId,
  type UploadedEntryId,
} from '../results/entry-id.ts';
import { rowId } from '../results/row-view.ts';
import type { RunView } from '../runs/runs.ts';
import {
  type EntryRow,
  entryRows,
  LEFT_AS_THEY_ARE,
  noColumns,
  SETTABLE,
  type Sheet,
} from './bulk-update-sheets.ts';

// Whether the rows of uploaded sheets may be applied as written, checked whole
// before anything is decided; the rows that may are what the applier takes,
// so a file is read once. The applier asks `changedEntry` again per row.

export interface SheetProblem {
  // ENTRY_CHANGED: the row's entry is no longer the one downloaded (the file
  // is older than the customer's last reconciliation); BAD_COLUMNS: a sheet
  // without the Entry id or Status column (Bulk Update answers it as
  // BAD_ROWS, the manual reconciliation upload on its own); BAD_ROWS: anything else
  code: 'BAD_COLUMNS' | 'BAD_ROWS' | 'ENTRY_CHANGED';
  message: string;
}

export type Settable = 'Accept' | 'Hold' | 'FollowUp' | 'Pending';

// A row to apply: the entry it names, the status it sets, and the row as
// uploaded (its id as written and its line), found at `where` ("<file>, line <n>").
export interface CheckedRow {
  entry: UploadedEntryId;
  status: Settable;
  row: EntryRow;
  where: string;
}

export interface CheckedSheets {
  rows: CheckedRow[];
  problems: SheetProblem[];
}

const CHANGED_ADVICE =
  '(the customer was reconciled again after this file was downloaded); download the entries again.';

// The refusal of sheets with problems, nothing applied: ENTRY_CHANGED when
// any row's entry changed (the file is stale, so downloading it again comes
// first; those rows are named first), BAD_ROWS otherwise.
export const problemsRefusal = (lead: string, problems: readonly SheetProblem[]): HttpError => {
  const changed = problems.some((p) => p.code === 'ENTRY_CHANGED');
  const ordered = [
    ...problems.filter((p) => p.code === 'ENTRY_CHANGED'),
    ...problems.filter((p) => p.code !== 'ENTRY_CHANGED'),
  ].map((p) => p.message);
  return badRequest(
    `${lead} ${ordered.slice(0, 5).join(' ')}${ordered.length > 5 ? ` (${ordered.length - 5} more)` : ''}`,
    changed ? 'ENTRY_CHANGED' : 'BAD_ROWS',
  );
};

interface CurrentRow extends EntryContent {
  party: number;
  side: 'B' | 'T';
  ord: number;
}

// The rows now at the given positions ("<party>:<side>:<ord>"), by position.
const rowsAt = async (ctx: AppContext, jobId: string, ids: readonly string[]) => {
  const { rows } = await ctx.database.pool.query<CurrentRow>(
    `SELECT party, side, ord, ${ENTRY_CONTENT_SQL} FROM recon_rows
      WHERE job_id = $1 AND party || ':' || side || ':' || ord = ANY($2::text[])`,
    [jobId, ids],
  );
  return new Map(rows.map((r) => [rowId(r.party, r.side, r.ord), r]));
};

// Why an uploaded row may not be applied to the row now at its position:
// the id carries the print of the row downloaded and the row there now has
// another (a sync rebuilt the customer's rows in between). Null when it may.
export const changedEntry = (
  where: string,
  entry: UploadedEntryId,
  row: EntryRow,
  now: EntryContent | undefined,
): string | null => {
  if (entry.print === null) return null;
  const downloaded = row.ref || row.date ? entryText(entry.side, row) : 'the entry in this file';
  if (!now)
    return `${where}, column Entry id: the entry ${entry.rowId} (${downloaded}) is no longer in this reconciliation ${CHANGED_ADVICE}`;
  if (entryPrint(entry.side, now) === entry.print) return null;
  return `${where}, column Entry id: the entry ${entry.rowId} is no longer ${downloaded} but ${entryText(entry.side, { ref: entry.side === 'B' ? now.ref : null, date: now.txn_date, tax: now.tax })} ${CHANGED_ADVICE}`;
};

// The rows of the sheets that set a status, and every row that cannot be
// applied as written, named by file, line and column: a Status that is no
// status, an entry id that is not one or is no entry of this reconciliation,
// an entry that is no longer the one downloaded. A file read in the
// background is checked whole before anything is decided, so a bad row
// changes nothing. With `only` (an upload on one customer's screen), an entry
// of another customer is a problem too. An id without a print (downloads
// before session 39, the screens' row ids) is checked as before: that its
// position exists.
export const checkSheets = async (
  ctx: AppContext,
  run: RunView,
  sheets: readonly Sheet[],
  only: { party: number; name: string } | null = null,
): Promise<CheckedSheets> => {
  const problems: SheetProblem[] = [];
  const bad = (message: string) => problems.push({ code: 'BAD_ROWS', message });
  const named: CheckedRow[] = [];
  for (const sheet of sheets) {
    const rows = entryRows(sheet);
    if (!rows) {
      problems.push({ code: 'BAD_COLUMNS', message: noColumns(sheet.name) });
      continue;
    }
    for (const row of rows) {
      const { id, status: text, line } = row;
      const status = SETTABLE.get(text.toLowerCase() as 'accept');
      const entry = parseEntryId(id);
      if (text !== '' && !status && !LEFT_AS_THEY_ARE.has(text.toLowerCase()))
        bad(
          `${sheet.name}, line ${line}, column Status: "${text}" is not a status (Accept, Hold, FollowUp or Pending; Matched, Discrepancy, Split and AcceptPartial are left as they are).`,
        );
      else if (!status) continue;
      else if (!entry) bad(`${sheet.name}, line ${line}, column Entry id: "${id}" is not an entry id.`);
      else if (only && entry.party !== only.party)
        bad(
          `${sheet.name}, line ${line}, column Entry id: "${id}" is an entry of another customer, not of ${only.name}.`,
        );
      else named.push({ entry, status, row, where: `${sheet.name}, line ${line}` });
    }
  }
  const rows: CheckedRow[] = [];
  if (named.length > 0) {
    const now = await rowsAt(ctx, run.job_id, [...new Set(named.map((n) => n.entry.rowId))]);
    const reported = new Set<string>();
    for (const checked of named) {
      const { entry, row, where } = checked;
      const current = now.get(entry.rowId);
      const changed = changedEntry(where, entry, row, current);
      if (changed) problems.push({ code: 'ENTRY_CHANGED', message: changed });
      else if (!current) {
        if (reported.has(row.id)) continue;
        reported.add(row.id);
        bad(`${where}, column Entry id: "${row.id}" is no entry of this reconciliation.`);
      } else rows.push(checked);
    }
  }
  return { rows, problems };
};
