import type { PayableUploadAnswer } from '@taxrecon/contracts';
import { type FileIssue, readVendorPayments, type VendorPaymentRecordRow } from '@taxrecon/formats';
import { formatInr, numericOfPaise, type Paise, sumPaise } from '@taxrecon/shared';
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { DB } from '../../platform/db/schema.ts';
import { type Caller, entityOf } from '../../platform/http/caller.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { defineTask } from '../../platform/queue/task.ts';
import {
  ANSWERED_PROBLEMS,
  type FolderKey,
  filePayableRow,
  problemDetails,
  problemOf,
  refuseDuplicate,
  storeFileRow,
} from './folder.ts';
import { PAYABLE_UPLOADS, withReceivedFile } from './receive.ts';

// A vendor payment ledger of one month: checked at upload (nothing usable
// answers 400 with its lines), then its rows load in an ingest job, in one
// transaction with the folder entry, the validation report and the job's
// Completed mark.

interface PaymentRead {
  rows: VendorPaymentRecordRow[];
  problems: FileIssue[];
  warnings: FileIssue[];
}

export const readPayments = async (
  fileName: string,
  bytes: Uint8Array,
  month: string,
): Promise<PaymentRead> => {
  const read = await readVendorPayments(bytes, fileName);
  const warnings = [...read.warnings];
  for (const r of read.rows) {
    const date = String(r.paymentDate);
    if (date.slice(0, 7) !== month) {
      warnings.push({
        file: fileName,
        line: r.line,
        column: 'paymentDate',
        value: date,
        expected: `a payment date in ${month}`,
        code: 'OUTSIDE_PERIOD',
        message: `The payment is dated ${date}, outside ${month}.`,
      });
    }
  }
  return { rows: read.rows, problems: read.errors, warnings };
};

const textOrNull = (v: unknown): string | null =>
  v === null || v === undefined || v === '' ? null : String(v);
const amountOf = (v: unknown): Paise => (typeof v === 'number' ? (v as Paise) : (0 as Paise));

export const PaymentLoadInput = z.object({
  entityId: z.string().uuid(),
  storedFileId: z.string().uuid(),
  financialYear: z.string(),
  month: z.string(),
  fileName: z.string(),
  userId: z.string().uuid().nullable(),
});

const insertPayments = async (
  trx: Transaction<DB>,
  entityId: string,
  payableFileId: string,
  key: FolderKey,
  rows: readonly VendorPaymentRecordRow[],
) => {
  for (let i = 0; i < rows.length; i += 1000) {
    await trx
      .insertInto('vendor_payments')
      .values(
        rows.slice(i, i + 1000).map((r) => ({
          entity_id: entityId,
          payable_file_id: payableFileId,
          line: r.line,
          financial_year: key.financialYear,
          month: key.month ?? '',
          payment_date: String(r.paymentDate),
          payment_number: textOrNull(r.paymentNumber),
          payment_description: textOrNull(r.paymentDescription),
          vendor_code: textOrNull(r.vendorCode),
          pan_number: textOrNull(r.panNumber)?.replace(/\s+/g, '').toUpperCase() ?? null,
          vendor_name: textOrNull(r.vendorName),
          base_amount: numericOfPaise(amountOf(r.baseAmount)),
          section_number: textOrNull(r.sectionNumber),
          sub_section: textOrNull(r.subSection),
          tds_rate: typeof r.tdsRate === 'number' ? r.tdsRate : null,
          tds_amount: numericOfPaise(amountOf(r.tdsAmount)),
        })),
      )
      .execute();
  }
};

// The folder entry of a read payment ledger, with its control totals, and its
// payments (the load job's and the demo's, inside the caller's transaction).
export const filePayments = async (
  trx: Transaction<DB>,
  entityId: string,
  key: FolderKey,
  read: PaymentRead,
  file: { fileId: string; jobId: string | null; uploadedBy: string | null },
): Promise<void> => {
  const payableFileId = await filePayableRow(trx, entityId, {
    key,
    ...file,
    rowsRead: read.rows.length + new Set(read.problems.map((p) => p.line)).size,
    baseTotal: numericOfPaise(sumPaise(read.rows.map((r) => amountOf(r.baseAmount)))),
    tdsTotal: numericOfPaise(sumPaise(read.rows.map((r) => amountOf(r.tdsAmount)))),
    problems: [...read.problems, ...read.warnings],
  });
  await insertPayments(trx, entityId, payableFileId, key, read.rows);
};

