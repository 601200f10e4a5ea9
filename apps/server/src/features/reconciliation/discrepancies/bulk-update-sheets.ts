import type { MultipartFile } from '@fastify/multipart';
import { BULK_UPDATE_MAX_BYTES, BULK_UPDATE_ZIP_MAX_BYTES } from '@taxrecon/contracts';
import {
  parseDelimited,
  readZipEntryCapped,
  ZIP_TOO_LARGE,
  ZipLimitError,
  zipEntriesRefusal,
} from '@taxrecon/formats';
import { Uint8ArrayReader, ZipReader } from '@zip.js/zip.js';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../../../platform/http/errors.ts';
import { isValidFileName } from '../../../platform/http/uploads.ts';

// Reading what a Bulk Update or a manual reconciliation upload brings: its
// CSV sheets (refusing a file that is no .csv or .zip, too large or not a
// readable zip), and the rows of each sheet that name an entry. Whether those
// rows may be applied is for bulk-update-checks.ts to say.

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

export const readSheets = async (request: FastifyRequest): Promise<Sheet[]> => {
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

// A sheet's rows that name an entry, each with its Entry id, its Status as
// written and its line, and the voucher (or bill), date and tax the download
// wrote beside the id, to name the entry in a refusal; null when the sheet
// lacks the Entry id or the Status column.
export interface EntryRow {
  id: string;
  status: string;
  line: number;
  ref: string | null;
  date: string | null;
  tax: string | null;
}

// Why a sheet whose header line lacks either column cannot be read, as both
// uploads answer it.
export const noColumns = (sheetName: string): string =>
  `${sheetName}, line 1: no "Entry id" and "Status" columns; upload the downloaded file.`;

export const entryRows = (sheet: Sheet): EntryRow[] | null => {
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
export const SETTABLE = new Map([
  ['accept', 'Accept'],
  ['hold', 'Hold'],
  ['followup', 'FollowUp'],
  ['follow up', 'FollowUp'],
  ['pending', 'Pending'],
] as const);
export const LEFT_AS_THEY_ARE = new Set(['matched', 'discrepancy', 'split', 'acceptpartial']);
