import type { platformRoutes } from '@taxrecon/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Handlers } from '../../platform/http/bind-routes.ts';
import { notFound } from '../../platform/http/errors.ts';

type R = typeof platformRoutes;

export const entityHandlers = (ctx: AppContext): Pick<Handlers<R>, 'entities' | 'switchEntity'> => ({
  entities: async ({ caller }) => {
    const rows = await ctx.db
      .selectFrom('user_entities as ue')
      .innerJoin('legal_entities as e', 'e.id', 'ue.entity_id')
      .select(['e.id', 'e.sub_group_id', 'e.name'])
      .where('ue.user_id', '=', caller.userId)
      .orderBy('e.created_at')
      .execute();
    // The current entity first, as the top bar shows it (spec part 1 section 4).
    const items = rows.map((e) => ({
      id: e.id,
      subGroupId: e.sub_group_id,
      subGroupDescription: e.name,
      current: e.id === caller.entityId,
    }));
    return [...items.filter((e) => e.current), ...items.filter((e) => !e.current)];
  },
  switchEntity: async ({ caller, params }) => {
    const allowed = await ctx.db
      .selectFrom('user_entities as ue')
      .innerJoin('legal_entities as e', 'e.id', 'ue.entity_id')
      .select(['e.id', 'e.name'])
      .where('ue.user_id', '=', caller.userId)
      .where('e.id', '=', params.id)
      .where('e.sub_group_id', '=', params.subGroupId)
      .executeTakeFirst();
    // An entity the user may not use answers exactly like one that does not exist.
    if (!allowed) throw notFound('Entity not found');
    await ctx.db
      .updateTable('users')
      .set({ current_entity_id: allowed.id })
      .where('id', '=', caller.userId)
      .execute();
    return { message: `Switched to ${allowed.name}` };
  },
});
