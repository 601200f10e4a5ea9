import type { MultipartFile } from '@fastify/multipart';
import {
  BULK_UPDATE_MAX_BYTES,
  BULK_UPDATE_ZIP_MAX_BYTES,
  type BulkUpdateAnswer,
  type BulkUpdateQuery,
} from '@taxrecon/contracts';
import {
  parseDelimited,
  readZipEntryCapped,
  ZIP_TOO_LARGE,
  ZipLimitError,
  zipEntriesRefusal,
} from '@taxrecon/formats';
import { Uint8ArrayReader, ZipReader } from '@zip.js/zip.js';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../../platform/context.ts';
import type { Caller } from '../../../platform/http/caller.ts';
import { badRequest, HttpError } from '../../../platform/http/errors.ts';
import { isValidFileName } from '../../../platform/http/uploads.ts';
import {
  ENTRY_CONTENT_SQL,
  type EntryContent,
  entryPrint,
  entryText,
  parseEntryId,
  type UploadedEntryId,
} from '../results/entry-id.ts';
import { manualActionOf, rowId } from '../results/row-view.ts';
import { completedRun, type RunView } from '../runs/runs.ts';
import { updateDiscrepancies } from './decisions.ts';
import { findParty } from './discrepancies.ts';

// Bulk Update (spec 2.6, TCS) and the upload of manually reconciled entries
// for customers with over 500 entries: the CSV files of a download, their
// Status column edited, come back; every entry whose status changed becomes
// a decision, one per customer and status, recorded like one made on screen.

const SETTABLE = new Map([
  ['accept', 'Accept'],
  ['hold', 'Hold'],
  ['followup', 'FollowUp'],
  ['follow up', 'FollowUp'],
  ['pending', 'Pending'],
] as const);

export interface Sheet {
  name: string;
  text: string;
}

// The CSV sheets of one uploaded file: the csv itself, or every csv of a zip.
export const sheetsOfFile = async (name: string, bytes: Uint8Array): Promise<Sheet[]> => {
  if (!/\.zip$/i.test(name)) return [{ name, text: Buffer.from(bytes).toString('utf8') }];
  const sheets: Sheet[] = [];
  const reader = new ZipReader(new Uint8ArrayReader(bytes));
  try {
    const csvs = (
      await reader.getEntries().catch(() => {
        throw badRequest(`${name} is not a readable zip file.`, 'BAD_ZIP');
      })
    ).filter((e) => !e.directory && /\.csv$/i.test(e.filename));
    const refusal = zipEntriesRefusal(name, csvs);
    if (refusal) throw badRequest(refusal, ZIP_TOO_LARGE);
    let expanded = 0;
    for (const entry of csvs) {
      const data = await readZipEntryCapped(name, entry, expanded).catch((error: unknown) => {
        throw error instanceof ZipLimitError ? badRequest(error.message, ZIP_TOO_LARGE) : error;
      });
      expanded += data.length;
      sheets.push({ name: entry.filename, text: Buffer.from(data).toString('utf8') });
    }
  } finally {
    await reader.close();
  }
  return sheets;
};

const readSheets = async (request: FastifyRequest): Promise<Sheet[]> => {
  if (!request.isMultipart())
    throw badRequest('Send the CSV file as multipart/form-data in the field "files".');
  const sheets: Sheet[] = [];
  for await (const part of request.parts()) {
    if (part.type === 'field') continue;
    const file = part as MultipartFile;
    const name = file.filename;
    const zip = /\.zip$/i.test(name);
    if (!isValidFileName(name) || !(zip || /\.csv$/i.test(name))) {
      file.file.resume();
      throw badRequest(
        `${name}: choose a .csv file, or a .zip of them, with a plain file name.`,
        'INVALID_FILE',
      );
    }
    const bytes = await file.toBuffer();
    const limit = zip ? BULK_UPDATE_ZIP_MAX_BYTES : BULK_UPDATE_MAX_BYTES;
    if (bytes.length > limit) {
      throw new HttpError(
        413,
        'FILE_TOO_LARGE',
        `${name} is larger than the ${limit.toLocaleString('en-IN')}-byte limit.`,
      );
    }
    sheets.push(...(await sheetsOfFile(name, new Uint8Array(bytes))));
  }
  if (sheets.length === 0) throw badRequest('Choose the CSV file to upload.', 'NO_FILE');
  return sheets;
};

type Answer = z.input<typeof BulkUpdateAnswer>;

// A sheet's rows that name an entry, each with its Entry id, its Status as
// written and its line, and the voucher (or bill), date and tax the download
// wrote beside the id, to name the entry in a refusal; null when the sheet
// lacks the Entry id or the Status column.
interface EntryRow {
  id: string;
  status: string;
  line: number;
  ref: string | null;
  date: string | null;
  tax: string | null;
}

