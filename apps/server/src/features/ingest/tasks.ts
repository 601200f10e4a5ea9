import { type ControlTotals, IngestKind } from '@taxrecon/contracts';
import { type FileIssue, formatOfFile } from '@taxrecon/formats';
import { formatInr, isFinancialYear, paiseOfNumeric } from '@taxrecon/shared';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { analyzeAfterLoad } from '../../platform/db/statistics.ts';
import { defineTask, type TaskOutcome } from '../../platform/queue/task.ts';
import type { FileStore } from '../../platform/storage/file-store.ts';
import { fileLoadedSalesRegisters } from '../payable-data/sales-files.ts';
import { parseForm26as, type SourceFile } from './form-26as-loader.ts';
import { parseAndLoad } from './load-batch.ts';
import { loadMasterFile } from './master-loader.ts';
import type { LiveCopy, ParsedBatch } from './parsed-batch.ts';
import { parseCustomerMapping, parsePurchaseRegister, parseSalesRegister } from './register-loader.ts';

export const JOB_TYPES: Record<IngestKind, string> = {
  'form-26as': 'Ingest26AS',
  'sales-register': 'IngestSales',
  'purchase-register': 'IngestPurchase',
  'customer-mapping': 'IngestCustomerMapping',
  'customer-master': 'IngestCustomerMaster',
  'vendor-master': 'IngestVendorMaster',
};

// The big table of each row load, written into its COPY while the files are
// parsed (PostgreSQL; load-batch.ts). Not the customer mapping: its load
// deletes the entity's old rows first.
// A register in text (not a workbook, whose parse of lakhs of rows takes
// long): on the embedded database its rows may stream into the COPY, since
// the open transaction then holds the one connection only a little longer than
// the COPY alone would.
const isTextFile = (file: SourceFile): boolean => {
  const format = formatOfFile(file.fileName, file.bytes);
  return format === 'txt' || format === 'csv';
};

const STREAMED_TABLE: Partial<Record<IngestKind, string>> = {
  'form-26as': 'tax_entries',
  'sales-register': 'sales_entries',
  'purchase-register': 'purchase_entries',
};

export const IngestInput = z.object({
  kind: IngestKind,
  entityId: z.string().uuid(),
  fileIds: z.array(z.string().uuid()).min(1),
  financialYear: z.string().refine(isFinancialYear, 'a financial year like 2024-25').optional(),
  mapping: z.record(z.string(), z.string()).optional(),
  headers: z.string().optional(),
  password: z.string().optional(),
});
export type IngestInput = z.infer<typeof IngestInput>;

export const countBy = (issues: FileIssue[], key: (i: FileIssue) => string) => {
  const counts: Record<string, number> = {};
  for (const i of issues) counts[key(i)] = (counts[key(i)] ?? 0) + 1;
  return counts;
};

// control totals are rupee text ('1234.50'); remarks are read by people
const inr = (rupees: string) => formatInr(paiseOfNumeric(rupees));

export const summary = (totals: ControlTotals, batch: ParsedBatch) =>
  [
    totals.rowsLoaded === 0 && batch.errors[0]
      ? `Nothing loaded: ${batch.errors[0].message.replace(/\.$/, '')}`
      : '',
    `${totals.rowsLoaded} of ${totals.rowsRead} rows loaded, ${totals.rowsRejected} rejected`,
    totals.rowsSkipped ? `${totals.rowsSkipped} total lines skipped` : '',
    batch.control.amountColumn
      ? `amount ${inr(totals.amountLoaded)}, tax ${inr(totals.taxLoaded)} (read ${inr(totals.amountRead)} / ${inr(totals.taxRead)})`
      : '',
    batch.warnings.length ? `${batch.warnings.length} warning(s)` : '',
    ...batch.notes,
  ]
    .filter(Boolean)
    .join('; ');

