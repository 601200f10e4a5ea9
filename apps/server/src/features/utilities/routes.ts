import type { utilityRoutes } from '@taxrecon/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Handlers } from '../../platform/http/bind-routes.ts';
import { startConversion, startDiff } from './service.ts';
import type { UtilityTasks } from './tasks.ts';

export const utilityHandlers = (ctx: AppContext, tasks: UtilityTasks): Handlers<typeof utilityRoutes> => ({
  convert26as: async ({ caller, request }) => startConversion(ctx, tasks, caller, request),
  diff26as: async ({ caller, request }) => startDiff(ctx, tasks, caller, request),
});
