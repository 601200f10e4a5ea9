import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  PAN_MISMATCH,
  PAN_UNCONFIRMED,
  type ParsedFolderListing,
  type ParsedFolderLoadRequest,
  ROWS_ALREADY_LOADED,
  type UploadAnswer,
} from '@taxrecon/contracts';
import type { FileIssue } from '@taxrecon/formats';
import { formatRupees, isFinancialYear, validatePan } from '@taxrecon/shared';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import { type Caller, entityOf } from '../../platform/http/caller.ts';
import { badRequest, HttpError } from '../../platform/http/errors.ts';
import { isValidFileName, receiveUpload, type UploadRules } from '../../platform/http/uploads.ts';
import type { TaskDefinition } from '../../platform/queue/task.ts';
import type { FileStore } from '../../platform/storage/file-store.ts';
import { keepBytes } from '../../platform/storage/stored-files.ts';
import type { SourceFile } from './form-26as-loader.ts';
import { openRecords } from './open-records.ts';
import { readParsed26as } from './parsed-folder-rows.ts';
import { OVERLAP_SHARE } from './statement-overlap.ts';

// Parsed-26AS folder (spec part 2 section 2.12, "Load parsed 26AS from server
// folders"): INGEST_FOLDER/26as-parsed/<entity id>/. Unlike the raw folder,
// which an operator fills for the whole server, each entity has its own: a
// parsed csv names no PAN, so a file dropped for one company must never be
// listed to another. The screen puts files there; an operator may too.
export const PARSED_RULES: UploadRules = {
  extensions: ['csv', 'txt', 'xlsx', 'xls'],
  maxBytes: 200_000_000,
  maxFiles: 10,
};
export const PARSED_FILE_KIND = 'form-26as-parsed';
// a spreadsheet is read whole to find its header row; beyond this the listing leaves it out
const HEADER_READ_BYTES = 20_000_000;

const folderOf = (ctx: AppContext, entityId: string) =>
  path.join(ctx.config.ingestFolder, '26as-parsed', entityId);

const extensionOf = (name: string) => (name.includes('.') ? (name.split('.').pop() ?? '').toLowerCase() : '');

const usable = (name: string) => isValidFileName(name) && PARSED_RULES.extensions.includes(extensionOf(name));

const headerOf = async (file: string, fileName: string, size: number): Promise<string[]> => {
  const text = ['csv', 'txt'].includes(extensionOf(fileName));
  if (!text && size > HEADER_READ_BYTES) return [];
  const handle = await fs.promises.open(file);
  try {
    const length = text ? Math.min(size, 1 << 16) : size;
    const bytes = new Uint8Array(length);
    await handle.read(bytes, 0, length, 0);
    const source = await openRecords({ fileId: '', fileName, bytes }, undefined);
    await source.stop();
    return source.headers;
  } catch {
    // an unreadable spreadsheet: the load reports it with its file name
    return [];
  } finally {
    await handle.close();
  }
};

export const listParsedFolder = async (ctx: AppContext, caller: Caller): Promise<ParsedFolderListing> => {
  const dir = folderOf(ctx, entityOf(caller));
  await fs.promises.mkdir(dir, { recursive: true });
  const files = [];
  for (const e of await fs.promises.readdir(dir, { withFileTypes: true })) {
    if (!e.isFile() || !usable(e.name)) continue;
    const full = path.join(dir, e.name);
    const stat = await fs.promises.stat(full);
    if (stat.size > PARSED_RULES.maxBytes) continue;
    files.push({
      fileName: e.name,
      sizeBytes: stat.size,
      modifiedAt: stat.mtime.toISOString(),
      header: await headerOf(full, e.name, stat.size),
    });
  }
  return { folder: dir, files: files.sort((a, b) => a.fileName.localeCompare(b.fileName)) };
};

