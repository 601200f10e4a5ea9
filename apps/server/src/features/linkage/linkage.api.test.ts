import { randomUUID } from 'node:crypto';
import { MAX_TANS_PER_SYNC, TANPAN_MESSAGES } from '@taxrecon/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, jobFinished, startTestServer, type TestServer } from '../../testing/test-server.ts';
import {
  CAPTCHA_PNG,
  CAPTCHA_TEXT,
  PORTAL_PASSWORD,
  PORTAL_USER,
  startTracesStandIn,
  type TracesStandIn,
} from './traces-stand-in.test-helper.ts';

// Sync TAN and PAN against a local stand-in of the TRACES portal, and the
// 26AS linkage search, over HTTP with the real database.

let portal: TracesStandIn;
let t: TestServer;
let token: string;
let entityId: string;

const tanOf = (i: number) => `PNEA${String(i).padStart(5, '0')}A`;
const panOf = (i: number) => `AAACA${String(i).padStart(4, '0')}A`;

const customers = async (rows: { code: string; name: string; tan: string | null; pan?: string | null }[]) => {
  await t.server.ctx.db.deleteFrom('customers').where('entity_id', '=', entityId).execute();
  if (rows.length === 0) return;
  await t.server.ctx.db
    .insertInto('customers')
    .values(
      rows.map((r) => ({
        entity_id: entityId,
        customer_code: r.code,
        customer_name: r.name,
        tan_number: r.tan,
        pan_number: r.pan ?? null,
      })),
    )
    .execute();
};

const captcha = async () => {
  const answer = await t.api('GET', '/customer-mapping/get-captcha', { token });
  expect(answer.status).toBe(200);
  return answer.json as { captchaImage: string; cookie: string; severity: string; message: string };
};

const sync = async (cookie: string, captchaText = CAPTCHA_TEXT, password = PORTAL_PASSWORD) =>
  t.api(
    'GET',
    `/customer-mapping/get-pan-from-tan/${PORTAL_USER}/${encodeURIComponent(password)}/${captchaText}/${encodeURIComponent(cookie)}`,
    { token },
  );

const unverifiedCount = async () =>
  ((await t.api('GET', '/customer-mapping/get-unverified-tan-count', { token })).json as { count: number })
    .count;

beforeAll(async () => {
  portal = await startTracesStandIn();
  t = await startTestServer({ tracesUrl: portal.url });
  token = await t.login(ADMIN.email, ADMIN.password);
  const admin = await t.server.ctx.db
    .selectFrom('users')
    .select('current_entity_id')
    .where('login', '=', ADMIN.email)
    .executeTakeFirstOrThrow();
  entityId = admin.current_entity_id!;
});

afterAll(async () => {
  await t?.close();
  await portal?.close();
});

beforeEach(() => {
  portal.directory.clear();
  portal.logins.length = 0;
  portal.lookups.length = 0;
});

