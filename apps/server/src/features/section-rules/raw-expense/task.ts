import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { RAW_EXPENSE_FIELDS, type RawTransformResult } from '@taxrecon/contracts';
import { readTable } from '@taxrecon/formats';
import { z } from 'zod';
import type { AppContext } from '../../../platform/context.ts';
import { defineTask } from '../../../platform/queue/task.ts';
import { recordStoredFile } from '../../../platform/storage/stored-files.ts';
import { writeTsv } from '../../master-data/shared.ts';
import { loadRuleSets } from '../rule-sets/service.ts';
import { missingHeaders, transformRawLedger } from './transform.ts';

export const RAW_TRANSFORM_JOB = 'TransformRawExpenseLedger';

export const RawTransformInput = z.object({
  entityId: z.string().uuid(),
  fileId: z.string().uuid(),
  mapping: z.partialRecord(z.enum(RAW_EXPENSE_FIELDS), z.string()),
});

// Where a job's error report lives in the file store.
export const rawTransformKeys = (entityId: string, jobId: string) => ({
  errors: `raw-expense/${entityId}/${jobId}/errors.txt`,
});
// stored_files.kind of a transformed ledger
export const TRANSFORMED_KIND = 'expense-transformed';

const baseName = (fileName: string) => fileName.replace(/\.[^.]*$/, '');

// Reads the stored raw ledger, maps and transforms it with the entity's rule
// sets as they are when the job runs, and writes the ledger (a stored file,
// recorded with the job's completion in one transaction) and the error report.
export const rawTransformTask = (ctx: () => AppContext) =>
  defineTask({
    queue: 'transform-raw-expense-ledger',
    jobType: RAW_TRANSFORM_JOB,
    input: RawTransformInput,
    retryLimit: 2,
    retryDelaySeconds: 10,
    run: async (input, job) => {
      const { db, files } = ctx();
      const stored = await db
        .selectFrom('stored_files')
        .select(['file_name', 'storage_key', 'tenant_id', 'uploaded_by'])
        .where('id', '=', input.fileId)
        .where('entity_id', '=', input.entityId)
        .executeTakeFirstOrThrow();
      const table = await readTable(await files.read(stored.storage_key), stored.file_name, {
        format: 'csv',
      });
      if (table.headers.length === 0) throw new Error(`${stored.file_name} has no header row.`);
      const absent = missingHeaders(table.headers, Object.values(input.mapping));
      if (absent.length > 0)
        throw new Error(`The following fields are missing in your CSV file: ${absent.join(', ')}`);
      await job.progress(20);
      const ruleSets = await loadRuleSets(db, input.entityId);
      const out = transformRawLedger({
        headers: table.headers,
        rows: table.rows,
        mapping: input.mapping,
        ruleSets,
      });
      const problems = [
        ...table.errors.map((e) => ({ line: e.line, column: e.column ?? '', problem: e.message })),
        ...out.problems,
      ];
      await job.progress(70);
      const keys = rawTransformKeys(input.entityId, job.jobId);
      // The ledger is kept as a stored file (by content, like an upload), so the
      // expense folder can take it in as a file of its own.
      const ledger = writeTsv(out.header, out.lines);
      const temp = files.tempPath();
      await fs.promises.writeFile(temp, ledger);
      const sha256 = createHash('sha256').update(ledger).digest('hex');
      const ledgerKey = await files.adopt(temp, sha256);
      await files.put(
        keys.errors,
        Readable.from([
          writeTsv(
            ['line', 'column', 'problem'],
            problems.map((p) => [p.line, p.column, p.problem]),
          ),
        ]),
      );
      const transformedFileName = `${baseName(stored.file_name)}_transformed.txt`;
      const result: Omit<RawTransformResult, 'transformedFileId'> = {
        fileName: stored.file_name,
        rowsRead: out.rowsRead,
        rowsWritten: out.lines.length,
        rowsRejected: out.rowsRead - out.lines.length,
        rowsByRuleSet: out.rowsByRuleSet,
        transformedFileName,
        errorReportFileName: `${baseName(stored.file_name)}_errors.txt`,
      };
      return db.transaction().execute(async (tx) => {
        const fileId = await recordStoredFile(
          tx,
          { tenantId: stored.tenant_id, entityId: input.entityId, userId: stored.uploaded_by },
          {
            kind: TRANSFORMED_KIND,
            fileName: transformedFileName,
            sha256,
            sizeBytes: Buffer.byteLength(ledger),
            storageKey: ledgerKey,
            jobId: job.jobId,
          },
        );
        const outcome = {
          remarks: `${result.rowsWritten} of ${result.rowsRead} lines transformed, ${result.rowsRejected} in the error report; ${result.rowsByRuleSet} took their section from a rule set`,
          result: { ...result, transformedFileId: fileId } satisfies RawTransformResult,
          transactionsCount: result.rowsWritten,
        };
        await job.complete(tx, outcome);
        return outcome;
      });
    },
  });