export const paymentLoadTask = (ctx: () => AppContext) =>
  defineTask({
    queue: 'ingest-vendor-payment',
    jobType: 'IngestVendorPayment',
    input: PaymentLoadInput,
    retryLimit: 2,
    retryDelaySeconds: 10,
    run: async (input, job) => {
      const { db, files } = ctx();
      const stored = await db
        .selectFrom('stored_files')
        .select(['storage_key'])
        .where('id', '=', input.storedFileId)
        .where('entity_id', '=', input.entityId)
        .executeTakeFirstOrThrow();
      const read = await readPayments(input.fileName, await files.read(stored.storage_key), input.month);
      await job.progress(40, read.rows.length);
      const key: FolderKey = {
        kind: 'vendor-payment',
        financialYear: input.financialYear,
        month: input.month,
        fileName: input.fileName,
      };
      const base = sumPaise(read.rows.map((r) => amountOf(r.baseAmount)));
      const tds = sumPaise(read.rows.map((r) => amountOf(r.tdsAmount)));
      const outcome = {
        remarks: `${read.rows.length} payment(s) loaded from ${input.fileName}, ${read.problems.length} line problem(s); base ${formatInr(base)}, TDS ${formatInr(tds)}`,
        transactionsCount: read.rows.length,
        result: {
          kind: 'vendor-payment',
          files: [input.fileName],
          invalidRows: read.problems.length,
          warnings: read.warnings.length,
        },
      };
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('stored_files')
          .set({ job_id: job.jobId })
          .where('id', '=', input.storedFileId)
          .execute();
        await filePayments(trx, input.entityId, key, read, {
          fileId: input.storedFileId,
          jobId: job.jobId,
          uploadedBy: input.userId,
        });
        const issues = [
          ...read.problems.map((i) => ({ i, severity: 'error' as const })),
          ...read.warnings.map((i) => ({ i, severity: 'warning' as const })),
        ];
        for (let k = 0; k < issues.length; k += 1000) {
          await trx
            .insertInto('validation_issues')
            .values(
              issues.slice(k, k + 1000).map(({ i, severity }) => ({
                job_id: job.jobId,
                entity_id: input.entityId,
                severity,
                file_name: i.file,
                line: i.line,
                column_name: i.column ?? null,
                value: i.value ?? null,
                expected: i.expected,
                code: i.code,
                message: i.message,
              })),
            )
            .execute();
        }
        await job.complete(trx, outcome);
      });
      return outcome;
    },
  });
export type PaymentLoadTask = ReturnType<typeof paymentLoadTask>;

export const uploadVendorPayment = (
  ctx: AppContext,
  caller: Caller,
  request: FastifyRequest,
  task: PaymentLoadTask,
  financialYear: string,
  month: string,
): Promise<PayableUploadAnswer> => {
  const entityId = entityOf(caller);
  const upload = PAYABLE_UPLOADS.vendorPayment;
  return withReceivedFile(ctx, request, upload, async ({ file, bytes, force }) => {
    const read = await readPayments(file.fileName, bytes, month);
    if (read.rows.length === 0) {
      const why = read.problems[0]?.message ?? 'it has no payment lines under its header row';
      throw new HttpError(
        400,
        'PAYMENTS_UNUSABLE',
        `${upload.prefix} - ${file.fileName} cannot be used: ${why}`,
        problemDetails(read.problems),
      );
    }
    const key: FolderKey = { kind: 'vendor-payment', financialYear, month, fileName: file.fileName };
    if (!force) await refuseDuplicate(ctx, entityId, key, file);
    const storageKey = await ctx.files.adopt(file.tempPath, file.sha256);
    const storedFileId = await ctx.db.transaction().execute((trx) =>
      storeFileRow(trx, caller, entityId, {
        kind: 'vendor-payment',
        fileName: file.fileName,
        sha256: file.sha256,
        sizeBytes: file.sizeBytes,
        storageKey,
      }),
    );
    const job = await ctx.jobs.start(
      task,
      { entityId, storedFileId, financialYear, month, fileName: file.fileName, userId: caller.userId },
      { tenantId: caller.tenantId, entityId, userId: caller.userId, login: caller.login },
    );
    return {
      message: `${file.fileName} received: ${read.rows.length} payment(s) will be loaded${read.problems.length ? `, ${read.problems.length} line problem(s)` : ''}. Entries uploaded - will be processed shortly.`,
      jobId: job.id,
      validationErrorsCount: read.problems.length,
      error: null,
      file: null,
      problems: read.problems.slice(0, ANSWERED_PROBLEMS).map(problemOf),
      warnings: read.warnings.slice(0, ANSWERED_PROBLEMS).map(problemOf),
    };
  });
};
