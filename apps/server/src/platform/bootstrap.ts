import { defaultPermissions } from '@taxrecon/contracts';
import type { Kysely } from 'kysely';
import { generatePassword, hashPassword } from './auth/crypto.ts';
import type { DB } from './db/schema.ts';

// Self-registered users live in this tenant (spec part 1 section 6).
export const UTILITY_TENANT = 'utility';
export const OPERATOR_TENANT_KEY = 'operator_tenant';

export interface BootstrapResult {
  created: boolean;
  adminLogin: string;
  // set only when the password was generated here; printed once and never stored in clear
  generatedPassword: string | null;
}

// On the first start of an empty database: the installation's tenant with one
// legal entity and an ADMIN, plus the 'utility' tenant self-registration uses.
export const bootstrap = async (
  db: Kysely<DB>,
  options: {
    adminEmail: string | null;
    adminPassword: string | null;
    tenantName?: string;
    entityName?: string;
  },
): Promise<BootstrapResult> => {
  const adminLogin = (options.adminEmail ?? 'admin@taxrecon.local').trim().toLowerCase();
  const existing = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', OPERATOR_TENANT_KEY)
    .executeTakeFirst();
  if (existing) return { created: false, adminLogin, generatedPassword: null };

  const generatedPassword = options.adminPassword ? null : generatePassword();
  const passwordHash = await hashPassword(options.adminPassword ?? generatedPassword ?? '');
  await db.transaction().execute(async (trx) => {
    const tenant = await trx
      .insertInto('tenants')
      .values({ name: options.tenantName ?? 'TaxRecon' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const entity = await trx
      .insertInto('legal_entities')
      .values({
        tenant_id: tenant.id,
        sub_group_id: 'SG1',
        name: options.entityName ?? 'Head Office',
        description: options.entityName ?? 'Head Office',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const admin = await trx
      .insertInto('users')
      .values({
        tenant_id: tenant.id,
        login: adminLogin,
        email: adminLogin,
        fname: 'Admin',
        lname: '',
        role: 'ADMIN',
        permissions: defaultPermissions('ADMIN'),
        password_hash: passwordHash,
        // a generated password was shown on a console: it must be replaced at first sign-in
        must_change_password: generatedPassword !== null,
        current_entity_id: entity.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('user_entities').values({ user_id: admin.id, entity_id: entity.id }).execute();
    const utility = await trx
      .insertInto('tenants')
      .values({ name: UTILITY_TENANT })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('legal_entities')
      .values({ tenant_id: utility.id, sub_group_id: 'SUBGPR', name: 'Utilities', description: 'Utilities' })
      .execute();
    await trx.insertInto('settings').values({ key: OPERATOR_TENANT_KEY, value: tenant.id }).execute();
  });
  return { created: true, adminLogin, generatedPassword };
};
