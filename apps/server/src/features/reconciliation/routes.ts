import type { ReconCategory, ReconKind, reconciliationRoutes } from '@taxrecon/contracts';
import type { FinancialYear } from '@taxrecon/shared';
import { csvRows } from '@taxrecon/shared/csv';
import type { AppContext } from '../../platform/context.ts';
import type { Handlers } from '../../platform/http/bind-routes.ts';
import { entityOf } from '../../platform/http/caller.ts';
import { findParty } from './discrepancies/discrepancies.ts';
import { startPartiesJob } from './discrepancies/parties-job.ts';
import { discrepancyHandlers, sendFile } from './discrepancies/routes.ts';
import { complianceOverview } from './results/compliance.ts';
import { entityIdMetrics, groupPreview, groupPreviewData, transactionCounts } from './results/counts.ts';
import { jobTree } from './results/job-tree.ts';
import { masterNames, masterSuggestions } from './results/master-names.ts';
import { customerNames, type PageOptions, resultPage } from './results/results.ts';
import {
  complianceCloud,
  drilldown,
  reconSummary,
  toleranceDetails,
  toleranceSummary,
} from './results/summary.ts';
import { completedRun, findRun } from './runs/runs.ts';
import { deleteYearRuns, reconcileChangedSales, removePartyFromRun } from './runs/service.ts';
import { submitReconciliation } from './runs/submit.ts';
import type { ReconciliationTasks } from './tasks.ts';

type R = typeof reconciliationRoutes;

const kindOf = (query: { jobType?: ReconKind | undefined; type?: ReconKind | undefined }): ReconKind =>
  query.jobType ?? query.type ?? 'TDS';

