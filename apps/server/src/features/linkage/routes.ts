import {
  LINKAGE_SEARCH_PAGE_SIZE,
  type LinkageRow,
  type linkageRoutes,
  TANPAN_MESSAGES,
} from '@taxrecon/contracts';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import type { Handlers } from '../../platform/http/bind-routes.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { contains, currentEntity } from '../master-data/shared.ts';
import { syncTanPan, unverifiedTanCount } from './tan-pan-sync.ts';
import { tracesClient } from './traces-client.ts';

type R = typeof linkageRoutes;

export const linkageHandlers = (ctx: AppContext): Handlers<R> => {
  const traces = () => tracesClient(ctx.config.tracesUrl);
  return {
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
