import { Readable } from 'node:stream';
import {
  DOWNLOAD_THRESHOLD,
  MISC_NO_DATA_MESSAGE,
  type ReconKind,
  type ReportScope,
  type reconciliationRoutes,
} from '@taxrecon/contracts';
import { type FinancialYear, isFinancialYear, rupeesOfNumeric } from '@taxrecon/shared';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../../platform/context.ts';
import { attachmentHeader } from '../../../platform/http/attachment.ts';
import type { Handlers } from '../../../platform/http/bind-routes.ts';
import { entityOf } from '../../../platform/http/caller.ts';
import { badRequest, HttpError, notFound } from '../../../platform/http/errors.ts';
import { goneIfReportDeleted } from '../../../platform/queue/results-deleted.ts';
import { form26asText } from '../reports/form-26as-download.ts';
import { entityReports, findReport, transactionsIn } from '../reports/repo.ts';
import { reportEntries, zipInMemory } from '../reports/report-files.ts';
import { RECON_REPORT_JOB_TYPE, startReport } from '../reports/report-job.ts';
import { completedRun, findRun, type RunView } from '../runs/runs.ts';
import type { ReconciliationTasks } from '../tasks.ts';
import { bulkUpdate } from './bulk-update.ts';
import { updateDiscrepancies } from './decisions.ts';
import {
  decisionsOfParty,
  discrepancyView,
  findParty,
  latestRun,
  searchDiscrepancies,
} from './discrepancies.ts';

// The discrepancy screens' calls (spec 2.6, 2.11), downloads and reports:
// the second half of the reconciliation routes, spread into reconciliationHandlers.

type R = typeof reconciliationRoutes;

export const sendFile = (
  reply: FastifyReply,
  bytes: Uint8Array | string | Readable,
  name: string,
  type: string,
) =>
  reply
    .header('content-type', type)
    .header('content-disposition', attachmentHeader(name))
    .send(
      typeof bytes === 'string' || bytes instanceof Readable
        ? bytes
        : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    );

type Names =
  | 'download26as'
  | 'discrepancies'
  | 'searchDiscrepancies'
  | 'updateDiscrepancies'
  | 'bulkUpdateDiscrepancies'
  | 'decisions'
  | 'discrepancySummary'
  | 'downloadCustomer'
  | 'reportCustomer'
  | 'downloadJob'
  | 'reportJob'
  | 'downloadTdsCategory'
  | 'downloadTcsCategory'
  | 'reportTdsCategory'
  | 'reportTcsCategory'
  | 'reconciliationReports'
  | 'reconciliationReport';

const tooLarge = () =>
  new HttpError(
    400,
    'TOO_LARGE',
    `Above ${DOWNLOAD_THRESHOLD} transactions the report is generated in the background: use Generate Report.`,
  );

