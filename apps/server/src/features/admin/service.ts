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

// Everything here is scoped to the caller's tenant and, inside it, to the
// entities the caller is allowed: an administrator limited to some entities
// sees and manages those entities and the users working only in them; another
// entity, or a user of another entity, answers 404, as if it did not exist,
// and cannot be handed out (session 39: an administrator of entity B gave
// themselves entity A, renamed it and set its PAN).

// The caller's own entities (of their tenant).
const callerEntityIds = async (ctx: AppContext, caller: Caller): Promise<Set<string>> => {
  const rows = await ctx.db
    .selectFrom('user_entities as ue')
    .innerJoin('legal_entities as e', 'e.id', 'ue.entity_id')
    .select('e.id')
    .where('ue.user_id', '=', caller.userId)
    .where('e.tenant_id', '=', caller.tenantId)
    .execute();
  return new Set(rows.map((r) => r.id));
};

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
  const mine = await callerEntityIds(ctx, caller);
  const rows = await ctx.db
    .selectFrom('legal_entities')
    .select(['id', 'sub_group_id', 'name', 'description', 'pan'])
    .where('tenant_id', '=', caller.tenantId)
    .orderBy('created_at')
    .execute();
  return rows.filter((e) => mine.has(e.id)).map(toLegalEntity);
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
  const mine = await callerEntityIds(ctx, caller);
  // users working only in the caller's entities (the caller among them)
  const inScope = users.filter((u) => links.every((l) => l.user_id !== u.id || mine.has(l.id)));
  return inScope.map((u) => {
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

// The entities a user is to be allowed, all of the caller's organisation and
// among the caller's own entities (nobody hands out access they do not have).
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
  const mine = await callerEntityIds(ctx, caller);
  if (rows.length !== unique.length || !unique.every((id) => mine.has(id)))
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
  // a user who also works in an entity the caller is not allowed is another entity's user
  const theirs = await ctx.db
    .selectFrom('user_entities')
    .select('entity_id')
    .where('user_id', '=', user.id)
    .execute();
  const mine = await callerEntityIds(ctx, caller);
  if (!theirs.every((e) => mine.has(e.entity_id))) throw notFound('User not found');
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
    // The admin who creates an entity can work in it at once, and so can every
    // administrator who held all the organisation's entities before it: an
    // entity made by an administrator of some entities must not be hidden from
    // the organisation's own administrators (admins see only their entities).
    await sql`INSERT INTO user_entities (user_id, entity_id)
      SELECT u.id, ${entity.id}::uuid FROM users u
       WHERE u.tenant_id = ${caller.tenantId}::uuid
         AND (u.id = ${caller.userId}::uuid OR (u.role = 'ADMIN' AND NOT EXISTS (
           SELECT 1 FROM legal_entities e WHERE e.tenant_id = u.tenant_id AND e.id <> ${entity.id}::uuid
              AND NOT EXISTS (SELECT 1 FROM user_entities ue WHERE ue.user_id = u.id AND ue.entity_id = e.id))))
      ON CONFLICT DO NOTHING`.execute(trx);
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
  if (!entity || !(await callerEntityIds(ctx, caller)).has(entity.id)) throw notFound('Entity not found');
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
