import type { PayableUploadAnswer } from '@taxrecon/contracts';
import { readTable } from '@taxrecon/formats';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { AppContext } from '../../platform/context.ts';
import { type Caller, entityOf } from '../../platform/http/caller.ts';
import { HttpError } from '../../platform/http/errors.ts';
import {
  ANSWERED_PROBLEMS,
  type FolderKey,
  fileById,
  fileIntoFolder,
  problemDetails,
  problemOf,
  refuseDuplicate,
} from './folder.ts';
import { PAYABLE_UPLOADS, withReceivedFile } from './receive.ts';

// A sales register of one financial year kept in the TDS payable folder (194Q
// looks at the buyer's side of the same trade). It is kept as sent; the
// upload only checks that it is a table with a header row and data lines, and
// counts them. Loading its rows for receivable reconciliation stays with the
// register upload of part 2 (PUT /ingest/sales-register).
export const uploadPayableSales = (
  ctx: AppContext,
  caller: Caller,
  request: FastifyRequest,
  financialYear: string,
): Promise<PayableUploadAnswer> => {
  const entityId = entityOf(caller);
  const upload = PAYABLE_UPLOADS.sales;
  return withReceivedFile(ctx, request, upload, async ({ file, bytes, force }) => {
    const table = await readTable(bytes, file.fileName);
    if (table.headers.length === 0 || table.rows.length === 0) {
      throw new HttpError(
        400,
        'SALES_UNUSABLE',
        `${upload.prefix} - ${file.fileName} has ${table.headers.length === 0 ? 'no header row' : 'no lines under its header row'}.`,
        problemDetails(table.errors),
      );
    }
    const key: FolderKey = { kind: 'sales', financialYear, month: null, fileName: file.fileName };
    if (!force) await refuseDuplicate(ctx, entityId, key, file);
    const storageKey = await ctx.files.adopt(file.tempPath, file.sha256);
    const id = await ctx.db.transaction().execute((trx) =>
      fileIntoFolder(trx, caller, entityId, {
        key,
        storageKey,
        sha256: file.sha256,
        sizeBytes: file.sizeBytes,
        rowsRead: table.rows.length,
        baseTotal: null,
        tdsTotal: null,
        problems: table.errors,
      }),
    );
    return {
      message: `${file.fileName} kept in the folder of FY ${financialYear} (${table.rows.length} lines).`,
      jobId: null,
      validationErrorsCount: table.errors.length,
      error: null,
      file: await fileById(ctx, entityId, id),
      problems: table.errors.slice(0, ANSWERED_PROBLEMS).map(problemOf),
      warnings: [],
    };
  });
};

// The part 2 sales register upload (PUT /ingest/sales-register with a year)
// files the register in the payable folder too, so the one Upload Sales
// Register screen both loads the rows and shows the Folder Details of spec
// part 3. It is filed by the ingest job, in the transaction that loads its
// rows, and only when some loaded: a file that loads nothing (a junk file
// named as a good one, above all) never takes the good one's place. The
// folder entry names the same stored original; a file of the same name
// filed before is replaced, as an upload to the folder replaces it.
export const fileLoadedSalesRegisters = async (
  client: Pick<pg.PoolClient, 'query'>,
  entityId: string,
  financialYear: string,
  storedFileIds: readonly string[],
  jobId: string,
): Promise<void> => {
  // one at a time: two files of the same name in one upload leave the second
  for (const fileId of storedFileIds) {
    await client.query(
      `DELETE FROM payable_files p USING stored_files f
       WHERE f.id = $3 AND p.entity_id = $1 AND p.kind = 'sales' AND p.financial_year = $2
         AND p.month IS NULL AND p.file_name = f.file_name`,
      [entityId, financialYear, fileId],
    );
    await client.query(
      `INSERT INTO payable_files (entity_id, kind, financial_year, month, file_name, file_id, job_id, uploaded_by)
       SELECT $1, 'sales', $2, NULL, f.file_name, f.id, $4, f.uploaded_by FROM stored_files f
       WHERE f.id = $3 AND f.entity_id = $1`,
      [entityId, financialYear, fileId, jobId],
    );
  }
};