export const discrepancyHandlers = (
  ctx: AppContext,
  tasks: ReconciliationTasks,
): Pick<Handlers<R>, Names> => {
  const categoryDownload =
    (kind: ReconKind): Handlers<R>['downloadTdsCategory'] =>
    async ({ caller, params, reply }) => {
      const run = await completedRun(ctx, caller, params.jobId, kind);
      if ((await transactionsIn(ctx, run.job_id, params.category)) > DOWNLOAD_THRESHOLD) throw tooLarge();
      const zip = await zipInMemory(
        await reportEntries(ctx, run, { kind: 'category', category: params.category }),
      );
      return sendFile(reply, zip, `${run.job_id}-${params.category}.zip`, 'application/zip');
    };

  const categoryReport =
    (kind: ReconKind): Handlers<R>['reportTdsCategory'] =>
    async ({ caller, params, query }) => {
      const run = await completedRun(ctx, caller, params.jobId, kind);
      // a category without a row is said at once, not queued as an empty zip
      if ((await transactionsIn(ctx, run.job_id, params.category)) === 0)
        return { throttled: false, message: MISC_NO_DATA_MESSAGE, jobId: null };
      return startReport(
        ctx,
        tasks.report,
        caller,
        run,
        { kind: 'category', category: params.category },
        query.fileName,
        params.category,
      );
    };

  return {
    download26as: async ({ caller, params, query, reply }) => {
      const entityId = entityOf(caller);
      let kind: ReconKind = 'TDS';
      let year: string;
      if (/^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(params.jobOrYear)) {
        const run = await findRun(ctx, caller, params.jobOrYear);
        kind = run.kind;
        year = run.financial_year;
      } else if (isFinancialYear(params.jobOrYear)) {
        year = params.jobOrYear;
      } else {
        throw badRequest('Give a job id or a financial year like 2024-25.');
      }
      const text = await form26asText(ctx, entityId, kind, year as FinancialYear, query.tan || null);
      return sendFile(
        reply,
        text,
        `${year}${query.tan ? `-${query.tan}` : ''}.txt`,
        'text/plain; charset=utf-8',
      );
    },

    discrepancies: async ({ caller, params, query }) => {
      let run: RunView;
      // the screen names its kind: a TCS screen given a TDS job (or the other
      // way round) would show one book's rows under the other's columns (session 40)
      if (query.jobId) run = await completedRun(ctx, caller, query.jobId, query.discrepancyType);
      else if (query.year) run = await latestRun(ctx, caller, query.discrepancyType ?? 'TDS', query.year);
      else throw badRequest('Give the job (jobId) or the financial year (year).');
      const party = await findParty(ctx, run, params.tan);
      return discrepancyView(ctx, run, party, {
        bookPage: query.salesPurchaseEntriesPageNo ?? 1,
        taxBookPage: query.taxBookEntriesPageNo ?? 1,
        pageSize: query.pageSize,
        showMatched: query.showMatchedEntries !== 'false',
        quarters: query.quarters ?? (query.jobId ? null : [1, 2, 3, 4]),
      });
    },
    searchDiscrepancies: async ({ caller, params, query, body }) => {
      const run = await completedRun(ctx, caller, query.jobId);
      return searchDiscrepancies(ctx, run, await findParty(ctx, run, params.tan), body);
    },
    updateDiscrepancies: async ({ caller, body }) => updateDiscrepancies(ctx, caller, body),
    bulkUpdateDiscrepancies: async ({ caller, query, request }) => bulkUpdate(ctx, caller, request, query),
    decisions: async ({ caller, params, query }) => {
      const run = await findRun(ctx, caller, query.jobId);
      return decisionsOfParty(ctx, run, await findParty(ctx, run, params.tan));
    },
    discrepancySummary: async ({ caller, params }) => {
      const run = await completedRun(ctx, caller, params.jobId);
      const party = await findParty(ctx, run, params.customerTan);
      return {
        totalTxnAmountTaxBook: rupeesOfNumeric(party.tb_amount),
        totalTaxAmountTaxBook: rupeesOfNumeric(party.tb_tax),
        totalTxnAmountSalesPurchaseBook: rupeesOfNumeric(party.book_amount),
        totalTaxAmountSalesPurchaseBook: rupeesOfNumeric(party.book_tax),
      };
    },
    downloadCustomer: async ({ caller, params, query, reply }) => {
      const run = await completedRun(ctx, caller, query.jobId);
      const party = await findParty(ctx, run, params.tan);
      const scope: ReportScope = { kind: 'customer', party: party.party, actions: query.actions ?? null };
      const zip = await zipInMemory(await reportEntries(ctx, run, scope));
      return sendFile(reply, zip, `${run.job_id}-${party.tan ?? party.party_key}.zip`, 'application/zip');
    },
    reportCustomer: async ({ caller, params, query }) => {
      const run = await completedRun(ctx, caller, query.jobId);
      const party = await findParty(ctx, run, params.tan);
      return startReport(
        ctx,
        tasks.report,
        caller,
        run,
        { kind: 'customer', party: party.party, actions: null },
        query.fileName,
        'Customer',
      );
    },
    downloadJob: async ({ caller, params, reply }) => {
      const run = await completedRun(ctx, caller, params.jobId);
      if ((await transactionsIn(ctx, run.job_id)) > DOWNLOAD_THRESHOLD) throw tooLarge();
      const zip = await zipInMemory(await reportEntries(ctx, run, { kind: 'job' }));
      return sendFile(reply, zip, `${run.job_id}.zip`, 'application/zip');
    },
    reportJob: async ({ caller, params, query }) => {
      const run = await completedRun(ctx, caller, params.jobId);
      return startReport(ctx, tasks.report, caller, run, { kind: 'job' }, query.fileName, 'FullReport');
    },
    downloadTdsCategory: categoryDownload('TDS'),
    downloadTcsCategory: categoryDownload('TCS'),
    reportTdsCategory: categoryReport('TDS'),
    reportTcsCategory: categoryReport('TCS'),
    reconciliationReports: async ({ caller }) => {
      const rows = await entityReports(ctx, entityOf(caller));
      return rows.map((r) => ({
        id: r.id,
        fileName: r.file_name,
        reportType: r.report_type,
        kind: r.kind,
        financialYear: r.financial_year,
        reconJobId: r.recon_job_id,
        status: r.status,
        sizeBytes: r.size_bytes === null ? null : Number(r.size_bytes),
        userId: r.created_by_login,
        dateTime: r.created_at.toISOString(),
        errorMsg: r.failure_reason,
      }));
    },
    reconciliationReport: async ({ caller, params, reply }) => {
      const report = await findReport(ctx, entityOf(caller), params.reportId);
      if (!report) {
        // its row went with Delete Data: 410 with when and by whom (session 39)
        await goneIfReportDeleted(ctx.db, caller, params.reportId, {
          jobType: RECON_REPORT_JOB_TYPE,
          key: 'reportId',
        });
        throw notFound('Report not found');
      }
      if (report.status !== 'Completed' || !report.storage_path) {
        throw badRequest('The report is not ready yet.', 'REPORT_NOT_READY');
      }
      if (!(await ctx.files.exists(report.storage_path))) throw notFound('The report file is missing.');
      return sendFile(reply, ctx.files.get(report.storage_path), report.file_name, 'application/zip');
    },
  };
};
