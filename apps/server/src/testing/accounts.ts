import { defaultPermissions } from '@taxrecon/contracts';
import { solveChallenge } from 'altcha-lib';
import { hashPassword } from '../platform/auth/crypto.ts';
import { eventually, type TestServer } from './test-server.ts';

// Test accounts made the way a person makes them, through the API, except a
// second tenant: tenants are provisioned by installation, so it is inserted.

export const solveCaptcha = async (t: TestServer): Promise<string> => {
  const challenge = (await t.api('GET', '/captcha/challenge')).json as {
    algorithm: string;
    challenge: string;
    salt: string;
    signature: string;
    maxnumber?: number;
  };
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise;
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(
    JSON.stringify({
      algorithm: challenge.algorithm,
      challenge: challenge.challenge,
      number: solution.number,
      salt: challenge.salt,
      signature: challenge.signature,
    }),
  ).toString('base64');
};

export const registrationRequest = (email: string, password: string, captcha: string) => ({
  id: email,
  password,
  fname: 'Uma',
  lname: '',
  email,
  role: 'UTILITY-USER' as const,
  companyName: 'Uma Traders',
  phoneNumber: '9876543210',
  captcha,
});

export const outboxMail = async (t: TestServer, to: string) =>
  eventually(async () =>
    t.server.ctx.db
      .selectFrom('mail_messages')
      .selectAll()
      .where('recipient', '=', to)
      .orderBy('created_at', 'desc')
      .executeTakeFirst(),
  );

export const linkHash = (text: string): { userId: string; hash: string } => {
  const m = /#\/(?:verify-registration|reset-password)\/([^?\s]+)\?hash=(\S+)/.exec(text);
  if (!m?.[1] || !m[2]) throw new Error(`no link in mail: ${text}`);
  return { userId: decodeURIComponent(m[1]), hash: decodeURIComponent(m[2]) };
};

export const registerUtilityUser = async (t: TestServer, email: string, password: string) => {
  const captcha = await solveCaptcha(t);
  const sent = await t.api('POST', `/generate-registration-link/${email}`, {
    body: registrationRequest(email, password, captcha),
  });
  if (sent.status !== 200) throw new Error(`registration link: ${JSON.stringify(sent.json)}`);
  const mail = await outboxMail(t, email);
  const { userId, hash } = linkHash(mail.body_text);
  const done = await t.api('POST', '/register', { body: { userId, hash } });
  if ((done.json as { error: boolean }).error) throw new Error(`register: ${JSON.stringify(done.json)}`);
  return t.login(email, password);
};

// Creates a NORMAL-USER through the admin API, then signs in with the e-mailed
// temporary password and replaces it, as a new colleague would.
export const createNormalUser = async (
  t: TestServer,
  adminToken: string,
  email: string,
  password: string,
) => {
  const entities = (await t.api('GET', '/legal-entities', { token: adminToken })).json as { id: string }[];
  const created = await t.api('POST', '/create-user', {
    token: adminToken,
    body: {
      email,
      fname: 'Nina',
      lname: 'Normal',
      role: 'NORMAL-USER',
      allowedEntities: entities.map((e) => e.id),
    },
  });
  if ((created.json as { error: boolean }).error)
    throw new Error(`create-user: ${JSON.stringify(created.json)}`);
  const mail = await outboxMail(t, email);
  const temporary = /Temporary password: (\S+)/.exec(mail.body_text)?.[1];
  if (!temporary) throw new Error('no temporary password in the welcome mail');
  const token = await t.login(email, temporary);
  const changed = await t.api('PUT', '/change-password', {
    token,
    body: { userId: email, oldPassword: temporary, password },
  });
  if ((changed.json as { error: boolean }).error)
    throw new Error(`change-password: ${JSON.stringify(changed.json)}`);
  return token;
};

export const insertTenantWithAdmin = async (
  t: TestServer,
  tenantName: string,
  email: string,
  password: string,
) => {
  const db = t.server.ctx.db;
  const tenant = await db
    .insertInto('tenants')
    .values({ name: tenantName })
    .returning('id')
    .executeTakeFirstOrThrow();
  const entity = await db
    .insertInto('legal_entities')
    .values({
      tenant_id: tenant.id,
      sub_group_id: 'SG1',
      name: `${tenantName} HQ`,
      description: `${tenantName} HQ`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const user = await db
    .insertInto('users')
    .values({
      tenant_id: tenant.id,
      login: email,
      email,
      role: 'ADMIN',
      permissions: defaultPermissions('ADMIN'),
      password_hash: await hashPassword(password),
      current_entity_id: entity.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_entities').values({ user_id: user.id, entity_id: entity.id }).execute();
  return { tenantId: tenant.id, entityId: entity.id, token: await t.login(email, password) };
};