describe('Sync TAN and PAN', () => {
  it('fetches the captcha, signs in and fills the PAN of each unverified TAN', async () => {
    await customers([
      { code: 'C1', name: 'Alpha Pvt Ltd', tan: tanOf(1) },
      { code: 'C2', name: 'Beta Ltd', tan: tanOf(2) },
      { code: 'C3', name: 'Gamma LLP', tan: tanOf(3), pan: panOf(3) },
      { code: 'C4', name: 'No TAN Traders', tan: null },
    ]);
    portal.directory.set(tanOf(1), { name: 'ALPHA PRIVATE LIMITED', address: 'Pune 411001', pan: panOf(1) });
    expect(await unverifiedCount()).toBe(2);

    const c = await captcha();
    expect(c).toMatchObject({ severity: 'success', captchaImage: CAPTCHA_PNG.toString('base64') });
    expect(c.cookie).toMatch(/^JSESSIONID=/);

    const answer = await sync(c.cookie);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      severity: 'success',
      message: `${TANPAN_MESSAGES.synced}. 1 TANs are still unverified; sync again for the next 500.`,
      remaining: 1,
      results: [
        { tan: tanOf(1), name: 'ALPHA PRIVATE LIMITED', address: 'Pune 411001', pan: panOf(1), error: null },
        { tan: tanOf(2), name: null, address: null, pan: null, error: 'No details found for the TAN' },
      ],
    });
    expect(portal.lookups).toEqual([tanOf(1), tanOf(2)]);
    const stored = await t.server.ctx.db
      .selectFrom('customers')
      .select(['customer_code', 'pan_number', 'legal_name'])
      .where('entity_id', '=', entityId)
      .orderBy('customer_code')
      .execute();
    expect(stored).toEqual([
      { customer_code: 'C1', pan_number: panOf(1), legal_name: 'ALPHA PRIVATE LIMITED' },
      { customer_code: 'C2', pan_number: null, legal_name: null },
      { customer_code: 'C3', pan_number: panOf(3), legal_name: null },
      { customer_code: 'C4', pan_number: null, legal_name: null },
    ]);
    expect(await unverifiedCount()).toBe(1);
  });

  it("answers 'Captcha Failed.' for a wrong captcha and the login message for a wrong password", async () => {
    await customers([{ code: 'C1', name: 'Alpha', tan: tanOf(1) }]);
    const c = await captcha();
    const wrongCaptcha = await sync(c.cookie, 'nope1');
    expect(wrongCaptcha.status).toBe(400);
    expect(wrongCaptcha.json).toMatchObject({ message: TANPAN_MESSAGES.captchaFailed });
    const wrongPassword = await sync(c.cookie, CAPTCHA_TEXT, 'not-the-password');
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.json).toMatchObject({ message: TANPAN_MESSAGES.authFailed });
    expect(portal.lookups).toEqual([]);
    expect(await unverifiedCount()).toBe(1);
  });

  it('says the login failed when the portal knows none of the TANs', async () => {
    await customers([{ code: 'C1', name: 'Alpha', tan: tanOf(1) }]);
    const answer = await sync((await captcha()).cookie);
    expect(answer.json).toMatchObject({
      severity: 'error',
      message: TANPAN_MESSAGES.authFailed,
      remaining: 1,
    });
  });

  it(`verifies at most ${MAX_TANS_PER_SYNC} TANs a time`, async () => {
    const many = Array.from({ length: MAX_TANS_PER_SYNC + 1 }, (_, i) => ({
      code: `C${i}`,
      name: `Customer ${i}`,
      tan: tanOf(i),
    }));
    await customers(many);
    for (const c of many)
      portal.directory.set(c.tan, {
        name: c.name.toUpperCase(),
        address: 'Pune',
        pan: panOf(Number(c.code.slice(1))),
      });
    const answer = (await sync((await captcha()).cookie)).json as {
      results: unknown[];
      remaining: number;
      message: string;
    };
    expect(answer.results).toHaveLength(MAX_TANS_PER_SYNC);
    expect(answer.remaining).toBe(1);
    expect(portal.lookups).toHaveLength(MAX_TANS_PER_SYNC);
    expect(await unverifiedCount()).toBe(1);
    const second = (await sync((await captcha()).cookie)).json as {
      results: { tan: string }[];
      message: string;
    };
    expect(second.results.map((r) => r.tan)).toEqual([tanOf(MAX_TANS_PER_SYNC)]);
    expect(second.message).toBe(TANPAN_MESSAGES.synced);
  });

  it("answers 'Captcha Failed.' when the portal cannot be reached", async () => {
    const saved = t.server.ctx.config.tracesUrl;
    t.server.ctx.config.tracesUrl = 'http://127.0.0.1:9/app';
    try {
      await customers([{ code: 'C1', name: 'Alpha', tan: tanOf(1) }]);
      expect((await sync('JSESSIONID=gone')).json).toEqual({
        severity: 'error',
        message: TANPAN_MESSAGES.syncFailed,
        results: [],
        remaining: 1,
      });
      expect(await captcha()).toEqual({
        captchaImage: '',
        cookie: '',
        severity: 'error',
        message: TANPAN_MESSAGES.captchaFailed,
      });
    } finally {
      t.server.ctx.config.tracesUrl = saved;
    }
  });
});

