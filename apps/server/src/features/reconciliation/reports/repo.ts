import type { ReconCategory } from '@taxrecon/contracts';
import { sql } from 'kysely';
import type { AppContext } from '../../../platform/context.ts';

// SQL of the reports: how many transactions a download would hold, and the
// background reports of an entity.

export const transactionsIn = async (ctx: AppContext, jobId: string, category?: ReconCategory) => {
  let q = ctx.db
    .selectFrom('recon_parties')
    .select(sql<number>`coalesce(sum(book_rows + tb_rows), 0)::int`.as('n'))
    .where('job_id', '=', jobId);
  if (category) q = q.where('category', '=', category);
  return (await q.executeTakeFirstOrThrow()).n;
};

export const entityReports = (ctx: AppContext, entityId: string) =>
  ctx.db
    .selectFrom('recon_reports')
    .selectAll()
    .where('entity_id', '=', entityId)
    .orderBy('created_at', 'desc')
    .limit(500)
    .execute();

export const findReport = (ctx: AppContext, entityId: string, reportId: string) =>
  ctx.db
    .selectFrom('recon_reports')
    .selectAll()
    .where('id', '=', reportId)
    .where('entity_id', '=', entityId)
    .executeTakeFirst();
