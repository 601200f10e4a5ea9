import { PAYABLE_JOB_TYPE, type platformRoutes } from '@taxrecon/contracts';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import type { Handlers } from '../../platform/http/bind-routes.ts';
import type { CountsCache } from './counts-cache.ts';
import { HELP_VIDEOS } from './help-videos.ts';

type R = typeof platformRoutes;
// TDS payable runs are queued as '34A Reconciliation' (PAYABLE_JOB_TYPE); no
// job was ever 'TDSPayableReconciliation', so they never showed here.
const RECON_TYPES = ['TDSReconciliation', 'TCSReconciliation', PAYABLE_JOB_TYPE];

// Counts rows of an entity in a table a later release adds; 0 until the table exists.
const countIfTable = async (ctx: AppContext, table: string, entityId: string): Promise<number> => {
  const present = await sql<{ ok: boolean }>`SELECT to_regclass(${table}) IS NOT NULL AS ok`.execute(ctx.db);
  if (!present.rows[0]?.ok) return 0;
  const n = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE entity_id = ${entityId}`.execute(ctx.db);
  return n.rows[0]?.n ?? 0;
};

export interface EntityCounts {
  totalCustomers: number;
  totalVendor: number;
  totalSalesEntries: number;
  twentySixEntriesCount: number;
  dbSize: string;
}

const entityCounts = async (ctx: AppContext, entityId: string): Promise<EntityCounts> => {
  const size = await sql<{
    size: string;
  }>`SELECT pg_size_pretty(pg_database_size(current_database())) AS size`.execute(ctx.db);
  return {
    totalCustomers: await countIfTable(ctx, 'customers', entityId),
    totalVendor: await countIfTable(ctx, 'vendors', entityId),
    totalSalesEntries: await countIfTable(ctx, 'sales_entries', entityId),
    twentySixEntriesCount: await countIfTable(ctx, 'tax_entries', entityId),
    dbSize: size.rows[0]?.size ?? '',
  };
};

// Names the entity's latest ended job: a load, a delete or a restore that ends changes it.
const latestEnded = async (ctx: AppContext, entityId: string): Promise<string> => {
  const row = await sql<{
    stamp: string | null;
  }>`SELECT max(ended_at)::text || '/' || count(ended_at)::text AS stamp
    FROM jobs WHERE entity_id = ${entityId}`.execute(ctx.db);
  return row.rows[0]?.stamp ?? '';
};

export const dashboardHandlers = (
  ctx: AppContext,
  counts: CountsCache<EntityCounts>,
): Pick<Handlers<R>, 'dashboardRaw' | 'dataQualityJobs' | 'helpVideos'> => ({
  dashboardRaw: async ({ caller }) => {
    const entityId = caller.entityId ?? '00000000-0000-0000-0000-000000000000';
    const logs = await ctx.db
      .selectFrom('jobs')
      .select(['id', 'created_at', 'started_at', 'ended_at', 'transactions_count', 'user_login', 'job_type'])
      .where('tenant_id', '=', caller.tenantId)
      .where('entity_id', '=', entityId)
      .where('job_type', 'in', RECON_TYPES)
      .orderBy('created_at', 'desc')
      .limit(1000)
      .execute();
    // by the month of the transactions (sales, purchases, 26AS), not of the job
    const byMonth = await sql<{ month: string; n: number }>`
      SELECT month, sum(n)::int AS n FROM (
        SELECT to_char(transaction_date, 'YYYY-MM') AS month, count(*) AS n FROM sales_entries
         WHERE entity_id = ${entityId} GROUP BY 1
        UNION ALL
        SELECT to_char(transaction_date, 'YYYY-MM'), count(*) FROM purchase_entries
         WHERE entity_id = ${entityId} GROUP BY 1
        UNION ALL
        SELECT to_char(transaction_date, 'YYYY-MM'), count(*) FROM tax_entries
         WHERE entity_id = ${entityId} GROUP BY 1
      ) t WHERE month IS NOT NULL GROUP BY month ORDER BY month`.execute(ctx.db);
    const monthly = Object.fromEntries(byMonth.rows.map((r) => [r.month, Number(r.n)]));
    return {
      ...(await counts.get(entityId, await latestEnded(ctx, entityId), () => entityCounts(ctx, entityId))),
      reconciliationLogs: logs.map((l) => ({
        timestamp: l.created_at.toISOString(),
        transactionsCount: Number(l.transactions_count),
        userId: l.user_login ?? 'system',
        jobType: l.job_type,
        jobId: l.id,
      })),
      monthly,
      perfLogSeries: logs
        .filter((l) => l.started_at && l.ended_at)
        .map((l) => ({
          jobId: l.id,
          timestamp: l.created_at.toISOString(),
          seconds: ((l.ended_at?.getTime() ?? 0) - (l.started_at?.getTime() ?? 0)) / 1000,
        })),
    };
  },
  dataQualityJobs: async ({ caller }) => {
    // Ingest jobs record their rejected rows in result.invalidRows with counts by type and field.
    const rows = await ctx.db
      .selectFrom('jobs')
      .select(['id', 'job_type', 'user_login', 'created_at', 'result'])
      .where('tenant_id', '=', caller.tenantId)
      .where('entity_id', '=', caller.entityId ?? '00000000-0000-0000-0000-000000000000')
      .where(sql<boolean>`coalesce((result->>'invalidRows')::int, 0) > 0`)
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map((r) => {
      const result = (r.result ?? {}) as {
        invalidRows?: number;
        errorTypesToCounts?: Record<string, number>;
        fieldErrorCounts?: Record<string, number>;
      };
      return {
        jobId: r.id,
        jobType: r.job_type,
        userId: r.user_login ?? 'system',
        dateTime: r.created_at.toISOString(),
        noOfInvalidEntries: result.invalidRows ?? 0,
        errorTypesToCounts: result.errorTypesToCounts ?? {},
        fieldErrorCounts: result.fieldErrorCounts ?? {},
      };
    });
  },
  helpVideos: async () => HELP_VIDEOS,
});
