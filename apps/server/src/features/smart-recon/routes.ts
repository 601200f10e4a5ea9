import type { smartReconRoutes } from '@taxrecon/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Handlers } from '../../platform/http/bind-routes.ts';
import { sendFile } from '../reconciliation/discrepancies/routes.ts';
import type { ReconciliationTasks } from '../reconciliation/tasks.ts';
import { lowMatchedIds, submitBulk } from './bulk.ts';
import { matchesZip } from './matches-zip.ts';
import { acceptGroups, ownerOf, runSmartRecon } from './service.ts';
import { loadResult } from './store.ts';

export const smartReconHandlers = (
  ctx: AppContext,
  tasks: ReconciliationTasks,
): Handlers<typeof smartReconRoutes> => ({
  smartRecon: async ({ caller, request }) => runSmartRecon(ctx, caller, request),
  smartReconUpdate: async ({ caller, body }) => acceptGroups(ctx, caller, body),
  smartReconResult: async ({ caller, params }) => loadResult(ctx, ownerOf(caller), params.key),
  smartReconDownload: async ({ caller, params, reply }) => {
    const result = await loadResult(ctx, ownerOf(caller), params.key);
    return sendFile(reply, await matchesZip(result), 'matches.zip', 'application/zip');
  },
  lowMatchedCustomerIds: async ({ caller, params, query, reply }) => {
    const ids = await lowMatchedIds(ctx, caller, params.fy, query.tdsMatchedPercentage);
    // one id a line, no header: the list is pasted as it is into Submit Job
    const text = ids.map((id) => `${id}\n`).join('');
    return sendFile(reply, text, `customer-ids-${params.fy}.csv`, 'text/csv; charset=utf-8');
  },
  bulkSmartRecon: async ({ caller, params, query, body }) =>
    submitBulk(ctx, tasks, caller, params.fy, body, query),
});
