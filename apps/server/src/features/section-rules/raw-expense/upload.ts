import fs from 'node:fs';
import { RAW_EXPENSE_FIELDS, type RawExpenseField, type UploadAnswer } from '@taxrecon/contracts';
import { decodeText, parseDelimited, sniffDelimiter } from '@taxrecon/formats';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../platform/context.ts';
import { type Caller, currentEntity } from '../../../platform/http/caller.ts';
import { badRequest } from '../../../platform/http/errors.ts';
import { receiveUpload } from '../../../platform/http/uploads.ts';
import type { TaskDefinition } from '../../../platform/queue/task.ts';
import { keepUploadedFile } from '../../../platform/storage/stored-files.ts';
import { missingHeaders, missingMandatory, type RawMapping } from './transform.ts';

// Spec part 3 section 9: a raw expense ledger is a .csv of up to 200,000,000 bytes.
export const RAW_UPLOAD = { extensions: ['csv'], maxBytes: 200_000_000, maxFiles: 1 };

const parseMapping = (text: string | undefined): RawMapping => {
  let value: unknown;
  try {
    value = JSON.parse(text ?? '');
  } catch {
    value = null;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw badRequest(
      'mappingDefinition must be a JSON object of target field to header name.',
      'BAD_MAPPING',
    );
  const mapping: RawMapping = {};
  for (const [key, header] of Object.entries(value)) {
    if (typeof header !== 'string' || header.trim() === '') continue;
    if (!RAW_EXPENSE_FIELDS.includes(key as RawExpenseField))
      throw badRequest(
        `${key} is not a raw expense ledger field (${RAW_EXPENSE_FIELDS.join(', ')}).`,
        'BAD_MAPPING',
      );
    mapping[key as RawExpenseField] = header.trim();
  }
  return mapping;
};

// The header row of the csv: its first line, read from the first 1 MB.
const csvHeader = async (path: string): Promise<string[]> => {
  const handle = await fs.promises.open(path, 'r');
  try {
    const buffer = Buffer.alloc(1_000_000);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const { text } = decodeText(buffer.subarray(0, bytesRead));
    const firstLine = text.replace(/^\s+/, '').split(/\r?\n/)[0] ?? '';
    return parseDelimited(firstLine, sniffDelimiter(firstLine, ',')).records[0]?.values ?? [];
  } finally {
    await handle.close();
  }
};

// Checks the mapping and the csv's header at once (spec part 3 section 5),
// stores the original and starts the transform job.
export const startRawTransform = async (
  ctx: AppContext,
  caller: Caller,
  request: FastifyRequest,
  task: TaskDefinition,
): Promise<UploadAnswer> => {
  const entityId = await currentEntity(ctx, caller);
  const upload = await receiveUpload(request, ctx.files, RAW_UPLOAD);
  try {
    const file = upload.files[0]!;
    const mapping = parseMapping(upload.fields.mappingDefinition);
    const mandatory = missingMandatory(mapping);
    if (mandatory.length > 0)
      throw badRequest(
        `The following mandatory fields are missing from Mapping: ${mandatory.join(', ')}`,
        'MAPPING_INCOMPLETE',
      );
    const defined = (upload.fields.headers ?? '')
      .split(/\t|\r?\n/)
      .map((h) => h.trim())
      .filter((h) => h !== '');
    const header = await csvHeader(file.tempPath);
    const absent = missingHeaders(header, [...defined, ...Object.values(mapping)]);
    if (absent.length > 0)
      throw badRequest(
        `The following fields are missing in your CSV file: ${absent.join(', ')}`,
        'CSV_HEADER_MISMATCH',
      );
    const storedId = await keepUploadedFile(
      ctx.db,
      ctx.files,
      { ...caller, entityId },
      'raw-expense-ledger',
      file,
    );
    const job = await ctx.jobs.start(
      task,
      { entityId, fileId: storedId, mapping },
      { tenantId: caller.tenantId, entityId, userId: caller.userId, login: caller.login },
    );
    await ctx.db.updateTable('stored_files').set({ job_id: job.id }).where('id', '=', storedId).execute();
    return {
      message: 'Entries uploaded - will be processed shortly.',
      jobId: job.id,
      validationErrorsCount: null,
      error: null,
    };
  } finally {
    await Promise.all(upload.files.map((f) => ctx.files.removeTemp(f.tempPath)));
  }
};
