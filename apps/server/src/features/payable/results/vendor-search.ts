import { sql } from 'kysely';
import type { AppContext } from '../../../platform/context.ts';
import { contains } from '../../../platform/db/like.ts';

// The 34A screen's vendor choice: vendors whose code or name contains the
// text typed (any case), codes first when they match.
export const searchVendors = async (ctx: AppContext, entityId: string, q: string) => {
  const like = contains(q.toLowerCase());
  const rows = await ctx.db
    .selectFrom('vendors')
    .select(['vendor_code', 'vendor_name'])
    .where('entity_id', '=', entityId)
    .where((eb) =>
      eb.or([eb(sql`lower(vendor_code)`, 'like', like), eb(sql`lower(vendor_name)`, 'like', like)]),
    )
    .orderBy(sql`lower(vendor_code) like ${like}`, 'desc')
    .orderBy('vendor_code')
    .limit(20)
    .execute();
  return rows.map((r) => ({ vendorCode: r.vendor_code, vendorName: r.vendor_name }));
};
