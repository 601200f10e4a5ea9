import type { ReconKind } from '@taxrecon/contracts';
import type { FinancialYear } from '@taxrecon/shared';
import { sql } from 'kysely';
import type { AppContext } from '../../../platform/context.ts';
import { contains } from '../../../platform/db/like.ts';
import { previewIdentities } from './counts.ts';

// Customer (TDS) or vendor (TCS) names for the submit screen's picker: the
// parties of the master a job of the year would find, code to name. They
// come from the same identity preview as the screen's counts, so a TCS
// vendor whose bills carry no TCS (left out, source-read.ts tcsBookScope)
// and has no Part VI credit is not offered: a job for it would find nothing.
export const masterNames = async (ctx: AppContext, entityId: string, kind: ReconKind, fy: FinancialYear) => {
  const preview = await previewIdentities(ctx, entityId, kind, fy);
  if (preview.parties.length === 0) return {};
  // the master's own name, as the book knows it (the party's is the 26AS name when set)
  const own = new Map(
    (kind === 'TDS'
      ? await ctx.db
          .selectFrom('customers')
          .select([sql<string>`coalesce(customer_code, customer_name)`.as('code'), 'customer_name as name'])
          .where('entity_id', '=', entityId)
          .execute()
      : await ctx.db
          .selectFrom('vendors')
          .select(['vendor_code as code', 'vendor_name as name'])
          .where('entity_id', '=', entityId)
          .execute()
    ).map((r) => [r.code, r.name]),
  );
  const parties = preview.parties.map((p) => ({ key: p.key, name: own.get(p.key) ?? p.name }));
  parties.sort((a, b) => a.name.localeCompare(b.name));
  return Object.fromEntries(parties.map((p) => [p.key, p.name]));
};

export const masterSuggestions = async (ctx: AppContext, entityId: string, kind: ReconKind, q: string) => {
  const like = contains(q);
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
