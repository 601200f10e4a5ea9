import type { ComplianceAnswer, ComplianceQuery } from '@taxrecon/contracts';
import { formatRupees, paiseOfNumeric } from '@taxrecon/shared';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../../platform/context.ts';
import { contains } from '../../../platform/db/like.ts';
import { type Caller, entityOf } from '../../../platform/http/caller.ts';

// Spec part 1 'Compliance overview', in one query: the latest completed run of
// each kind and year, its parties with discrepancies (every tab but full
// matches), grouped per party with a button per year, paged in SQL.
export const complianceOverview = async (
  ctx: AppContext,
  caller: Caller,
  query: z.output<typeof ComplianceQuery>,
): Promise<z.input<typeof ComplianceAnswer>> => {
  const needle = query.search ? contains(query.search.toLowerCase()) : null;
  const rows = await sql<{
    kind: 'TDS' | 'TCS';
    party_key: string;
    name: string;
    tan: string | null;
    years: { financialYear: string; jobId: string; taxDifference: string }[] | string;
    total: number;
  }>`
    WITH latest AS (
      SELECT DISTINCT ON (r.kind, r.financial_year) r.job_id, r.kind, r.financial_year
        FROM recon_runs r JOIN jobs j ON j.id = r.job_id
       WHERE r.entity_id = ${entityOf(caller)} AND j.tenant_id = ${caller.tenantId} AND r.status = 'Completed'
       ORDER BY r.kind, r.financial_year, r.created_at DESC
    ), items AS (
      SELECT l.kind, p.party_key, min(p.name) AS name, min(p.tan) AS tan,
             max(abs(p.tax_difference)) AS largest,
             json_agg(json_build_object('financialYear', l.financial_year, 'jobId', l.job_id,
                                        'taxDifference', p.tax_difference::text)
                      ORDER BY l.financial_year) AS years
        FROM latest l JOIN recon_parties p ON p.job_id = l.job_id
       WHERE p.category <> 'fullMatches'
         AND (${needle}::text IS NULL OR lower(p.name) LIKE ${needle} OR lower(p.party_key) LIKE ${needle})
       GROUP BY l.kind, p.party_key
    )
    SELECT kind, party_key, name, tan, years, count(*) OVER ()::int AS total
      FROM items
     ORDER BY ${query.sortBy === 'difference' ? sql`largest DESC, ` : sql``}name, kind, party_key
     LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`.execute(ctx.db);
  const total = rows.rows[0]?.total;
  return {
    totalRecords:
      total !== undefined ? Number(total) : query.page === 1 ? 0 : await countOnly(ctx, caller, query),
    records: rows.rows.map((r) => ({
      kind: r.kind,
      partyKey: r.party_key,
      name: r.name,
      tan: r.tan,
      years: (typeof r.years === 'string' ? JSON.parse(r.years) : r.years).map(
        (y: { financialYear: string; jobId: string; taxDifference: string }) => ({
          ...y,
          // numeric's text as money: '-0.00' and '12.5' never reach the screen
          taxDifference: formatRupees(paiseOfNumeric(y.taxDifference)),
        }),
      ),
    })),
  };
};

// A page past the end has no row to carry the count.
const countOnly = async (ctx: AppContext, caller: Caller, query: z.output<typeof ComplianceQuery>) =>
  (await complianceOverview(ctx, caller, { ...query, page: 1, pageSize: 1 })).totalRecords;
