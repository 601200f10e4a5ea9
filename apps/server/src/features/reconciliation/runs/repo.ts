import type { ReconKind } from '@taxrecon/contracts';
import type { AppContext } from '../../../platform/context.ts';
import { withTransaction } from '../../../platform/db/transaction.ts';
import { markResultsDeleted } from '../../../platform/queue/results-deleted.ts';
import { refreshJobTotals } from '../discrepancies/decisions.ts';

// SQL of the runs: a year's runs, deleting them, one party's removal, and the
// sales entries edited since they were reconciled.

export const yearRuns = (ctx: AppContext, entityId: string, kind: ReconKind, financialYear: string) =>
  ctx.db
    .selectFrom('recon_runs')
    .select(['job_id', 'status'])
    .where('entity_id', '=', entityId)
    .where('kind', '=', kind)
    .where('financial_year', '=', financialYear)
    .execute();

export const deleteRuns = (ctx: AppContext, jobIds: string[]) =>
  ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('recon_rows').where('job_id', 'in', jobIds).execute();
    await trx.deleteFrom('recon_parties').where('job_id', 'in', jobIds).execute();
    await trx.deleteFrom('recon_unresolved').where('job_id', 'in', jobIds).execute();
    await trx.deleteFrom('recon_runs').where('job_id', 'in', jobIds).execute();
    // the jobs stay on the jobs list, marked "results deleted" (session 39)
    await markResultsDeleted(trx, jobIds, null);
  });

export const deletePartyOfRun = (ctx: AppContext, jobId: string, party: number) =>
  withTransaction(ctx.database.pool, async (client) => {
    await client.query('DELETE FROM recon_rows WHERE job_id = $1 AND party = $2', [jobId, party]);
    await client.query('DELETE FROM recon_parties WHERE job_id = $1 AND party = $2', [jobId, party]);
    await client.query('UPDATE recon_runs SET parties = greatest(parties - 1, 0) WHERE job_id = $1', [jobId]);
    await refreshJobTotals(client, jobId);
  });

export const salesToReconcile = (ctx: AppContext, entityId: string) =>
  ctx.db
    .selectFrom('sales_entries')
    .select(['id', 'financial_year'])
    .where('entity_id', '=', entityId)
    .where('to_reconcile', '=', true)
    .execute();

// The parties of a run whose book rows came from the given sales entries.
export const partyKeysOfSales = async (ctx: AppContext, jobId: string, salesIds: string[]) =>
  (
    await ctx.db
      .selectFrom('recon_rows as r')
      .innerJoin('recon_parties as p', (join) =>
        join.onRef('p.job_id', '=', 'r.job_id').onRef('p.party', '=', 'r.party'),
      )
      .select('p.party_key')
      .distinct()
      .where('r.job_id', '=', jobId)
      .where('r.side', '=', 'B')
      .where('r.source_id', 'in', salesIds)
      .execute()
  ).map((k) => k.party_key);