// A file of the same name is replaced: a corrected export is loaded as the new version.
export const uploadToParsedFolder = async (
  ctx: AppContext,
  store: FileStore,
  caller: Caller,
  request: FastifyRequest,
): Promise<ParsedFolderListing> => {
  const dir = folderOf(ctx, entityOf(caller));
  const upload = await receiveUpload(request, store, PARSED_RULES);
  try {
    if (upload.files.length === 0)
      throw badRequest('Choose at least one file to put in the folder.', 'NO_FILE');
    await fs.promises.mkdir(dir, { recursive: true });
    for (const f of upload.files) await fs.promises.copyFile(f.tempPath, path.join(dir, f.fileName));
  } finally {
    await Promise.all(upload.files.map((f) => store.removeTemp(f.tempPath)));
  }
  return listParsedFolder(ctx, caller);
};

const fingerprint = (r: {
  part: string;
  tan: string;
  section: string;
  transactionDate: string;
  amount: number;
  tax: number;
  deposited: number;
}) =>
  [
    r.part,
    r.tan,
    r.section,
    r.transactionDate,
    formatRupees(r.amount),
    formatRupees(r.tax),
    formatRupees(r.deposited),
  ].join('|');

// The PAN the rows are loaded for: the entity's own; without one, the PAN typed
// on the screen, confirmed like a raw 26AS of a new PAN (statement-pan.ts).
const panFor = async (ctx: AppContext, entityId: string, body: ParsedFolderLoadRequest): Promise<string> => {
  const entity = await ctx.db
    .selectFrom('legal_entities')
    .select(['name', 'pan'])
    .where('id', '=', entityId)
    .executeTakeFirstOrThrow();
  const typed = body.pan?.trim() ? validatePan(body.pan) : null;
  if (typed && !typed.ok) throw badRequest(`'${body.pan}' is not a PAN (${typed.expected}).`, 'INVALID_PAN');
  const given = typed?.ok ? typed.value : null;
  if (entity.pan) {
    const own = entity.pan.toUpperCase();
    if (given && given !== own) {
      throw new HttpError(
        400,
        PAN_MISMATCH,
        `These rows were given as the 26AS of PAN ${given}, but ${entity.name} has PAN ${own}: load them into the entity of PAN ${given}.`,
      );
    }
    return own;
  }
  if (!given) {
    throw badRequest(
      `${entity.name} has no PAN and a parsed 26AS names none: enter the PAN whose 26AS these rows are.`,
      'NO_PAN',
    );
  }
  const known = (
    await ctx.db
      .selectFrom('tax_statements')
      .select('pan')
      .distinct()
      .where('entity_id', '=', entityId)
      .execute()
  )
    .map((r) => r.pan)
    .filter((p): p is string => !!p);
  if (!body.force && known.length > 0 && !known.includes(given)) {
    throw new HttpError(
      409,
      PAN_UNCONFIRMED,
      `These rows are given as the 26AS of PAN ${given}, but the 26AS already loaded into ${entity.name} is of PAN ${known.join(', ')}, and the entity has no PAN yet. Load them anyway only if both belong here; set the entity's PAN in Manage Legal Entities to stop this question.`,
    );
  }
  return given;
};

