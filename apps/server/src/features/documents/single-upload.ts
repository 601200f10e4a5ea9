import fs from 'node:fs';
import {
  EMAIL_PATTERN,
  FORM16A_MANDATORY,
  FORM16A_MAX_BYTES,
  FORM16A_QUARTERS,
  type Form16aUploadAnswer,
  Form16aUploadFields,
  VENDOR_NOT_FOUND_FOR_PAN,
} from '@taxrecon/contracts';
import { isFinancialYear, isValidPan } from '@taxrecon/shared';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { type Caller, entityOf } from '../../platform/http/caller.ts';
import { badRequest, HttpError } from '../../platform/http/errors.ts';
import { receiveUpload } from '../../platform/http/uploads.ts';
import { readForm16aPdf } from './pdf-text.ts';
import {
  certificateByFileName,
  fileNameHeldByAnother,
  sameCertificateElsewhere,
  saveCertificate,
  toRecord,
  vendorOfPan,
} from './repo.ts';

// One certificate for one vendor: the form names the year, quarter, vendor
// PAN and e-mail; the PDF must say the same, so a certificate cannot be filed
// under the wrong vendor or quarter by a slip of the mouse.
export const uploadOneCertificate = async (
  ctx: AppContext,
  caller: Caller,
  request: FastifyRequest,
): Promise<z.input<typeof Form16aUploadAnswer>> => {
  const entityId = entityOf(caller);
  const upload = await receiveUpload(request, ctx.files, {
    extensions: ['pdf'],
    maxBytes: FORM16A_MAX_BYTES,
    maxFiles: 1,
  });
  const [file] = upload.files;
  try {
    if (!file) throw badRequest('Choose a file to upload.', 'NO_FILE');
    const fields = Form16aUploadFields.parse(upload.fields);
    const pan = (fields.panNumber ?? '').toUpperCase();
    const quarter = (fields.quarter ?? '').toUpperCase();
    const email = fields.email ?? '';
    // the spec's message, then which of the four is missing or not valid
    const wrong = [
      !fields.financialYear
        ? 'no financial year'
        : !isFinancialYear(fields.financialYear)
          ? `'${fields.financialYear}' is not a financial year (yyyy-yy, e.g. 2024-25)`
          : null,
      !quarter
        ? 'no quarter'
        : !(FORM16A_QUARTERS as readonly string[]).includes(quarter)
          ? `'${quarter}' is not a quarter (Q1 to Q4)`
          : null,
      !pan ? 'no PAN' : !isValidPan(pan) ? `'${pan}' is not a valid PAN` : null,
      !email ? 'no e-mail' : !EMAIL_PATTERN.test(email) ? `'${email}' is not an e-mail address` : null,
    ].filter((w): w is string => w !== null);
    if (wrong.length) throw badRequest(`${FORM16A_MANDATORY}: ${wrong.join('; ')}.`, 'MANDATORY_FIELDS');
    const vendor = await vendorOfPan(ctx.db, entityId, pan);
    if (!vendor) throw badRequest(VENDOR_NOT_FOUND_FOR_PAN, 'VENDOR_NOT_FOUND');
    const reading = await readForm16aPdf(await fs.promises.readFile(file.tempPath));
    if (!reading.ok) throw badRequest(`${file.fileName}: ${reading.reason}.`, 'UNREADABLE_FORM16A');
    const read = reading.fields;
    if (read.deducteePan !== pan) {
      throw badRequest(
        `${file.fileName} is a certificate for the deductee PAN ${read.deducteePan}, but the chosen vendor's PAN is ${pan}.`,
        'PAN_MISMATCH',
      );
    }
    if (read.financialYear !== fields.financialYear || read.quarter !== quarter) {
      throw badRequest(
        `${file.fileName} is for FY ${read.financialYear} ${read.quarter}, but FY ${fields.financialYear} ${quarter} was chosen.`,
        'PERIOD_MISMATCH',
      );
    }
    const elsewhere = await sameCertificateElsewhere(ctx.db, entityId, read, file.fileName);
    if (elsewhere) {
      throw new HttpError(
        409,
        'DUPLICATE_CERTIFICATE',
        `Certificate ${read.certificateNumber} of ${pan} for FY ${read.financialYear} ${read.quarter} is already loaded as ${elsewhere}.`,
      );
    }
    const held = await fileNameHeldByAnother(ctx.db, entityId, read, file.fileName);
    if (held) {
      throw new HttpError(
        409,
        'FILE_NAME_IN_USE',
        `${file.fileName} is already loaded as ${held}: rename the file to keep both, or load it under its own name.`,
      );
    }
    const storageKey = await ctx.files.adopt(file.tempPath, file.sha256);
    // The same certificate sent twice at once: the check above passes for
    // both, the unique index stops the second.
    const duplicate = (error: unknown): never => {
      const pgError = error as { code?: string; message?: string };
      if (pgError.code === '23505' && /form16a_documents_certificate_idx/.test(pgError.message ?? ''))
        throw new HttpError(
          409,
          'DUPLICATE_CERTIFICATE',
          `Certificate ${read.certificateNumber} of ${pan} for FY ${read.financialYear} ${read.quarter} is already loaded.`,
        );
      throw error;
    };
    await ctx.db
      .transaction()
      .execute((tx) =>
        saveCertificate(tx, {
          entityId,
          tenantId: caller.tenantId,
          vendor,
          fields: read,
          fileName: file.fileName,
          sha256: file.sha256,
          sizeBytes: file.sizeBytes,
          storageKey,
          email,
          userId: caller.userId,
          jobId: null,
        }),
      )
      .catch(duplicate);
    const saved = await certificateByFileName(ctx.db, entityId, file.fileName);
    return {
      message: `${file.fileName} uploaded: Form 16A of ${vendor.vendorName} (${pan}) for FY ${read.financialYear} ${read.quarter}.`,
      jobId: null,
      validationErrorsCount: null,
      error: null,
      record: saved ? toRecord(saved) : null,
    };
  } finally {
    // adopted files have left the temporary folder; a refused one goes here
    await Promise.all(upload.files.map((f) => ctx.files.removeTemp(f.tempPath)));
  }
};
