import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { IngestKind, UploadAnswer } from '@taxrecon/contracts';
import type { AppContext } from '../../platform/context.ts';
import { type Caller, entityOf } from '../../platform/http/caller.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { isValidFileName, type ReceivedFile } from '../../platform/http/uploads.ts';
import type { TaskDefinition } from '../../platform/queue/task.ts';
import type { FileStore } from '../../platform/storage/file-store.ts';
import { keepUploadedFile } from '../../platform/storage/stored-files.ts';
import { refuseUnloadable, UPLOAD_RULES } from './upload-service.ts';

// Folder loads (spec part 2 section 2.12): files an operator or an ERP export
// drops on the server, under INGEST_FOLDER (default DATA_DIR/inbox), one
// sub-folder per kind and in it one per entity (`sales/<entity id>`), as the
// parsed 26AS folder has: what is dropped for one company is neither listed
// to nor loaded by another's users, whatever their tenant. Only plain files
// directly in the folder, with names the upload rules accept, are listed and
// loaded; a load is the same ingest job an upload starts, into that entity,
// refused as an upload is (session 39): files stay in the folder after a
// load, so loading the folder again would otherwise load them twice.
export const FOLDERS = {
  'form-26as': '26as-raw',
  'sales-register': 'sales',
  'purchase-register': 'purchase',
} as const satisfies Partial<Record<IngestKind, string>>;
export type FolderKind = keyof typeof FOLDERS;

const folderOf = (ctx: AppContext, caller: Caller, kind: FolderKind) =>
  path.join(ctx.config.ingestFolder, FOLDERS[kind], entityOf(caller));

const usable = (name: string, kind: FolderKind) => {
  const ext = name.includes('.') ? (name.split('.').pop() ?? '').toLowerCase() : '';
  return isValidFileName(name) && UPLOAD_RULES[kind].extensions.includes(ext);
};

export const listFolder = async (ctx: AppContext, caller: Caller, kind: FolderKind) => {
  const dir = folderOf(ctx, caller, kind);
  await fs.promises.mkdir(dir, { recursive: true });
  const entries = await fs.promises.readdir(dir, { withFileTypes: true });
  const files = [];
  for (const e of entries) {
    if (!e.isFile() || !usable(e.name, kind)) continue;
    const stat = await fs.promises.stat(path.join(dir, e.name));
    if (stat.size > UPLOAD_RULES[kind].maxBytes) continue;
    files.push({ fileName: e.name, sizeBytes: stat.size, modifiedAt: stat.mtime.toISOString() });
  }
  return { folder: dir, files: files.sort((a, b) => a.fileName.localeCompare(b.fileName)) };
};

export const loadFolder = async (
  ctx: AppContext,
  store: FileStore,
  caller: Caller,
  kind: FolderKind,
  task: TaskDefinition,
  options: {
    fileNames?: string[];
    financialYear?: string;
    mapping?: Record<string, string>;
    headers?: string;
    force?: boolean;
  },
): Promise<UploadAnswer> => {
  const entityId = entityOf(caller);
  if (kind === 'sales-register' && !options.financialYear) {
    throw badRequest('Choose the financial year of the sales register.', 'NO_FINANCIAL_YEAR');
  }
  const listed = (await listFolder(ctx, caller, kind)).files.map((f) => f.fileName);
  const chosen = options.fileNames?.length ? options.fileNames : listed;
  const missing = chosen.filter((n) => !listed.includes(n));
  if (missing.length) throw badRequest(`Not in the folder: ${missing.join(', ')}`, 'NOT_IN_FOLDER');
  if (chosen.length === 0)
    throw badRequest(`The folder ${folderOf(ctx, caller, kind)} holds no file to load.`, 'EMPTY_FOLDER');
  // copied out first, so what is checked is what is kept, whatever the folder does meanwhile
  const files: ReceivedFile[] = [];
  try {
    for (const name of chosen) {
      const bytes = await fs.promises.readFile(path.join(folderOf(ctx, caller, kind), name));
      const tempPath = store.tempPath();
      files.push({
        fileName: name,
        tempPath,
        sizeBytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      });
      await fs.promises.writeFile(tempPath, bytes);
    }
    await refuseUnloadable(ctx, entityId, kind, files, {
      financialYear: options.financialYear,
      force: options.force === true,
    });
    const fileIds: string[] = [];
    for (const file of files) {
      fileIds.push(await keepUploadedFile(ctx.db, store, { ...caller, entityId }, kind, file));
    }
    const job = await ctx.jobs.start(
      task,
      {
        kind,
        entityId,
        fileIds,
        ...(options.financialYear ? { financialYear: options.financialYear } : {}),
        ...(options.mapping ? { mapping: options.mapping } : {}),
        ...(options.headers ? { headers: options.headers } : {}),
      },
      { tenantId: caller.tenantId, entityId, userId: caller.userId, login: caller.login },
    );
    // linked now, as an upload's are, so a second load while this one is queued is known
    await ctx.db.updateTable('stored_files').set({ job_id: job.id }).where('id', 'in', fileIds).execute();
    return {
      message: `${chosen.length} file(s) from the folder are loading in the background.`,
      jobId: job.id,
      validationErrorsCount: null,
      error: null,
    };
  } finally {
    await Promise.all(files.map((f) => store.removeTemp(f.tempPath)));
  }
};
