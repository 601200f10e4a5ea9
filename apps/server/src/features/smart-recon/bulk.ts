import {
  BULK_IN_PROGRESS,
  BULK_MAX_IDS,
  BULK_TOO_MANY_IDS,
  type RECON_MATCH_MODES,
} from '@taxrecon/contracts';
import { paiseOfNumeric, rupeesToPaise } from '@taxrecon/shared';
import type { AppContext } from '../../platform/context.ts';
import type { Caller } from '../../platform/http/caller.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { latestRun } from '../reconciliation/discrepancies/discrepancies.ts';
import { startPartiesJob } from '../reconciliation/discrepancies/parties-job.ts';
import type { ReconciliationTasks } from '../reconciliation/tasks.ts';

// Bulk smart recon works on the year's latest completed TDS reconciliation:
// it lists the customers whose matched TDS share is low and reconciles the
// chosen ones again through the partial reconciliation job (one job per
// entity at a time, as every reconciliation).

const idOf = (p: { code: string | null; party_key: string }): string => p.code ?? p.party_key;

// Matched share = book TDS settled (matched, by totals or accepted) / book TDS.
export const lowMatchedIds = async (ctx: AppContext, caller: Caller, fy: string, below: number) => {
  const run = await latestRun(ctx, caller, 'TDS', fy);
  const parties = await ctx.db
    .selectFrom('recon_parties')
    .select(['code', 'party_key', 'book_tax', 'matched_book_tax', 'totals_book_tax', 'accepted_book_tax'])
    .where('job_id', '=', run.job_id)
    .where('entity_id', '=', run.entity_id)
    .orderBy('party')
    .execute();
  return parties
    .filter((p) => {
      const book = paiseOfNumeric(p.book_tax);
      if (book <= 0) return false;
      const settled =
        paiseOfNumeric(p.matched_book_tax) +
        paiseOfNumeric(p.totals_book_tax) +
        paiseOfNumeric(p.accepted_book_tax);
      return (settled * 100) / book < below;
    })
    .map(idOf);
};

export const submitBulk = async (
  ctx: AppContext,
  tasks: ReconciliationTasks,
  caller: Caller,
  fy: string,
  ids: readonly string[],
  options: { tolerance: number; reconMatchMode: (typeof RECON_MATCH_MODES)[number] },
) => {
  const unique = [...new Set(ids.map((i) => i.trim()).filter((i) => i !== ''))];
  if (unique.length === 0) throw badRequest('Enter at least one customer id, one per line.', 'NO_CUSTOMERS');
  if (unique.length > BULK_MAX_IDS) throw badRequest(BULK_TOO_MANY_IDS, 'TOO_MANY_IDS');
  const run = await latestRun(ctx, caller, 'TDS', fy);
  const known = await ctx.db
    .selectFrom('recon_parties')
    .select(['code', 'party_key', 'tan'])
    .where('job_id', '=', run.job_id)
    .execute();
  const ids_ = new Set(known.flatMap((p) => [p.code, p.party_key, p.tan].filter((x): x is string => !!x)));
  const unknown = unique.filter((i) => !ids_.has(i));
  if (unknown.length > 0) {
    throw badRequest(
      `Not customers of the FY ${fy} reconciliation: ${unknown.slice(0, 10).join(', ')}${unknown.length > 10 ? ` and ${unknown.length - 10} more` : ''}.`,
      'UNKNOWN_CUSTOMERS',
    );
  }
  const started = await startPartiesJob(ctx, tasks.parties, caller, run, {
    mode: 'tolerance',
    keys: unique,
    totalsTolerance: rupeesToPaise(options.tolerance),
    matchMode: options.reconMatchMode,
    editedSalesIds: [],
  });
  if (started.throttled) return { message: BULK_IN_PROGRESS, error: BULK_IN_PROGRESS };
  return { message: started.message, jobId: started.jobId ?? undefined };
};
