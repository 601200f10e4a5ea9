// A client of the TRACES portal's three exchanges the TAN-PAN sync needs. The
// portal cannot be reached from development machines, so the shapes are the
// portal's as seen from a browser, kept in one place and exercised against a
// local stand-in server (traces-stand-in.test-helper.ts):
//   GET  {base}/srv/GetCaptchaImg            -> image/png, Set-Cookie: the session
//   POST {base}/login/loginAction            form search1 (user id), password, captcha;
//                                            302 to the dashboard when signed in, else
//                                            200 with the login page and its error text
//   GET  {base}/srv/GetTanDetails?tan=TAN    -> JSON { tan, name, address, pan } or { error }
// Credentials and the cookie are never logged (see redact-url.ts).

export class PortalError extends Error {
  constructor(
    readonly kind: 'captcha' | 'credentials' | 'unreachable',
    message: string,
  ) {
    super(message);
  }
}

export interface PortalTan {
  tan: string;
  name: string | null;
  address: string | null;
  pan: string | null;
  error: string | null;
}

const TIMEOUT_MS = 20_000;

const sessionCookie = (headers: Headers): string | null => {
  const raw = headers.getSetCookie?.() ?? [];
  const pairs = raw.map((c) => c.split(';')[0]!.trim()).filter((c) => c.includes('='));
  return pairs.length > 0 ? pairs.join('; ') : null;
};

const call = async (url: string, init: RequestInit): Promise<Response> => {
  try {
    return await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new PortalError(
      'unreachable',
      `the TRACES portal at ${new URL(url).origin} did not answer: ${(error as Error).message}`,
    );
  }
};

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

export const tracesClient = (baseUrl: string) => ({
  async captcha(): Promise<{ image: Buffer; cookie: string }> {
    const res = await call(`${baseUrl}/srv/GetCaptchaImg`, { method: 'GET' });
    const cookie = sessionCookie(res.headers);
    if (res.status !== 200 || !cookie) {
      throw new PortalError('unreachable', `the portal answered ${res.status} for the captcha`);
    }
    return { image: Buffer.from(await res.arrayBuffer()), cookie };
  },

  // Signs in within the captcha's session; throws PortalError 'captcha' or 'credentials'.
  async login(user: string, password: string, captcha: string, cookie: string): Promise<void> {
    const res = await call(`${baseUrl}/login/loginAction`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: new URLSearchParams({ search1: user, password, captcha }).toString(),
    });
    if (res.status >= 300 && res.status < 400 && /dashboard/i.test(res.headers.get('location') ?? '')) return;
    const page = res.status === 200 ? await res.text() : '';
    if (/captcha/i.test(page)) throw new PortalError('captcha', 'the portal did not accept the captcha text');
    if (res.status === 200)
      throw new PortalError('credentials', 'the portal did not accept the user id or password');
    throw new PortalError('unreachable', `the portal answered ${res.status} to the login`);
  },

  async tanDetails(tan: string, cookie: string): Promise<PortalTan> {
    const res = await call(`${baseUrl}/srv/GetTanDetails?tan=${encodeURIComponent(tan)}`, {
      method: 'GET',
      headers: { cookie, accept: 'application/json' },
    });
    if (res.status === 401 || res.status === 403)
      throw new PortalError('credentials', 'the portal session ended');
    if (res.status !== 200)
      return { tan, name: null, address: null, pan: null, error: `the portal answered ${res.status}` };
    const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    if (!body)
      return { tan, name: null, address: null, pan: null, error: 'the portal answered with no details' };
    return {
      tan,
      name: text(body.name),
      address: text(body.address),
      pan: text(body.pan)?.toUpperCase() ?? null,
      error: text(body.error),
    };
  },
});

export type TracesClient = ReturnType<typeof tracesClient>;
