import type { Kysely } from 'kysely';
import { randomToken } from './auth/crypto.ts';
import type { DB } from './db/schema.ts';

// The key behind signed links and the captcha. Kept in the database so every
// process of one installation shares it; TAXRECON_SECRET overrides it.
export const loadSecret = async (db: Kysely<DB>, configured: string | null): Promise<string> => {
  if (configured) return configured;
  await db
    .insertInto('settings')
    .values({ key: 'secret', value: randomToken(48) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'secret')
    .executeTakeFirstOrThrow();
  return row.value;
};
