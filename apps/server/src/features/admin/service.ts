import {
  type AdminUser,
  defaultPermissions,
  type LegalEntity,
  PanNumber,
  type Role,
} from '@taxrecon/contracts';
import { sql } from 'kysely';
import { generatePassword, hashPassword } from '../../platform/auth/crypto.ts';
import { OPERATOR_TENANT_KEY, UTILITY_TENANT } from '../../platform/bootstrap.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Caller } from '../../platform/http/caller.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';

// Everything here is scoped to the caller's tenant: another tenant's user or
// entity answers 404, as if it did not exist.

const toLegalEntity = (e: {
  id: string;
  sub_group_id: string;
  name: string;
  description: string;
  pan: string | null;
}): LegalEntity => ({
  id: e.id,
  subGroupId: e.sub_group_id,
  name: e.name,
  description: e.description,
  panNumber: e.pan,
});

export const listLegalEntities = async (ctx: AppContext, caller: Caller): Promise<LegalEntity[]> => {
  const rows = await ctx.db
    .selectFrom('legal_entities')
    .select(['id', 'sub_group_id', 'name', 'description', 'pan'])
    .where('tenant_id', '=', caller.tenantId)
    .orderBy('created_at')
    .execute();
  return rows.map(toLegalEntity);
};

export const listUsers = async (ctx: AppContext, caller: Caller): Promise<AdminUser[]> => {
  const users = await ctx.db
    .selectFrom('users')
    .select(['id', 'login', 'email', 'fname', 'lname', 'role'])
    .where('tenant_id', '=', caller.tenantId)
    .orderBy('created_at')
    .execute();
  const links = await ctx.db
    .selectFrom('user_entities as ue')
    .innerJoin('legal_entities as e', 'e.id', 'ue.entity_id')
    .select(['ue.user_id', 'e.id', 'e.name'])
    .where('e.tenant_id', '=', caller.tenantId)
    .orderBy('e.created_at')
    .execute();
  return users.map((u) => {
    const entities = links.filter((l) => l.user_id === u.id);
    return {
      id: u.login,
      email: u.email,
      fname: u.fname,
      lname: u.lname,
      role: u.role as Role,
      allowedEntities: entities.map((e) => e.id),
      allowedEntitiesObj: entities.map((e) => ({ id: e.id, name: e.name })),
    };
  });
};

// The entities a user is to be allowed, all of the caller's organisation.
// None, or any that is not one of them (a text that is not an id among them:
// it was dropped before, and an empty list then broke the query), is refused.
const tenantEntityIds = async (ctx: AppContext, caller: Caller, ids: string[]): Promise<string[]> => {
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw badRequest('Select one or more entities');
  if (!unique.every(isUuid))
    throw badRequest('Select one or more entities of your organisation.', 'UNKNOWN_ENTITY');
  const rows = await ctx.db
    .selectFrom('legal_entities')
    .select('id')
    .where('tenant_id', '=', caller.tenantId)
    .where('id', 'in', unique)
    .execute();
  if (rows.length !== unique.length)
    throw badRequest('Select one or more entities of your organisation.', 'UNKNOWN_ENTITY');
  return unique;
};

const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

export const createUser = async (
  ctx: AppContext,
  caller: Caller,
  input: {
    email: string;
    fname: string;
    lname: string;
    role: 'ADMIN' | 'NORMAL-USER';
    allowedEntities: string[];
  },
) => {
  const login = input.email.toLowerCase();
  const entities = await tenantEntityIds(ctx, caller, input.allowedEntities);
  const exists = await ctx.db.selectFrom('users').select('id').where('login', '=', login).executeTakeFirst();
  if (exists) return { error: true, status: 409, message: 'A user with this e-mail address already exists.' };
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto('users')
      .values({
        tenant_id: caller.tenantId,
        login,
        email: login,
        fname: input.fname,
        lname: input.lname,
        role: input.role,
        permissions: defaultPermissions(input.role),
        password_hash: passwordHash,
        must_change_password: true,
        current_entity_id: entities[0] ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('user_entities')
      .values(entities.map((entity_id) => ({ user_id: user.id, entity_id })))
      .execute();
  });
  await ctx.sendMail({
    to: login,
    tenantId: caller.tenantId,
    subject: 'Your TaxRecon account',
    text: `Hello ${input.fname},\n\nAn account was created for you.\nSign in at ${ctx.config.publicUrl}/#/login\nUser: ${login}\nTemporary password: ${password}\n\nYou will be asked to choose your own password at first sign-in.\n`,
  });
  return { error: false, status: 200, message: `User created. A welcome e-mail was sent to ${login}.` };
};

const findTenantUser = async (ctx: AppContext, caller: Caller, login: string) => {
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'current_entity_id'])
    .where('login', '=', login.toLowerCase())
    .where('tenant_id', '=', caller.tenantId)
    .executeTakeFirst();
  if (!user) throw notFound('User not found');
  return user;
};

