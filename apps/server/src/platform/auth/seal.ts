import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

// A secret a job needs when it runs (the 26AS converter's zip password) is kept
// in the queue's payload only sealed: AES-256-GCM under a key derived from the
// installation's secret and a purpose, so a database dump or a job listing
// shows ciphertext, and a sealed value of one purpose does not open another.

const keyOf = (secret: string, purpose: string): Buffer =>
  createHash('sha256').update(`taxrecon-seal:${purpose}:${secret}`).digest();

export const seal = (secret: string, purpose: string, plain: string): string => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
};

// Throws when the value was not sealed with this secret and purpose (or was altered).
export const unseal = (secret: string, purpose: string, sealed: string): string => {
  const raw = Buffer.from(sealed, 'base64url');
  if (raw.length < 28) throw new Error('not a sealed value');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secret, purpose), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
};