// One ingest job: read the stored originals, parse them in memory, load the
// valid rows and the validation report in one transaction. A parse never
// throws on bad data; an exception here (database down) is retried.
export const ingestTask = (ctx: () => AppContext, store: FileStore, jobType: string, kind: IngestKind) =>
  defineTask({
    queue: `ingest-${kind}`,
    jobType,
    input: IngestInput,
    retryLimit: 2,
    retryDelaySeconds: 10,
    run: async (input, job) => {
      const { db, database } = ctx();
      const stored = await db
        .selectFrom('stored_files')
        .select(['id', 'file_name', 'storage_key'])
        .where('id', 'in', input.fileIds)
        .where('entity_id', '=', input.entityId)
        .execute();
      const files: SourceFile[] = [];
      for (const f of stored)
        files.push({ fileId: f.id, fileName: f.file_name, bytes: await store.read(f.storage_key) });
      await job.progress(10);
      if (input.kind === 'customer-master' || input.kind === 'vendor-master') {
        let outcome: TaskOutcome = {};
        await loadMasterFile(ctx(), input.kind, files, {
          entityId: input.entityId,
          jobId: job.jobId,
          beforeCommit: async (trx, master) => {
            await trx
              .updateTable('stored_files')
              .set({ job_id: job.jobId })
              .where('id', 'in', input.fileIds)
              .execute();
            const t = master.totals;
            outcome = {
              remarks: [
                t.rowsLoaded === 0 && master.errors[0] ? `Nothing loaded: ${master.errors[0].message}` : '',
                `${t.rowsLoaded} of ${t.rowsRead} rows loaded, ${t.rowsRejected} rejected`,
                master.warnings.length ? `${master.warnings.length} warning(s)` : '',
              ]
                .filter(Boolean)
                .join('; '),
              transactionsCount: t.rowsLoaded,
              result: {
                kind: input.kind,
                ...(t.rowsLoaded === 0 ? { outcome: 'NothingLoaded' } : {}),
                files: files.map((f) => f.fileName),
                controlTotals: t,
                invalidRows: master.errors.length,
                warnings: master.warnings.length,
                errorTypesToCounts: countBy(master.errors, (i) => i.code),
                fieldErrorCounts: countBy(master.errors, (i) => i.column ?? '(row)'),
              },
            };
            await job.complete(trx, outcome);
          },
        });
        return outcome;
      }
      const options = {
        entityId: input.entityId,
        jobId: job.jobId,
        tempPath: store.tempPath,
        ...(input.financialYear && isFinancialYear(input.financialYear)
          ? { financialYear: input.financialYear }
          : {}),
        ...(input.mapping ? { mapping: input.mapping } : {}),
        ...(input.headers ? { headers: input.headers } : {}),
      };
      const parse = (live: LiveCopy | null): Promise<ParsedBatch> =>
        input.kind === 'form-26as'
          ? parseForm26as(files, {
              entityId: input.entityId,
              jobId: job.jobId,
              tempPath: store.tempPath,
              live,
              ...(input.password ? { password: input.password } : {}),
            })
          : input.kind === 'sales-register'
            ? parseSalesRegister(files, { ...options, live })
            : input.kind === 'purchase-register'
              ? parsePurchaseRegister(files, { ...options, live })
              : parseCustomerMapping(files, options);
      let outcome: TaskOutcome = {};
      // The rows, the report and the job's Completed mark commit together: a
      // retry after a crash finds the job done and loads nothing again.
      await parseAndLoad(database, parse, {
        jobId: job.jobId,
        entityId: input.entityId,
        fileIds: input.fileIds,
        replaceEntityRows: input.kind === 'customer-mapping',
        streamTable: STREAMED_TABLE[input.kind] ?? null,
        // 26AS statements are text (zipped or not), parsed fast beside the COPY; so are text registers
        streamEmbedded: input.kind === 'form-26as' || files.every(isTextFile),
        afterParse: (batch) => job.progress(50, batch.rowsValid),
        beforeCommit: async (client, totals, batch) => {
          const table = STREAMED_TABLE[input.kind];
          if (table) await analyzeAfterLoad(client, table, totals.rowsLoaded);
          // a register uploaded for a year goes in the TDS payable sales folder
          // too, with its rows, and only if it loaded some (sales-files.ts)
          if (input.kind === 'sales-register' && input.financialYear && totals.rowsLoaded > 0)
            await fileLoadedSalesRegisters(
              client,
              input.entityId,
              input.financialYear,
              input.fileIds,
              job.jobId,
            );
          outcome = {
            remarks: summary(totals, batch),
            transactionsCount: totals.rowsLoaded,
            result: {
              kind: input.kind,
              // a Completed job a person must look at (packages/contracts jobs.ts)
              ...(totals.rowsLoaded === 0 ? { outcome: 'NothingLoaded' } : {}),
              files: files.map((f) => f.fileName),
              controlTotals: totals,
              financialYears: batch.financialYears,
              invalidRows: batch.errors.length,
              warnings: batch.warnings.length,
              errorTypesToCounts: countBy(batch.errors, (i) => i.code),
              fieldErrorCounts: countBy(batch.errors, (i) => i.column ?? '(row)'),
              notes: batch.notes,
            },
          };
          await job.complete(client, outcome);
        },
      });
      return outcome;
    },
  });

export const ingestTasks = (ctx: () => AppContext, store: FileStore) =>
  Object.fromEntries(
    IngestKind.options.map((kind) => [kind, ingestTask(ctx, store, JOB_TYPES[kind], kind)]),
  ) as Record<IngestKind, ReturnType<typeof ingestTask>>;
