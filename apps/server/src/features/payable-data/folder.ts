import type { FileProblem, PayableFile } from '@taxrecon/contracts';
import type { FileIssue } from '@taxrecon/formats';
import { rupeesOfNumeric } from '@taxrecon/shared';
import type { FastifyReply } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import type { DB } from '../../platform/db/schema.ts';
import type { PayableFileKind } from '../../platform/db/schema-payable.ts';
import { attachmentHeader } from '../../platform/http/attachment.ts';
import type { Caller } from '../../platform/http/caller.ts';
import { badRequest, HttpError, notFound } from '../../platform/http/errors.ts';
import type { ReceivedFile } from '../../platform/http/uploads.ts';
import { recordStoredFile } from '../../platform/storage/stored-files.ts';
import { monthInFinancialYear, normaliseFinancialYear } from './folder-paths.ts';

// The entity's TDS payable folder: payable_files rows over stored originals.
// Every query is scoped to the caller's current entity; another entity's file
// is simply not found.

// The folder keeps at most this many problems of a file; the count is exact.
export const KEPT_PROBLEMS = 1000;
// An upload's answer lists at most this many.
export const ANSWERED_PROBLEMS = 200;

export const financialYearParam = (fy: string): string => {
  const year = normaliseFinancialYear(fy);
  if (!year)
    throw badRequest(`${fy} is not a financial year; expected one like 24-25.`, 'BAD_FINANCIAL_YEAR');
  return year;
};

export const monthParam = (month: string, financialYear: string): string => {
  if (!monthInFinancialYear(month, financialYear))
    throw badRequest(`${month} is not a month of FY ${financialYear}.`, 'BAD_MONTH');
  return month;
};

export const problemOf = (i: FileIssue): FileProblem => ({
  file: i.file,
  line: i.line,
  column: i.column ?? null,
  value: i.value ?? null,
  expected: i.expected,
  message: i.message,
});

// Problems as the error answer's details: "file.txt line 4, Base Amount: ..."
export const problemDetails = (issues: readonly FileIssue[]) =>
  issues.slice(0, ANSWERED_PROBLEMS).map((i) => ({
    path: `${i.file} line ${i.line}${i.column ? `, ${i.column}` : ''}`,
    message: `${i.message} Expected ${i.expected}${i.value !== undefined ? `; got '${i.value}'` : ''}.`,
  }));

const fileColumns = [
  'p.id',
  'p.kind',
  'p.file_name',
  'p.financial_year',
  'p.month',
  'p.uploaded_at',
  'p.rows_read',
  'p.base_total',
  'p.tds_total',
  'p.problem_count',
  'p.job_id',
  'p.file_id',
  'f.size_bytes',
  'f.storage_key',
  'u.login',
  'j.status as job_status',
  'j.transactions_count as job_rows',
] as const;

const selectFiles = (db: Kysely<DB> | Transaction<DB>, entityId: string) =>
  db
    .selectFrom('payable_files as p')
    .innerJoin('stored_files as f', 'f.id', 'p.file_id')
    .leftJoin('users as u', 'u.id', 'p.uploaded_by')
    .leftJoin('jobs as j', 'j.id', 'p.job_id')
    .select(fileColumns)
    .where('p.entity_id', '=', entityId);

type FileRow = Awaited<ReturnType<ReturnType<typeof selectFiles>['executeTakeFirstOrThrow']>>;

export const toPayableFile = (r: FileRow): PayableFile => ({
  id: r.id,
  kind: r.kind,
  fileName: r.file_name,
  financialYear: r.financial_year,
  financialMonth: r.month,
  fileSize: Number(r.size_bytes),
  lastUploadedDate: r.uploaded_at.toISOString(),
  uploadedBy: r.login,
  // a register loaded by its ingest job: the rows that job loaded
  rows: r.rows_read ?? (r.job_status === 'Completed' ? r.job_rows : null),
  baseTotal: r.base_total === null ? null : rupeesOfNumeric(r.base_total),
  tdsTotal: r.tds_total === null ? null : rupeesOfNumeric(r.tds_total),
  problems: r.problem_count,
  jobId: r.job_id,
});

export const listFiles = async (
  ctx: AppContext,
  entityId: string,
  kinds: readonly PayableFileKind[],
  financialYear?: string,
): Promise<PayableFile[]> => {
  let q = selectFiles(ctx.db, entityId).where('p.kind', 'in', kinds);
  if (financialYear) q = q.where('p.financial_year', '=', financialYear);
  const rows = await q
    .orderBy('p.financial_year', 'desc')
    .orderBy('p.month', 'desc')
    .orderBy('p.file_name')
    .execute();
  return rows.map(toPayableFile);
};

export interface FolderKey {
  kind: PayableFileKind;
  financialYear: string;
  month: string | null;
  fileName: string;
}

export const findFile = async (
  db: Kysely<DB> | Transaction<DB>,
  entityId: string,
  key: FolderKey,
): Promise<FileRow> => {
  const row = await selectFiles(db, entityId)
    .where('p.kind', '=', key.kind)
    .where('p.financial_year', '=', key.financialYear)
    .where('p.month', key.month === null ? 'is' : '=', key.month)
    .where('p.file_name', '=', key.fileName)
    .executeTakeFirst();
  if (!row) throw notFound(`${key.fileName} is not in the folder of FY ${key.financialYear}.`);
  return row;
};

