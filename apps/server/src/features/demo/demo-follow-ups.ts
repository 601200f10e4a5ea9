import { DEFAULT_FOLLOW_UP_BODY, DEFAULT_FOLLOW_UP_SUBJECT, LINKAGE_JOB_TYPE } from '@taxrecon/contracts';
import { type FinancialYear, isFinancialYear, paiseOfNumeric } from '@taxrecon/shared';
import { type SqlBool, sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { Caller } from '../../platform/http/caller.ts';
import type { JobOwner } from '../../platform/queue/job-runner.ts';
import { defineTask, NotReadyYet, type TaskDefinition } from '../../platform/queue/task.ts';
import { startBulkFollowUp } from '../follow-ups/bulk-job.ts';
import { followUpCustomers } from '../follow-ups/customers.ts';
import type { LinkageTasks } from '../linkage/tasks.ts';
import { startReport } from '../reconciliation/reports/report-job.ts';
import { findRun, type RunView } from '../reconciliation/runs/runs.ts';
import { submitReconciliation } from '../reconciliation/runs/submit.ts';
import type { ManualReconTask } from '../smart-recon/manual-recon.ts';
import { demoManualReconCsv, demoManualReconJob, queueDemoManualRecon } from './demo-manual-recon.ts';

// The demo company's receivable year reconciled and followed up, so a new
// user opens the result, the discrepancies and the follow-up threads with
// something in them. Once the demo's loads have finished, this job submits a
// TDS reconciliation the way the submit screen does (as the admin, with the
// screen's defaults); once that has finished, it sends a bulk follow-up to the
// three customers with the largest tax difference that have an e-mail address
// (over SMTP when set, else into the admin's outbox), and uploads a few of
// another customer's 26AS rows put on Hold (demo-manual-recon.ts), as a
// person uploads manually reconciled entries. First of all, once the loads are
// in, it previews the linkage of 26AS deductors to customers (Link Customers
// in 26AS to Sales), which proposes the branch TAN the demo's 26AS holds
// (roster.ts BRANCH_TAN_CUSTOMER). Each step is found again on a retry, so a
// crash never submits, mails or decides twice. Then it generates the whole
// result as a background report, so Reports > Reconciliation Reports has a
// file to open: the demo year is above the 2000 transactions a direct
// download holds, so Generate Report is what a person would use. Last, the
// purchase book is reconciled against 26AS Part VI (TCS) the same way.

export const DEMO_RECONCILIATION_NOTE = 'Demo company: the year reconciled on first start';
const CUSTOMERS_FOLLOWED_UP = 3;

const DemoInput = z.object({
  entityId: z.string().uuid(),
  tenantId: z.string().uuid(),
  userId: z.string().uuid(),
  login: z.string(),
  financialYear: z.string().refine(isFinancialYear),
  loadJobIds: z.array(z.string().uuid()),
});
type DemoInput = z.output<typeof DemoInput>;

// The admin the demo acts as; the server checks entity and tenant as for a request.
const adminCaller = (input: DemoInput): Caller => ({
  userId: input.userId,
  login: input.login,
  email: '',
  tenantId: input.tenantId,
  role: 'ADMIN',
  permissions: [],
  entityId: input.entityId,
  mustChangePassword: false,
  tokenHash: '',
});

export const demoFollowUpsTask = (
  ctx: () => AppContext,
  tasks: () => {
    reconciliation: TaskDefinition;
    tcsReconciliation: TaskDefinition;
    bulkFollowUp: TaskDefinition;
    manualRecon: ManualReconTask;
    linkagePreview: LinkageTasks['preview'];
    report: TaskDefinition;
  },
) =>
  defineTask({
    queue: 'demo-follow-ups',
    jobType: 'DemoFollowUps',
    input: DemoInput,
    // the loads, then the year's reconciliation, take minutes on a busy machine
    retryLimit: 120,
    retryDelaySeconds: 10,
    retryBackoff: false,
    run: async (input, job) => {
      const c = ctx();
      const finish = async (remarks: string) => {
        await c.db.transaction().execute((tx) => job.complete(tx, { remarks }));
        return { remarks };
      };
      const loads = await c.db
        .selectFrom('jobs')
        .select('status')
        .where('id', 'in', input.loadJobIds)
        .execute();
      if (loads.some((j) => j.status === 'Failed'))
        return finish('No demo reconciliation: a demo load failed');
      if (loads.length < input.loadJobIds.length || loads.some((j) => j.status !== 'Completed'))
        throw new NotReadyYet('waiting for the demo loads');

      await previewDemoLinkage(c, tasks().linkagePreview, input);
      const caller = adminCaller(input);
      const tds = await settledDemoRun(c, tasks().reconciliation, caller, input, 'TDS');
      if ('refused' in tds) return finish(`No demo reconciliation: ${tds.refused}`);
      if (!tds.run) return finish('No demo follow-ups: the demo reconciliation failed');
      const run = tds.run;

      const sent = await c.db
        .selectFrom('jobs')
        .select(sql<string[]>`coalesce(input->'partyKeys', '[]'::jsonb)`.as('partyKeys'))
        .where('job_type', '=', 'BulkFollowUp')
        .where('entity_id', '=', input.entityId)
        .where(sql<SqlBool>`input->>'reconJobId' = ${run.job_id}`)
        .executeTakeFirst();
      let followedUp = sent?.partyKeys ?? [];
      if (!sent) {
        const customers = (await followUpCustomers(c, run, 'All'))
          .filter((x) => x.contactEmail !== null)
          .sort(
            (a, b) =>
              Math.abs(paiseOfNumeric(b.taxDifference)) - Math.abs(paiseOfNumeric(a.taxDifference)) ||
              a.entityId.localeCompare(b.entityId),
          )
          .slice(0, CUSTOMERS_FOLLOWED_UP);
        if (customers.length === 0) return finish('Demo reconciliation done; no customer to follow up');
        followedUp = customers.map((x) => x.entityId);
        await startBulkFollowUp(c, tasks().bulkFollowUp, caller, {
          jobId: run.job_id,
          subject: DEFAULT_FOLLOW_UP_SUBJECT,
          emailBody: DEFAULT_FOLLOW_UP_BODY,
          status: 'All',
          selectedTans: followedUp,
        });
      }
      if (!(await demoManualReconJob(c, run))) {
        const csv = await demoManualReconCsv(c, run, followedUp);
        if (csv) await queueDemoManualRecon(c, tasks().manualRecon, caller, run, csv);
      }
      await reportDemoRun(c, tasks().report, caller, run);
      const tcs = await reconcileDemoTcs(c, tasks().tcsReconciliation, caller, input);
      return finish(
        `Demo reconciliation done, its largest differences followed up and its report requested; ${tcs}`,
      );
    },
  });

// The linkage preview a person starts with Link All, unless one was started for the entity already.
const previewDemoLinkage = async (c: AppContext, task: LinkageTasks['preview'], input: DemoInput) => {
  const started = await c.db
    .selectFrom('jobs')
    .select('id')
    .where('job_type', '=', LINKAGE_JOB_TYPE)
    .where('entity_id', '=', input.entityId)
    .executeTakeFirst();
  if (started) return;
  const { entityId, tenantId, userId, login } = input;
  await c.jobs.start(task, { entityId }, { tenantId, entityId, userId, login });
};

// The run the demo submitted for the year, of one kind.
const demoRun = (c: AppContext, input: DemoInput, kind: 'TDS' | 'TCS') =>
  c.db
    .selectFrom('recon_runs')
    .select('job_id')
    .where('entity_id', '=', input.entityId)
    .where('kind', '=', kind)
    .where('notes', '=', DEMO_RECONCILIATION_NOTE)
    .executeTakeFirst();

// The demo's run of one kind for the year: submitted if there is none (a
// retry finds it again by its note), waited for until it has finished, then
// the run, or null when it failed; `refused` when the submit was refused.
const settledDemoRun = async (
  c: AppContext,
  task: TaskDefinition,
  caller: Caller,
  input: DemoInput,
  kind: 'TDS' | 'TCS',
): Promise<{ run: RunView | null } | { refused: string }> => {
  const earlier = await demoRun(c, input, kind);
  if (!earlier) {
    const fy = input.financialYear as FinancialYear;
    const answer = await submitReconciliation(
      c,
      task,
      caller,
      kind,
      fy,
      { notes: DEMO_RECONCILIATION_NOTE },
      [],
    );
    if (answer.error) return { refused: answer.message };
    // throttled: a reconciliation someone started is running; try after it
    throw new NotReadyYet(answer.throttled ? 'waiting for a running reconciliation' : `reconciling ${kind}`);
  }
  const run = await findRun(c, caller, earlier.job_id);
  if (run.status === 'Failed') return { run: null };
  if (run.status !== 'Completed') throw new NotReadyYet(`waiting for the demo ${kind} reconciliation`);
  return { run };
};

// The purchase book against 26AS Part VI, submitted once the receivable year's
// steps are done (an entity reconciles one year at a time), so View TCS
// Reconciliation and its result open with the demo's missing TCS in them.
const reconcileDemoTcs = async (
  c: AppContext,
  task: TaskDefinition,
  caller: Caller,
  input: DemoInput,
): Promise<string> => {
  const tcs = await settledDemoRun(c, task, caller, input, 'TCS');
  if ('refused' in tcs) return `no TCS reconciliation: ${tcs.refused}`;
  return tcs.run ? 'the purchases reconciled for TCS' : 'the TCS reconciliation failed';
};

export const demoReportName = (run: Pick<RunView, 'kind' | 'financial_year'>) =>
  `Demo ${run.kind} reconciliation ${run.financial_year}`;

// The whole result as Generate Report makes it, unless the run has a report
// already; another report of the entity's being generated (one at a time) means
// try again after it.
const reportDemoRun = async (c: AppContext, task: TaskDefinition, caller: Caller, run: RunView) => {
  const had = await c.db
    .selectFrom('recon_reports')
    .select('id')
    .where('recon_job_id', '=', run.job_id)
    .executeTakeFirst();
  if (had) return;
  const answer = await startReport(c, task, caller, run, { kind: 'job' }, demoReportName(run), 'FullReport');
  if (answer.throttled) throw new NotReadyYet('waiting for a running report');
};

// Called by the demo loader once its loads are queued.
export const queueDemoFollowUps = async (
  ctx: AppContext,
  task: ReturnType<typeof demoFollowUpsTask>,
  owner: JobOwner & { entityId: string },
  financialYear: string,
  loadJobIds: string[],
): Promise<string> => {
  const job = await ctx.jobs.start(
    task,
    {
      entityId: owner.entityId,
      tenantId: owner.tenantId,
      userId: owner.userId,
      login: owner.login,
      financialYear,
      loadJobIds,
    },
    owner,
  );
  return job.id;
};
