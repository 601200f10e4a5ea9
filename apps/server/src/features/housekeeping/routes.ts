import type { housekeepingRoutes } from '@taxrecon/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Handlers } from '../../platform/http/bind-routes.ts';
import { deleteDataService } from './delete-data.ts';
import { snapshotService } from './snapshots.ts';
import type { HousekeepingTasks } from './tasks.ts';

type R = typeof housekeepingRoutes;

export const housekeepingHandlers = (ctx: AppContext, tasks: HousekeepingTasks): Handlers<R> => {
  const snapshots = snapshotService(ctx);
  const deletes = deleteDataService(ctx);
  return {
    snapshots: async ({ caller }) => snapshots.list(caller),
    takeSnapshot: async ({ caller, body }) => snapshots.take(caller, body.description, tasks.snapshotTake),
    deleteSnapshot: async ({ caller, params }) => snapshots.remove(caller, params.id),
    restoreSnapshot: async ({ caller, params }) =>
      snapshots.restore(caller, params.id, tasks.snapshotRestore),
    deleteSalesData: async ({ caller, query, body }) => deletes.sales(caller, body, query.customers),
    deletePayments: async ({ caller, query }) => deletes.payments(caller, query.financialYear, query.month),
    deleteOtherData: async ({ caller, query, body }) => deletes.other(caller, body, query.financialYear),
  };
};
