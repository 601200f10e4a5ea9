import type { ReconKind } from '@taxrecon/contracts';
import { sql } from 'kysely';
import type { AppContext } from '../../../platform/context.ts';

// Customer (TDS) or vendor (TCS) names for the result screens' pickers, read
// from the entity's master data.

export const masterNames = async (ctx: AppContext, entityId: string, kind: ReconKind) => {
  const rows =
    kind === 'TDS'
      ? await ctx.db
          .selectFrom('customers')
          .select([sql<string>`coalesce(customer_code, customer_name)`.as('code'), 'customer_name as name'])
          .where('entity_id', '=', entityId)
          .orderBy('customer_name')
          .limit(50_000)
          .execute()
      : await ctx.db
          .selectFrom('vendors')
          .select(['vendor_code as code', 'vendor_name as name'])
          .where('entity_id', '=', entityId)
          .orderBy('vendor_name')
          .limit(50_000)
          .execute();
  return Object.fromEntries(rows.map((r) => [r.code, r.name]));
};

export const masterSuggestions = async (ctx: AppContext, entityId: string, kind: ReconKind, q: string) => {
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  if (kind === 'TDS') {
    const rows = await ctx.db
      .selectFrom('customers')
      .select([sql<string>`coalesce(customer_code, customer_name)`.as('code'), 'customer_name', 'tan_number'])
      .where('entity_id', '=', entityId)
      .where((eb) =>
        eb.or([
          eb('customer_name', 'ilike', like),
          eb('customer_code', 'ilike', like),
          eb('tan_number', 'ilike', like),
        ]),
      )
      .orderBy('customer_name')
      .limit(50)
      .execute();
    return rows.map((r) => ({ entityId: r.code, name: r.customer_name, tan: r.tan_number }));
  }
  const rows = await ctx.db
    .selectFrom('vendors')
    .select(['vendor_code', 'vendor_name', 'tan_number'])
    .where('entity_id', '=', entityId)
    .where((eb) =>
      eb.or([
        eb('vendor_name', 'ilike', like),
        eb('vendor_code', 'ilike', like),
        eb('tan_number', 'ilike', like),
      ]),
    )
    .orderBy('vendor_name')
    .limit(50)
    .execute();
  return rows.map((r) => ({ entityId: r.vendor_code, name: r.vendor_name, tan: r.tan_number }));
};
