import { createChallenge, verifySolution } from 'altcha-lib';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';

// Self-hosted proof-of-work captcha (ALTCHA): the browser spends a moment of CPU,
// no third party sees the visitor. Challenges are signed with our secret and expire.
const MAX_NUMBER = 50_000;
const TTL_MINUTES = 10;

export const newChallenge = (secret: string) =>
  createChallenge({
    hmacKey: secret,
    maxNumber: MAX_NUMBER,
    expires: new Date(Date.now() + TTL_MINUTES * 60_000),
  });

export type CaptchaCheck = 'ok' | 'unsolved' | 'spent';

// ALTCHA puts the expiry into the salt as `?expires=<unix seconds>`.
const expiryOf = (salt: string): Date => {
  const seconds = Number(new URLSearchParams(salt.split('?')[1] ?? '').get('expires'));
  return Number.isFinite(seconds) && seconds > 0
    ? new Date(seconds * 1000)
    : new Date(Date.now() + TTL_MINUTES * 60_000);
};

// A solution is good once: its challenge's signature is recorded as spent until
// the challenge expires (after that verifySolution refuses it anyway).
export const spendCaptcha = async (
  db: Kysely<DB>,
  secret: string,
  payload: string,
): Promise<CaptchaCheck> => {
  let parsed: { signature?: unknown; salt?: unknown };
  try {
    if (!(await verifySolution(payload, secret, true))) return 'unsolved';
    parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as typeof parsed;
  } catch {
    return 'unsolved';
  }
  if (typeof parsed.signature !== 'string' || typeof parsed.salt !== 'string') return 'unsolved';
  await db.deleteFrom('spent_captchas').where('expires_at', '<', new Date()).execute();
  const inserted = await db
    .insertInto('spent_captchas')
    .values({ signature: parsed.signature, expires_at: expiryOf(parsed.salt) })
    .onConflict((oc) => oc.column('signature').doNothing())
    .returning('signature')
    .executeTakeFirst();
  return inserted ? 'ok' : 'spent';
};