export const updateUser = async (
  ctx: AppContext,
  caller: Caller,
  input: { id: string; fname?: string; lname?: string; allowedEntities: string[] },
) => {
  const user = await findTenantUser(ctx, caller, input.id);
  const entities = await tenantEntityIds(ctx, caller, input.allowedEntities);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('user_entities').where('user_id', '=', user.id).execute();
    await trx
      .insertInto('user_entities')
      .values(entities.map((entity_id) => ({ user_id: user.id, entity_id })))
      .execute();
    const current =
      user.current_entity_id && entities.includes(user.current_entity_id)
        ? user.current_entity_id
        : entities[0];
    await trx
      .updateTable('users')
      .set({
        current_entity_id: current ?? null,
        ...(input.fname ? { fname: input.fname } : {}),
        ...(input.lname ? { lname: input.lname } : {}),
      })
      .where('id', '=', user.id)
      .execute();
  });
  return { error: false, status: 200, message: 'User updated.' };
};

export const deleteUser = async (ctx: AppContext, caller: Caller, login: string) => {
  const user = await findTenantUser(ctx, caller, login);
  if (user.id === caller.userId)
    return { error: true, status: 400, message: 'You cannot delete your own account.' };
  await ctx.db.deleteFrom('users').where('id', '=', user.id).execute();
  return { error: false, status: 200, message: 'User deleted.' };
};

export const createLegalEntity = async (ctx: AppContext, caller: Caller, name: string, pan?: string) => {
  return ctx.db.transaction().execute(async (trx) => {
    // Sub-group ids are SG1, SG2, ... per tenant; the lock keeps two admins from taking the same one.
    await sql`SELECT pg_advisory_xact_lock(hashtext(${caller.tenantId}))`.execute(trx);
    const count = await trx
      .selectFrom('legal_entities')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', caller.tenantId)
      .executeTakeFirstOrThrow();
    const entity = await trx
      .insertInto('legal_entities')
      .values({
        tenant_id: caller.tenantId,
        sub_group_id: `SG${Number(count.n) + 1}`,
        name,
        description: name,
        pan: pan ?? null,
      })
      .returning(['id', 'sub_group_id', 'name', 'description', 'pan'])
      .executeTakeFirstOrThrow();
    // The admin who creates an entity can work in it at once.
    await trx.insertInto('user_entities').values({ user_id: caller.userId, entity_id: entity.id }).execute();
    return toLegalEntity(entity);
  });
};

const findTenantEntity = async (ctx: AppContext, caller: Caller, entityId: string) => {
  const entity = await ctx.db
    .selectFrom('legal_entities')
    .select('id')
    .where('id', '=', entityId)
    .where('tenant_id', '=', caller.tenantId)
    .executeTakeFirst();
  if (!entity) throw notFound('Entity not found');
  return entity;
};

export const renameEntity = async (ctx: AppContext, caller: Caller, entityId: string, name: string) => {
  await findTenantEntity(ctx, caller, entityId);
  await ctx.db
    .updateTable('legal_entities')
    .set({ name, description: name })
    .where('id', '=', entityId)
    .execute();
  return { message: 'Entity name updated' };
};

export const setEntityPan = async (ctx: AppContext, caller: Caller, entityId: string, pan: string) => {
  await findTenantEntity(ctx, caller, entityId);
  const parsed = PanNumber.safeParse(pan);
  if (!parsed.success) throw badRequest('Invalid PAN Number', 'INVALID_PAN');
  await ctx.db.updateTable('legal_entities').set({ pan: parsed.data }).where('id', '=', entityId).execute();
  return { message: 'PAN Number Saved/Updated' };
};

// Mail kept because no SMTP server is configured. The installation's own tenant
// also sees self-registration mail: whoever runs the installation confirms those.
export const listOutbox = async (ctx: AppContext, caller: Caller) => {
  const operator = await ctx.db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', OPERATOR_TENANT_KEY)
    .executeTakeFirst();
  const tenants = [caller.tenantId];
  if (operator?.value === caller.tenantId) {
    const utility = await ctx.db
      .selectFrom('tenants')
      .select('id')
      .where('name', '=', UTILITY_TENANT)
      .executeTakeFirst();
    if (utility) tenants.push(utility.id);
  }
  const rows = await ctx.db
    .selectFrom('mail_messages')
    .select(['id', 'recipient', 'subject', 'body_text', 'created_at'])
    .where('transport', '=', 'outbox')
    .where('tenant_id', 'in', tenants)
    .orderBy('created_at', 'desc')
    .limit(500)
    .execute();
  return rows.map((m) => ({
    id: m.id,
    to: m.recipient,
    subject: m.subject,
    text: m.body_text,
    createdAt: m.created_at.toISOString(),
  }));
};
