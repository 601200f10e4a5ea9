import type { LoginResponse, Me, Permission, Role } from '@taxrecon/contracts';
import { sql } from 'kysely';
import { hashPassword, randomToken, sha256Hex, verifyPassword } from '../../platform/auth/crypto.ts';
import type { AppContext } from '../../platform/context.ts';
import { SESSION_DAYS } from '../../platform/http/caller.ts';
import { HttpError } from '../../platform/http/errors.ts';

export const LOGIN_FAILED = 'Login Failed: Invalid Credentials';
// Five wrong passwords lock the account for fifteen minutes.
export const MAX_FAILED_LOGINS = 5;
export const LOCKOUT_MINUTES = 15;

// Verifying against a real hash when the user does not exist keeps the answer
// time the same, so timing does not reveal which login names exist.
let decoyHash: Promise<string> | null = null;
const decoy = () => {
  decoyHash ??= hashPassword(randomToken());
  return decoyHash;
};

export const login = async (ctx: AppContext, userId: string, password: string): Promise<LoginResponse> => {
  const user = await ctx.db.selectFrom('users').selectAll().where('login', '=', userId).executeTakeFirst();
  if (!user) {
    await verifyPassword(await decoy(), password);
    throw new HttpError(401, 'INVALID_CREDENTIALS', LOGIN_FAILED);
  }
  if (user.locked_until && user.locked_until.getTime() > Date.now()) {
    throw new HttpError(
      429,
      'ACCOUNT_LOCKED',
      `Too many failed sign-ins. The account is locked until ${user.locked_until.toISOString().slice(11, 16)} UTC.`,
    );
  }
  if (!(await verifyPassword(user.password_hash, password))) {
    // One statement counts the failure and locks on the fifth, so parallel
    // wrong passwords cannot all read the same count and each write count + 1.
    await sql`
      UPDATE users
      SET failed_logins = CASE WHEN failed_logins + 1 >= ${MAX_FAILED_LOGINS} THEN 0 ELSE failed_logins + 1 END,
          locked_until = CASE WHEN failed_logins + 1 >= ${MAX_FAILED_LOGINS}
                              THEN now() + make_interval(mins => ${LOCKOUT_MINUTES})
                              ELSE locked_until END
      WHERE id = ${user.id}`.execute(ctx.db);
    throw new HttpError(401, 'INVALID_CREDENTIALS', LOGIN_FAILED);
  }
  const token = randomToken();
  let entityId = user.current_entity_id;
  if (!entityId) {
    const first = await ctx.db
      .selectFrom('user_entities as ue')
      .innerJoin('legal_entities as e', 'e.id', 'ue.entity_id')
      .select('e.id')
      .where('ue.user_id', '=', user.id)
      .orderBy('e.created_at')
      .executeTakeFirst();
    entityId = first?.id ?? null;
  }
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('sessions')
      .values({
        token_hash: sha256Hex(token),
        user_id: user.id,
        expires_at: new Date(Date.now() + SESSION_DAYS * 86_400_000),
      })
      .execute();
    await trx
      .updateTable('users')
      .set({ failed_logins: 0, locked_until: null, current_entity_id: entityId })
      .where('id', '=', user.id)
      .execute();
  });
  return {
    userId: user.login,
    token,
    role: user.role as Role,
    permissions: user.permissions as Permission[],
    changePassword: user.must_change_password,
  };
};

export const logout = async (ctx: AppContext, token: string): Promise<void> => {
  await ctx.db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('token_hash', '=', sha256Hex(token))
    .where('revoked_at', 'is', null)
    .execute();
};

export const describeMe = async (ctx: AppContext, userId: string): Promise<Me> => {
  const row = await ctx.db
    .selectFrom('users as u')
    .innerJoin('tenants as t', 't.id', 'u.tenant_id')
    .leftJoin('legal_entities as e', 'e.id', 'u.current_entity_id')
    .select([
      'u.login',
      'u.email',
      'u.fname',
      'u.lname',
      'u.role',
      'u.permissions',
      'u.must_change_password',
      't.name as tenantName',
      'e.id as entityId',
      'e.sub_group_id as subGroupId',
      'e.name as entityName',
    ])
    .where('u.id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    userId: row.login,
    email: row.email,
    fname: row.fname,
    lname: row.lname,
    role: row.role as Role,
    permissions: row.permissions as Permission[],
    tenantName: row.tenantName,
    currentEntity:
      row.entityId && row.subGroupId && row.entityName
        ? { id: row.entityId, subGroupId: row.subGroupId, subGroupDescription: row.entityName }
        : null,
    changePassword: row.must_change_password,
  };
};

export const changePassword = async (
  ctx: AppContext,
  caller: { userId: string; tokenHash: string },
  oldPassword: string,
  password: string,
): Promise<{ error: boolean; message: string }> => {
  const user = await ctx.db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', caller.userId)
    .executeTakeFirstOrThrow();
  if (!(await verifyPassword(user.password_hash, oldPassword))) {
    return { error: true, message: 'The old password is not correct.' };
  }
  if (oldPassword === password) {
    return { error: true, message: 'The new password must differ from the old one.' };
  }
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, must_change_password: false })
      .where('id', '=', caller.userId)
      .execute();
    // Other sessions of this user end: whoever knew the old password is signed out.
    await trx
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('user_id', '=', caller.userId)
      .where('token_hash', '!=', caller.tokenHash)
      .where('revoked_at', 'is', null)
      .execute();
  });
  return { error: false, message: 'Password changed successfully.' };
};
