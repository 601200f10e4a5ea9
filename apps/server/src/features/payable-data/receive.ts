import fs from 'node:fs';
import { UploadFields } from '@taxrecon/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { type ReceivedFile, receiveUpload, type UploadRules } from '../../platform/http/uploads.ts';

// Spec part 3 sections 5 and 9: one file at a time; the screen's prefix goes
// before every refusal ('Error Uploading Expense Ledger - Invalid file name...').
export const PAYABLE_UPLOADS = {
  expenseMonth: {
    rules: { extensions: ['txt', 'csv'], maxBytes: 200_000_000, maxFiles: 1 },
    prefix: 'Error Uploading Expense Ledger',
  },
  expenseOutput: {
    rules: { extensions: ['csv'], maxBytes: 200_000_000, maxFiles: 1 },
    prefix: 'Error Uploading Expense Ledger',
  },
  vendorPayment: {
    rules: { extensions: ['txt', 'csv'], maxBytes: 200_000_000, maxFiles: 1 },
    prefix: 'Error Uploading Payment Ledger',
  },
  sales: {
    rules: { extensions: ['txt', 'csv', 'xlsx', 'xls'], maxBytes: 200_000_000, maxFiles: 1 },
    prefix: 'Error Upload Sales Register',
  },
  ldc: {
    rules: { extensions: ['txt', 'csv', 'xlsx'], maxBytes: 20_000_000, maxFiles: 1 },
    prefix: 'Error In File!',
  },
  tanItr: {
    rules: { extensions: ['txt', 'csv', 'xlsx'], maxBytes: 20_000_000, maxFiles: 1 },
    prefix: 'Error In File!',
  },
} as const satisfies Record<string, { rules: UploadRules; prefix: string }>;
export type PayableUpload = (typeof PAYABLE_UPLOADS)[keyof typeof PAYABLE_UPLOADS];

export const refusal = (upload: PayableUpload, error: HttpError): HttpError =>
  new HttpError(error.status, error.code, `${upload.prefix} - ${error.message}`, error.details);

export interface PayableReceived {
  file: ReceivedFile;
  bytes: Buffer;
  force: boolean;
}

// Receives the one file (name, type and size checked while it streams in),
// then runs `use` with its bytes; the temporary file is gone afterwards,
// whether `use` adopted it into the store or refused it.
export const withReceivedFile = async <T>(
  ctx: AppContext,
  request: FastifyRequest,
  upload: PayableUpload,
  use: (received: PayableReceived) => Promise<T>,
): Promise<T> => {
  let file: ReceivedFile;
  let fields: Record<string, string>;
  try {
    const received = await receiveUpload(request, ctx.files, upload.rules);
    fields = received.fields;
    const first = received.files[0];
    if (!first) throw new HttpError(400, 'NO_FILE', 'Choose a file to upload.');
    file = first;
  } catch (error) {
    throw error instanceof HttpError ? refusal(upload, error) : error;
  }
  try {
    const force = UploadFields.parse(fields).force === 'true';
    const bytes = await fs.promises.readFile(file.tempPath);
    if (bytes.length === 0) throw new HttpError(400, 'EMPTY_FILE', `${file.fileName} is empty.`);
    return await use({ file, bytes, force });
  } catch (error) {
    throw error instanceof HttpError && !error.message.startsWith(upload.prefix)
      ? refusal(upload, error)
      : error;
  } finally {
    await ctx.files.removeTemp(file.tempPath);
  }
};
