import { MAX_TANS_PER_SYNC } from '@taxrecon/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from '../../testing/test-server.ts';
import {
  CAPTCHA_TEXT,
  PORTAL_PASSWORD,
  PORTAL_USER,
  startTracesStandIn,
  type TracesStandIn,
} from './traces-stand-in.test-helper.ts';

// Customer linkage and the TAN-PAN sync where session 38's audit found them
// wrong: a TAN already another customer's is refused, and a sync reaches the
// TANs after 500 the portal cannot resolve.

let portal: TracesStandIn;
let t: TestServer;
let token: string;
let entityId: string;

const tanOf = (i: number) => `PNEA${String(i).padStart(5, '0')}A`;
const panOf = (i: number) => `AAACA${String(i).padStart(4, '0')}A`;
const HEADER = 'TAN\t26AS Name\tCustomer Code\tCustomer Name\tLink (Y/N)\tReason';

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

const customerId = async (code: string) =>
  (
    await t.server.ctx.db
      .selectFrom('customers')
      .select('id')
      .where('entity_id', '=', entityId)
      .where('customer_code', '=', code)
      .executeTakeFirstOrThrow()
  ).id;

const holdersOf = async (tan: string) => {
  const own = await t.server.ctx.db
    .selectFrom('customers')
    .select('customer_code')
    .where('entity_id', '=', entityId)
    .where('tan_number', '=', tan)
    .execute();
  const linked = await t.server.ctx.db
    .selectFrom('customer_children as ch')
    .innerJoin('customers as c', 'c.id', 'ch.customer_id')
    .select('c.customer_code')
    .where('c.entity_id', '=', entityId)
    .where('ch.tan_number', '=', tan)
    .execute();
  return [...own, ...linked].map((r) => r.customer_code).sort();
};

const perform = (content: string) =>
  t.upload('/job/perform-customer-linkage', { token, files: [{ name: 'reviewed.txt', content }] });

const sync = async () => {
  const c = (await t.api('GET', '/customer-mapping/get-captcha', { token })).json as { cookie: string };
  return (
    await t.api(
      'GET',
      `/customer-mapping/get-pan-from-tan/${PORTAL_USER}/${encodeURIComponent(PORTAL_PASSWORD)}/${CAPTCHA_TEXT}/${encodeURIComponent(c.cookie)}`,
      { token },
    )
  ).json as { severity: string; message: string; remaining: number; results: { tan: string }[] };
};

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

describe('Link Customers in 26AS to Sales: one customer a TAN', () => {
  // perform-linkage.ts refuses a file that marks one TAN Y for two customers
  // ("mark one"); a TAN already linked to another customer by an earlier file
  // must be refused the same way, or 26AS rows of that TAN resolve to two
  // customers (engine identity.ts: an ambiguous TAN resolves no row).
  it('refuses to link a TAN that an earlier linkage already gave to another customer', async () => {
    await customers([
      { code: 'C5', name: 'Sahyadri Foods Ltd', tan: null },
      { code: 'C6', name: 'Sahyadri Food Products', tan: null },
    ]);
    await t.server.ctx.db
      .insertInto('customer_children')
      .values({ customer_id: await customerId('C5'), tan_number: 'PNES00022S' })
      .execute();
    const answer = await perform(`${HEADER}\r\nPNES00022S\tSAHYADRI FOOD LIMITED\tC6\tSahyadri\tY\tx\r\n`);
    expect(await holdersOf('PNES00022S'), JSON.stringify(answer.json)).toEqual(['C5']);
    expect(answer.status).toBe(400);
    expect((answer.json as { message: string }).message).toMatch(/reviewed\.txt, line 2/);
  });

  it("refuses to link a TAN that is another customer's own TAN", async () => {
    await customers([
      { code: 'C7', name: 'Konkan Coastal Logistics', tan: 'MUMK00041K' },
      { code: 'C8', name: 'Konkan Coastal Traders', tan: null },
    ]);
    const answer = await perform(`${HEADER}\r\nMUMK00041K\tKONKAN COASTAL\tC8\tKonkan\tY\tx\r\n`);
    expect(await holdersOf('MUMK00041K'), JSON.stringify(answer.json)).toEqual(['C7']);
    expect(answer.status).toBe(400);
    expect((answer.json as { message: string }).message).toMatch(/reviewed\.txt, line 2/);
  });
});

describe('Sync TAN and PAN: the next 500', () => {
  // tan-pan-sync.ts answers "N TANs are still unverified; sync again for the
  // next 500" (spec part 3 section 9: "Only 500 TANs can be verified at a time").
  // TANs the portal has no details for stay unverified and, ordered by TAN,
  // come first again: the next sync asks the portal for the same 500, and the
  // TANs after them are never reached.
  it('a second sync reaches the TANs the first one left for it', async () => {
    const count = MAX_TANS_PER_SYNC + 2;
    await customers(
      Array.from({ length: count }, (_, i) => ({ code: `C${i}`, name: `Customer ${i}`, tan: tanOf(i) })),
    );
    // the portal knows the first TAN and the last; the rest are defunct
    portal.directory.set(tanOf(0), { name: 'CUSTOMER 0', address: 'Pune', pan: panOf(0) });
    portal.directory.set(tanOf(count - 1), { name: 'CUSTOMER LAST', address: 'Pune', pan: panOf(count - 1) });
    const first = await sync();
    expect(first.severity).toBe('success');
    expect(first.message).toMatch(/sync again for the next 500/);
    expect(first.results.map((r) => r.tan)).toContain(tanOf(0));
    const second = await sync();
    const secondTans = second.results.map((r) => r.tan);
    expect(secondTans, 'the second sync should look up the TANs the first did not').toContain(
      tanOf(count - 1),
    );
  });
});