// Reads the chosen files once before the job: a mapping that cannot be applied
// is answered at once (400, naming the file and column), and rows mostly loaded
// already for this PAN and year are asked about (409), as for a raw 26AS.
const checkRows = async (
  ctx: AppContext,
  entityId: string,
  pan: string,
  files: SourceFile[],
  body: ParsedFolderLoadRequest,
  financialYear: string | undefined,
) => {
  const byYear = new Map<string, string[]>();
  const fileProblems: FileIssue[] = [];
  const warnings: FileIssue[] = [];
  const options = {
    ...(body.mappingDefinition ? { mapping: body.mappingDefinition } : {}),
    ...(body.header ? { headers: body.header } : {}),
    ...(financialYear && isFinancialYear(financialYear) ? { financialYear } : {}),
  };
  for await (const event of readParsed26as(files, options, warnings)) {
    if (event.kind === 'errors') {
      for (const e of event.errors)
        if (e.code === 'UNMAPPED_COLUMNS' || e.code === 'MAPPED_COLUMN_NOT_FOUND') fileProblems.push(e);
      continue;
    }
    if (event.kind !== 'row') continue;
    const list = byYear.get(event.row.financialYear) ?? [];
    list.push(fingerprint(event.row));
    byYear.set(event.row.financialYear, list);
  }
  if (fileProblems.length) throw badRequest(fileProblems.map((e) => e.message).join(' '), 'UNMAPPED_COLUMNS');
  if (body.force) return;
  for (const [year, mine] of byYear) {
    const rows = await sql<{ fp: string; n: number }>`
      SELECT concat_ws('|', e.part, e.tan, e.section, to_char(e.transaction_date, 'YYYY-MM-DD'),
                       e.amount::text, e.tax::text, e.deposited::text) AS fp,
             count(*)::int AS n
        FROM tax_entries e
        JOIN tax_statements s ON s.id = e.statement_id
       WHERE s.entity_id = ${entityId} AND e.entity_id = ${entityId}
         AND s.pan = ${pan} AND s.financial_year = ${year}
       GROUP BY 1`.execute(ctx.db);
    const loaded = new Map(rows.rows.map((r) => [r.fp, Number(r.n)]));
    if (loaded.size === 0) continue;
    let matched = 0;
    for (const fp of mine) {
      const left = loaded.get(fp) ?? 0;
      if (left > 0) {
        matched += 1;
        loaded.set(fp, left - 1);
      }
    }
    if (matched >= mine.length * OVERLAP_SHARE) {
      throw new HttpError(
        409,
        ROWS_ALREADY_LOADED,
        `${matched} of ${mine.length} transactions of PAN ${pan} for ${year} in these files are already loaded; loading them would count them twice. Use "Load again" to load them anyway.`,
      );
    }
  }
};

export const loadParsedFolder = async (
  ctx: AppContext,
  store: FileStore,
  caller: Caller,
  task: TaskDefinition,
  body: ParsedFolderLoadRequest,
): Promise<UploadAnswer> => {
  const entityId = entityOf(caller);
  const dir = folderOf(ctx, entityId);
  if (body.financialYear && !isFinancialYear(body.financialYear))
    throw badRequest(`'${body.financialYear}' is not a financial year like 2024-25.`, 'BAD_FINANCIAL_YEAR');
  const listed = (await listParsedFolder(ctx, caller)).files.map((f) => f.fileName);
  const chosen = body.fileNames?.length ? body.fileNames : listed;
  const missing = chosen.filter((n) => !listed.includes(n));
  if (missing.length) throw badRequest(`Not in the folder: ${missing.join(', ')}`, 'NOT_IN_FOLDER');
  if (chosen.length === 0) throw badRequest('The folder holds no parsed 26AS file to load.', 'EMPTY_FOLDER');
  const pan = await panFor(ctx, entityId, body);
  const files: (SourceFile & { sha256: string })[] = [];
  for (const name of chosen) {
    const bytes = await fs.promises.readFile(path.join(dir, name));
    files.push({
      fileId: '',
      fileName: name,
      bytes,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
  }
  await checkRows(ctx, entityId, pan, files, body, body.financialYear);
  const fileIds: string[] = [];
  for (const f of files) {
    fileIds.push(
      await keepBytes(
        ctx.db,
        store,
        { ...caller, entityId },
        { kind: PARSED_FILE_KIND, fileName: f.fileName, bytes: f.bytes, sha256: f.sha256 },
      ),
    );
  }
  const job = await ctx.jobs.start(
    task,
    {
      entityId,
      fileIds,
      pan,
      ...(body.financialYear ? { financialYear: body.financialYear } : {}),
      ...(body.mappingDefinition ? { mapping: body.mappingDefinition } : {}),
      ...(body.header ? { headers: body.header } : {}),
    },
    { tenantId: caller.tenantId, entityId, userId: caller.userId, login: caller.login },
  );
  return {
    message: `${chosen.length} parsed 26AS file(s) are loading in the background as the 26AS of PAN ${pan}.`,
    jobId: job.id,
    validationErrorsCount: null,
    error: null,
  };
};
