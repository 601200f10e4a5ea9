import type { platformRoutes } from '@taxrecon/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Handlers } from '../../platform/http/bind-routes.ts';
import {
  createLegalEntity,
  createUser,
  deleteUser,
  listLegalEntities,
  listOutbox,
  listUsers,
  renameEntity,
  setEntityPan,
  updateUser,
} from './service.ts';

type R = typeof platformRoutes;
type Names =
  | 'legalEntities'
  | 'usersByTenant'
  | 'createUser'
  | 'updateUser'
  | 'deleteUser'
  | 'createLegalEntity'
  | 'entityDesc'
  | 'entityPan'
  | 'outbox';

export const adminHandlers = (ctx: AppContext): Pick<Handlers<R>, Names> => ({
  legalEntities: async ({ caller }) => listLegalEntities(ctx, caller),
  usersByTenant: async ({ caller }) => listUsers(ctx, caller),
  createUser: async ({ caller, body }) => createUser(ctx, caller, body),
  updateUser: async ({ caller, body }) => updateUser(ctx, caller, body),
  deleteUser: async ({ caller, params }) => deleteUser(ctx, caller, params.id),
  createLegalEntity: async ({ caller, body }) => createLegalEntity(ctx, caller, body.name, body.panNumber),
  entityDesc: async ({ caller, params, query }) =>
    renameEntity(ctx, caller, params.entityId, query.entityDesc),
  entityPan: async ({ caller, params }) => setEntityPan(ctx, caller, params.entityId, params.pan),
  outbox: async ({ caller }) => listOutbox(ctx, caller),
});
