import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { linkHash, outboxMail } from '../../testing/accounts.ts';
import { ADMIN, startTestServer, type TestServer } from '../../testing/test-server.ts';
import { REDACTED } from './redact-url.ts';

// The info log of a real server, captured line by line: what an operator's log
// collector would keep.
const lines: string[] = [];
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer(
    {},
    { work: true, logDestination: { write: (line: string) => lines.push(line) } },
  );
});
afterAll(async () => {
  await t?.close();
});

const openSocket = async (url: string, firstMessage?: string) => {
  const socket = new WebSocket(url);
  const greeting = new Promise<string>((resolve) => {
    socket.once('message', (data) => resolve(String(data)));
    socket.once('close', (code) => resolve(`closed ${code}`));
  });
  await new Promise((resolve) => socket.once('open', resolve));
  if (firstMessage) socket.send(firstMessage);
  const answer = await greeting;
  socket.close();
  return answer;
};

describe('request log', () => {
  it('keeps session tokens and link secrets out of the log', async () => {
    const token = await t.login(ADMIN.email, ADMIN.password);
    const ws = `${t.baseUrl.replace('http', 'ws')}/taxrecon/stomp`;
    // the web client's way: the token in the first message
    expect(await openSocket(ws, JSON.stringify({ token }))).toContain('connected');
    // an old client's way: the token in the URL is refused, and not logged either
    expect(await openSocket(`${ws}?token=${token}`, '{}')).toBe('closed 4401');

    expect((await t.api('GET', `/generate-reset-password-link/${ADMIN.email}`)).status).toBe(200);
    const link = linkHash((await outboxMail(t, ADMIN.email)).body_text);
    const verify = await t.api(
      'GET',
      `/verify-reset-password-link/${encodeURIComponent(link.userId)}/${encodeURIComponent(link.hash)}`,
    );
    expect(verify.json).toEqual({ data: 'Success' });
    expect((await t.api('GET', `/verify-registration-link/x@y.test/${link.hash}`)).status).toBe(200);
    expect((await t.api('GET', `/logout/${token}`)).status).toBe(200);

    const log = lines.join('');
    expect(log).toContain('/taxrecon/api/v1/logout/');
    expect(log).toContain('/taxrecon/stomp?token=');
    expect(log).toContain(REDACTED);
    expect(log).not.toContain(token);
    expect(log).not.toContain(encodeURIComponent(token));
    expect(log).not.toContain(link.hash);
    expect(log).not.toContain(link.hash.split('.')[0]);
  });
});