describe('Search 26AS Customer Linkages', () => {
  it('finds customers and their linked TANs by legal name, TAN or PAN, 50 a page', async () => {
    await customers([
      { code: 'C1', name: 'Alpha Pvt Ltd', tan: tanOf(1), pan: panOf(1) },
      { code: 'C2', name: 'Beta Ltd', tan: tanOf(2), pan: panOf(2) },
      ...Array.from({ length: 60 }, (_, i) => ({
        code: `Z${i}`,
        name: `Zeta ${String(i).padStart(2, '0')}`,
        tan: tanOf(100 + i),
      })),
    ]);
    const alpha = await t.server.ctx.db
      .selectFrom('customers')
      .select('id')
      .where('entity_id', '=', entityId)
      .where('customer_code', '=', 'C1')
      .executeTakeFirstOrThrow();
    await t.server.ctx.db
      .insertInto('customer_children')
      .values({ customer_id: alpha.id, tan_number: tanOf(9) })
      .execute();
    const search = async (keyword: string, page = 1) =>
      (await t.api('POST', '/search/26as-linkages', { token, body: { keyword, page } })).json as {
        rows: { customerCode: string; tanNumber: string; pan: string | null; source: string }[];
        totalRecords: number;
      };
    const byName = await search('alpha');
    expect(byName.rows.map((r) => [r.tanNumber, r.source])).toEqual([
      [tanOf(1), 'master'],
      [tanOf(9), 'linked'],
    ]);
    expect((await search(tanOf(2))).rows.map((r) => r.customerCode)).toEqual(['C2']);
    expect((await search(panOf(1).toLowerCase())).totalRecords).toBe(2);
    const zeta = await search('zeta');
    expect(zeta.totalRecords).toBe(60);
    expect(zeta.rows).toHaveLength(50);
    expect((await search('zeta', 2)).rows).toHaveLength(10);
  });

  it("shows nothing of another entity's customers", async () => {
    await customers([{ code: 'C1', name: 'Alpha Pvt Ltd', tan: tanOf(1) }]);
    const branch = (await t.api('PUT', '/legal-entity', { token, body: { name: 'Empty Branch' } })).json as {
      id: string;
      subGroupId: string;
    };
    const other = await t.login(ADMIN.email, ADMIN.password);
    await t.api('PUT', `/entity/${branch.id}/${branch.subGroupId}`, { token: other });
    const found = (await t.api('POST', '/search/26as-linkages', { token: other, body: { keyword: '' } }))
      .json as {
      totalRecords: number;
    };
    expect(found.totalRecords).toBe(0);
    expect(
      (
        (await t.api('GET', '/customer-mapping/get-unverified-tan-count', { token: other })).json as {
          count: number;
        }
      ).count,
    ).toBe(0);
    // back to the first entity for the tests that follow
    const home = await t.server.ctx.db
      .selectFrom('legal_entities')
      .select('sub_group_id')
      .where('id', '=', entityId)
      .executeTakeFirstOrThrow();
    await t.api('PUT', `/entity/${entityId}/${home.sub_group_id}`, { token: other });
  });
});

