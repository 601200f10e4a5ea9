import { createChallenge, verifySolution } from 'altcha-lib';

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

export const verifyCaptcha = async (secret: string, payload: string): Promise<boolean> => {
  try {
    return await verifySolution(payload, secret, true);
  } catch {
    return false;
  }
};
