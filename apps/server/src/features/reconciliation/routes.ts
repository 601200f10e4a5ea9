import {
  JOBS_DELETED_MESSAGE,
  type ReconCategory,
  type ReconKind,
  type reconciliationRoutes,
} from '@taxrecon/contracts';
import type { FinancialYear } from '@taxrecon/shared';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import type { Handlers } from '../../platform/http/bind-routes.ts';
import { badRequest, nullIfNotFound } from '../../platform/http/errors.ts';
import { entityIdMetrics, groupPreview, groupPreviewData, transactionCounts } from './counts.ts';
import { refreshJobTotals } from './decisions.ts';
import { findParty, latestRun } from './discrepancies.ts';
import { discrepancyHandlers, sendFile } from './discrepancy-routes.ts';
import { startPartiesJob } from './parties-job.ts';
import { customerNames, jobTree, type PageOptions, resultPage } from './results.ts';
import { completedRun, entityOf, findRun } from './runs.ts';
import { submitReconciliation } from './submit.ts';
import { complianceCloud, drilldown, reconSummary, toleranceDetails, toleranceSummary } from './summary.ts';
import type { ReconciliationTasks } from './tasks.ts';

type R = typeof reconciliationRoutes;

const kindOf = (query: { jobType?: ReconKind | undefined; type?: ReconKind | undefined }): ReconKind =>
  query.jobType ?? query.type ?? 'TDS';

