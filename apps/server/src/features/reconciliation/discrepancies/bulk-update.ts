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
import { manualActionOf } from '../results/row-view.ts';
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
// written and its line; null when the sheet lacks either column.
const entryRows = (sheet: Sheet): { id: string; status: string; line: number }[] | null => {
  const { records } = parseDelimited(sheet.text.replace(/^\uFEFF/, ''), ',');
  const header = (records[0]?.values ?? []).map((h) => h.trim().toLowerCase());
  const idAt = header.indexOf('entry id');
  const statusAt = header.indexOf('status');
  if (idAt < 0 || statusAt < 0) return null;
  return records
    .slice(1)
    .map((r) => ({
      id: r.values[idAt]?.trim() ?? '',
      status: (r.values[statusAt] ?? '').trim(),
      line: r.line,
    }))
    .filter((r) => r.id !== '');
};

// What the Status column may hold: the four a person sets, and what the
// download itself writes for rows left as they are.
const LEFT_AS_THEY_ARE = new Set(['matched', 'discrepancy', 'split', 'acceptpartial']);

// Every row of the sheets that cannot be applied as written, named by file,
// line and column: a Status that is no status, an entry id that is not one or
// is no entry of this reconciliation. A file read in the background is
// checked whole before anything is decided, so a bad row changes nothing.
// With `only` (an upload on one customer's screen), an entry of another
// customer is a problem too.
export const sheetProblems = async (
  ctx: AppContext,
  run: RunView,
  sheets: readonly Sheet[],
  only: { party: number; name: string } | null = null,
) => {
  const problems: string[] = [];
  const ids = new Map<string, string>(); // id -> where it was read
  for (const sheet of sheets) {
    const rows = entryRows(sheet);
    if (!rows) {
      problems.push(`${sheet.name}, line 1: no "Entry id" and "Status" columns; upload the downloaded file.`);
      continue;
    }
    for (const { id, status: text, line } of rows) {
      const settable = SETTABLE.has(text.toLowerCase() as 'accept');
      if (text !== '' && !settable && !LEFT_AS_THEY_ARE.has(text.toLowerCase()))
        problems.push(
          `${sheet.name}, line ${line}, column Status: "${text}" is not a status (Accept, Hold, FollowUp or Pending; Matched, Discrepancy, Split and AcceptPartial are left as they are).`,
        );
      else if (!settable) continue;
      else if (!/^\d{1,9}:[BT]:\d{1,9}$/.test(id))
        problems.push(`${sheet.name}, line ${line}, column Entry id: "${id}" is not an entry id.`);
      else if (only && Number(id.split(':')[0]) !== only.party)
        problems.push(
          `${sheet.name}, line ${line}, column Entry id: "${id}" is an entry of another customer, not of ${only.name}.`,
        );
      else ids.set(id, `${sheet.name}, line ${line}`);
    }
  }
  if (ids.size > 0) {
    const { rows } = await ctx.database.pool.query<{ id: string }>(
      `SELECT party || ':' || side || ':' || ord AS id FROM recon_rows
        WHERE job_id = $1 AND party || ':' || side || ':' || ord = ANY($2::text[])`,
      [run.job_id, [...ids.keys()]],
    );
    const known = new Set(rows.map((r) => r.id));
    for (const [id, where] of ids)
      if (!known.has(id))
        problems.push(`${where}, column Entry id: "${id}" is no entry of this reconciliation.`);
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
  const problems = await sheetProblems(ctx, run, sheets, only);
  if (problems.length > 0)
    throw badRequest(
      `Nothing was changed. ${problems.slice(0, 5).join(' ')}${problems.length > 5 ? ` (${problems.length - 5} more)` : ''}`,
      'BAD_ROWS',
    );
  return applySheets(ctx, caller, run, sheets, only);
};

// Every entry whose Status changed becomes a decision; an entry already in
// that status is left alone, so applying the same sheets twice decides once.
export const applySheets = async (
  ctx: AppContext,
  caller: Caller,
  run: RunView,
  sheets: readonly Sheet[],
  only: { party: number } | null,
): Promise<Answer> => {
  const errors: Answer['errors'] = [];
  // party -> status -> entry ids of each book
  type Settable = 'Accept' | 'Hold' | 'FollowUp' | 'Pending';
  const wanted = new Map<number, Map<Settable, { book: string[]; taxBook: string[]; lines: number[] }>>();
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
      const m = /^(\d{1,9}):([BT]):(\d{1,9})$/.exec(id);
      if (!m) {
        errors.push({
          line: record.line,
          entryId: id,
          message: `${sheet.name}: "${id}" is not an entry id of this job`,
        });
        continue;
      }
      const party = Number(m[1]);
      if (only && party !== only.party) {
        errors.push({
          line: record.line,
          entryId: id,
          message: `${sheet.name}: the entry belongs to another customer`,
        });
        continue;
      }
      const byStatus =
        wanted.get(party) ?? new Map<Settable, { book: string[]; taxBook: string[]; lines: number[] }>();
      const ids = byStatus.get(status) ?? { book: [], taxBook: [], lines: [] };
      (m[2] === 'B' ? ids.book : ids.taxBook).push(id);
      ids.lines.push(record.line);
      byStatus.set(status, ids);
      wanted.set(party, byStatus);
    }
  }

  let updated = 0;
  let decisions = 0;
  for (const [party, byStatus] of wanted) {
    const current = await ctx.db
      .selectFrom('recon_rows')
      .select(['side', 'ord', 'action', 'match_no'])
      .where('job_id', '=', run.job_id)
      .where('party', '=', party)
      .execute();
    const status = new Map(current.map((r) => [`${party}:${r.side}:${r.ord}`, manualActionOf(r)]));
    for (const [action, ids] of byStatus) {
      const changed = (list: string[]) => list.filter((id) => status.has(id) && status.get(id) !== action);
      for (const id of [...ids.book, ...ids.taxBook].filter((x) => !status.has(x))) {
        errors.push({ line: 0, entryId: id, message: 'no such entry in this job' });
      }
      const book = changed(ids.book);
      const taxBook = changed(ids.taxBook);
      if (book.length + taxBook.length === 0) continue;
      try {
        await updateDiscrepancies(ctx, caller, {
          jobId: run.job_id,
          actionType: action,
          notes: 'Bulk update',
          salesPurchaseBookDiscrepancyIds: book,
          taxBookDiscrepancyIds: taxBook,
        });
        updated += book.length + taxBook.length;
        decisions++;
      } catch (error) {
        if (!(error instanceof HttpError) || error.status >= 500) throw error;
        errors.push({
          line: ids.lines[0] ?? 0,
          entryId: [...book, ...taxBook][0] ?? '',
          message: error.message,
        });
      }
    }
  }
  return { message: `${updated} entries updated`, updated, decisions, errors };
};
