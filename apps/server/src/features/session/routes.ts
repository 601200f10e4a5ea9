import type { platformRoutes } from '@taxrecon/contracts';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import type { Handlers } from '../../platform/http/bind-routes.ts';
import { forbidden } from '../../platform/http/errors.ts';
import { VERSION } from '../../version.ts';
import { changePassword, describeMe, login, logout } from './service.ts';

type R = typeof platformRoutes;

export const sessionHandlers = (
  ctx: AppContext,
): Pick<
  Handlers<R>,
  'login' | 'logout' | 'updateLastLogin' | 'me' | 'changePassword' | 'version' | 'allTotals' | 'license'
> => ({
  login: async ({ body, reply }) => {
    const answer = await login(ctx, body.userId, body.password);
    if (answer.changePassword) reply.header('x-change-password', 'true');
    return answer;
  },
  logout: async ({ params }) => {
    await logout(ctx, params.token);
    return { message: 'Signed out' };
  },
  updateLastLogin: async ({ caller, body }) => {
    if (body.userId !== caller.login) throw forbidden();
    // The client's clock is not trusted for an audit field: the server's time is kept.
    await ctx.db
      .updateTable('users')
      .set({ last_login_at: new Date() })
      .where('id', '=', caller.userId)
      .execute();
    return { message: 'Last login recorded' };
  },
  me: async ({ caller }) => describeMe(ctx, caller.userId),
  changePassword: async ({ caller, body }) => {
    if (body.userId !== caller.login) throw forbidden('You can only change your own password.');
    return changePassword(ctx, caller, body.oldPassword, body.password);
  },
  version: async () => ({ version: VERSION }),
  allTotals: async () => {
    // Claimable tax matched and customers covered, over the latest completed
    // reconciliation of each entity, kind and year: a re-run replaces, not adds.
    const row = await sql<{ totals: string; customers: string }>`
      SELECT coalesce(sum((result->>'reconciledRupees')::numeric), 0) AS totals,
             coalesce(sum((result->>'customers')::integer), 0) AS customers
      FROM (
        SELECT DISTINCT ON (entity_id, job_type, result->>'financialYear') result
        FROM jobs
        WHERE status = 'Completed' AND job_type IN ('TDSReconciliation', 'TCSReconciliation')
        ORDER BY entity_id, job_type, result->>'financialYear', ended_at DESC
      ) latest`.execute(ctx.db);
    const first = row.rows[0];
    return { totals: Number(first?.totals ?? 0), customers: Number(first?.customers ?? 0) };
  },
  license: async ({ caller }) => {
    const entity = caller.entityId
      ? await ctx.db
          .selectFrom('legal_entities')
          .select('name')
          .where('id', '=', caller.entityId)
          .executeTakeFirst()
      : undefined;
    return {
      user: caller.login,
      entityName: entity?.name ?? '',
      licenseType: 'GNU Affero General Public License v3.0 or later (open source)',
      validUntil: 'Perpetual',
    };
  },
});
