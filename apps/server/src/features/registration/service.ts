import type { RegistrationRequest } from '@taxrecon/contracts';
import { hashPassword } from '../../platform/auth/crypto.ts';
import { checkLink, consumeLink, createLink, LINK_MESSAGES, voidLinks } from '../../platform/auth/links.ts';
import { UTILITY_TENANT } from '../../platform/bootstrap.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, HttpError } from '../../platform/http/errors.ts';
import { spendCaptcha } from './captcha.ts';

const REGISTRATION_TTL_MINUTES = 24 * 60;
const RESET_TTL_MINUTES = 60;

interface PendingRegistration {
  email: string;
  fname: string;
  lname: string;
  companyName: string;
  phone: string;
  passwordHash: string;
}

const userExists = async (ctx: AppContext, login: string) =>
  !!(await ctx.db.selectFrom('users').select('id').where('login', '=', login).executeTakeFirst());

const utilityTenantId = async (ctx: AppContext) =>
  (
    await ctx.db
      .selectFrom('tenants')
      .select('id')
      .where('name', '=', UTILITY_TENANT)
      .executeTakeFirstOrThrow()
  ).id;

export const isLoginFree = async (ctx: AppContext, login: string) => !(await userExists(ctx, login));

export const hasPendingRegistration = async (ctx: AppContext, login: string) =>
  !!(await ctx.db
    .selectFrom('pending_links')
    .select('id')
    .where('login', '=', login)
    .where('purpose', '=', 'register')
    .where('used_at', 'is', null)
    .where('replaced_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst());

export const sendRegistrationLink = async (
  ctx: AppContext,
  userName: string,
  request: RegistrationRequest,
) => {
  const login = userName.trim().toLowerCase();
  if (login !== request.id || login !== request.email.toLowerCase()) {
    throw badRequest('The user name must be the e-mail address.');
  }
  const captcha = await spendCaptcha(ctx.db, ctx.secret, request.captcha);
  if (captcha === 'spent') {
    throw badRequest('This captcha was already used. Please solve a new one and send again.', 'CAPTCHA_USED');
  }
  if (captcha !== 'ok') {
    throw badRequest('The captcha was not solved. Please solve it again.', 'CAPTCHA_FAILED');
  }
  if (await userExists(ctx, login)) {
    throw new HttpError(
      409,
      'USER_EXISTS',
      'This user is already registered. Please sign in or reset your password.',
    );
  }
  const payload: PendingRegistration = {
    email: login,
    fname: request.fname,
    lname: request.lname ?? '',
    companyName: request.companyName,
    phone: request.phoneNumber,
    passwordHash: await hashPassword(request.password),
  };
  const token = await createLink(ctx.db, ctx.secret, {
    purpose: 'register',
    login,
    payload,
    ttlMinutes: REGISTRATION_TTL_MINUTES,
  });
  const link = `${ctx.config.publicUrl}/#/verify-registration/${encodeURIComponent(login)}?hash=${encodeURIComponent(token)}`;
  await ctx.sendMail({
    to: login,
    tenantId: await utilityTenantId(ctx),
    subject: 'Confirm your TaxRecon registration',
    text: `Hello ${request.fname},\n\nPlease confirm your registration by opening this link within 24 hours:\n${link}\n\nIf you did not register, ignore this message.\n`,
  });
};

export const verifyRegistration = async (ctx: AppContext, login: string, hash: string): Promise<string> => {
  const check = await checkLink(ctx.db, ctx.secret, 'register', login.toLowerCase(), hash);
  return check.ok ? 'Success' : check.message;
};

// Creates the account the link was made for: UTILITY-USER in the 'utility'
// tenant, user group REGULAR_USER, permission group SUPER_USER (spec part 1 section 6).
export const completeRegistration = async (ctx: AppContext, login: string, hash: string) => {
  const tenantId = await utilityTenantId(ctx);
  return ctx.db.transaction().execute(async (trx) => {
    const check = await checkLink(trx, ctx.secret, 'register', login, hash);
    if (!check.ok) return { error: true, message: check.message };
    if (!(await consumeLink(trx, check.id))) return { error: true, message: LINK_MESSAGES.used };
    const exists = await trx.selectFrom('users').select('id').where('login', '=', login).executeTakeFirst();
    if (exists) return { error: true, message: 'This user is already registered.' };
    const pending = check.payload as PendingRegistration;
    const entity = await trx
      .selectFrom('legal_entities')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .orderBy('created_at')
      .executeTakeFirstOrThrow();
    const user = await trx
      .insertInto('users')
      .values({
        tenant_id: tenantId,
        login,
        email: pending.email,
        fname: pending.fname,
        lname: pending.lname,
        role: 'UTILITY-USER',
        permissions: [],
        user_group: 'REGULAR_USER',
        permission_group: 'SUPER_USER',
        password_hash: pending.passwordHash,
        current_entity_id: entity.id,
        company_name: pending.companyName,
        phone: pending.phone,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('user_entities').values({ user_id: user.id, entity_id: entity.id }).execute();
    return { error: false, message: 'Success' };
  });
};

export const sendResetLink = async (ctx: AppContext, rawLogin: string) => {
  const login = rawLogin.trim().toLowerCase();
  const user = await ctx.db
    .selectFrom('users')
    .select(['email', 'fname', 'tenant_id'])
    .where('login', '=', login)
    .executeTakeFirst();
  // The answer is the same whether or not the account exists, so the call cannot be used to probe for accounts.
  if (!user) return;
  const token = await createLink(ctx.db, ctx.secret, {
    purpose: 'reset',
    login,
    payload: {},
    ttlMinutes: RESET_TTL_MINUTES,
  });
  const link = `${ctx.config.publicUrl}/#/reset-password/${encodeURIComponent(login)}?hash=${encodeURIComponent(token)}`;
  await ctx.sendMail({
    to: user.email,
    tenantId: user.tenant_id,
    subject: 'Reset your TaxRecon password',
    text: `Hello ${user.fname},\n\nOpen this link within an hour to set a new password:\n${link}\n\nIf you did not ask for this, ignore this message; your password stays as it is.\n`,
  });
};

export const verifyReset = async (ctx: AppContext, login: string, hash: string): Promise<string> => {
  const check = await checkLink(ctx.db, ctx.secret, 'reset', login.toLowerCase(), hash);
  return check.ok ? 'Success' : check.message;
};

export const resetPassword = async (ctx: AppContext, login: string, hash: string, password: string) => {
  const passwordHash = await hashPassword(password);
  return ctx.db.transaction().execute(async (trx) => {
    const check = await checkLink(trx, ctx.secret, 'reset', login, hash);
    if (!check.ok) return { error: true, message: check.message };
    if (!(await consumeLink(trx, check.id))) return { error: true, message: LINK_MESSAGES.used };
    const user = await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, must_change_password: false, failed_logins: 0, locked_until: null })
      .where('login', '=', login)
      .returning('id')
      .executeTakeFirst();
    if (!user) return { error: true, message: LINK_MESSAGES.invalid };
    // Any other link mailed for this login stops working with the reset.
    await voidLinks(trx, login);
    // A reset ends every session: it is what a person does after losing control of the account.
    await trx
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('user_id', '=', user.id)
      .where('revoked_at', 'is', null)
      .execute();
    return { error: false, message: 'Your password has been changed. Please sign in with the new password.' };
  });
};
