import type { ReconJobTree, ReconKind } from '@taxrecon/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../../platform/context.ts';
import { type Caller, entityOf } from '../../../platform/http/caller.ts';
import { listItem, type RunView, runQuery } from '../runs/runs.ts';

// Spec 2.3: the entity's jobs of a kind as a tree by financial year, the
// latest year and the latest job first.
export const jobTree = async (
  ctx: AppContext,
  caller: Caller,
  kind: ReconKind,
): Promise<z.input<typeof ReconJobTree>> => {
  const runs = await runQuery(ctx)
    .where('r.entity_id', '=', entityOf(caller))
    .where('j.tenant_id', '=', caller.tenantId)
    .where('r.kind', '=', kind)
    .orderBy('r.financial_year', 'desc')
    .orderBy('r.created_at', 'desc')
    .execute();
  const years = new Map<string, RunView[]>();
  for (const run of runs) years.set(run.financial_year, [...(years.get(run.financial_year) ?? []), run]);
  return [...years].map(([financialYear, list]) => {
    const completed = list.find((r) => r.status === 'Completed');
    const start = Number(financialYear.slice(0, 4));
    return {
      financialYear,
      label: `${start}-${start + 1}`,
      hasCompleted: completed !== undefined,
      firstCompletedJobId: completed?.job_id ?? null,
      jobs: list.map(listItem),
    };
  });
};
