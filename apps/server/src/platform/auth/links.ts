import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { hmac, randomToken, safeEqual, sha256Hex } from './crypto.ts';

export type LinkPurpose = 'register' | 'reset';

export const LINK_MESSAGES = {
  invalid: 'This link is not valid. Please ask for a new one.',
  expired: 'This link has expired. Please ask for a new one.',
  used: 'This link has already been used.',
  replaced:
    'This link was replaced by a newer one or the password was since reset. Please use the latest link we sent.',
} as const;

// A link's secret is random; it also carries an HMAC over purpose, login and
// the random part, so a forged or altered link is refused before any lookup.
// Only the SHA-256 of the secret is stored; using a link marks it used.
const sign = (secret: string, purpose: LinkPurpose, login: string, nonce: string) =>
  hmac(secret, `${purpose}:${login}:${nonce}`);

export const createLink = async (
  db: Kysely<DB>,
  secret: string,
  options: { purpose: LinkPurpose; login: string; payload: object; ttlMinutes: number },
): Promise<string> => {
  const nonce = randomToken(24);
  const token = `${nonce}.${sign(secret, options.purpose, options.login, nonce)}`;
  await db.transaction().execute(async (trx) => {
    // Only the newest link works: asking again voids the ones mailed before.
    await voidLinks(trx, options.login, options.purpose);
    await trx
      .insertInto('pending_links')
      .values({
        purpose: options.purpose,
        login: options.login,
        token_hash: sha256Hex(token),
        payload: JSON.stringify(options.payload),
        expires_at: new Date(Date.now() + options.ttlMinutes * 60_000),
      })
      .execute();
  });
  return token;
};

// Marks every live link of this login (of one purpose, or all) as replaced.
export const voidLinks = async (
  trx: Transaction<DB>,
  login: string,
  purpose?: LinkPurpose,
): Promise<void> => {
  let query = trx
    .updateTable('pending_links')
    .set({ replaced_at: new Date() })
    .where('login', '=', login)
    .where('used_at', 'is', null)
    .where('replaced_at', 'is', null);
  if (purpose) query = query.where('purpose', '=', purpose);
  await query.execute();
};

type LinkCheck = { ok: true; id: string; payload: unknown } | { ok: false; message: string };

export const checkLink = async (
  db: Kysely<DB> | Transaction<DB>,
  secret: string,
  purpose: LinkPurpose,
  login: string,
  token: string,
): Promise<LinkCheck> => {
  const [nonce, signature] = token.split('.');
  if (!nonce || !signature || !safeEqual(signature, sign(secret, purpose, login, nonce))) {
    return { ok: false, message: LINK_MESSAGES.invalid };
  }
  const row = await db
    .selectFrom('pending_links')
    .select(['id', 'payload', 'expires_at', 'used_at', 'replaced_at'])
    .where('token_hash', '=', sha256Hex(token))
    .where('purpose', '=', purpose)
    .where('login', '=', login)
    .executeTakeFirst();
  if (!row) return { ok: false, message: LINK_MESSAGES.invalid };
  if (row.used_at) return { ok: false, message: LINK_MESSAGES.used };
  if (row.replaced_at) return { ok: false, message: LINK_MESSAGES.replaced };
  if (row.expires_at.getTime() <= Date.now()) return { ok: false, message: LINK_MESSAGES.expired };
  return { ok: true, id: row.id, payload: row.payload };
};

// Marks the link used; the WHERE makes a second, concurrent use fail.
export const consumeLink = async (trx: Transaction<DB>, id: string): Promise<boolean> => {
  const result = await trx
    .updateTable('pending_links')
    .set({ used_at: new Date() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('replaced_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};
