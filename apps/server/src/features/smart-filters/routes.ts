import { DOWNLOAD_THRESHOLD, type ReconCategory, type smartFilterRoutes } from '@taxrecon/contracts';
import { type FinancialYear, financialYearRange, rupeesOfNumeric } from '@taxrecon/shared';
import type { AppContext } from '../../platform/context.ts';
import type { Handlers } from '../../platform/http/bind-routes.ts';
import { badRequest, HttpError } from '../../platform/http/errors.ts';
import { latestRun } from '../reconciliation/discrepancies/discrepancies.ts';
import { sendFile } from '../reconciliation/discrepancies/routes.ts';
import { partiesInScope } from '../reconciliation/reports/report-csv.ts';
import { reportEntries, zipInMemory } from '../reconciliation/reports/report-files.ts';
import { startReport } from '../reconciliation/reports/report-job.ts';
import { completedRun, type RunView } from '../reconciliation/runs/runs.ts';
import type { ReconciliationTasks } from '../reconciliation/tasks.ts';
import { startSmartBulkUpdate } from './bulk-update-job.ts';
import { publicFilters } from './catalogue.ts';
import { evaluateFilter } from './evaluate.ts';
import { suggestions } from './suggest.ts';
import type { SmartFilterTasks } from './tasks.ts';

// The smart filter screen's calls (spec 2.7 and 7 "Smart filters"), the
// downloads of chosen customers by entity-id list and by summary, and the
// smart-recon suggestions. Entity access: every job is looked up inside the
// caller's current entity (completedRun, latestRun), so another entity's job is a 404.

type R = typeof smartFilterRoutes;

// "?entityIdList=a,b,c" (the spec's GET form)
const idList = (text: string): string[] => {
  const ids = [
    ...new Set(
      text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.length === 0) throw badRequest('entityIdList: give at least one customer id.', 'NO_CUSTOMERS');
  if (ids.length > 5000) throw badRequest('entityIdList: at most 5000 customers at a time.', 'TOO_MANY');
  return ids;
};

const transactionsOf = async (ctx: AppContext, run: RunView, category: ReconCategory, keys: string[]) => {
  const parties = await partiesInScope(ctx, run, { kind: 'parties', category, keys, summaryOnly: false });
  return parties.reduce((n, p) => n + p.book_rows + p.tb_rows, 0);
};

export const smartFilterHandlers = (
  ctx: AppContext,
  tasks: SmartFilterTasks,
  recon: ReconciliationTasks,
): Handlers<R> => ({
  smartFilters: async () => publicFilters(),
  smartFilterJobDetails: async ({ caller, params }) => {
    const run = await completedRun(ctx, caller, params.jobId);
    const { from: start, to: end } = financialYearRange(run.financial_year as FinancialYear);
    return {
      jobType: run.kind === 'TDS' ? 'TDS Reconciliation' : 'TCS Reconciliation',
      financialYear: run.financial_year,
      transactionStartDate: start,
      transactionEndDate: end,
      reconciliationTolerancePerCustomer: rupeesOfNumeric(run.tolerance_total),
    };
  },
  smartFilterEntities: async ({ caller, params, query }) => {
    const run = await completedRun(ctx, caller, params.jobId);
    if (run.financial_year !== params.year) {
      throw badRequest(`The job is of ${run.financial_year}, not ${params.year}.`, 'YEAR_MISMATCH');
    }
    return evaluateFilter(ctx, run, query.query, query.orderBy);
  },
  smartBulkUpdate: async ({ caller, body }) => {
    const run = await completedRun(ctx, caller, body.jobId);
    if (body.salesStatus === 'Do Nothing' && body.taxbookStatus === 'Do Nothing') {
      throw badRequest('Choose an action for the sales or the 26AS entries.', 'NO_ACTION');
    }
    const { from: start, to: end } = financialYearRange(run.financial_year as FinancialYear);
    for (const d of [body.transactionStartDate, body.transactionEndDate]) {
      if (d && (d < start || d > end)) {
        throw badRequest(
          `${d} is outside the financial year ${run.financial_year} (${start} to ${end}).`,
          'INVALID_DATE',
        );
      }
    }
    return startSmartBulkUpdate(ctx, tasks.bulkUpdate, caller, run, body);
  },
  downloadTdsEntityIdListAsync: async ({ caller, params, query, body }) => {
    const run = await completedRun(ctx, caller, params.jobId, 'TDS');
    const scope = {
      kind: 'parties' as const,
      category: params.category,
      keys: body.entityIds,
      summaryOnly: false,
    };
    return startReport(ctx, recon.report, caller, run, scope, query.fileName, 'SmartFilterFull');
  },
  downloadTdsEntityIdList: async ({ caller, params, query, reply }) => {
    const run = await completedRun(ctx, caller, params.jobId, 'TDS');
    const keys = idList(query.entityIdList);
    if ((await transactionsOf(ctx, run, params.category, keys)) > DOWNLOAD_THRESHOLD) {
      throw new HttpError(
        400,
        'TOO_LARGE',
        `Above ${DOWNLOAD_THRESHOLD} transactions the report is generated in the background: use Generate Report.`,
      );
    }
    const zip = await zipInMemory(
      await reportEntries(ctx, run, { kind: 'parties', category: params.category, keys, summaryOnly: false }),
    );
    return sendFile(reply, zip, `${run.job_id}-${params.category}-selected.zip`, 'application/zip');
  },
  downloadTdsSummaryAsync: async ({ caller, params, query, body }) => {
    const run = await completedRun(ctx, caller, params.jobId, 'TDS');
    const scope = {
      kind: 'parties' as const,
      category: params.category,
      keys: body.entityIds,
      summaryOnly: true,
    };
    return startReport(ctx, recon.report, caller, run, scope, query.file, 'SmartFilterSummary');
  },
  downloadTdsSummary: async ({ caller, params, query, reply }) => {
    const run = await completedRun(ctx, caller, params.jobId, 'TDS');
    const keys = idList(query.entityIdList);
    const [entry] = await reportEntries(ctx, run, {
      kind: 'parties',
      category: params.category,
      keys,
      summaryOnly: true,
    });
    return sendFile(
      reply,
      entry!.content as Uint8Array,
      `${run.job_id}-${params.category}-summary.xlsx`,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
  },
  smartReconSuggest: async ({ caller, params, query }) => {
    const run = await latestRun(ctx, caller, query.taxType, params.year);
    return {
      jobId: run.job_id,
      suggestions: await suggestions(ctx, run, {
        tolerance: query.tolerance,
        matchByName: query.matchByName === 'true',
        characters: query.noOfCharactersToMatchForName,
      }),
    };
  },
});
