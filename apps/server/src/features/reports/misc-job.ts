import path from 'node:path';
import { Readable } from 'node:stream';
import {
  MISC_NO_DATA_MESSAGE,
  MISC_QUEUED_MESSAGE,
  MISC_RECEIVABLE_REPORT_IDS,
  MISC_REPORT_JOB_TYPE,
  type MiscReceivableReportId,
  type MiscReportAnswer,
  type MiscReportFormat,
  REPORT_THROTTLED_MESSAGE,
} from '@taxrecon/contracts';
import { type FinancialYear, paiseOfNumeric, rupeesNumber, rupeesOfNumeric } from '@taxrecon/shared';
import { csvLine } from '@taxrecon/shared/csv';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { type Caller, entityOf } from '../../platform/http/caller.ts';
import { defineTask, type TaskDefinition } from '../../platform/queue/task.ts';
import { type Cell, type SheetSpec, writeWorkbook } from '../payable/reports/workbook.ts';

import { buildMiscReport, type MiscScope, type ReportTable } from './misc-kinds.ts';

// Receivable miscellaneous reports as background jobs (spec part 2,
// "Reports"; messages of section 8): one of a kind in progress per entity,
// refused with 'No data found to report' when there is nothing to report,
// written whole to the file store (a retry rewrites the file) and marked
// Completed in the same transaction as the job.

export const MiscReportInput = z.object({
  miscId: z.string().uuid(),
  entityId: z.string().uuid(),
  reportId: z.enum(MISC_RECEIVABLE_REPORT_IDS),
  financialYear: z.string(),
  format: z.enum(['xlsx', 'csv']),
  entityIds: z.array(z.string().uuid()),
});

export const miscReportPath = (entityId: string, miscId: string, format: MiscReportFormat) =>
  path.posix.join('reports', 'misc', entityId, `${miscId}.${format}`);

// Amounts as two-decimal rupees without grouping (what a spreadsheet or an
// accounting tool reads back exactly).
export function* csvLines(table: ReportTable): Generator<string> {
  // csvLine quotes and neutralises a cell a spreadsheet would run as a formula
  const line = (cells: (string | number | null)[]) => csvLine(cells, { recordDelimiter: '\r\n' });
  yield line(table.columns.map((c) => c.header));
  for (const row of table.rows) {
    yield line(
      table.columns.map((c) =>
        c.money ? rupeesOfNumeric(row[c.key] as string | null) : (row[c.key] ?? null),
      ),
    );
  }
}

const sheetOf = (table: ReportTable, name: string): SheetSpec => ({
  name,
  title: table.title,
  columns: table.columns.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.width,
    ...(c.money ? { money: true } : {}),
    ...(c.count ? { total: true } : {}),
    ...(c.date ? { date: true } : {}),
  })),
  rows: [
    table.rows.map((row) => {
      const out: Record<string, Cell> = {};
      for (const c of table.columns) {
        const v = row[c.key] ?? null;
        out[c.key] = c.money
          ? rupeesNumber(paiseOfNumeric(v === null ? null : String(v)))
          : c.percent && v !== null
            ? Number(v)
            : c.date && typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)
              ? new Date(`${v}T00:00:00Z`)
              : v;
      }
      return out;
    }),
  ],
});

const entityName = async (ctx: AppContext, entityId: string) =>
  (await ctx.db.selectFrom('legal_entities').select('name').where('id', '=', entityId).executeTakeFirst())
    ?.name ?? '';

const scopeOf = async (
  ctx: AppContext,
  input: { entityId: string; financialYear: string; entityIds: string[] },
): Promise<MiscScope> => ({
  entityId: input.entityId,
  financialYear: input.financialYear as FinancialYear,
  entityName: await entityName(ctx, input.entityId),
  entityIds: input.entityIds,
});

