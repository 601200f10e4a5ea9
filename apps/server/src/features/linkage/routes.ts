import fs from 'node:fs';
import {
  LINKAGE_JOB_TYPE,
  LINKAGE_JOBS_PAGE_SIZE,
  LINKAGE_SEARCH_PAGE_SIZE,
  LINKAGE_UNABLE_TO_SUBMIT,
  type LinkageRow,
  type linkageRoutes,
  TANPAN_MESSAGES,
} from '@taxrecon/contracts';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import { contains } from '../../platform/db/like.ts';
import type { Handlers } from '../../platform/http/bind-routes.ts';
import { currentEntity } from '../../platform/http/caller.ts';
import { HttpError, notFound } from '../../platform/http/errors.ts';
import { receiveUpload } from '../../platform/http/uploads.ts';
import { startUnlessRunning } from '../jobs/one-at-a-time.ts';
import { sendFile } from '../reconciliation/discrepancies/routes.ts';
import { performLinkage } from './perform-linkage.ts';
import { syncTanPan, unverifiedTanCount } from './tan-pan-sync.ts';
import type { LinkageTasks } from './tasks.ts';
import { tracesClient } from './traces-client.ts';

type R = typeof linkageRoutes;

// Spec part 3 section 9: linkage uploads up to 200,000,000 bytes.
const LINKAGE_MAX_BYTES = 200_000_000;

