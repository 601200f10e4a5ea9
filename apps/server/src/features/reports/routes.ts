import type { MiscReceivableReportId, reportRoutes } from '@taxrecon/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Handler, HandlerInput, Handlers } from '../../platform/http/bind-routes.ts';
import { sendFile } from '../reconciliation/discrepancies/routes.ts';
import { customerTanCsv, findMiscReport, listMiscReports, reportsDashboard } from './lists.ts';
import { startMiscReport } from './misc-job.ts';
import type { ReportTasks } from './tasks.ts';

type R = typeof reportRoutes;
type MiscRoute = R['miscIncomeComparison'];

// Reports (spec part 2 "Reports", part 3 "Reports"): the receivable
// miscellaneous reports, the View Reports list and downloads, the reports
// dashboard and the customer TAN csv, all in the caller's current entity.
export const reportHandlers = (ctx: AppContext, tasks: ReportTasks): Handlers<R> => {
  const misc =
    (reportId: MiscReceivableReportId): Handler<MiscRoute> =>
    async ({ caller, params, query }: HandlerInput<MiscRoute>) =>
      startMiscReport(ctx, tasks.misc, caller, reportId, params.year, query.format, query.fileName);
  return {
    miscIncomeComparison: misc('income-comparison'),
    miscSectionCustomerWise: misc('26as-section-customer-wise'),
    miscTanWise: misc('tan-wise-summary'),
    miscCustomerWise: misc('customer-wise-summary'),
    miscEntityWise: misc('entity-wise-summary'),
    miscSectionWise: misc('section-wise-summary'),
    miscellaneousReports: async ({ caller, query }) =>
      listMiscReports(ctx, caller, query.page, query.pageSize),
    miscellaneousReport: async ({ caller, params, reply }) => {
      const r = await findMiscReport(ctx, caller, params.id);
      return sendFile(reply, ctx.files.get(r.key), r.fileName, r.type);
    },
    reportsDashboard: async ({ caller }) => reportsDashboard(ctx, caller),
    customerTanCsv: async ({ caller, reply }) =>
      sendFile(reply, await customerTanCsv(ctx, caller), 'customer_tans.csv', 'text/csv; charset=utf-8'),
  };
};
