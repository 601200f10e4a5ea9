import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { MANUAL_RECON_MAX_BYTES, type ManualReconJob, PERMISSIONS, ROLES } from '@taxrecon/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { type Caller, entityOf } from '../../platform/http/caller.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { receiveUpload } from '../../platform/http/uploads.ts';
import { jobSteps, recordJobStep } from '../../platform/queue/job-steps.ts';
import { defineTask } from '../../platform/queue/task.ts';
import { applySheets } from '../reconciliation/discrepancies/bulk-update-apply.ts';
import { checkSheets, problemsRefusal } from '../reconciliation/discrepancies/bulk-update-checks.ts';
import { type Sheet, sheetsOfFile } from '../reconciliation/discrepancies/bulk-update-sheets.ts';
import { runById } from '../reconciliation/reports/report-job.ts';
import { ENTRY_IDS_IN_TEXT, parseEntryId } from '../reconciliation/results/entry-id.ts';
import { JOB_NOT_FOUND, type RunView, runQuery } from '../reconciliation/runs/runs.ts';

// Manual reconciliation: the csv files the discrepancy download produces
// (Entry id and Status columns), statuses edited by hand, come back as a zip
// and are applied as decisions by a job. Only entries whose status changed
// become decisions, so a retried job decides nothing twice; each decision is
// a step of the job with its count (before and after it is made), so the
// retry counts the first run's too.

export const MANUAL_RECON_JOB_TYPE = 'ManualReconciliation';

const ManualReconInput = z.object({
  fileName: z.string(),
  fileKey: z.string(),
  reconJobId: z.string().uuid(),
  // who uploaded: decisions are recorded in their name
  caller: z.object({
    userId: z.string(),
    login: z.string(),
    email: z.string(),
    tenantId: z.string(),
    role: z.enum(ROLES),
    permissions: z.array(z.enum(PERMISSIONS)),
    entityId: z.string().uuid(),
  }),
});

const entriesOf = (sheets: readonly Sheet[]) => {
  const ids = new Set(
    sheets.flatMap((s) =>
      [...s.text.matchAll(ENTRY_IDS_IN_TEXT)].map((m) => parseEntryId(m[0])?.rowId ?? m[0]),
    ),
  );
  const all = [...ids];
  return {
    book: all.filter((i) => i.includes(':B:')).length,
    taxBook: all.filter((i) => i.includes(':T:')).length,
  };
};

export const manualReconTask = (ctx: () => AppContext) =>
  defineTask({
    queue: 'manual-recon',
    jobType: MANUAL_RECON_JOB_TYPE,
    input: ManualReconInput,
    retryLimit: 1,
    retryDelaySeconds: 5,
    run: async (input, job) => {
      const c = ctx();
      const run = await runById(c, input.reconJobId, input.caller.entityId);
      const sheets = await sheetsOfFile(
        input.fileName,
        new Uint8Array(await buffer(c.files.get(input.fileKey))),
      );
      // checked at upload; checked again here, as the reconciliation's rows
      // are the job's to read: a bad row fails the job before any decision
      const { rows, problems } = await checkSheets(c, run, sheets);
      if (problems.length > 0)
        throw new Error(problemsRefusal(`${input.fileName}: nothing was changed.`, problems).message);
      const caller: Caller = { ...input.caller, mustChangePassword: false, tokenHash: '' };
      // steps `deciding:<party>:<status>:<entries>`, written before its
      // decision, and `decided:...`, once the decision committed
      const decided = new Map<string, number>();
      const deciding = new Map<string, number>();
      for (const step of await jobSteps(c.db, job.jobId)) {
        const m = /^(deciding|decided):(\d+):(Accept|Hold|FollowUp|Pending):(\d+)$/.exec(step);
        if (m) (m[1] === 'decided' ? decided : deciding).set(`${m[2]}:${m[3]}`, Number(m[4]));
      }
      const answer = await applySheets(c, caller, run, rows, {
        decided,
        deciding,
        record: (step, party, status, entries) =>
          recordJobStep(c.db, job.jobId, `${step}:${party}:${status}:${entries}`),
      });
      const entries = entriesOf(sheets);
      const errorMsg = answer.errors
        .slice(0, 5)
        .map((e) => `${e.entryId ? `${e.entryId}: ` : ''}${e.message}`)
        .join('; ');
      return {
        remarks: answer.message,
        transactionsCount: answer.updated,
        result: {
          fileName: input.fileName,
          totalBookEntries: entries.book,
          totalTaxBookEntries: entries.taxBook,
          updated: answer.updated,
          decisions: answer.decisions,
          errorMsg: answer.errors.length > 5 ? `${errorMsg}; and ${answer.errors.length - 5} more` : errorMsg,
        },
      };
    },
  });

export type ManualReconTask = ReturnType<typeof manualReconTask>;

