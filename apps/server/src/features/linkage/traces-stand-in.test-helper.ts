import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for the TRACES portal, speaking the request shapes
// traces-client.ts uses: a captcha image that opens a session, a form login
// inside that session, and TAN lookups for a signed-in session.

export const PORTAL_USER = 'ABCDE1234F';
export const PORTAL_PASSWORD = 'Portal-pass-1';
export const CAPTCHA_TEXT = 'x7K2q';
// A 1x1 png: what the screen shows as the captcha.
export const CAPTCHA_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export interface TracesStandIn {
  url: string;
  // TAN -> what the portal knows of its holder
  directory: Map<string, { name: string; address: string; pan: string }>;
  // every login attempt, and every TAN looked up, in order
  logins: { user: string; captcha: string }[];
  lookups: string[];
  close: () => Promise<void>;
}

const readBody = (req: http.IncomingMessage): Promise<string> =>
  new Promise((resolve) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString('utf8');
    });
    req.on('end', () => resolve(body));
  });

export const startTracesStandIn = async (): Promise<TracesStandIn> => {
  const sessions = new Map<string, { signedIn: boolean }>();
  const state: Omit<TracesStandIn, 'url' | 'close'> = { directory: new Map(), logins: [], lookups: [] };
  const sessionOf = (req: http.IncomingMessage) => {
    const id = /JSESSIONID=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
    return id ? sessions.get(id) : undefined;
  };
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (req.method === 'GET' && url.pathname === '/app/srv/GetCaptchaImg') {
      const id = randomBytes(8).toString('hex');
      sessions.set(id, { signedIn: false });
      res.writeHead(200, {
        'content-type': 'image/png',
        'set-cookie': `JSESSIONID=${id}; Path=/app; HttpOnly`,
      });
      res.end(CAPTCHA_PNG);
      return;
    }
    if (req.method === 'POST' && url.pathname === '/app/login/loginAction') {
      const form = new URLSearchParams(await readBody(req));
      state.logins.push({ user: form.get('search1') ?? '', captcha: form.get('captcha') ?? '' });
      const session = sessionOf(req);
      res.setHeader('content-type', 'text/html');
      if (!session || form.get('captcha') !== CAPTCHA_TEXT) {
        res.end('<html><body><span class="error">Invalid Captcha. Please try again.</span></body></html>');
        return;
      }
      if (form.get('search1') !== PORTAL_USER || form.get('password') !== PORTAL_PASSWORD) {
        res.end('<html><body><span class="error">Invalid User Id / Password.</span></body></html>');
        return;
      }
      session.signedIn = true;
      res.writeHead(302, { location: '/app/dashboard.xhtml' });
      res.end();
      return;
    }
    if (req.method === 'GET' && url.pathname === '/app/srv/GetTanDetails') {
      if (!sessionOf(req)?.signedIn) {
        res.writeHead(403).end();
        return;
      }
      const tan = url.searchParams.get('tan') ?? '';
      state.lookups.push(tan);
      const found = state.directory.get(tan);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(found ? { tan, ...found } : { tan, error: 'No details found for the TAN' }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/app`,
    ...state,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
};
