import type { ReferenceUploadAnswer } from '@taxrecon/contracts';
import { type FileIssue, type LdcRecordRow, readLdcCertificates } from '@taxrecon/formats';
import { numericOfPaise } from '@taxrecon/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { type Caller, entityOf } from '../../platform/http/caller.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { ANSWERED_PROBLEMS, problemDetails, problemOf } from './folder.ts';
import { PAYABLE_UPLOADS, withReceivedFile } from './receive.ts';
import { storeReference } from './reference-store.ts';

// Lower deduction certificates (section 197): one row a certificate. A
// certificate number loaded before is replaced (the issuing officer revises
// rate, limit or dates under the same number); a number twice in one file
// keeps its last line. Valid lines load with the bad ones reported, all in
// one transaction; a file with no valid line answers 400.

const text = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

const checkRow = (file: string, r: LdcRecordRow): FileIssue | null => {
  if (String(r.validFrom) > String(r.validTo))
    return {
      file,
      line: r.line,
      column: 'validTo',
      value: String(r.validTo),
      expected: `a date on or after validFrom (${String(r.validFrom)})`,
      code: 'DATES_REVERSED',
      message: 'The certificate ends before it starts; the row is left out.',
    };
  if (typeof r.rate === 'number' && (r.rate < 0 || r.rate > 100))
    return {
      file,
      line: r.line,
      column: 'rate',
      value: String(r.rate),
      expected: 'a rate between 0 and 100 percent',
      code: 'INVALID_RATE',
      message: 'The rate is not a percentage; the row is left out.',
    };
  return null;
};

export const uploadLdc = (
  ctx: AppContext,
  caller: Caller,
  request: FastifyRequest,
): Promise<ReferenceUploadAnswer> => {
  const entityId = entityOf(caller);
  const upload = PAYABLE_UPLOADS.ldc;
  return withReceivedFile(ctx, request, upload, async ({ file, bytes }) => {
    const read = await readLdcCertificates(bytes, file.fileName);
    const problems = [...read.errors];
    const byNumber = new Map<string, LdcRecordRow>();
    for (const r of read.rows) {
      const bad = checkRow(file.fileName, r);
      if (bad) problems.push(bad);
      else byNumber.set(String(r.certificateNumber).trim(), r);
    }
    if (byNumber.size === 0) {
      throw new HttpError(
        400,
        'LDC_UNUSABLE',
        `${upload.prefix} - ${file.fileName} has no certificate that can be loaded: ${problems[0]?.message ?? 'no rows'}`,
        problemDetails(problems),
      );
    }
    await storeReference(ctx, caller, entityId, file, 'ldc', async (trx, fileId) => {
      const rows = [...byNumber].map(([number, r]) => ({
        entity_id: entityId,
        file_id: fileId,
        certificate_number: number,
        pan_number: String(r.panNumber).toUpperCase(),
        vendor_code: text(r.vendorCode),
        section_number: String(r.sectionNumber).trim(),
        sub_section: text(r.subSection),
        rate: Number(r.rate),
        amount_limit: typeof r.amountLimit === 'number' ? numericOfPaise(r.amountLimit) : null,
        valid_from: String(r.validFrom),
        valid_to: String(r.validTo),
      }));
      for (let i = 0; i < rows.length; i += 1000) {
        await trx
          .insertInto('ldc_certificates')
          .values(rows.slice(i, i + 1000))
          .onConflict((oc) =>
            oc.columns(['entity_id', 'certificate_number']).doUpdateSet((eb) => ({
              file_id: eb.ref('excluded.file_id'),
              pan_number: eb.ref('excluded.pan_number'),
              vendor_code: eb.ref('excluded.vendor_code'),
              section_number: eb.ref('excluded.section_number'),
              sub_section: eb.ref('excluded.sub_section'),
              rate: eb.ref('excluded.rate'),
              amount_limit: eb.ref('excluded.amount_limit'),
              valid_from: eb.ref('excluded.valid_from'),
              valid_to: eb.ref('excluded.valid_to'),
            })),
          )
          .execute();
      }
    });
    return {
      message: `${byNumber.size} certificate(s) loaded from ${file.fileName}${problems.length ? `; ${problems.length} problem(s) in the file` : ''}.`,
      jobId: null,
      validationErrorsCount: problems.length,
      error: null,
      loaded: byNumber.size,
      problems: problems.slice(0, ANSWERED_PROBLEMS).map(problemOf),
      warnings: read.warnings.slice(0, ANSWERED_PROBLEMS).map(problemOf),
      vendorsMarked: null,
    };
  });
};
