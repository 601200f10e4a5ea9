import { apiRoutes } from '@taxrecon/contracts';
import type { DestinationStream } from 'pino';
import { adminHandlers } from './features/admin/routes.ts';
import { demoChallansTask } from './features/challans/demo-challans.ts';
import { challanAllocationHandlers, challanHandlers } from './features/challans/routes.ts';
import { queueDemoTraining } from './features/classification/demo-model.ts';
import { classificationHandlers } from './features/classification/routes.ts';
import { trainingTask } from './features/classification/tasks.ts';
import { createCountsCache } from './features/dashboard/counts-cache.ts';
import { dashboardHandlers, type EntityCounts } from './features/dashboard/routes.ts';
import { demoFollowUpsTask } from './features/demo/demo-follow-ups.ts';
import { loadDemoCompany } from './features/demo/load-demo.ts';
import { documentHandlers } from './features/documents/routes.ts';
import { documentTasks } from './features/documents/tasks.ts';
import { entityHandlers } from './features/entities/routes.ts';
import { followUpHandlers } from './features/follow-ups/routes.ts';
import { followUpTasks } from './features/follow-ups/tasks.ts';
import { form26qHandlers } from './features/form26q/routes.ts';
import { housekeepingHandlers } from './features/housekeeping/routes.ts';
import { housekeepingTasks } from './features/housekeeping/tasks.ts';
import { parsedFolderHandlers } from './features/ingest/parsed-folder-routes.ts';
import { parsedIngestTask } from './features/ingest/parsed-folder-task.ts';
import { ingestHandlers } from './features/ingest/routes.ts';
import { ingestTasks } from './features/ingest/tasks.ts';
import { jobHandlers } from './features/jobs/routes.ts';
import { dataQualityReportTask, sendEmailTask } from './features/jobs/tasks.ts';
import { linkageHandlers } from './features/linkage/routes.ts';
import { linkageTasks } from './features/linkage/tasks.ts';
import { masterDataHandlers } from './features/master-data/routes.ts';
import { payableGlSuggestionHandlers } from './features/payable/gl-suggestions/routes.ts';
import { payableHandlers } from './features/payable/routes.ts';
import { payableTasks } from './features/payable/tasks.ts';
import { payableAdjustmentHandlers } from './features/payable-adjustments/routes.ts';
import { adjustmentTasks } from './features/payable-adjustments/tasks.ts';
import { payableDataHandlers, payableDataTasks } from './features/payable-data/routes.ts';
import { reconciliationHandlers } from './features/reconciliation/routes.ts';
import { reconciliationTasks } from './features/reconciliation/tasks.ts';
import { registrationHandlers } from './features/registration/routes.ts';
import { reportHandlers } from './features/reports/routes.ts';
import { reportTasks } from './features/reports/tasks.ts';
import { searchHandlers } from './features/search/routes.ts';
import { rawTransformTask } from './features/section-rules/raw-expense/task.ts';
import { sectionRulesHandlers } from './features/section-rules/routes.ts';
import { sessionHandlers } from './features/session/routes.ts';
import { smartFilterHandlers } from './features/smart-filters/routes.ts';
import { smartFilterTasks } from './features/smart-filters/tasks.ts';
import { manualReconTask } from './features/smart-recon/manual-recon.ts';
import { manualReconHandlers } from './features/smart-recon/manual-routes.ts';
import { smartReconHandlers } from './features/smart-recon/routes.ts';
import { templateHandlers } from './features/templates/routes.ts';
import { utilityHandlers } from './features/utilities/routes.ts';
import { utilityTasks } from './features/utilities/tasks.ts';
import { type BootstrapResult, bootstrap } from './platform/bootstrap.ts';
import type { Config } from './platform/config.ts';
import type { AppContext } from './platform/context.ts';
import { openDatabase } from './platform/db/database.ts';
import { migrate } from './platform/db/migrate.ts';
import { buildApp } from './platform/http/app.ts';
import { bindRoutes } from './platform/http/bind-routes.ts';
import { createLogger } from './platform/logger.ts';
import { createMailer } from './platform/mail/mailer.ts';
import { createJobRunner, type JobHooks } from './platform/queue/job-runner.ts';
import { finishedMessage } from './platform/queue/job-view.ts';
import { createHub } from './platform/realtime/hub.ts';
import { loadSecret } from './platform/secret.ts';
import { createFileStore, MAIL_OUTPUT_MAX_AGE_MS, TEMP_MAX_AGE_MS } from './platform/storage/file-store.ts';

