import { isFinancialYear } from '@taxrecon/shared';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { defineTask, type TaskOutcome } from '../../platform/queue/task.ts';
import type { FileStore } from '../../platform/storage/file-store.ts';
import type { SourceFile } from './form-26as-loader.ts';
import { loadBatch } from './load-batch.ts';
import { parseParsed26as } from './parsed-folder-loader.ts';
import { countBy, summary } from './tasks.ts';

export const PARSED_26AS_JOB_TYPE = 'Ingest26ASParsed';

export const ParsedIngestInput = z.object({
  entityId: z.string().uuid(),
  fileIds: z.array(z.string().uuid()).min(1),
  pan: z.string().length(10),
  financialYear: z.string().refine(isFinancialYear, 'a financial year like 2024-25').optional(),
  mapping: z.record(z.string(), z.string()).optional(),
  headers: z.string().optional(),
});
export type ParsedIngestInput = z.infer<typeof ParsedIngestInput>;

// The parsed-26AS load: the stored files are read, mapped and loaded into
// tax_statements and tax_entries in one transaction with the job's Completed
// mark, exactly like the raw 26AS ingest (a retry after a crash loads nothing twice).
export const parsedIngestTask = (ctx: () => AppContext, store: FileStore) =>
  defineTask({
    queue: 'ingest-form-26as-parsed',
    jobType: PARSED_26AS_JOB_TYPE,
    input: ParsedIngestInput,
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
      const entity = await db
        .selectFrom('legal_entities')
        .select('name')
        .where('id', '=', input.entityId)
        .executeTakeFirst();
      await job.progress(10);
      const batch = await parseParsed26as(files, {
        entityId: input.entityId,
        jobId: job.jobId,
        pan: input.pan,
        assesseeName: entity?.name ?? null,
        tempPath: store.tempPath,
        ...(input.financialYear && isFinancialYear(input.financialYear)
          ? { financialYear: input.financialYear }
          : {}),
        ...(input.mapping ? { mapping: input.mapping } : {}),
        ...(input.headers ? { headers: input.headers } : {}),
      });
      await job.progress(50, batch.rowsValid);
      let outcome: TaskOutcome = {};
      await loadBatch(database, batch, {
        jobId: job.jobId,
        entityId: input.entityId,
        fileIds: input.fileIds,
        beforeCommit: async (client, totals) => {
          outcome = {
            remarks: summary(totals, batch),
            transactionsCount: totals.rowsLoaded,
            result: {
              kind: 'form-26as',
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