// Same bytes already in the same folder (entity, kind, year, month): a
// question for the user, as for the other uploads ("load it again?").
export const refuseDuplicate = async (
  ctx: AppContext,
  entityId: string,
  key: Omit<FolderKey, 'fileName'>,
  file: ReceivedFile,
): Promise<void> => {
  const earlier = await ctx.db
    .selectFrom('payable_files as p')
    .innerJoin('stored_files as f', 'f.id', 'p.file_id')
    .select(['p.file_name', 'p.uploaded_at'])
    .where('p.entity_id', '=', entityId)
    .where('p.kind', '=', key.kind)
    .where('p.financial_year', '=', key.financialYear)
    .where('p.month', key.month === null ? 'is' : '=', key.month)
    .where('f.sha256', '=', file.sha256)
    .executeTakeFirst();
  if (earlier) {
    throw new HttpError(
      409,
      'DUPLICATE_FILE',
      `${file.fileName} was already uploaded on ${earlier.uploaded_at.toISOString().slice(0, 10)} (as ${earlier.file_name}). Use "Load again" to load it once more.`,
    );
  }
};

export interface FiledFile {
  key: FolderKey;
  storageKey: string;
  sha256: string;
  sizeBytes: number;
  rowsRead: number | null;
  baseTotal: string | null;
  tdsTotal: string | null;
  problems: readonly FileIssue[];
  jobId?: string | null;
}

// The stored original's row (the file store holds the bytes by SHA-256).
export const storeFileRow = async (
  trx: Transaction<DB>,
  caller: Caller,
  entityId: string,
  file: { kind: PayableFileKind; fileName: string; sha256: string; sizeBytes: number; storageKey: string },
): Promise<string> =>
  recordStoredFile(trx, { ...caller, entityId }, { ...file, kind: `payable-${file.kind}` });

export interface FolderRow {
  key: FolderKey;
  fileId: string;
  rowsRead: number | null;
  baseTotal: string | null;
  tdsTotal: string | null;
  problems: readonly FileIssue[];
  jobId?: string | null;
  uploadedBy: string | null;
}

// Files a stored original in the folder inside the caller's transaction: a
// file of the same name in the same place is replaced (with its payments).
export const filePayableRow = async (
  trx: Transaction<DB>,
  entityId: string,
  row: FolderRow,
): Promise<string> => {
  await trx
    .deleteFrom('payable_files')
    .where('entity_id', '=', entityId)
    .where('kind', '=', row.key.kind)
    .where('financial_year', '=', row.key.financialYear)
    .where('month', row.key.month === null ? 'is' : '=', row.key.month)
    .where('file_name', '=', row.key.fileName)
    .execute();
  const inserted = await trx
    .insertInto('payable_files')
    .values({
      entity_id: entityId,
      kind: row.key.kind,
      financial_year: row.key.financialYear,
      month: row.key.month,
      file_name: row.key.fileName,
      file_id: row.fileId,
      job_id: row.jobId ?? null,
      rows_read: row.rowsRead,
      base_total: row.baseTotal,
      tds_total: row.tdsTotal,
      uploaded_by: row.uploadedBy,
      problems: JSON.stringify(row.problems.slice(0, KEPT_PROBLEMS).map(problemOf)),
      problem_count: row.problems.length,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
};

export interface FiledFile extends Omit<FolderRow, 'fileId' | 'uploadedBy'> {
  storageKey: string;
  sha256: string;
  sizeBytes: number;
}

// Both rows of an upload checked at once (no job): stored file and folder entry.
export const fileIntoFolder = async (
  trx: Transaction<DB>,
  caller: Caller,
  entityId: string,
  filed: FiledFile,
): Promise<string> => {
  const fileId = await storeFileRow(trx, caller, entityId, {
    kind: filed.key.kind,
    fileName: filed.key.fileName,
    sha256: filed.sha256,
    sizeBytes: filed.sizeBytes,
    storageKey: filed.storageKey,
  });
  return filePayableRow(trx, entityId, { ...filed, fileId, uploadedBy: caller.userId });
};

export const fileById = async (ctx: AppContext, entityId: string, id: string): Promise<PayableFile> =>
  toPayableFile(await selectFiles(ctx.db, entityId).where('p.id', '=', id).executeTakeFirstOrThrow());

// Deletes a file of the folder (a vendor payment file's payments go with it).
// The stored original stays in the file store: other rows (an earlier upload,
// a job) may name the same bytes, and auditors may ask for them.
export const deleteFile = async (ctx: AppContext, entityId: string, key: FolderKey): Promise<void> => {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await findFile(trx, entityId, key);
    await trx.deleteFrom('payable_files').where('id', '=', row.id).execute();
  });
};

// The original as it was uploaded.
export const sendFile = async (ctx: AppContext, entityId: string, key: FolderKey, reply: FastifyReply) => {
  const row = await findFile(ctx.db, entityId, key);
  const bytes = await ctx.files.read(row.storage_key);
  // no charset: the bytes are the user's own (UTF-8, UTF-16 or Windows-1252)
  const type = /\.csv$/i.test(row.file_name) ? 'text/csv' : 'text/plain';
  return reply
    .header('content-type', type)
    .header('content-disposition', attachmentHeader(row.file_name))
    .send(bytes);
};