const download = async (path: string) => {
  const res = await fetch(`${t.baseUrl}/taxrecon/api/v1${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, text: await res.text() };
};

describe('Link Customers in 26AS to Sales', () => {
  const credit = (tan: string, name: string, line: number) => ({
    entity_id: entityId,
    statement_id: randomUUID(),
    part: 'TDS' as const,
    financial_year: '2024-25',
    tan,
    deductor_name: name,
    section: '194J',
    transaction_date: '2024-05-10',
    status: 'F',
    booking_date: null,
    remarks: null,
    amount: '10000.00',
    tax: '1000.00',
    deposited: '1000.00',
    file_name: 'a.txt',
    line,
  });

  it('previews which customer each unlinked deductor is, and links the reviewed file in one go', async () => {
    await customers([
      { code: 'C1', name: 'Konkan Coastal Logistics (P) Ltd.', tan: null },
      { code: 'C2', name: 'Shree Ganesh Enterprises', tan: null },
      { code: 'C3', name: 'Shree Ganesh Enterprises, Indore', tan: null },
      { code: 'C4', name: 'Pinnacle Edutech Pvt Ltd', tan: tanOf(4) },
      { code: 'C5', name: 'Sahyadri Foods Ltd', tan: null },
    ]);
    await t.server.ctx.db.deleteFrom('tax_entries').where('entity_id', '=', entityId).execute();
    await t.server.ctx.db
      .insertInto('tax_entries')
      .values([
        credit('MUMK00041K', 'KONKAN COASTAL LOGISTICS PRIVATE LIMITED', 1),
        credit('MUMK00041K', 'KONKAN COASTAL LOGISTICS PRIVATE LIMITED', 2),
        credit('NSKS00004S', 'SHREE GANESH ENTERPRISES', 3),
        credit(tanOf(4), 'PINNACLE EDUTECH PRIVATE LIMITED', 4),
        credit('PNES00022S', 'SAHYADRI FOOD LIMITED', 5),
        credit('DELO00001O', 'OMEGA TRADERS', 6),
      ])
      .execute();
    const submitted = (await t.api('POST', '/job/customer-linker', { token })).json as {
      jobId: string;
      severity: string;
    };
    expect(submitted.severity).toBe('success');
    await jobFinished(t, token, submitted.jobId);
    const jobs = (await t.api('GET', '/job/jobs-queue/PreviewCustomerLinkage', { token })).json as {
      id: string;
      status: string;
      enddatetime: string | null;
      proposed: number;
    }[];
    expect(jobs[0]).toMatchObject({ id: submitted.jobId, status: 'Completed', proposed: 2 });
    expect(jobs[0]!.enddatetime).not.toBeNull();
    const file = await download(`/ftp/content/customerlinkages/${submitted.jobId}`);
    expect(file.status).toBe(200);
    const lines = file.text
      .trim()
      .split('\r\n')
      .map((l) => l.split('\t'));
    expect(lines[0]).toEqual(['TAN', '26AS Name', 'Customer Code', 'Customer Name', 'Link (Y/N)', 'Reason']);
    expect(lines.slice(1).map((l) => [l[0], l[2], l[4]])).toEqual([
      ['MUMK00041K', 'C1', 'Y'],
      // "Shree Ganesh Enterprises, Indore" has a word more: not a tie, C2 is the one
      ['NSKS00004S', 'C2', 'Y'],
      ['PNES00022S', 'C5', 'N'],
    ]);
    expect(lines.some((l) => l[0] === tanOf(4) || l[0] === 'DELO00001O')).toBe(false);

    // the reviewer accepts the Sahyadri near miss too
    const reviewed = file.text.replace(/(PNES00022S\t[^\t]*\tC5\t[^\t]*\t)N/, '$1Y');
    const performed = await t.upload('/job/perform-customer-linkage', {
      token,
      files: [{ name: 'customer-linkage-reviewed.txt', content: reviewed }],
    });
    expect(performed.status, JSON.stringify(performed.json)).toBe(200);
    expect(performed.json).toMatchObject({ severity: 'success', linked: 3 });
    const children = await t.server.ctx.db
      .selectFrom('customer_children as ch')
      .innerJoin('customers as c', 'c.id', 'ch.customer_id')
      .select(['c.customer_code', 'ch.tan_number'])
      .where('c.entity_id', '=', entityId)
      .orderBy('ch.tan_number')
      .execute();
    expect(children.map((c) => [c.customer_code, c.tan_number])).toEqual([
      ['C1', 'MUMK00041K'],
      ['C2', 'NSKS00004S'],
      ['C5', 'PNES00022S'],
    ]);
    // linked TANs are no longer proposed
    const again = (await t.api('POST', '/job/customer-linker', { token })).json as { jobId: string };
    await jobFinished(t, token, again.jobId);
    const next = await download(`/ftp/content/customerlinkages/${again.jobId}`);
    expect(next.text.trim().split('\r\n')).toHaveLength(1);
  });

  it('refuses a reviewed file with a bad line, naming the line and column, and links nothing', async () => {
    await customers([{ code: 'C1', name: 'Alpha', tan: null }]);
    const header = 'TAN\t26AS Name\tCustomer Code\tCustomer Name\tLink (Y/N)\tReason';
    const send = (text: string) =>
      t.upload('/job/perform-customer-linkage', { token, files: [{ name: 'reviewed.txt', content: text }] });
    const badTan = await send(
      `${header}\r\nMUMK00041K\tA\tC1\tAlpha\tY\tx\r\nNOT-A-TAN\tB\tC1\tAlpha\tY\tx\r\n`,
    );
    expect(badTan.status).toBe(400);
    expect(badTan.json).toMatchObject({
      message: 'reviewed.txt, line 3, column 1 (TAN): expected a TAN such as MUMA12345B, found "NOT-A-TAN"',
    });
    const unknown = await send(`${header}\r\nMUMK00041K\tA\tC9\tNobody\tY\tx\r\n`);
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({
      message: 'reviewed.txt, line 2, column 3 (Customer Code): no customer "C9" in this entity\'s master',
    });
    const noHeader = await send('MUMK00041K\tA\tC1\tAlpha\tY\tx\r\n');
    expect(noHeader.status).toBe(400);
    const count = await t.server.ctx.db
      .selectFrom('customer_children as ch')
      .innerJoin('customers as c', 'c.id', 'ch.customer_id')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('c.entity_id', '=', entityId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });
});
