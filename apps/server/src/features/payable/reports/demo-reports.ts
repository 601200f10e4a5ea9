import { PAYABLE_REPORT_JOB_TYPES } from '@taxrecon/contracts';
import type { FinancialYear } from '@taxrecon/shared';
import type { AppContext } from '../../../platform/context.ts';
import type { JobOwner } from '../../../platform/queue/job-runner.ts';
import type { TaskDefinition } from '../../../platform/queue/task.ts';
import { requestPayableReport } from './report-job.ts';

// The demo company's TDS payable reports, so a new user finds TDS Payable
// Reports, its error reports and the reports dashboard with reports to open:
// June's transactions, the year's vendor-wise summary and, when the year has
// entries in error, the error report of the month with the most. Requested
// once the demo's 34A run has finished (they report on its result), and once:
// a retried demo job finds them and requests none.

export const demoReportName = (kind: 'monthly' | 'vendorWise' | 'errors', period: string) =>
  `Demo ${{ monthly: 'transactions', vendorWise: 'vendor-wise summary', errors: 'entries in error' }[kind]} ${period}`;

export const requestDemoPayableReports = async (
  ctx: AppContext,
  task: TaskDefinition,
  owner: JobOwner & { entityId: string },
  financialYear: FinancialYear,
): Promise<number> => {
  const had = await ctx.database.pool.query(
    `SELECT 1 FROM payable_reports WHERE entity_id = $1 AND financial_year = $2 AND file_name LIKE 'Demo %' LIMIT 1`,
    [owner.entityId, financialYear],
  );
  if (had.rows.length > 0) return 0;
  const june = `${financialYear.slice(0, 4)}-06`;
  const requests: Parameters<typeof requestPayableReport>[3][] = [
    {
      type: PAYABLE_REPORT_JOB_TYPES.monthly,
      financialYear,
      month: june,
      fileName: demoReportName('monthly', june),
    },
    {
      type: PAYABLE_REPORT_JOB_TYPES.vendorWise,
      financialYear,
      month: null,
      fileName: demoReportName('vendorWise', financialYear),
    },
  ];
  const worst = await ctx.database.pool.query<{ month: string }>(
    `SELECT month FROM payable_entries
      WHERE entity_id = $1 AND financial_year = $2 AND status = 'error' AND month IS NOT NULL
      GROUP BY month ORDER BY count(*) DESC, month LIMIT 1`,
    [owner.entityId, financialYear],
  );
  const month = worst.rows[0]?.month;
  if (month)
    requests.push({
      type: PAYABLE_REPORT_JOB_TYPES.monthlyErrors,
      financialYear,
      month,
      fileName: demoReportName('errors', month),
    });
  for (const r of requests) await requestPayableReport(ctx, task, owner, r);
  return requests.length;
};
