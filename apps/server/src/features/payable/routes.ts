import type { payableRoutes } from '@taxrecon/contracts';
import { PAYABLE_REPORT_JOB_TYPES } from '@taxrecon/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Handlers } from '../../platform/http/bind-routes.ts';
import { entityOf } from '../../platform/http/caller.ts';
import { sendFile } from '../reconciliation/discrepancies/routes.ts';
import { findPayableReport, listPayableReports, startPayableReport } from './reports/report-job.ts';
import { cells, ENTRY_COLUMNS, entryCells } from './reports/report-kinds.ts';
import { workbookBytes } from './reports/workbook.ts';
import { entriesPage, entryBatches, groupWhere } from './results/entries.ts';
import { exploreGroup, monthSummary } from './results/latest.ts';
import { payableResponse } from './results/response.ts';
import { searchVendors } from './results/vendor-search.ts';
import { payableMapping } from './runs/mapping.ts';
import { financialYearOfMonth, monthLabel, monthStates } from './runs/months.ts';
import { deletePayableJob, deletePayableYear, findPayableRun, payableJobTree } from './runs/runs.ts';
import { submitPayable } from './runs/submit.ts';
import type { PayableTasks } from './tasks.ts';

type R = typeof payableRoutes;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const payableHandlers = (ctx: AppContext, tasks: PayableTasks): Handlers<R> => ({
  submitPayable: async ({ caller, params, body }) => submitPayable(ctx, tasks.run, caller, params.fy, body),
  payableMapping: async ({ caller, params }) => payableMapping(ctx, entityOf(caller), params.fy),
  payableVendorSearch: async ({ caller, query }) => searchVendors(ctx, entityOf(caller), query.q),
  payableMonths: async ({ caller, query }) =>
    (await monthStates(ctx.database.pool, entityOf(caller), query.financialYear)).map((m) => ({
      ...m,
      label: monthLabel(m.month),
    })),
  payableJobsByYear: async ({ caller }) => payableJobTree(ctx, caller),
  deletePayableJob: async ({ caller, params }) => deletePayableJob(ctx, caller, params.jobId),
  deletePayableYear: async ({ caller, params }) => deletePayableYear(ctx, caller, params.fy),
  payableResponse: async ({ caller, params }) =>
    payableResponse(ctx, await findPayableRun(ctx, caller, params.jobId)),
  payableMonthSummary: async ({ caller, params }) =>
    monthSummary(ctx, entityOf(caller), params.fy, params.month),
  payableExplore: async ({ caller, params, query }) =>
    exploreGroup(ctx, entityOf(caller), params, query.subsection),
  payableEntries: async ({ caller, params, query }) =>
    entriesPage(
      ctx,
      {
        entityId: entityOf(caller),
        financialYear: financialYearOfMonth(params.monthYear),
        month: params.monthYear,
        section: params.section,
        deducteeType: params.deducteeType,
        subsection: query.subsection,
        status: query.status,
      },
      query.page,
      query.pageSize,
      query.sort,
    ),
  payableEntriesXlsx: async ({ caller, params, query, reply }) => {
    const { sql, params: values } = groupWhere({
      entityId: entityOf(caller),
      financialYear: financialYearOfMonth(params.monthYear),
      month: params.monthYear,
      section: params.section,
      deducteeType: params.deducteeType,
      subsection: query.subsection,
      status: query.status,
    });
    const bytes = await workbookBytes(ctx.files, [
      {
        name: 'Entries',
        title: [
          `TDS payable entries: ${monthLabel(params.monthYear)}, section ${params.section}${query.subsection ? `(${query.subsection})` : ''}, ${params.deducteeType}${query.status ? `, status ${query.status}` : ''}`,
        ],
        columns: ENTRY_COLUMNS,
        rows: cells(entryBatches(ctx.database.pool, sql, values), entryCells),
      },
    ]);
    const sub = query.subsection ? `(${query.subsection})` : '';
    return sendFile(
      reply,
      bytes,
      `tds-payable-${params.monthYear}-${params.section}${sub}-${params.deducteeType}.xlsx`,
      XLSX,
    );
  },

  monthlyReport: async ({ caller, params, query }) =>
    startPayableReport(
      ctx,
      tasks.report,
      caller,
      PAYABLE_REPORT_JOB_TYPES.monthly,
      financialYearOfMonth(params.monthYear),
      params.monthYear,
      query.fileName,
    ),
  monthlyErrorReport: async ({ caller, params, query }) =>
    startPayableReport(
      ctx,
      tasks.report,
      caller,
      PAYABLE_REPORT_JOB_TYPES.monthlyErrors,
      financialYearOfMonth(params.monthYear),
      params.monthYear,
      query.fileName,
    ),
  vendorWiseReport: async ({ caller, params, query }) =>
    startPayableReport(
      ctx,
      tasks.report,
      caller,
      PAYABLE_REPORT_JOB_TYPES.vendorWise,
      params.year,
      null,
      query.fileName,
    ),
  miscPayableReport: async ({ caller, params, query }) =>
    startPayableReport(ctx, tasks.report, caller, params.reportId, params.year, null, query.fileName),
  payableReports: async ({ caller }) => listPayableReports(ctx, caller, false),
  payableErrorReports: async ({ caller }) => listPayableReports(ctx, caller, true),
  payableReport: async ({ caller, params, reply }) => {
    const r = await findPayableReport(ctx, caller, params.id, false);
    return sendFile(reply, ctx.files.get(r.key), r.fileName, XLSX);
  },
  payableErrorReport: async ({ caller, params, reply }) => {
    const r = await findPayableReport(ctx, caller, params.id, true);
    return sendFile(reply, ctx.files.get(r.key), r.fileName, XLSX);
  },
});
