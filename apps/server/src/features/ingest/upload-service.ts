import fs from 'node:fs';
import type { IngestKind, UploadAnswer } from '@taxrecon/contracts';
import { UploadFields } from '@taxrecon/contracts';
import { ZIP_TOO_LARGE, zipEntriesRefusal } from '@taxrecon/formats';
import { financialYearOf, isFinancialYear } from '@taxrecon/shared';
import { BlobReader, ZipReader } from '@zip.js/zip.js';
import type { FastifyRequest } from 'fastify';
import { type SqlBool, sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import { type Caller, entityOf } from '../../platform/http/caller.ts';
import { badRequest, HttpError } from '../../platform/http/errors.ts';
import {
  type ReceivedFile,
  type ReceivedUpload,
  receiveUpload,
  type UploadRules,
} from '../../platform/http/uploads.ts';
import type { TaskDefinition } from '../../platform/queue/task.ts';
import type { FileStore } from '../../platform/storage/file-store.ts';
import { keepUploadedFile } from '../../platform/storage/stored-files.ts';
import { refuseLoadedStatements, statementsOf } from './statement-overlap.ts';
import { refuseForeignPan } from './statement-pan.ts';

// Spec part 1 section 9 and part 3: the generic upload takes 200,000,000 bytes;
// the customer mapping file is a small .txt.
export const UPLOAD_RULES: Record<IngestKind, UploadRules> = {
  'form-26as': { extensions: ['txt', 'zip'], maxBytes: 200_000_000, maxFiles: 20 },
  'sales-register': { extensions: ['txt', 'csv', 'xlsx', 'xls'], maxBytes: 200_000_000, maxFiles: 10 },
  'purchase-register': { extensions: ['txt', 'csv', 'xlsx'], maxBytes: 200_000_000, maxFiles: 10 },
  'customer-mapping': { extensions: ['txt'], maxBytes: 20_000_000, maxFiles: 1 },
  'customer-master': { extensions: ['txt'], maxBytes: 20_000_000, maxFiles: 1 },
  'vendor-master': { extensions: ['txt'], maxBytes: 20_000_000, maxFiles: 1 },
};

const parseMapping = (text: string | undefined): Record<string, string> | undefined => {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      return Object.fromEntries(
        Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'),
      );
    }
  } catch {
    // fall through to the error below
  }
  throw badRequest('mappingDefinition must be a JSON object of target field to header name.', 'BAD_MAPPING');
};

// Receives the files, refuses a file whose exact bytes this entity already
// loaded (unless asked to load it again), stores the originals by SHA-256 and
// starts the ingest job. The answer carries the job id; the work happens there.
export const startUpload = async (
  ctx: AppContext,
  store: FileStore,
  caller: Caller,
  request: FastifyRequest,
  kind: IngestKind,
  task: TaskDefinition,
): Promise<UploadAnswer> => {
  const entityId = entityOf(caller);
  const upload = await receiveUpload(request, store, UPLOAD_RULES[kind]);
  // A refused upload (duplicate, bad mapping, no year, a zip bomb) keeps
  // nothing: adopted files have left the temporary folder, the rest go here.
  try {
    return await acceptUpload(ctx, store, caller, entityId, upload, kind, task);
  } finally {
    await Promise.all(upload.files.map((f) => store.removeTemp(f.tempPath)));
  }
};

// A year before 2000-01 or after the next one is a slip of the keyboard, not a register.
const loadableYear = (fy: string): boolean => {
  const start = Number(fy.slice(0, 4));
  const next = Number(financialYearOf(new Date().toISOString().slice(0, 10)).slice(0, 4)) + 1;
  return start >= 2000 && start <= next;
};