export const miscReportTask = (ctx: () => AppContext) =>
  defineTask({
    queue: 'misc-report',
    jobType: MISC_REPORT_JOB_TYPE,
    input: MiscReportInput,
    retryLimit: 1,
    retryDelaySeconds: 5,
    run: async (input, job) => {
      const c = ctx();
      await job.progress(5);
      const table = await buildMiscReport(c, input.reportId, await scopeOf(c, input));
      if (!table) throw new Error(MISC_NO_DATA_MESSAGE);
      await job.progress(60);
      const key = miscReportPath(input.entityId, input.miscId, input.format);
      const size =
        input.format === 'csv'
          ? await c.files.put(key, Readable.from(csvLines(table)))
          : await writeWorkbook(c.files, key, [sheetOf(table, 'Report')]);
      await c.db.transaction().execute(async (trx) => {
        // misc_reports is read and written in SQL here only, so it has no Kysely table type
        await sql`UPDATE misc_reports SET status = 'Completed', storage_path = ${key}, size_bytes = ${size},
          row_count = ${table.rows.length}, summary = ${table.summary}, completed_at = clock_timestamp()
          WHERE id = ${input.miscId}`.execute(trx);
        await job.complete(trx, {
          remarks: `Report ready: ${table.summary}`,
          result: { miscReportId: input.miscId, sizeBytes: size },
          transactionsCount: table.rows.length,
        });
      });
      return {};
    },
    onFailed: async (input, { reason }) => {
      await ctx().database.pool.query(
        `UPDATE misc_reports SET status = 'Failed', failure_reason = $2 WHERE id = $1`,
        [input.miscId, reason],
      );
    },
  });

const UNIQUE_VIOLATION = '23505';

export const startMiscReport = async (
  ctx: AppContext,
  task: TaskDefinition,
  caller: Caller,
  reportId: MiscReceivableReportId,
  financialYear: FinancialYear,
  format: MiscReportFormat,
  fileName: string | undefined,
): Promise<MiscReportAnswer> => {
  const entityId = entityOf(caller);
  const pool = ctx.database.pool;
  const entityIds = (
    await pool.query<{ entity_id: string }>(
      `SELECT ue.entity_id FROM user_entities ue JOIN legal_entities e ON e.id = ue.entity_id
       WHERE ue.user_id = $1 AND e.tenant_id = $2`,
      [caller.userId, caller.tenantId],
    )
  ).rows.map((r) => r.entity_id);
  const input = { entityId, financialYear, entityIds };
  // Checked now, so the user hears it at once instead of finding a failed job.
  if (!(await buildMiscReport(ctx, reportId, await scopeOf(ctx, input)))) {
    return { outcome: 'noData', message: MISC_NO_DATA_MESSAGE, reportId: null };
  }
  const name = (fileName?.trim() || `${reportId}_${financialYear}`).replace(/\.(xlsx|csv)$/i, '');
  let miscId: string;
  try {
    const { rows } = await pool.query<{ id: string }>(
      `INSERT INTO misc_reports (entity_id, report_id, financial_year, format, file_name, created_by, created_by_login)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [entityId, reportId, financialYear, format, `${name}.${format}`, caller.userId, caller.login],
    );
    miscId = rows[0]?.id ?? '';
  } catch (error) {
    if ((error as { code?: string }).code === UNIQUE_VIOLATION) {
      return { outcome: 'throttled', message: REPORT_THROTTLED_MESSAGE, reportId: null };
    }
    throw error;
  }
  try {
    const job = await ctx.jobs.start(
      task,
      { miscId, entityId, reportId, financialYear, format, entityIds },
      { tenantId: caller.tenantId, entityId, userId: caller.userId, login: caller.login },
    );
    await pool.query('UPDATE misc_reports SET job_id = $2 WHERE id = $1', [miscId, job.id]);
  } catch (error) {
    // never leave a report row that no job will finish (it would hold the throttle)
    await pool.query('DELETE FROM misc_reports WHERE id = $1', [miscId]);
    throw error;
  }
  return { outcome: 'queued', message: MISC_QUEUED_MESSAGE, reportId: miscId };
};
