import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import {
  CONVERTER_MAX_FILES,
  CONVERTER_SUBMITTED,
  ConverterFields,
  DIFF_FILES,
  DIFF_SUBMITTED,
  DiffFields,
  EMAIL_MISSING,
  EMAIL_PATTERN,
  MAX_ZIP_PASSWORD_LENGTH,
  MIN_ZIP_PASSWORD_LENGTH,
  UTILITY_MAX_BYTES,
  type UtilityAnswer,
} from '@taxrecon/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { seal } from '../../platform/auth/seal.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Caller } from '../../platform/http/caller.ts';
import { badRequest, HttpError } from '../../platform/http/errors.ts';
import { type ReceivedFile, type ReceivedUpload, receiveUpload } from '../../platform/http/uploads.ts';
import { requireStatementHeader } from './statement-check.ts';
import { type UtilityTasks, ZIP_PASSWORD_PURPOSE } from './tasks.ts';

// The converter and the diff check everything a person can get wrong in the
// request (file type and size, e-mail, password, not a 26AS statement, two
// PANs), store the uploads through the file store and start the job, which
// e-mails the result. Temporary files go whatever the answer.

const requireEmail = (email: string | undefined): string => {
  const value = email?.trim() ?? '';
  if (value === '') throw badRequest(EMAIL_MISSING, 'EMAIL_MISSING');
  if (!EMAIL_PATTERN.test(value) || value.length > 254)
    throw badRequest('Invalid Email Address', 'INVALID_EMAIL');
  return value;
};

const requirePassword = (password: string | undefined): string => {
  if (!password)
    throw badRequest('Password is missing: choose a password for the output zip.', 'PASSWORD_MISSING');
  if (password.length < MIN_ZIP_PASSWORD_LENGTH || password.length > MAX_ZIP_PASSWORD_LENGTH) {
    throw badRequest(
      `The zip password must be ${MIN_ZIP_PASSWORD_LENGTH} to ${MAX_ZIP_PASSWORD_LENGTH} characters long.`,
      'WEAK_PASSWORD',
    );
  }
  return password;
};

// The spec sends format, email and password as "params": taken from the form
// fields, or from the query string (a password there is redacted from the log).
const fieldsOf = <S extends z.ZodType>(
  schema: S,
  request: FastifyRequest,
  upload: ReceivedUpload,
  what: string,
): z.output<S> => {
  const query = Object.fromEntries(
    Object.entries((request.query ?? {}) as Record<string, unknown>).filter(
      (e): e is [string, string] => typeof e[1] === 'string',
    ),
  );
  const parsed = schema.safeParse({ ...query, ...upload.fields });
  if (!parsed.success) throw badRequest(what, 'BAD_FIELDS');
  return parsed.data;
};

const storeUploads = async (ctx: AppContext, files: readonly ReceivedFile[]) => {
  const request = randomUUID();
  const stored: { fileName: string; key: string }[] = [];
  for (const [i, file] of files.entries()) {
    const key = `utilities/uploads/${request}/${i + 1}.txt`;
    await ctx.files.put(key, fs.createReadStream(file.tempPath));
    stored.push({ fileName: file.fileName, key });
  }
  return stored;
};

const withUpload = async <T>(
  ctx: AppContext,
  request: FastifyRequest,
  maxFiles: number,
  work: (upload: ReceivedUpload) => Promise<T>,
): Promise<T> => {
  const upload = await receiveUpload(request, ctx.files, {
    extensions: ['txt'],
    maxBytes: UTILITY_MAX_BYTES,
    maxFiles,
  }).catch((error: unknown) => {
    if (error instanceof HttpError && error.code === 'TOO_MANY_FILES' && maxFiles === DIFF_FILES) {
      throw badRequest(`Select exactly ${DIFF_FILES} .txt files to compare.`, 'TWO_FILES_NEEDED');
    }
    throw error;
  });
  try {
    return await work(upload);
  } finally {
    await Promise.all(upload.files.map((f) => ctx.files.removeTemp(f.tempPath)));
  }
};

const ownerOf = (caller: Caller) => ({
  tenantId: caller.tenantId,
  // a self-registered UTILITY-USER works in the utility tenant's entity; a user
  // with none at all still has the job, recorded against the user
  entityId: caller.entityId,
  userId: caller.userId,
  login: caller.login,
});

export const startConversion = async (
  ctx: AppContext,
  tasks: UtilityTasks,
  caller: Caller,
  request: FastifyRequest,
): Promise<UtilityAnswer> =>
  withUpload(ctx, request, CONVERTER_MAX_FILES, async (upload) => {
    const fields = fieldsOf(
      ConverterFields,
      request,
      upload,
      'Choose the output format: format=csv or format=excel.',
    );
    const email = requireEmail(fields.email);
    const password = requirePassword(fields.password);
    for (const file of upload.files) await requireStatementHeader(file.tempPath, file.fileName);
    const files = await storeUploads(ctx, upload.files);
    const job = await ctx.jobs.start(
      tasks.convert,
      {
        format: fields.format,
        email,
        tenantId: caller.tenantId,
        files,
        sealedPassword: seal(ctx.secret, ZIP_PASSWORD_PURPOSE, password),
      },
      ownerOf(caller),
    );
    return { message: CONVERTER_SUBMITTED, jobId: job.id };
  });

export const startDiff = async (
  ctx: AppContext,
  tasks: UtilityTasks,
  caller: Caller,
  request: FastifyRequest,
): Promise<UtilityAnswer> =>
  withUpload(ctx, request, DIFF_FILES, async (upload) => {
    const fields = fieldsOf(DiffFields, request, upload, 'Unreadable form fields.');
    const email = requireEmail(fields.email);
    if (upload.files.length !== DIFF_FILES) {
      throw badRequest(
        `Select exactly ${DIFF_FILES} .txt files to compare: ${upload.files.length} was given.`,
        'TWO_FILES_NEEDED',
      );
    }
    const [a, b] = upload.files as [ReceivedFile, ReceivedFile];
    const first = await requireStatementHeader(a.tempPath, a.fileName);
    const second = await requireStatementHeader(b.tempPath, b.fileName);
    if (first.pan !== second.pan) {
      throw badRequest(
        `The two statements are of different PANs: ${first.pan} (${a.fileName}) and ${second.pan} (${b.fileName}). Compare two downloads of one PAN.`,
        'PAN_MISMATCH',
      );
    }
    if (first.financialYear !== second.financialYear) {
      throw badRequest(
        `The two statements are of different financial years: ${first.financialYear ?? 'no year given'} (${a.fileName}) and ${second.financialYear ?? 'no year given'} (${b.fileName}). Compare two downloads of one year.`,
        'YEAR_MISMATCH',
      );
    }
    const [x, y] = await storeUploads(ctx, [a, b]);
    const job = await ctx.jobs.start(
      tasks.diff,
      { email, tenantId: caller.tenantId, files: [x!, y!] },
      ownerOf(caller),
    );
    return { message: DIFF_SUBMITTED, jobId: job.id };
  });
