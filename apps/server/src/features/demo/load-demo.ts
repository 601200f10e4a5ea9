import type { AppContext } from '../../platform/context.ts';
import type { JobOwner } from '../../platform/queue/job-runner.ts';
import type { TaskDefinition } from '../../platform/queue/task.ts';
import type { FileStore } from '../../platform/storage/file-store.ts';
import { keepBytes } from '../../platform/storage/stored-files.ts';
import { type demoChallansTask, queueDemoChallans } from '../challans/demo-challans.ts';
import { queueDemoForm16a } from '../documents/demo-certificates.ts';
import type { ingestTasks } from '../ingest/tasks.ts';
import { type demoFollowUpsTask, queueDemoFollowUps } from './demo-follow-ups.ts';
import { type DemoFile, generateDemoCompany } from './generate.ts';
import { loadDemoPayable } from './payable-demo.ts';
import { demoRejectedBills } from './rejected-bills.ts';

// A fresh installation gets the demo company in its first entity, loaded the
// way a person would load it: each file stored and ingested by a background
// job, so the jobs page shows exactly what happened.
export const loadDemoCompany = async (
  ctx: AppContext,
  store: FileStore,
  tasks: ReturnType<typeof ingestTasks>,
  owner: JobOwner & { entityId: string },
  // the 34A task: the demo's year of expenses is computed once loaded, and
  // the challans task deposits part of its tax once that run has finished
  payable?: { run: TaskDefinition; challans: ReturnType<typeof demoChallansTask> },
  // the task that reconciles the demo year and follows up on it, once the loads are in; with
  // it, the demo also uploads a late file of bills that are all rejected
  followUps?: ReturnType<typeof demoFollowUpsTask>,
): Promise<string[]> => {
  const demo = generateDemoCompany();
  await ctx.db
    .updateTable('legal_entities')
    .set({ name: demo.entityName, description: demo.entityName, pan: demo.pan })
    .where('id', '=', owner.entityId)
    .execute();
  const jobIds: string[] = [];
  const load = async (file: DemoFile) => {
    const storedId = await keepBytes(ctx.db, store, owner, {
      kind: file.kind,
      fileName: file.fileName,
      bytes: Buffer.from(file.content, 'utf8'),
    });
    const job = await ctx.jobs.start(
      tasks[file.kind],
      {
        kind: file.kind,
        entityId: owner.entityId,
        fileIds: [storedId],
        ...(file.kind === 'sales-register' ? { financialYear: demo.financialYear } : {}),
      },
      owner,
    );
    return job.id;
  };
  for (const file of demo.files) jobIds.push(await load(file));
  if (followUps) {
    const loads = [...jobIds];
    jobIds.push(await queueDemoFollowUps(ctx, followUps, owner, demo.financialYear, loads));
    // with the rest of what a person did after loading the year: a late file
    // whose every line is rejected (rejected-bills.ts), not waited for
    jobIds.push(await load(demoRejectedBills(demo)));
  }
  // Form 16A certificates for a few of the vendors, once the vendor master has loaded
  await queueDemoForm16a(
    ctx,
    owner,
    demo.financialYear,
    jobIds[demo.files.findIndex((f) => f.kind === 'vendor-master')],
  );
  if (payable) {
    const run = await loadDemoPayable(ctx, payable.run, owner);
    if (run) {
      jobIds.push(run.jobId);
      jobIds.push(await queueDemoChallans(ctx, payable.challans, owner, run.financialYear, run.jobId));
    }
  }
  return jobIds;
};
