import { apiRoutes } from '@taxrecon/contracts';
import { describe, expect, it } from 'vitest';
import { urlRedactor } from './redact-url.ts';

const redact = urlRedactor(apiRoutes);

describe('urlRedactor', () => {
  it.each([
    ['/taxrecon/api/v1/logout/abc.def', '/taxrecon/api/v1/logout/[redacted]'],
    [
      '/taxrecon/api/v1/verify-reset-password-link/a%40b.test/n0nce.s1g',
      '/taxrecon/api/v1/verify-reset-password-link/a%40b.test/[redacted]',
    ],
    [
      '/taxrecon/api/v1/verify-registration-link/a@b.test/n0nce.s1g?x=1',
      '/taxrecon/api/v1/verify-registration-link/a@b.test/[redacted]?x=1',
    ],
    ['/taxrecon/stomp?token=secret&lang=en', '/taxrecon/stomp?token=[redacted]&lang=en'],
    ['/taxrecon/api/v1/session/me', '/taxrecon/api/v1/session/me'],
    [
      '/taxrecon/api/v1/customer-mapping/get-pan-from-tan/AAACA1234A/p%40ss/x7k2q/JSESSIONID%3Dabc',
      '/taxrecon/api/v1/customer-mapping/get-pan-from-tan/[redacted]/[redacted]/[redacted]/[redacted]',
    ],
    [
      '/taxrecon/api/v1/customer-mapping/get-unverified-tan-count',
      '/taxrecon/api/v1/customer-mapping/get-unverified-tan-count',
    ],
    [
      '/taxrecon/api/v1/generate-reset-password-link/a@b.test',
      '/taxrecon/api/v1/generate-reset-password-link/a@b.test',
    ],
  ])('%s -> %s', (url, expected) => {
    expect(redact(url)).toBe(expected);
  });
});