const latestTdsRun = async (ctx: AppContext, caller: Caller, jobId: string | undefined) => {
  let q = runQuery(ctx)
    .where('r.entity_id', '=', entityOf(caller))
    .where('j.tenant_id', '=', caller.tenantId)
    .where('r.status', '=', 'Completed');
  q = jobId
    ? q.where('r.job_id', '=', jobId)
    : q.where('r.kind', '=', 'TDS').orderBy('r.completed_at', 'desc');
  const run = await q.executeTakeFirst();
  if (!run)
    throw notFound(jobId ? JOB_NOT_FOUND : 'No completed TDS reconciliation to apply the entries to.');
  return run;
};

// Stores the file and queues the job that applies it to `run`, in the
// uploader's name (the upload below, and the demo company's own file).
export const queueManualRecon = async (
  ctx: AppContext,
  task: ManualReconTask,
  caller: Caller,
  run: Pick<RunView, 'job_id' | 'entity_id'>,
  fileName: string,
  bytes: Readable,
): Promise<string> => {
  const fileKey = `manual-recon/${caller.tenantId}/${randomUUID()}/${fileName}`;
  await ctx.files.put(fileKey, bytes);
  const job = await ctx.jobs.start(
    task,
    {
      fileName,
      fileKey,
      reconJobId: run.job_id,
      caller: {
        userId: caller.userId,
        login: caller.login,
        email: caller.email,
        tenantId: caller.tenantId,
        role: caller.role,
        permissions: caller.permissions,
        entityId: run.entity_id,
      },
    },
    { tenantId: caller.tenantId, entityId: run.entity_id, userId: caller.userId, login: caller.login },
  );
  return job.id;
};

export const startManualRecon = async (
  ctx: AppContext,
  task: ManualReconTask,
  caller: Caller,
  request: FastifyRequest,
  jobId: string | undefined,
) => {
  const run = await latestTdsRun(ctx, caller, jobId);
  const upload = await receiveUpload(request, ctx.files, {
    extensions: ['zip', 'csv'],
    maxBytes: MANUAL_RECON_MAX_BYTES,
    maxFiles: 1,
  });
  const file = upload.files[0]!;
  try {
    // refuse an unreadable zip, one without the download's columns (checked
    // as Bulk Update checks them) or with a bad row now, not in the job
    const sheets = await sheetsOfFile(
      file.fileName,
      new Uint8Array(await fs.promises.readFile(file.tempPath)),
    );
    if (sheets.length === 0) throw badRequest(`${file.fileName} holds no .csv file.`, 'NO_FILE');
    // an entry id names the row downloaded: one whose entry changed since
    // (the customer synced in between) is ENTRY_CHANGED (session 39)
    const { problems } = await checkSheets(ctx, run, sheets);
    const columns = problems.find((p) => p.code === 'BAD_COLUMNS');
    if (columns) throw badRequest(columns.message, 'BAD_COLUMNS');
    if (problems.length > 0) throw problemsRefusal(`${file.fileName}: nothing was changed.`, problems);
    const jobId = await queueManualRecon(
      ctx,
      task,
      caller,
      run,
      file.fileName,
      fs.createReadStream(file.tempPath),
    );
    return { message: `Job submitted successfully (Job Id: ${jobId})`, jobId };
  } finally {
    await ctx.files.removeTemp(file.tempPath);
  }
};

const ResultShape = z
  .object({
    totalBookEntries: z.number(),
    totalTaxBookEntries: z.number(),
    updated: z.number(),
    errorMsg: z.string(),
  })
  .partial();

export const manualReconJobs = async (ctx: AppContext, caller: Caller): Promise<ManualReconJob[]> => {
  const rows = await ctx.db
    .selectFrom('jobs')
    .select(['id', 'input', 'result', 'status', 'user_login', 'created_at', 'started_at', 'failure_reason'])
    .where('tenant_id', '=', caller.tenantId)
    .where('entity_id', '=', entityOf(caller))
    .where('job_type', '=', MANUAL_RECON_JOB_TYPE)
    .orderBy('created_at', 'desc')
    .limit(1000)
    .execute();
  return rows.map((r) => {
    const result = ResultShape.safeParse(r.result ?? {});
    const got = result.success ? result.data : {};
    const input = r.input as { fileName?: unknown } | null;
    return {
      jobId: r.id,
      fileName: typeof input?.fileName === 'string' ? input.fileName : '',
      dateTime: (r.started_at ?? r.created_at).toISOString(),
      totalBookEntries: got.totalBookEntries ?? 0,
      totalTaxBookEntries: got.totalTaxBookEntries ?? 0,
      updated: got.updated ?? 0,
      status: r.status,
      uploadedBy: r.user_login ?? '',
      errorMsg: r.failure_reason ?? got.errorMsg ?? '',
    };
  });
};