export interface StartOptions {
  logger?: boolean | { level: string };
  // where the log goes (stdout unless given); tests capture it here
  logDestination?: DestinationStream;
  // test seam of the crash tests (see JobHooks)
  jobHooks?: JobHooks;
  // 'memory://' gives tests a fresh embedded database without touching disk
  pgliteDir?: string;
  loginRateLimit?: number;
  // false for a web-only process when separate workers run (PostgreSQL only)
  work?: boolean;
}

export interface RunningServer {
  ctx: AppContext;
  app: Awaited<ReturnType<typeof buildApp>>;
  boot: BootstrapResult;
  close: () => Promise<void>;
}

// Opens the database, applies migrations, creates the first tenant and admin
// when the database is new, and assembles the API on the route table.
export const createServer = async (config: Config, options: StartOptions = {}): Promise<RunningServer> => {
  const log = createLogger(options.logger ?? false, options.logDestination);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    log,
    ...(options.pgliteDir ? { pgliteDir: options.pgliteDir } : {}),
  });
  await migrate(database.pool);
  const boot = await bootstrap(database.db, {
    adminEmail: config.adminEmail,
    adminPassword: config.adminPassword,
  });
  const secret = await loadSecret(database.db, config.secret);
  const mailer = createMailer(database.db, { smtpUrl: config.smtpUrl, from: config.mailFrom });
  const hub = await createHub({ databaseUrl: config.databaseUrl, pool: database.pool, log });

  const sendEmail = sendEmailTask(mailer, () => ctx().files);
  const dashboardCounts = createCountsCache<EntityCounts>();
  let context: AppContext | null = null;
  const ctx = (): AppContext => {
    if (!context) throw new Error('server not assembled yet');
    return context;
  };
  const jobs = await createJobRunner({
    db: database.db,
    pool: database.pool,
    databaseUrl: config.databaseUrl,
    log,
    ...(options.jobHooks ? { hooks: options.jobHooks } : {}),
    events: {
      onFinished: async (row) => {
        if (!row.user_id) return;
        await hub.publish(row.user_id, finishedMessage(row));
        if (row.notify) {
          const user = await database.db
            .selectFrom('users')
            .select('email')
            .where('id', '=', row.user_id)
            .executeTakeFirst();
          const message = finishedMessage(row);
          if (user) {
            await ctx().sendMail({
              to: user.email,
              tenantId: row.tenant_id,
              subject: `TaxRecon: ${message.msg}`,
              text: `${message.detail}\n\nJob ${row.id} (${row.job_type}) ended at ${row.ended_at?.toISOString() ?? ''}.\n${config.publicUrl}/#/jobs/all\n`,
            });
          }
        }
      },
    },
  });
  const dataQualityReport = dataQualityReportTask(ctx);
  jobs.register(sendEmail);
  jobs.register(dataQualityReport);
  const housekeeping = housekeepingTasks(ctx);
  for (const task of Object.values(housekeeping)) jobs.register(task);
  const fileStore = createFileStore(config.dataDir);
  // temporary files left by a process that died mid-upload or mid-job: at
  // start, and hourly (below) for a job that died while this process lives on
  const sweepFiles = async () => {
    await fileStore.sweepTemp(TEMP_MAX_AGE_MS);
    // the utilities' e-mailed outputs and uploads a crashed job left behind
    await fileStore.sweepUnder('utilities', MAIL_OUTPUT_MAX_AGE_MS);
  };
  await sweepFiles();
  const ingest = ingestTasks(ctx, fileStore);
  for (const task of Object.values(ingest)) jobs.register(task);
  const parsedIngest = parsedIngestTask(ctx, fileStore);
  jobs.register(parsedIngest);
  const reconciliation = reconciliationTasks(ctx);
  for (const task of Object.values(reconciliation)) jobs.register(task);
  const documents = documentTasks(ctx);
  for (const task of Object.values(documents)) jobs.register(task);
  const utilities = utilityTasks(ctx);
  for (const task of Object.values(utilities)) jobs.register(task);
  const payableData = payableDataTasks(ctx);
  for (const task of Object.values(payableData)) jobs.register(task);
  const rawTransform = rawTransformTask(ctx);
  jobs.register(rawTransform);
  const payable = payableTasks(ctx);
  for (const task of Object.values(payable)) jobs.register(task);
  const adjustments = adjustmentTasks(ctx);
  for (const task of Object.values(adjustments)) jobs.register(task);
  const training = trainingTask(ctx);
  jobs.register(training);
  const followUps = followUpTasks(ctx);
  for (const task of Object.values(followUps)) jobs.register(task);
  const smartFilters = smartFilterTasks(ctx);
  for (const task of Object.values(smartFilters)) jobs.register(task);
  const linkage = linkageTasks(ctx);
  for (const task of Object.values(linkage)) jobs.register(task);
  const manualRecon = manualReconTask(ctx);
  jobs.register(manualRecon);
  const reports = reportTasks(ctx);
  for (const task of Object.values(reports)) jobs.register(task);
  const demoChallans = demoChallansTask(ctx, { report: payable.report });
  jobs.register(demoChallans);
  const demoFollowUps = demoFollowUpsTask(ctx, () => ({
    reconciliation: reconciliation.tds,
    tcsReconciliation: reconciliation.tcs,
    bulkFollowUp: followUps.bulk,
    manualRecon,
    linkagePreview: linkage.preview,
    report: reconciliation.report,
  }));
  jobs.register(demoFollowUps);

  context = {
    config,
    database,
    db: database.db,
    jobs,
    hub,
    log,
    secret,
    files: fileStore,
    sendMail: async (mail, options) => (await jobs.start(sendEmail, mail, null, options)).id,
  };
  const c = context;
  const app = await buildApp(c, { loginRateLimit: options.loginRateLimit ?? 30 }, (instance) =>
    bindRoutes(instance, apiRoutes, {
      ...sessionHandlers(c),
      ...registrationHandlers(c),
      ...entityHandlers(c),
      ...adminHandlers(c),
      ...jobHandlers(c, { dataQualityReport }),
      ...dashboardHandlers(c, dashboardCounts),
      ...housekeepingHandlers(c, housekeeping),
      ...ingestHandlers(c, fileStore, ingest),
      ...parsedFolderHandlers(c, fileStore, parsedIngest),
      ...templateHandlers(c),
      ...searchHandlers(c),
      ...masterDataHandlers(c),
      ...reconciliationHandlers(c, reconciliation),
      ...documentHandlers(c, documents),
      ...utilityHandlers(c, utilities),
      ...payableDataHandlers(c, payableData),
      ...sectionRulesHandlers(c, { rawTransform }),
      ...payableHandlers(c, payable),
      ...payableGlSuggestionHandlers(c),
      ...classificationHandlers(c, training),
      ...followUpHandlers(c, followUps),
      ...smartFilterHandlers(c, smartFilters, reconciliation),
      ...linkageHandlers(c, linkage),
      ...smartReconHandlers(c, reconciliation),
      ...manualReconHandlers(c, manualRecon),
      ...challanHandlers(c),
      ...challanAllocationHandlers(c),
      ...payableAdjustmentHandlers(c, adjustments),
      ...form26qHandlers(c),
      ...reportHandlers(c, reports),
    }),
  );
  // Jobs a crashed process left InProgress are failed or queued again now, not when the queue expires them.
  await jobs.recoverInterrupted();
  const sweeper = setInterval(() => {
    sweepFiles().catch((error: unknown) => app.log.error({ err: error }, 'sweeping temporary files failed'));
  }, TEMP_MAX_AGE_MS);
  sweeper.unref();
  if (boot.created && config.demo) {
    const admin = await database.db
      .selectFrom('users')
      .select(['id', 'tenant_id', 'current_entity_id', 'login'])
      .where('login', '=', boot.adminLogin)
      .executeTakeFirstOrThrow();
    if (admin.current_entity_id) {
      const owner = {
        tenantId: admin.tenant_id,
        entityId: admin.current_entity_id,
        userId: admin.id,
        login: admin.login,
      };
      await loadDemoCompany(
        c,
        fileStore,
        ingest,
        owner,
        { run: payable.run, challans: demoChallans },
        config.demoReconciliation ? demoFollowUps : undefined,
      );
      await queueDemoTraining(c, training, owner);
    }
  }
  // Workers start once the demo company's jobs are all queued: a crash while a
  // first demo job ran could otherwise leave the rest never queued.
  if (options.work !== false) await jobs.work();
  return {
    ctx: c,
    app,
    boot,
    close: async () => {
      clearInterval(sweeper);
      await app.close();
      await jobs.stop();
      await hub.close();
      mailer.close();
      await database.close();
    },
  };
};
