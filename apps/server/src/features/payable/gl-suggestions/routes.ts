import type { payableGlSuggestionRoutes } from '@taxrecon/contracts';
import type { AppContext } from '../../../platform/context.ts';
import type { Handlers } from '../../../platform/http/bind-routes.ts';
import { entityOf } from '../../../platform/http/caller.ts';
import { confirmGlSection, unmappedGlCodes } from './unmapped-gl.ts';

export const payableGlSuggestionHandlers = (ctx: AppContext): Handlers<typeof payableGlSuggestionRoutes> => ({
  payableUnmappedGl: async ({ caller, params }) => unmappedGlCodes(ctx, entityOf(caller), params.fy),
  confirmGlSection: async ({ caller, body }) => confirmGlSection(ctx, entityOf(caller), body),
});
