import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// argon2id is @node-rs/argon2's default algorithm; these are OWASP's minimum
// recommended parameters (19 MiB, 2 passes), which keep a sign-in under ~50 ms here.
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2);

export const verifyPassword = async (stored: string, password: string): Promise<boolean> => {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
};

export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

export const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');

export const hmac = (secret: string, text: string): string =>
  createHmac('sha256', secret).update(text).digest('base64url');

export const safeEqual = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

// A readable one-off password for a new account: 16 characters from an alphabet without look-alikes.
export const generatePassword = (): string => {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = randomBytes(16);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
};
