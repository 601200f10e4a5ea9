import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import {
  ADJUSTMENT_MESSAGES,
  type AdjustmentJob,
  PAYABLE_ADJUSTMENT_MAX_BYTES,
  type payableAdjustmentRoutes,
} from '@taxrecon/contracts';
import { normaliseSection } from '@taxrecon/engine';
import type { FinancialYear } from '@taxrecon/shared';
import type { AppContext } from '../../platform/context.ts';
import type { Handlers } from '../../platform/http/bind-routes.ts';
import { type Caller, entityOf } from '../../platform/http/caller.ts';
import { HttpError, notFound } from '../../platform/http/errors.ts';
import { receiveUpload } from '../../platform/http/uploads.ts';
import { loadSectionTypes } from '../payable/inputs/section-types.ts';
import { workbookBytes } from '../payable/reports/workbook.ts';
import { type EntryRow, entryBatches, groupWhere } from '../payable/results/entries.ts';
import { latestRunSql } from '../payable/runs/job.ts';
import { attachPayableLock, releasePayableLock, takePayableLock } from '../payable/runs/locks.ts';
import {
  financialYearOfMonth,
  monthEnd,
  monthLabel,
  monthStates,
  monthsOfYear,
} from '../payable/runs/months.ts';

import { sendFile } from '../reconciliation/discrepancies/routes.ts';
import type { AdjustmentJobInput } from './job.ts';
import { type AdjustmentProblem, problemText, readAdjustedFile } from './read-adjusted.ts';
import {
  type AdjustmentLine,
  attachJob,
  findAdjustment,
  insertAdjustment,
  lineAdjustments,
} from './store.ts';
import type { AdjustmentTasks } from './tasks.ts';

type R = typeof payableAdjustmentRoutes;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const lineOf = (
  caller: Caller,
  params: { monthYear: string; section: string; deducteeType: string },
  subsection: string | undefined,
): AdjustmentLine => ({
  entityId: entityOf(caller),
  monthYear: params.monthYear,
  section: params.section,
  deducteeType: params.deducteeType,
  subsection: subsection ?? '',
});

const lineEntries = async (ctx: AppContext, line: AdjustmentLine): Promise<EntryRow[]> => {
  const { sql, params } = groupWhere({
    entityId: line.entityId,
    financialYear: financialYearOfMonth(line.monthYear),
    month: line.monthYear,
    section: line.section,
    deducteeType: line.deducteeType,
    subsection: line.subsection,
  });
  const out: EntryRow[] = [];
  for await (const batch of entryBatches(ctx.database.pool, sql, params)) out.push(...batch);
  return out;
};

// The wrong rows as the file had them, each after the row, column and what is wrong.
const errorsWorkbook = (ctx: AppContext, headers: string[], problems: AdjustmentProblem[]) =>
  workbookBytes(ctx.files, [
    {
      name: 'Errors',
      title: ['Rows of the adjusted entries that were not applied: nothing of the file was applied.'],
      columns: [
        { header: 'Row', key: 'row', width: 7 },
        { header: 'Column', key: 'column', width: 22 },
        { header: 'What is wrong', key: 'problem', width: 90 },
        ...headers.map((h, i) => ({ header: h || `Column ${i + 1}`, key: `c${i}`, width: 14 })),
      ],
      rows: [
        problems.map((p) => {
          const row: Record<string, string | number> = { row: p.row, column: p.column, problem: p.problem };
          headers.forEach((_, i) => {
            row[`c${i}`] = p.values[i] ?? '';
          });
          return row;
        }),
      ],
    },
  ]);

const ADJUSTMENT_NOT_FOUND = 'Adjustment not found';

