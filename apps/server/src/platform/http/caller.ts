import type { Permission, Role } from '@taxrecon/contracts';
import type { Kysely } from 'kysely';
import { sha256Hex } from '../auth/crypto.ts';
import type { DB } from '../db/schema.ts';
import { badRequest } from './errors.ts';

// Who is calling, resolved from the bearer token on every request.
export interface Caller {
  userId: string;
  login: string;
  email: string;
  tenantId: string;
  role: Role;
  permissions: Permission[];
  // the current entity; null only if the user has no entity at all
  entityId: string | null;
  mustChangePassword: boolean;
  tokenHash: string;
}

export const SESSION_DAYS = 7;

export const findCaller = async (db: Kysely<DB>, token: string): Promise<Caller | null> => {
  const tokenHash = sha256Hex(token);
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      'u.id',
      'u.login',
      'u.email',
      'u.tenant_id',
      'u.role',
      'u.permissions',
      'u.current_entity_id',
      'u.must_change_password',
    ])
    .where('s.token_hash', '=', tokenHash)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', new Date())
    .executeTakeFirst();
  if (!row) return null;
  return {
    userId: row.id,
    login: row.login,
    email: row.email,
    tenantId: row.tenant_id,
    role: row.role as Role,
    permissions: row.permissions as Permission[],
    entityId: row.current_entity_id,
    mustChangePassword: row.must_change_password,
    tokenHash,
  };
};

export const bearerToken = (header: string | undefined): string | null => {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m?.[1] ?? null;
};

const noEntity = () => badRequest('Choose an entity first.', 'NO_ENTITY');

// The caller's current entity. Every entity-scoped call starts here, so a user
// without one gets the same 400 everywhere rather than a query on null.
export const entityOf = (caller: Pick<Caller, 'entityId'>): string => {
  if (!caller.entityId) throw noEntity();
  return caller.entityId;
};

// The caller's current entity, looked up in the caller's tenant too, so a
// stale or foreign entity id can never reach another tenant's rows. For calls
// that write an entity's master data or delete its history.
export const currentEntity = async (
  ctx: { db: Kysely<DB> },
  caller: Pick<Caller, 'entityId' | 'tenantId'>,
): Promise<string> => {
  const entity = caller.entityId
    ? await ctx.db
        .selectFrom('legal_entities')
        .select('id')
        .where('id', '=', caller.entityId)
        .where('tenant_id', '=', caller.tenantId)
        .executeTakeFirst()
    : undefined;
  if (!entity) throw noEntity();
  return entity.id;
};
