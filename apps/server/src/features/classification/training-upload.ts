import fs from 'node:fs';
import { TRAINING_EXTENSIONS, TRAINING_MAX_BYTES, type TrainAnswer, TrainFields } from '@taxrecon/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { type Caller, entityOf } from '../../platform/http/caller.ts';
import { badRequest, HttpError } from '../../platform/http/errors.ts';
import { receiveUpload } from '../../platform/http/uploads.ts';
import type { TaskDefinition } from '../../platform/queue/task.ts';
import { keepUploadedFile } from '../../platform/storage/stored-files.ts';
import { knownSections } from './section-types.ts';
import type { TrainingInput } from './tasks.ts';
import { describeErrors, readTrainingFile } from './training-file.ts';

export const TRAINING_FILE_KIND = 'classifier-training';

// Enough lines that a fifth can be held back and still say something.
export const MIN_TRAINING_LINES = 10;

const parseMapping = (text: string | undefined): Record<string, string> | undefined => {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value))
      return Object.fromEntries(
        Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''),
      );
  } catch {
    // answered below
  }
  throw badRequest(
    'mappingDefinition must be a JSON object of target field to header name, e.g. {"description":"Narration","section":"Section"}.',
    'BAD_MAPPING',
  );
};

// The training upload is checked here, before any job starts: file name, type
// and size, the mapping (a description and a section column), and every line
// (a description and a known section). A file with bad lines is refused with
// the lines listed, so a model is never trained on a file the user has not
// seen the problems of.
export const startTraining = async (
  ctx: AppContext,
  caller: Caller,
  request: FastifyRequest,
  task: TaskDefinition,
): Promise<TrainAnswer> => {
  const entityId = entityOf(caller);
  const upload = await receiveUpload(request, ctx.files, {
    extensions: TRAINING_EXTENSIONS,
    maxBytes: TRAINING_MAX_BYTES,
    maxFiles: 1,
  });
  try {
    const fields = TrainFields.parse(upload.fields);
    const mapping = parseMapping(fields.mappingDefinition);
    const file = upload.files[0]!;
    // the upload's temporary file, as the ingest's zip check reads it; adopted below once valid
    const bytes = await fs.promises.readFile(file.tempPath);
    const read = await readTrainingFile(
      bytes,
      file.fileName,
      { ...(fields.headers ? { headers: fields.headers } : {}), ...(mapping ? { mapping } : {}) },
      await knownSections(ctx.db, entityId),
    );
    if (read.fileError) throw badRequest(read.fileError, 'BAD_TRAINING_FILE');
    if (read.errors.length > 0)
      throw new HttpError(422, 'TRAINING_FILE_LINES', describeErrors(file.fileName, read.errors));
    const sections = new Set(read.examples.map((e) => e.label));
    if (read.examples.length < MIN_TRAINING_LINES || sections.size < 2)
      throw badRequest(
        `${file.fileName}: a model needs at least ${MIN_TRAINING_LINES} described lines over at least two sections to learn from (the file has ${read.examples.length} line(s) over ${sections.size} section(s)).`,
        'TRAINING_FILE_TOO_SMALL',
      );
    const storedId = await keepUploadedFile(
      ctx.db,
      ctx.files,
      { ...caller, entityId },
      TRAINING_FILE_KIND,
      file,
    );
    const input: TrainingInput = {
      entityId,
      fileId: storedId,
      userId: caller.userId,
      ...(mapping ? { mapping } : {}),
      ...(fields.headers ? { headers: fields.headers } : {}),
    };
    const job = await ctx.jobs.start(task, input, {
      tenantId: caller.tenantId,
      entityId,
      userId: caller.userId,
      login: caller.login,
    });
    return {
      message: `${file.fileName} received: ${read.examples.length} descriptions over ${sections.size} sections; training in the background.`,
      jobId: job.id,
      validationErrorsCount: 0,
    };
  } finally {
    await Promise.all(upload.files.map((f) => ctx.files.removeTemp(f.tempPath)));
  }
};
