import { type FinancialYear, isFinancialYear } from '@taxrecon/shared';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import type { JobOwner } from '../../platform/queue/job-runner.ts';
import { defineTask, NotReadyYet, type TaskDefinition } from '../../platform/queue/task.ts';
import { reconcileDemo26q } from '../form26q/demo-return.ts';
import { requestDemoPayableReports } from '../payable/reports/demo-reports.ts';
import { latestRunSql } from '../payable/runs/job.ts';
import { allocateQuarterIn } from './allocation.ts';
import { monthsOfQuarter } from './quarterly.ts';
import { refreshMonthVerified } from './verify.ts';

// The demo company's challans, so a new user finds the challans tab, the
// quarterly challan summary and the allocation screen with something in them:
// Q1 and Q2 of the demo year deposited line by line (the tax deducted on each
// summary line, paid on the 7th of the next month), except September's
// largest line, left pending so a month shows unverified; Q1's deductee rows
// allocated to them; Q1's filed 26Q reconciled against the books
// (form26q/demo-return.ts); June's and the year's TDS payable reports
// requested (payable/reports/demo-reports.ts). Q3 and Q4 are left for the
// user. The 34A run is queued by the same loader: until it has finished this
// job waits and is retried.

export const DEMO_CHALLAN_QUARTERS = ['Q1', 'Q2'] as const;
export const DEMO_CHALLAN_LOGIN = 'demo';
const DEMO_BSR_CODE = '0510308';
const DEMO_TAN = 'MUMD12345E';

const DemoInput = z.object({
  entityId: z.string().uuid(),
  financialYear: z.string().refine(isFinancialYear),
  payableJobId: z.string().uuid(),
});