export const reconciliationHandlers = (ctx: AppContext, tasks: ReconciliationTasks): Handlers<R> => {
  const resultHandler =
    (kind: ReconKind, search: boolean) =>
    async ({
      caller,
      params,
      query,
      body,
    }: {
      caller: Parameters<typeof findRun>[1];
      params: { jobId: string; page?: number };
      query: {
        matchType?: ReconCategory | undefined;
        ignoreDifferenceBelow?: number | undefined;
        searchTerm?: string | undefined;
        sortBy?: string | undefined;
        sortDirection?: 'asc' | 'desc' | undefined;
        pageSize?: number | undefined;
        page?: number | undefined;
      };
      body: { customers: string[] };
    }) => {
      const run = await findRun(ctx, caller, params.jobId, kind);
      const options: PageOptions = {
        matchType: query.matchType,
        ignoreDifferenceBelow: query.ignoreDifferenceBelow,
        searchTerm: search ? query.searchTerm : (query.searchTerm ?? undefined),
        customers: body.customers,
        sortBy: query.sortBy,
        sortDirection: query.sortDirection,
        page: params.page ?? query.page ?? 1,
        pageSize: query.pageSize,
      };
      return resultPage(ctx, run, options);
    };

  const deleteYear =
    (kind: ReconKind) =>
    async ({ caller, params }: { caller: Parameters<typeof findRun>[1]; params: { jobId: string } }) =>
      deleteYearRuns(ctx, await findRun(ctx, caller, params.jobId, kind), kind);

  return {
    customerNamesByYear: async ({ caller, params, query }) =>
      masterNames(ctx, entityOf(caller), kindOf(query), params.year as FinancialYear),
    entitySuggestions: async ({ caller, query }) =>
      masterSuggestions(ctx, entityOf(caller), kindOf(query), query.q),
    transactionsCount: async ({ caller, params, query, body }) =>
      transactionCounts(ctx, entityOf(caller), kindOf(query), params.year, body.customers),
    specificTransactionsCount: async ({ caller, params, query, body }) =>
      transactionCounts(ctx, entityOf(caller), kindOf(query), params.year, body.customers),
    entityIdMetrics: async ({ caller, params, query }) =>
      entityIdMetrics(ctx, entityOf(caller), kindOf(query), params.year as FinancialYear),
    groupPreview: async ({ caller, params, query }) =>
      groupPreview(ctx, entityOf(caller), kindOf(query), params.year as FinancialYear),
    groupPreviewCsv: async ({ caller, params, query, reply }) => {
      const data = await groupPreviewData(ctx, entityOf(caller), kindOf(query), params.year as FinancialYear);
      const text =
        query.tab === 'invalidTans'
          ? csvRows([['tan', 'panNos'], ...data.invalidTans.map((r) => [r.tan, r.panNos.join(' ')])])
          : csvRows([
              ['status', 'entityId', 'name', 'noOfEntitiesFromSales', 'noOfEntitiesFrom26AS'],
              ...data.rows.map((r) => [
                r.status,
                r.entityId,
                r.name,
                r.noOfEntitiesFromSales,
                r.noOfEntitiesFrom26AS,
              ]),
            ]);
      const name = query.tab === 'invalidTans' ? 'invalid-tan-mappings' : 'customer-grouping';
      return sendFile(reply, text, `${name}-${params.year}.csv`, 'text/csv; charset=utf-8');
    },
    submitTds: async ({ caller, params, query, body }) =>
      submitReconciliation(
        ctx,
        tasks.tds,
        caller,
        'TDS',
        params.year as FinancialYear,
        query,
        body.customers,
      ),
    submitTcs: async ({ caller, params, query, body }) =>
      submitReconciliation(
        ctx,
        tasks.tcs,
        caller,
        'TCS',
        params.year as FinancialYear,
        query,
        body.customers,
      ),
    partialTdsReconciliation: async ({ caller, params, query, body }) => {
      const run = await findRun(ctx, caller, params.jobId);
      return startPartiesJob(ctx, tasks.parties, caller, run, {
        mode: 'tolerance',
        keys: body.entityIds,
        totalsTolerance: query.totalsTolerance ?? null,
        matchMode: query.reconMatchMode ?? null,
        editedSalesIds: [],
      });
    },
    changedSalesReconciliation: async ({ caller }) =>
      reconcileChangedSales(ctx, tasks, caller, entityOf(caller)),

    reconJobsByYear: async ({ caller, query }) => jobTree(ctx, caller, kindOf(query)),
    tdsResultPage: resultHandler('TDS', false),
    tdsResultSearch: resultHandler('TDS', true),
    tcsResultPage: resultHandler('TCS', false),
    deleteTdsJobs: deleteYear('TDS'),
    deleteTcsJobs: deleteYear('TCS'),
    deleteJobCustomer: async ({ caller, params }) =>
      removePartyFromRun(ctx, await completedRun(ctx, caller, params.jobId), params.customer),
    syncCustomer: async ({ caller, params, query }) => {
      const run = await completedRun(ctx, caller, query.jobId);
      const party = await findParty(ctx, run, params.tan);
      return startPartiesJob(ctx, tasks.parties, caller, run, {
        mode: 'sync',
        keys: [party.party_key],
        totalsTolerance: null,
        matchMode: null,
        editedSalesIds: [],
      });
    },
    syncCustomers: async ({ caller, query, body }) => {
      const run = await completedRun(ctx, caller, query.jobId);
      return startPartiesJob(ctx, tasks.parties, caller, run, {
        mode: 'sync',
        keys: body.entityIds,
        totalsTolerance: null,
        matchMode: null,
        editedSalesIds: [],
      });
    },
    customerCompliance: async ({ caller, query }) => complianceOverview(ctx, caller, query),
    customerNamesOfJob: async ({ caller, params, query }) =>
      customerNames(ctx, await findRun(ctx, caller, params.jobId), query.matchType, null),
    customerNamesOfJobPage: async ({ caller, params, query }) =>
      customerNames(ctx, await findRun(ctx, caller, params.jobId), query.matchType, params.page),
    tdsSummary: async ({ caller, params, query }) =>
      reconSummary(ctx, await findRun(ctx, caller, params.jobId, 'TDS'), query.matchType),
    tcsSummary: async ({ caller, params }) =>
      reconSummary(ctx, await findRun(ctx, caller, params.jobId, 'TCS'), undefined),
    summaryDrilldown: async ({ caller, params, query }) =>
      drilldown(ctx, await findRun(ctx, caller, params.jobId), query.drilldownId),
    complianceCloud: async ({ caller, params }) =>
      complianceCloud(ctx, await findRun(ctx, caller, params.jobId)),
    tolerancesSummary: async ({ caller, params, query }) => {
      const run = await findRun(ctx, caller, params.jobId);
      return toleranceSummary(ctx, run, query.reconMatchPreference ?? run.match_mode);
    },
    tolerancesDetails: async ({ caller, params, query }) => {
      const run = await findRun(ctx, caller, params.jobId);
      return toleranceDetails(ctx, run, query.reconMatchPreference ?? run.match_mode, params.tolerance);
    },
    ...discrepancyHandlers(ctx, tasks),
  };
};