// What refuses a load before anything is kept, for an upload and a folder
// load alike: a sales register without a loadable year, the same bytes
// loaded before or being loaded now, and for a 26AS a zip bomb, a statement
// whose rows are mostly loaded already, or one of another PAN. `force` is the
// person's "Load again".
export const refuseUnloadable = async (
  ctx: AppContext,
  entityId: string,
  kind: IngestKind,
  files: readonly ReceivedFile[],
  fields: { financialYear?: string | undefined; force?: boolean; password?: string | undefined },
): Promise<void> => {
  if (kind === 'sales-register' && (!fields.financialYear || !isFinancialYear(fields.financialYear))) {
    throw badRequest('Choose the financial year of the sales register.', 'NO_FINANCIAL_YEAR');
  }
  // A purchase register's year is optional (each bill's date gives it), but one
  // given is checked as the sales register's is: a slip like 1999-00 rejected
  // every bill as "outside the financial year" in a job that loaded nothing (session 40).
  const register = kind === 'sales-register' || kind === 'purchase-register';
  if (register && fields.financialYear && !loadableYear(fields.financialYear)) {
    throw badRequest(
      `FY ${fields.financialYear} is not a year a ${kind === 'sales-register' ? 'sales' : 'purchase'} register can be loaded for (FY 2000-01 to the next financial year).`,
      'NO_FINANCIAL_YEAR',
    );
  }
  if (!fields.force) {
    for (const file of files) {
      // a load that loaded nothing does not count; one still running does
      const earlier = await ctx.db
        .selectFrom('stored_files as f')
        .innerJoin('jobs as j', 'j.id', 'f.job_id')
        .select(['f.file_name', 'j.id', 'j.created_at', 'j.status'])
        .where('f.entity_id', '=', entityId)
        .where('f.kind', '=', kind)
        .where('f.sha256', '=', file.sha256)
        .where(
          sql<SqlBool>`((j.status = 'Completed' AND coalesce(j.result->>'outcome', '') <> 'NothingLoaded')
            OR j.status IN ('NotStarted', 'InProgress'))`,
        )
        .orderBy('j.created_at', 'desc')
        .executeTakeFirst();
      if (earlier && earlier.status !== 'Completed') {
        throw new HttpError(
          409,
          'DUPLICATE_FILE',
          `${file.fileName} is being loaded now (job ${earlier.id}, as ${earlier.file_name}). Wait for that job to finish.`,
        );
      }
      if (earlier) {
        throw new HttpError(
          409,
          'DUPLICATE_FILE',
          `${file.fileName} was already loaded on ${earlier.created_at.toISOString().slice(0, 10)} (job ${earlier.id}, as ${earlier.file_name}). Use "Load again" to load it once more.`,
        );
      }
    }
  }
  if (kind === 'form-26as') {
    for (const file of files) await refuseZipBomb(file);
    const statements = [];
    for (const file of files)
      for (const statement of await statementsOf(file, fields.password)) statements.push({ file, statement });
    // "already loaded" is the more specific question; then the PAN
    if (!fields.force) await refuseLoadedStatements(ctx, entityId, statements);
    await refuseForeignPan(ctx, entityId, statements, fields.force === true);
  }
};

const acceptUpload = async (
  ctx: AppContext,
  store: FileStore,
  caller: Caller,
  entityId: string,
  upload: ReceivedUpload,
  kind: IngestKind,
  task: TaskDefinition,
): Promise<UploadAnswer> => {
  const fields = UploadFields.parse(upload.fields);
  const mapping = parseMapping(fields.mappingDefinition);
  await refuseUnloadable(ctx, entityId, kind, upload.files, {
    financialYear: fields.financialYear,
    force: fields.force === 'true',
    password: fields.password,
  });
  const fileIds: string[] = [];
  for (const file of upload.files) {
    fileIds.push(await keepUploadedFile(ctx.db, store, { ...caller, entityId }, kind, file));
  }
  if (mapping && (kind === 'sales-register' || kind === 'purchase-register')) {
    await rememberMapping(ctx, entityId, kind, fields.headers ?? '', mapping);
  }
  const job = await ctx.jobs.start(
    task,
    {
      kind,
      entityId,
      fileIds,
      ...(fields.financialYear ? { financialYear: fields.financialYear } : {}),
      ...(mapping ? { mapping } : {}),
      ...(fields.headers ? { headers: fields.headers } : {}),
      ...(fields.password ? { password: fields.password } : {}),
    },
    { tenantId: caller.tenantId, entityId, userId: caller.userId, login: caller.login },
  );
  // linked now, not when the job runs, so the same file sent again while this
  // load is queued is known as being loaded
  await ctx.db.updateTable('stored_files').set({ job_id: job.id }).where('id', 'in', fileIds).execute();
  return {
    message: `${upload.files.map((f) => f.fileName).join(', ')} received; loading in the background.`,
    jobId: job.id,
    validationErrorsCount: null,
    error: null,
  };
};

// A TRACES zip whose entries declare more than the zip limits is refused at
// once, by its central directory, before any entry is expanded; the ingest job
// checks again while it expands (a header may lie).
const refuseZipBomb = async (file: ReceivedFile): Promise<void> => {
  if (!/\.zip$/i.test(file.fileName)) return;
  const reader = new ZipReader(new BlobReader(await fs.openAsBlob(file.tempPath)));
  try {
    const texts = (await reader.getEntries()).filter((e) => !e.directory && /\.txt$/i.test(e.filename));
    const refusal = zipEntriesRefusal(file.fileName, texts);
    if (refusal) throw badRequest(refusal, ZIP_TOO_LARGE);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // not a readable zip: the job says so in its validation report
  } finally {
    await reader.close();
  }
};

const rememberMapping = async (
  ctx: AppContext,
  entityId: string,
  kind: IngestKind,
  headers: string,
  mapping: Record<string, string>,
) => {
  await ctx.db
    .insertInto('column_mappings')
    .values({
      entity_id: entityId,
      kind,
      headers: JSON.stringify(headers.split('\t')),
      mapping: JSON.stringify(mapping),
    })
    .onConflict((oc) =>
      oc.columns(['entity_id', 'kind']).doUpdateSet({
        headers: JSON.stringify(headers.split('\t')),
        mapping: JSON.stringify(mapping),
        updated_at: new Date(),
      }),
    )
    .execute();
};