const entryRows = (sheet: Sheet): EntryRow[] | null => {
  const { records } = parseDelimited(sheet.text.replace(/^\uFEFF/, ''), ',');
  const header = (records[0]?.values ?? []).map((h) => h.trim().toLowerCase());
  const idAt = header.indexOf('entry id');
  const statusAt = header.indexOf('status');
  if (idAt < 0 || statusAt < 0) return null;
  const at = (...names: string[]) => names.map((n) => header.indexOf(n)).find((i) => i >= 0) ?? -1;
  const refAt = at('voucher number', 'bill number');
  const dateAt = at('date', 'transaction date');
  const taxAt = at('tds', 'tcs', 'tax');
  const cell = (values: string[], i: number) => (i < 0 ? null : values[i]?.trim() || null);
  return records
    .slice(1)
    .map((r) => ({
      id: r.values[idAt]?.trim() ?? '',
      status: (r.values[statusAt] ?? '').trim(),
      line: r.line,
      ref: cell(r.values, refAt),
      date: cell(r.values, dateAt),
      tax: cell(r.values, taxAt),
    }))
    .filter((r) => r.id !== '');
};

// What the Status column may hold: the four a person sets, and what the
// download itself writes for rows left as they are.
const LEFT_AS_THEY_ARE = new Set(['matched', 'discrepancy', 'split', 'acceptpartial']);

export interface SheetProblem {
  // ENTRY_CHANGED: the row's entry is no longer the one downloaded (the file
  // is older than the customer's last reconciliation); BAD_ROWS: anything else
  code: 'BAD_ROWS' | 'ENTRY_CHANGED';
  message: string;
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
const changedEntry = (
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

// Every row of the sheets that cannot be applied as written, named by file,
// line and column: a Status that is no status, an entry id that is not one or
// is no entry of this reconciliation, an entry that is no longer the one
// downloaded. A file read in the background is checked whole before anything
// is decided, so a bad row changes nothing. With `only` (an upload on one
// customer's screen), an entry of another customer is a problem too.
// An id without a print (downloads before session 39, the screens' row ids)
// is checked as before: that its position exists.
export const sheetProblems = async (
  ctx: AppContext,
  run: RunView,
  sheets: readonly Sheet[],
  only: { party: number; name: string } | null = null,
): Promise<SheetProblem[]> => {
  const problems: SheetProblem[] = [];
  const bad = (message: string) => problems.push({ code: 'BAD_ROWS', message });
  const named: { entry: UploadedEntryId; row: EntryRow; where: string }[] = [];
  for (const sheet of sheets) {
    const rows = entryRows(sheet);
    if (!rows) {
      bad(`${sheet.name}, line 1: no "Entry id" and "Status" columns; upload the downloaded file.`);
      continue;
    }
    for (const row of rows) {
      const { id, status: text, line } = row;
      const settable = SETTABLE.has(text.toLowerCase() as 'accept');
      const entry = parseEntryId(id);
      if (text !== '' && !settable && !LEFT_AS_THEY_ARE.has(text.toLowerCase()))
        bad(
          `${sheet.name}, line ${line}, column Status: "${text}" is not a status (Accept, Hold, FollowUp or Pending; Matched, Discrepancy, Split and AcceptPartial are left as they are).`,
        );
      else if (!settable) continue;
      else if (!entry) bad(`${sheet.name}, line ${line}, column Entry id: "${id}" is not an entry id.`);
      else if (only && entry.party !== only.party)
        bad(
          `${sheet.name}, line ${line}, column Entry id: "${id}" is an entry of another customer, not of ${only.name}.`,
        );
      else named.push({ entry, row, where: `${sheet.name}, line ${line}` });
    }
  }
  if (named.length > 0) {
    const now = await rowsAt(ctx, run.job_id, [...new Set(named.map((n) => n.entry.rowId))]);
    const reported = new Set<string>();
    for (const { entry, row, where } of named) {
      const current = now.get(entry.rowId);
      const changed = changedEntry(where, entry, row, current);
      if (changed) problems.push({ code: 'ENTRY_CHANGED', message: changed });
      else if (!current && !reported.has(row.id)) {
        reported.add(row.id);
        bad(`${where}, column Entry id: "${row.id}" is no entry of this reconciliation.`);
      }
    }
  }
  return problems;
};

export const bulkUpdate = async (
  ctx: AppContext,
  caller: Caller,
  request: FastifyRequest,
  query: z.output<typeof BulkUpdateQuery>,
): Promise<Answer> => {
  const run = await completedRun(ctx, caller, query.jobId, query.updateType);
  const only = query.tanNumber ? await findParty(ctx, run, query.tanNumber) : null;
  const sheets = await readSheets(request);
  // Checked whole before anything is decided, as the manual reconciliation
  // upload is (session 39): a Status typed wrong ("Acept") was skipped in
  // silence while the rest applied, under a green "n entries updated".
  // An entry id names the row downloaded (a print of its content): a row
  // whose entry changed since (a sync in between) is ENTRY_CHANGED (session 39).
  const problems = await sheetProblems(ctx, run, sheets, only);
  if (problems.length > 0) throw problemsRefusal('Nothing was changed.', problems);
  return applySheets(ctx, caller, run, sheets, only);
};

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
