import { platformRoutes } from '@taxrecon/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call, errorNotice, fileNameOf, SYSTEM_ERROR } from './client.ts';

const location = { hash: '#/' };
const store = new Map<string, string>();

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status, headers }));

describe('api client', () => {
  beforeEach(() => {
    location.hash = '#/';
    store.clear();
    store.set('token', 'tok-1');
    vi.stubGlobal('window', {
      location,
      localStorage: { getItem: (k: string) => store.get(k) ?? null },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the bearer token and returns the validated answer', async () => {
    const fetch = answer(200, { version: '1.0' });
    vi.stubGlobal('fetch', fetch);
    await expect(call(platformRoutes.version)).resolves.toEqual({ version: '1.0' });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/taxrecon/api/v1/config/version');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer tok-1');
  });

  it('fills path parameters and the query string', async () => {
    const fetch = answer(200, { message: 'ok' });
    vi.stubGlobal('fetch', fetch);
    const entityId = '5b3f7c8e-2a4b-4c6d-8e9f-0a1b2c3d4e5f';
    await call(platformRoutes.entityDesc, { params: { entityId }, query: { entityDesc: 'Pune & Co' } });
    expect(fetch.mock.calls[0]?.[0]).toBe(
      `/taxrecon/api/v1/entity-desc-for-tenant/${entityId}?entityDesc=Pune+%26+Co`,
    );
  });

  it("throws the server's message as an ApiError", async () => {
    vi.stubGlobal('fetch', answer(409, { code: 'CONFLICT', message: 'Already there' }));
    await expect(call(platformRoutes.version)).rejects.toMatchObject({
      status: 409,
      message: 'Already there',
    });
  });

  it('sends a signed-out user to the sign-in page', async () => {
    vi.stubGlobal('fetch', answer(401, { code: 'UNAUTHORIZED', message: 'Sign in' }));
    await expect(call(platformRoutes.me)).rejects.toBeInstanceOf(ApiError);
    expect(location.hash).toBe('#/login');
  });

  it('leaves the reset-password page alone on 401', async () => {
    location.hash = '#/reset-password/a@b.c?hash=x';
    vi.stubGlobal('fetch', answer(401, { code: 'UNAUTHORIZED', message: 'Sign in' }));
    await expect(call(platformRoutes.me)).rejects.toBeInstanceOf(ApiError);
    expect(location.hash).toBe('#/reset-password/a@b.c?hash=x');
  });

  it('forces the password change the server asks for', async () => {
    vi.stubGlobal('fetch', answer(200, { version: '1.0' }, { 'x-change-password': 'true' }));
    await call(platformRoutes.version);
    expect(location.hash).toBe('#/profile?changepassword=true');
  });

  it('refuses a request body the contract rejects, with its message', async () => {
    vi.stubGlobal('fetch', answer(200, {}));
    await expect(
      call(platformRoutes.createUser, {
        body: { email: 'not-an-email', fname: 'A', lname: 'B', role: 'NORMAL-USER', allowedEntities: ['x'] },
      }),
    ).rejects.toMatchObject({ message: 'Invalid Email Address' });
  });
});

describe('errorNotice', () => {
  const refused = new ApiError(422, 'invalid', 'BSR code must be exactly 7 digits');
  const unreachable = new ApiError(0, 'network', SYSTEM_ERROR);

  it.each([
    // the catalogue's name for the failure over what the server said
    [refused, 'Error Creating Challan', 'Error Creating Challan', 'BSR code must be exactly 7 digits'],
    [unreachable, 'Error Creating Challan', 'Error Creating Challan', SYSTEM_ERROR],
    // no name: any call's failure
    [refused, undefined, 'Error occurred', 'BSR code must be exactly 7 digits'],
    [new Error('boom'), undefined, 'Error occurred', SYSTEM_ERROR],
    [refused, SYSTEM_ERROR, 'Error occurred', 'BSR code must be exactly 7 digits'],
    // nothing from the server, or a text that already says it: the text alone
    [
      null,
      "There's already a job in progress.Please submit after sometime.",
      'Error occurred',
      "There's already a job in progress.Please submit after sometime.",
    ],
    [
      refused,
      'Could not send: BSR code must be exactly 7 digits',
      'Error occurred',
      'Could not send: BSR code must be exactly 7 digits',
    ],
  ])('%#: %s named %s', (error, named, title, message) => {
    expect(errorNotice(error, named)).toEqual({ title, message });
  });
});

describe('fileNameOf', () => {
  it.each([
    ['an ASCII name', 'attachment; filename="report.xlsx"', 'report.xlsx'],
    [
      'a UTF-8 name before its ASCII stand-in',
      `attachment; filename="______.xlsx"; filename*=UTF-8''${encodeURIComponent('बिक्री')}.xlsx`,
      'बिक्री.xlsx',
    ],
    [
      'a malformed encoding: the plain name',
      'attachment; filename="a_b.txt"; filename*=UTF-8\'\'a%ZZb.txt',
      'a_b.txt',
    ],
    ['no header', null, null],
    ['no name', 'attachment', null],
  ])('%s', (_name, header, expected) => {
    expect(fileNameOf(header)).toBe(expected);
  });
});