// The 7th of the month after (DOMAIN 7: tax deducted in a month is due by then).
const depositDate = (month: string): string => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-07` : `${y}-${String(m + 1).padStart(2, '0')}-07`;
};

// `report`: the TDS payable report task, for the demo's reports (payable/reports/demo-reports.ts)
export const demoChallansTask = (ctx: () => AppContext, tasks: { report?: TaskDefinition } = {}) =>
  defineTask({
    queue: 'demo-challans',
    jobType: 'DemoChallans',
    input: DemoInput,
    // the 34A run of a year takes minutes on a busy machine
    retryLimit: 90,
    retryDelaySeconds: 10,
    retryBackoff: false,
    run: async (input, job) => {
      const c = ctx();
      const payable = await c.db
        .selectFrom('jobs')
        .select('status')
        .where('id', '=', input.payableJobId)
        .executeTakeFirst();
      if (payable?.status === 'Failed') {
        const outcome = { remarks: "No demo challans: the demo's 34A run failed" };
        await c.db.transaction().execute((tx) => job.complete(tx, outcome));
        return outcome;
      }
      if (payable?.status !== 'Completed') throw new NotReadyYet('waiting for the demo 34A run');
      // Q1's filed 26Q reconciled against the books and the year's reports
      // requested, for the user who owns the demo (once each: a retry finds them)
      const ownerRow = await c.db
        .selectFrom('jobs')
        .select(['tenant_id', 'user_id', 'user_login'])
        .where('id', '=', job.jobId)
        .executeTakeFirst();
      const owner =
        ownerRow?.tenant_id && ownerRow.user_id && ownerRow.user_login
          ? {
              tenantId: ownerRow.tenant_id,
              entityId: input.entityId,
              userId: ownerRow.user_id,
              login: ownerRow.user_login,
            }
          : null;
      const filed = owner ? await reconcileDemo26q(c, owner, input.financialYear) : null;
      const reports =
        owner && tasks.report
          ? await requestDemoPayableReports(c, tasks.report, owner, input.financialYear as FinancialYear)
          : 0;
      return withTransaction(c.database.pool, async (client) => {
        const { entityId, financialYear: fy } = input;
        // a retry after a crash that came after this commit finds its challans and adds none
        const had = await client.query<{ n: string }>(
          'SELECT count(*)::text AS n FROM payable_challans WHERE entity_id = $1 AND created_by_login = $2',
          [entityId, DEMO_CHALLAN_LOGIN],
        );
        let created = 0;
        let allocated = 0;
        const run = (await client.query<{ job_id: string }>(latestRunSql, [entityId, fy])).rows[0]?.job_id;
        if (had.rows[0]?.n === '0') {
          const months = DEMO_CHALLAN_QUARTERS.flatMap((q) => monthsOfQuarter(fy, q));
          const lines = (
            await client.query<{
              month: string;
              section_number: string;
              sub_section: string;
              deductee_type: string;
              tan: string | null;
              deducted: string;
            }>(
              `SELECT month, section_number, sub_section, deductee_type, max(tan) AS tan, sum(deducted)::text AS deducted
                 FROM payable_months WHERE job_id = $1 AND month = ANY($2)
                GROUP BY month, section_number, sub_section, deductee_type
               HAVING sum(deducted) > 0
                ORDER BY month, section_number, sub_section, deductee_type`,
              [run ?? null, months],
            )
          ).rows;
          const last = months[months.length - 1];
          const pending = lines
            .filter((l) => l.month === last)
            .sort((a, b) => Number(b.deducted) - Number(a.deducted))[0];
          let serial = 40001;
          for (const l of lines) {
            if (l === pending) continue;
            await client.query(
              `INSERT INTO payable_challans (entity_id, financial_year, month, section_number, sub_section,
                 deductee_type, challan_serial_number, date_of_deposit, bsr_code, tan, tax_amount, created_by_login)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
              [
                entityId,
                fy,
                l.month,
                l.section_number,
                l.sub_section,
                l.deductee_type,
                String(serial++),
                depositDate(l.month),
                DEMO_BSR_CODE,
                l.tan ?? DEMO_TAN,
                l.deducted,
                DEMO_CHALLAN_LOGIN,
              ],
            );
            created++;
          }
          for (const month of months) await refreshMonthVerified(client, entityId, month);
          allocated = (
            await allocateQuarterIn(client, entityId, DEMO_CHALLAN_LOGIN, fy, monthsOfQuarter(fy, 'Q1'))
          ).allocated;
        }
        // The deductor's details the 26Q's batch header needs, as the demo
        // company's own, so its quarters can be downloaded; a user's own
        // details are never replaced. They keep to the Deductor details
        // dialog's rules (contracts ReturnDeductor), or the dialog could not
        // save them back (the demo API test checks).
        const deductor = await client.query(
          `INSERT INTO return_deductors (entity_id, tan, name, branch, address1, address2, city, state_code, pin,
             email, phone, deductor_type, responsible_name, responsible_designation, responsible_pan,
             responsible_mobile, updated_by_login)
           SELECT e.id, coalesce((SELECT min(m.tan) FROM payable_months m WHERE m.job_id = $2), $3),
                  e.name, 'Head office', 'Prestige Meridian', 'MG Road', 'Bengaluru', '15', '560001',
                  'tds@zedex.example', '8041234567', 'K', 'Meera Iyer', 'CFO', 'ABCPI4821K', '9845012345', $4
             FROM legal_entities e WHERE e.id = $1
           ON CONFLICT (entity_id) DO NOTHING`,
          [entityId, run ?? null, DEMO_TAN, DEMO_CHALLAN_LOGIN],
        );
        const outcome = {
          remarks: `${created} demo challan(s) for ${DEMO_CHALLAN_QUARTERS.join(' and ')}, ${allocated} Q1 deductee row(s) allocated${filed ? `, Q1's filed 26Q reconciled (${filed.lines} lines)` : ''}${reports ? `, ${reports} TDS payable report(s) requested` : ''}${deductor.rowCount ? ', deductor details for the 26Q filled in' : ''}`,
        };
        await job.complete(client, outcome);
        return outcome;
      });
    },
  });

// Called by the demo loader once its 34A run is queued.
export const queueDemoChallans = async (
  ctx: AppContext,
  task: ReturnType<typeof demoChallansTask>,
  owner: JobOwner & { entityId: string },
  financialYear: string,
  payableJobId: string,
): Promise<string> => {
  const job = await ctx.jobs.start(task, { entityId: owner.entityId, financialYear, payableJobId }, owner);
  return job.id;
};