export const linkageHandlers = (ctx: AppContext, tasks: LinkageTasks): Handlers<R> => {
  const traces = () => tracesClient(ctx.config.tracesUrl);
  const previewJob = async (entityId: string, id: string) => {
    const job = await ctx.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', id)
      .where('entity_id', '=', entityId)
      .where('job_type', '=', LINKAGE_JOB_TYPE)
      .executeTakeFirst();
    if (!job) throw notFound('No such linkage preview job.');
    return job;
  };
  return {
    customerLinker: async ({ caller }) => {
      const entityId = await currentEntity(ctx, caller);
      const owner = { tenantId: caller.tenantId, entityId, userId: caller.userId, login: caller.login };
      try {
        // One preview per entity at a time (spec part 3: the answer is a severity and a message).
        const outcome = await startUnlessRunning(ctx, tasks.preview, { entityId }, owner);
        if (outcome.running) {
          return {
            severity: 'error',
            message: `A customer linkage preview for this entity is already being prepared (job ${outcome.running.id}); wait for it to finish.`,
            jobId: null,
          };
        }
        return {
          severity: 'success',
          message: `Job submitted successfully (Job Id: ${outcome.started.id})`,
          jobId: outcome.started.id,
        };
      } catch (error) {
        ctx.log.error({ err: error }, 'starting a linkage preview failed');
        return { severity: 'error', message: LINKAGE_UNABLE_TO_SUBMIT, jobId: null };
      }
    },

    customerLinkageJobs: async ({ caller }) => {
      const entityId = await currentEntity(ctx, caller);
      const jobs = await ctx.db
        .selectFrom('jobs')
        .select(['id', 'user_login', 'created_at', 'ended_at', 'status', 'result'])
        .where('entity_id', '=', entityId)
        .where('job_type', '=', LINKAGE_JOB_TYPE)
        .orderBy('created_at', 'desc')
        .limit(LINKAGE_JOBS_PAGE_SIZE)
        .execute();
      return jobs.map((j) => {
        const result = (j.result ?? {}) as { proposed?: number; lines?: number };
        return {
          id: j.id,
          userId: j.user_login,
          datetime: j.created_at.toISOString(),
          enddatetime: j.ended_at?.toISOString() ?? null,
          status: j.status,
          proposed: result.proposed ?? null,
          lines: result.lines ?? null,
        };
      });
    },

    customerLinkagePreview: async ({ caller, params, reply }) => {
      const job = await previewJob(await currentEntity(ctx, caller), params.id);
      const key = (job.result as { key?: string } | null)?.key;
      if (job.status !== 'Completed' || !key) throw notFound('The preview is not ready yet.');
      return sendFile(
        reply,
        ctx.files.get(key),
        `customer-linkage-${job.id.slice(0, 8)}.txt`,
        'text/plain; charset=utf-8',
      );
    },

    performCustomerLinkage: async ({ caller, request }) => {
      const entityId = await currentEntity(ctx, caller);
      const upload = await receiveUpload(request, ctx.files, {
        extensions: ['txt'],
        maxBytes: LINKAGE_MAX_BYTES,
        maxFiles: 1,
      });
      try {
        return await performLinkage(ctx, entityId, upload.files[0]!);
      } finally {
        await Promise.all(upload.files.map((f) => fs.promises.rm(f.tempPath, { force: true })));
      }
    },

    tanPanCaptcha: async ({ caller }) => {
      await currentEntity(ctx, caller);
      try {
        const { image, cookie } = await traces().captcha();
        return { captchaImage: image.toString('base64'), cookie, severity: 'success', message: '' };
      } catch (error) {
        ctx.log.warn({ reason: (error as Error).message }, 'TRACES captcha failed');
        return { captchaImage: '', cookie: '', severity: 'error', message: TANPAN_MESSAGES.captchaFailed };
      }
    },

    tanPanSync: async ({ caller, params }) =>
      syncTanPan(ctx, traces(), await currentEntity(ctx, caller), params),

    unverifiedTanCount: async ({ caller }) => {
      const entityId = await currentEntity(ctx, caller);
      try {
        return { count: await unverifiedTanCount(ctx, entityId) };
      } catch (error) {
        ctx.log.error({ err: error }, 'counting unverified TANs failed');
        throw new HttpError(500, 'COUNT_FAILED', TANPAN_MESSAGES.countFailed);
      }
    },

    // A customer's own TAN and the TANs linked to it (connected entities),
    // found by legal name, TAN or PAN.
    search26asLinkages: async ({ caller, body }) => {
      const entityId = await currentEntity(ctx, caller);
      const keyword = body.keyword.trim();
      const pattern = contains(keyword);
      const rows = ctx.db
        .selectFrom('customers as c')
        .select([
          'c.customer_code as customerCode',
          sql<string | null>`coalesce(c.legal_name, c.customer_name)`.as('legalName'),
          'c.pan_number as pan',
          sql<string>`c.tan_number`.as('tanNumber'),
          sql<'master' | 'linked'>`'master'`.as('source'),
        ])
        .where('c.entity_id', '=', entityId)
        .where('c.tan_number', 'is not', null)
        .unionAll(
          ctx.db
            .selectFrom('customer_children as ch')
            .innerJoin('customers as c', 'c.id', 'ch.customer_id')
            .select([
              'c.customer_code as customerCode',
              sql<string | null>`coalesce(c.legal_name, c.customer_name)`.as('legalName'),
              'c.pan_number as pan',
              'ch.tan_number as tanNumber',
              sql<'master' | 'linked'>`'linked'`.as('source'),
            ])
            .where('c.entity_id', '=', entityId),
        );
      let q = ctx.db.selectFrom(rows.as('l')).where('l.tanNumber', 'is not', null);
      if (keyword) {
        q = q.where((eb) =>
          eb.or([
            eb('l.legalName', 'ilike', pattern),
            eb('l.tanNumber', 'ilike', pattern),
            eb('l.pan', 'ilike', pattern),
          ]),
        );
      }
      const total = await q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      const page = await q
        .selectAll()
        .orderBy('l.legalName')
        .orderBy('l.tanNumber')
        .limit(LINKAGE_SEARCH_PAGE_SIZE)
        .offset((body.page - 1) * LINKAGE_SEARCH_PAGE_SIZE)
        .execute();
      return {
        rows: page as LinkageRow[],
        totalRecords: Number(total.n),
        page: body.page,
        pageSize: LINKAGE_SEARCH_PAGE_SIZE,
      };
    },
  };
};