export const payableAdjustmentHandlers = (ctx: AppContext, tasks: AdjustmentTasks): Handlers<R> => ({
  uploadAdjustedEntries: async ({ caller, params, query, request }) => {
    const line = lineOf(caller, params, query.subsection);
    const pool = ctx.database.pool;
    const fy = financialYearOfMonth(line.monthYear) as FinancialYear;
    const lineName = `${monthLabel(line.monthYear)}, section ${line.section}${line.subsection ? `(${line.subsection})` : ''}, ${line.deducteeType}`;
    const runId = (await pool.query<{ job_id: string }>(latestRunSql, [line.entityId, fy])).rows[0]?.job_id;
    if (!runId) throw new HttpError(400, 'NO_RUN', ADJUSTMENT_MESSAGES.noRun);
    const states = await monthStates(pool, line.entityId, fy);
    if (states.find((s) => s.month === line.monthYear)?.verified)
      throw new HttpError(
        409,
        'MONTH_VERIFIED',
        `${monthLabel(line.monthYear)} is verified: its results are locked and cannot be adjusted.`,
      );
    const upload = await receiveUpload(request, ctx.files, {
      extensions: ['xlsx'],
      maxBytes: PAYABLE_ADJUSTMENT_MAX_BYTES,
      maxFiles: 1,
    });
    const file = upload.files[0]!;
    try {
      if (!(await takePayableLock(pool, line.entityId, 'run')))
        throw new HttpError(409, 'BUSY', ADJUSTMENT_MESSAGES.busy);
      let queued = false;
      try {
        const run = (
          await pool.query<{
            month: string;
            mapping: Record<string, string>;
            custom_rules: AdjustmentJobInput['run']['customRules'];
          }>('SELECT month, mapping, custom_rules FROM payable_runs WHERE job_id = $1', [runId])
        ).rows[0]!;
        const entries = await lineEntries(ctx, line);
        if (entries.length === 0)
          throw notFound(`${lineName} has no entries in the latest 34A result of ${fy}.`);
        const sections = new Set<string>();
        for (const t of await loadSectionTypes(pool, line.entityId)) {
          const s = normaliseSection(t.section);
          if (s) sections.add(s);
        }
        const months = monthsOfYear(fy);
        const bytes = await fs.promises.readFile(file.tempPath);
        const read = await readAdjustedFile(bytes, file.fileName, {
          entries,
          sections,
          yearFrom: `${months[0]}-01`,
          yearTo: monthEnd(run.month),
          verifiedMonths: new Set(states.filter((s) => s.verified).map((s) => s.month)),
        });
        const id = randomUUID();
        const originalKey = `payable-adjustments/${line.entityId}/${id}/${file.fileName}`;
        if (read.problems.length > 0) {
          const errorsKey = `payable-adjustments/${line.entityId}/${id}/errors-${file.fileName}`;
          await ctx.files.put(originalKey, fs.createReadStream(file.tempPath));
          await ctx.files.put(
            errorsKey,
            Readable.from([await errorsWorkbook(ctx, read.headers, read.problems)]),
          );
          const first = read.problems[0]!;
          const count = read.problems.length;
          const reason = `${count} ${count === 1 ? 'problem' : 'problems'} in ${file.fileName}; nothing was applied. First: ${problemText(file.fileName, first)}`;
          await insertAdjustment(pool, {
            id,
            line,
            financialYear: fy,
            fileName: file.fileName,
            originalKey,
            errorsKey,
            changes: [],
            status: 'Failed',
            errorCount: read.problems.length,
            reason,
            login: caller.login,
          });
          throw new HttpError(
            400,
            'INVALID_ADJUSTMENT',
            `${reason}. Download the errors file from the adjustment jobs list.`,
            read.problems.slice(0, 50).map((p) => ({
              path: p.column ? `row ${p.row}, column ${p.column}` : `row ${p.row}`,
              message: p.problem,
            })),
          );
        }
        if (read.changes.length === 0)
          throw new HttpError(400, 'NO_CHANGES', `${file.fileName}: ${ADJUSTMENT_MESSAGES.noChanges}`);
        await ctx.files.put(originalKey, fs.createReadStream(file.tempPath));
        await insertAdjustment(pool, {
          id,
          line,
          financialYear: fy,
          fileName: file.fileName,
          originalKey,
          errorsKey: null,
          changes: read.changes,
          status: 'Queued',
          errorCount: 0,
          reason: null,
          login: caller.login,
        });
        const input: AdjustmentJobInput = {
          adjustmentId: id,
          entityId: line.entityId,
          run: {
            financialYear: fy,
            month: run.month,
            mapping: run.mapping,
            customRules: run.custom_rules,
          },
          login: caller.login,
          userId: caller.userId,
        };
        const job = await ctx.jobs.start(tasks.apply, input, {
          tenantId: caller.tenantId,
          entityId: line.entityId,
          userId: caller.userId,
          login: caller.login,
        });
        queued = true;
        await attachPayableLock(pool, line.entityId, 'run', job.id);
        await attachJob(pool, id, job.id);
        return {
          message: ADJUSTMENT_MESSAGES.submitted,
          jobId: job.id,
          adjustmentId: id,
          rowsChanged: read.changes.length,
        };
      } finally {
        if (!queued) await releasePayableLock(pool, line.entityId, 'run', null);
      }
    } finally {
      await fs.promises.rm(file.tempPath, { force: true });
    }
  },

  adjustmentJobs: async ({ caller, params, query }) => {
    const rows = await lineAdjustments(ctx.database.pool, lineOf(caller, params, query.subsection));
    return rows.map(
      (r): AdjustmentJob => ({
        payload: {
          monthYear: r.month,
          section: r.section_number,
          subsection: r.sub_section,
          deducteeType: r.deductee_type,
          fileName: r.file_name,
        },
        job: {
          id: r.id,
          jobId: r.job_id,
          startDateTimeString: (r.job_started ?? r.created_at).toISOString(),
          endDateTimeString: (r.job_ended ?? r.completed_at)?.toISOString() ?? null,
          // the queue's status while a job exists; a file refused at upload never had one
          status: (r.job_status ??
            (r.status === 'Queued' ? 'NotStarted' : r.status)) as AdjustmentJob['job']['status'],
        },
        userId: r.created_by_login,
        rowsChanged: r.rows_changed,
        errorCount: r.error_count,
        reason: r.failure_reason ?? r.job_reason,
        hasErrorsFile: r.errors_key !== null,
      }),
    );
  },

  adjustedFileOriginal: async ({ caller, params, reply }) => {
    const a = await findAdjustment(ctx.database.pool, entityOf(caller), params.id);
    if (!a) throw notFound(ADJUSTMENT_NOT_FOUND);
    return sendFile(reply, ctx.files.get(a.original_key), a.file_name, XLSX);
  },

  adjustedFileErrors: async ({ caller, params, reply }) => {
    const a = await findAdjustment(ctx.database.pool, entityOf(caller), params.id);
    if (!a) throw notFound(ADJUSTMENT_NOT_FOUND);
    if (!a.errors_key)
      throw notFound(
        a.status === 'Failed'
          ? `The adjustment failed while it was applied: ${a.failure_reason ?? 'see the jobs page'}`
          : 'This adjustment has no errors file: its rows were all valid.',
      );
    return sendFile(reply, ctx.files.get(a.errors_key), `errors-${a.file_name}`, XLSX);
  },
});
