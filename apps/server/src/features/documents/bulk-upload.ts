import fs from 'node:fs';
import { FORM16A_MAX_BYTES, type UploadAnswer } from '@taxrecon/contracts';
import { ZIP_TOO_LARGE, zipEntriesRefusal } from '@taxrecon/formats';
import { BlobReader, ZipReader } from '@zip.js/zip.js';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { type Caller, entityOf } from '../../platform/http/caller.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { type ReceivedFile, receiveUpload } from '../../platform/http/uploads.ts';
import type { TaskDefinition } from '../../platform/queue/task.ts';
import { keepUploadedFile } from '../../platform/storage/stored-files.ts';

// A zip is refused at once when it does not open or its entries declare more
// than the zip limits (checked again while the job expands them: a header may lie).
const refuseBadZip = async (file: ReceivedFile): Promise<void> => {
  const reader = new ZipReader(new BlobReader(await fs.openAsBlob(file.tempPath)));
  let refusal: string | null;
  try {
    refusal = zipEntriesRefusal(file.fileName, await reader.getEntries());
  } catch (error) {
    // the reader's reason too: an unsafe entry name is not the same as bytes that are no zip
    const reason = error instanceof Error && error.message ? ` (${error.message})` : '';
    throw badRequest(`${file.fileName} is not a readable zip file${reason}.`, 'INVALID_ZIP');
  } finally {
    await reader.close();
  }
  if (refusal) throw badRequest(refusal, ZIP_TOO_LARGE);
};

// Receives a zip of Form 16A PDFs, keeps it, and starts the job that reads them.
export const startBulkUpload = async (
  ctx: AppContext,
  task: TaskDefinition,
  caller: Caller,
  request: FastifyRequest,
): Promise<UploadAnswer> => {
  const entityId = entityOf(caller);
  const upload = await receiveUpload(request, ctx.files, {
    extensions: ['zip'],
    maxBytes: FORM16A_MAX_BYTES,
    maxFiles: 1,
  });
  try {
    const [file] = upload.files;
    if (!file) throw badRequest('Choose a file to upload.', 'NO_FILE');
    await refuseBadZip(file);
    const storedId = await keepUploadedFile(ctx.db, ctx.files, { ...caller, entityId }, 'form-16a-zip', file);
    const job = await ctx.jobs.start(
      task,
      { entityId, tenantId: caller.tenantId, userId: caller.userId, fileId: storedId },
      { tenantId: caller.tenantId, entityId, userId: caller.userId, login: caller.login },
    );
    await ctx.db.updateTable('stored_files').set({ job_id: job.id }).where('id', '=', storedId).execute();
    return {
      message: `${file.fileName} received; reading its Form 16A certificates in the background.`,
      jobId: job.id,
      validationErrorsCount: null,
      error: null,
    };
  } finally {
    await Promise.all(upload.files.map((f) => ctx.files.removeTemp(f.tempPath)));
  }
};