const csvCell = (value: string | number) => {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

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
    async ({ caller, params }: { caller: Parameters<typeof findRun>[1]; params: { jobId: string } }) => {
      const run = await findRun(ctx, caller, params.jobId, kind);
      const runs = await ctx.db
        .selectFrom('recon_runs')
        .select(['job_id', 'status'])
        .where('entity_id', '=', run.entity_id)
        .where('kind', '=', kind)
        .where('financial_year', '=', run.financial_year)
        .execute();
      if (runs.some((r) => r.status === 'Queued' || r.status === 'Running')) {
        throw badRequest(
          'A reconciliation of this year is still running; delete it once it has finished.',
          'JOB_RUNNING',
        );
      }
      const ids = runs.map((r) => r.job_id);
      await ctx.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('recon_rows').where('job_id', 'in', ids).execute();
        await trx.deleteFrom('recon_parties').where('job_id', 'in', ids).execute();
        await trx.deleteFrom('recon_unresolved').where('job_id', 'in', ids).execute();
        await trx.deleteFrom('recon_runs').where('job_id', 'in', ids).execute();
      });
      return { message: JOBS_DELETED_MESSAGE, deletedJobs: ids.length };
    };

  return {
    customerNamesByYear: async ({ caller, query }) => {
      const entityId = entityOf(caller);
      const rows =
        kindOf(query) === 'TDS'
          ? await ctx.db
              .selectFrom('customers')
              .select([
                sql<string>`coalesce(customer_code, customer_name)`.as('code'),
                'customer_name as name',
              ])
              .where('entity_id', '=', entityId)
              .orderBy('customer_name')
              .limit(50_000)
              .execute()
          : await ctx.db
              .selectFrom('vendors')
              .select(['vendor_code as code', 'vendor_name as name'])
              .where('entity_id', '=', entityId)
              .orderBy('vendor_name')
              .limit(50_000)
              .execute();
      return Object.fromEntries(rows.map((r) => [r.code, r.name]));
    },
    entitySuggestions: async ({ caller, query }) => {
      const entityId = entityOf(caller);
      const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      if (kindOf(query) === 'TDS') {
        const rows = await ctx.db
          .selectFrom('customers')
          .select([
            sql<string>`coalesce(customer_code, customer_name)`.as('code'),
            'customer_name',
            'tan_number',
          ])
          .where('entity_id', '=', entityId)
          .where((eb) =>
            eb.or([
              eb('customer_name', 'ilike', like),
              eb('customer_code', 'ilike', like),
              eb('tan_number', 'ilike', like),
            ]),
          )
          .orderBy('customer_name')
          .limit(50)
          .execute();
        return rows.map((r) => ({ entityId: r.code, name: r.customer_name, tan: r.tan_number }));
      }
      const rows = await ctx.db
        .selectFrom('vendors')
        .select(['vendor_code', 'vendor_name', 'tan_number'])
        .where('entity_id', '=', entityId)
        .where((eb) =>
          eb.or([
            eb('vendor_name', 'ilike', like),
            eb('vendor_code', 'ilike', like),
            eb('tan_number', 'ilike', like),
          ]),
        )
        .orderBy('vendor_name')
        .limit(50)
        .execute();
      return rows.map((r) => ({ entityId: r.vendor_code, name: r.vendor_name, tan: r.tan_number }));
    },
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
          ? ['tan,panNos', ...data.invalidTans.map((r) => [r.tan, r.panNos.join(' ')].map(csvCell).join(','))]
          : [
              'status,entityId,name,noOfEntitiesFromSales,noOfEntitiesFrom26AS',
              ...data.rows.map((r) =>
                [r.status, r.entityId, r.name, r.noOfEntitiesFromSales, r.noOfEntitiesFrom26AS]
                  .map(csvCell)
                  .join(','),
              ),
            ];
      const name = query.tab === 'invalidTans' ? 'invalid-tan-mappings' : 'customer-grouping';
      return sendFile(reply, `${text.join('\n')}\n`, `${name}-${params.year}.csv`, 'text/csv; charset=utf-8');
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
    changedSalesReconciliation: async ({ caller }) => {
      const entityId = entityOf(caller);
      const edited = await ctx.db
        .selectFrom('sales_entries')
        .select(['id', 'financial_year'])
        .where('entity_id', '=', entityId)
        .where('to_reconcile', '=', true)
        .execute();
      if (edited.length === 0) {
        return { status: 'notsubmitted' as const, message: 'No sales entries were changed.', jobIds: [] };
      }
      const jobIds: string[] = [];
      const messages: string[] = [];
      for (const year of [...new Set(edited.map((e) => e.financial_year))].sort()) {
        const ids = edited.filter((e) => e.financial_year === year).map((e) => String(e.id));
        const run = await latestRun(ctx, caller, 'TDS', year).catch(nullIfNotFound);
        if (!run) continue;
        const keys = await ctx.db
          .selectFrom('recon_rows as r')
          .innerJoin('recon_parties as p', (join) =>
            join.onRef('p.job_id', '=', 'r.job_id').onRef('p.party', '=', 'r.party'),
          )
          .select('p.party_key')
          .distinct()
          .where('r.job_id', '=', run.job_id)
          .where('r.side', '=', 'B')
          .where('r.source_id', 'in', ids)
          .execute();
        if (keys.length === 0) continue;
        const started = await startPartiesJob(ctx, tasks.parties, caller, run, {
          mode: 'sync',
          keys: keys.map((k) => k.party_key),
          totalsTolerance: null,
          matchMode: null,
          editedSalesIds: ids,
        });
        if (started.jobId) jobIds.push(started.jobId);
        else messages.push(started.message);
      }
      if (jobIds.length === 0) {
        return {
          status: 'notsubmitted' as const,
          message: messages[0] ?? 'No previous reconciliation job exists for the updated entries.',
          jobIds,
        };
      }
      return { status: 'submitted' as const, message: 'Reconciliation job submitted successfully', jobIds };
    },

    reconJobsByYear: async ({ caller, query }) => jobTree(ctx, caller, kindOf(query)),
    tdsResultPage: resultHandler('TDS', false),
    tdsResultSearch: resultHandler('TDS', true),
    tcsResultPage: resultHandler('TCS', false),
    deleteTdsJobs: deleteYear('TDS'),
    deleteTcsJobs: deleteYear('TCS'),
    deleteJobCustomer: async ({ caller, params }) => {
      const run = await completedRun(ctx, caller, params.jobId);
      const party = await findParty(ctx, run, params.customer);
      const client = await ctx.database.pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('DELETE FROM recon_rows WHERE job_id = $1 AND party = $2', [
          run.job_id,
          party.party,
        ]);
        await client.query('DELETE FROM recon_parties WHERE job_id = $1 AND party = $2', [
          run.job_id,
          party.party,
        ]);
        await client.query('UPDATE recon_runs SET parties = greatest(parties - 1, 0) WHERE job_id = $1', [
          run.job_id,
        ]);
        await refreshJobTotals(client, run.job_id);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
      return { message: `${party.name} was removed from the output` };
    },
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
