import type { CustomerDetail, CustomerSearchResponse } from '@taxrecon/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { insertTenantWithAdmin } from '../../testing/accounts.ts';
import { ADMIN, startTestServer, type TestServer } from '../../testing/test-server.ts';

const M = '/master-data-management';
let t: TestServer;
let admin: string;
let headOffice: { id: string; subGroupId: string };

type Search = z.infer<typeof CustomerSearchResponse>;
type Saved = { message: string; customer: CustomerDetail };

const save = (body: unknown, token = admin) => t.api('POST', `${M}/customer`, { token, body });
const create = async (customer: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
  const answer = await save({ customer, ...extra });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return (answer.json as Saved).customer;
};
const search = async (body: Record<string, unknown>, token = admin) => {
  const answer = await t.api('POST', `${M}/customers/search`, { token, body });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json as Search;
};
const switchTo = (entity: { id: string; subGroupId: string }) =>
  t.api('PUT', `/entity/${entity.id}/${entity.subGroupId}`, { token: admin });

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.login(ADMIN.email, ADMIN.password);
  const entities = (await t.api('GET', '/legal-entities', { token: admin })).json as {
    id: string;
    subGroupId: string;
  }[];
  headOffice = entities[0] ?? { id: '', subGroupId: '' };
});
afterAll(async () => {
  await t?.close();
});

describe('creating a customer', () => {
  it.each([
    [{}, 'Customer Name is required'],
    [{ customerName: '  ' }, 'Customer Name is required'],
    [{ customerName: 'AB' }, 'Customer Name must be at least 3 characters'],
    [{ customerName: 'Tata Steel', customerCode: 'C1' }, 'Customer Code must be at least 3 characters'],
    [{ customerName: 'Tata Steel', panNumber: 'ABCDE12345' }, 'Invalid PAN Number'],
    [{ customerName: 'Tata Steel', tanNumber: 'MUM12345A' }, 'Invalid TAN Number'],
    [{ customerName: 'Tata Steel', gstIn: '27AAACT2727Q1Z' }, 'Invalid GSTIN'],
    [{ customerName: 'Tata Steel', contactEmail: 'ap.tata.com' }, 'Invalid Email Address'],
    [{ customerName: 'Tata Steel', contactPhone: '98765' }, 'Phone must have at least 10 digits'],
    [{ customerName: 'Tata Steel', pinCode: '4000A1' }, 'PIN Code must be numeric'],
    [{ customerName: 'Tata Steel', addressCity: 'Pu' }, 'City must be at least 3 characters'],
    [{ customerName: 'Tata Steel', nameFrom26AS: 'TS' }, 'Name from 26AS must be at least 3 characters'],
  ])('refuses %j with "%s"', async (customer, message) => {
    const answer = await save({ customer });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ code: 'VALIDATION', message });
  });

  it('stores identifiers upper-case, empty fields as null, and answers Customer Created', async () => {
    const answer = await save({
      customer: {
        customerCode: 'C-1001',
        customerName: '  Tata Steel Ltd ',
        nameFrom26AS: 'TATA STEEL LIMITED',
        tanNumber: 'mumt12345a',
        panNumber: 'aaact2727q',
        gstIn: '27aaact2727q1zw',
        addressCity: 'Mumbai',
        pinCode: '400001',
        contactPersonTitle: 'Mr',
        contactPhone: '+91 98765 43210',
        website: '',
        notes: null,
      },
    });
    expect(answer.status).toBe(200);
    const { message, customer } = answer.json as Saved;
    expect(message).toBe('Customer Created');
    expect(customer).toMatchObject({
      customerCode: 'C-1001',
      customerName: 'Tata Steel Ltd',
      tanNumber: 'MUMT12345A',
      panNumber: 'AAACT2727Q',
      gstIn: '27AAACT2727Q1ZW',
      website: null,
      notes: null,
      contactEmails: [],
      children: [],
    });
    expect(customer.customerId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a second customer with the same code in the entity', async () => {
    const answer = await save({ customer: { customerCode: 'C-1001', customerName: 'Another Tata' } });
    expect(answer.status).toBe(409);
    expect(answer.json).toMatchObject({ code: 'DUPLICATE_CODE' });
  });
});

describe('searching customers', () => {
  beforeAll(async () => {
    // Enough customers to pass the 200-record cap of the search screen.
    const db = t.server.ctx.db;
    await db
      .insertInto('customers')
      .values(
        Array.from({ length: 205 }, (_, i) => ({
          entity_id: headOffice.id,
          customer_code: `BULK-${String(i).padStart(3, '0')}`,
          customer_name: `Bulk Buyer ${String(i).padStart(3, '0')}`,
          tan_number: `BLRB${String(10000 + i)}Z`,
        })),
      )
      .execute();
    await create({ customerCode: 'C-2001', customerName: 'Infosys 100% Ltd', legalName: 'Infosys Limited' });
  });

  it('matches any criterion partially and case-insensitively', async () => {
    expect((await search({ customerName: 'tata' })).results.map((c) => c.customerCode)).toEqual(['C-1001']);
    expect((await search({ tanNumber: 'mumt1' })).totalCount).toBe(1);
    expect((await search({ nameFrom26AS: 'steel lim' })).totalCount).toBe(1);
    expect((await search({ legalName: 'INFOSYS' })).totalCount).toBe(1);
    expect((await search({ customerCode: 'bulk-20' })).totalCount).toBe(5);
    expect((await search({ customerName: 'bulk', tanNumber: 'BLRB10004' })).totalCount).toBe(1);
    expect((await search({ customerName: 'nobody like this' })).results).toEqual([]);
  });

  it("treats the user's % and _ literally", async () => {
    expect((await search({ customerName: '100%' })).results.map((c) => c.customerCode)).toEqual(['C-2001']);
    expect((await search({ customerName: '_' })).totalCount).toBe(0);
  });

  it('answers at most 200 records with the total count, and pages and sorts', async () => {
    const all = await search({});
    expect(all.totalCount).toBe(207);
    expect(all.results).toHaveLength(200);
    const page = await search({
      customerName: 'bulk',
      page: 3,
      pageSize: 10,
      sortBy: 'customerCode',
      sortOrder: 'desc',
    });
    expect(page.totalCount).toBe(205);
    expect(page.results.map((c) => c.customerCode)).toEqual(
      Array.from({ length: 10 }, (_, i) => `BULK-${String(184 - i).padStart(3, '0')}`),
    );
    const tooBig = await t.api('POST', `${M}/customers/search`, { token: admin, body: { pageSize: 500 } });
    expect(tooBig.status).toBe(400);
    expect((await t.api('GET', `${M}/customers/count`, { token: admin })).json).toEqual({ count: 207 });
  });

  it('suggests customers once 5 characters are typed', async () => {
    const ask = async (q: string) =>
      (await t.api('GET', `/search/entities/-1?q=${encodeURIComponent(q)}`, { token: admin })).json as {
        customerCode: string;
      }[];
    expect(await ask('Tata')).toEqual([]);
    expect((await ask('tata steel')).map((s) => s.customerCode)).toEqual(['C-1001']);
    expect(await ask('BULK-1')).toHaveLength(20);
  });
});

describe('viewing and editing a customer', () => {
  it('answers the customer, replaces every field on save and answers Customer Updated', async () => {
    const created = await create({
      customerCode: 'C-3001',
      customerName: 'Wipro Ltd',
      addressCity: 'Bengaluru',
    });
    const viewed = await t.api('GET', `${M}/customer/${created.customerId}`, { token: admin });
    expect(viewed.json).toEqual(created);
    const updated = await save({
      customer: { customerId: created.customerId, customerCode: 'C-3001', customerName: 'Wipro Limited' },
    });
    expect(updated.json).toMatchObject({
      message: 'Customer Updated',
      customer: { customerId: created.customerId, customerName: 'Wipro Limited', addressCity: null },
    });
    const bad = await save({ customer: { customerId: created.customerId, customerName: 'W' } });
    expect(bad.json).toMatchObject({ message: 'Customer Name must be at least 3 characters' });
  });

  it('answers 404 for a customer that does not exist and 400 for an id that is not one', async () => {
    const ghost = '00000000-0000-4000-8000-000000000000';
    expect((await t.api('GET', `${M}/customer/${ghost}`, { token: admin })).status).toBe(404);
    expect((await save({ customer: { customerId: ghost, customerName: 'Ghost Ltd' } })).status).toBe(404);
    expect((await t.api('GET', `${M}/customer/not-a-uuid`, { token: admin })).status).toBe(400);
  });
});

describe('connected entities', () => {
  it('adds and removes children by TAN and lists customers sharing the PAN', async () => {
    const parent = await create(
      {
        customerCode: 'C-4001',
        customerName: 'Reliance Industries',
        tanNumber: 'MUMR11111A',
        panNumber: 'AAACR5055K',
      },
      { children: ['mumr22222b', 'DELR33333C'] },
    );
    const sibling = await create({
      customerCode: 'C-4002',
      customerName: 'Reliance Retail Delhi',
      tanNumber: 'DELR33333C',
      panNumber: 'AAACR5055K',
    });
    expect(parent.children.map((c) => c.name)).toEqual([null, null]);
    // a child is named after the entity's customer holding its TAN, once there is one
    const viewed = (await t.api('GET', `${M}/customer/${parent.customerId}`, { token: admin }))
      .json as CustomerDetail;
    expect(viewed.children).toEqual([
      { tanNumber: 'DELR33333C', id: sibling.customerId, name: 'Reliance Retail Delhi' },
      { tanNumber: 'MUMR22222B', id: null, name: null },
    ]);

    const connected = await t.api(
      'GET',
      `${M}/customer/fetch-connected-entities?customerId=${parent.customerId}&panNumber=aaacr5055k`,
      { token: admin },
    );
    expect(connected.status).toBe(200);
    const answer = connected.json as { children: { tanNumber: string }[]; samePan: { customerId: string }[] };
    expect(answer.children.map((c) => c.tanNumber)).toEqual(['DELR33333C', 'MUMR22222B']);
    expect(answer.samePan.map((c) => c.customerId)).toEqual([sibling.customerId]);

    const edited = await save({
      customer: { ...parent, contactEmails: undefined, children: undefined },
      children: ['KOLR44444D'],
      removedChildren: ['MUMR22222B'],
    });
    expect((edited.json as Saved).customer.children.map((c) => c.tanNumber)).toEqual([
      'DELR33333C',
      'KOLR44444D',
    ]);
  });

  it('validates child TANs and refuses the customer itself as a child', async () => {
    const bad = await save({ customer: { customerName: 'Child Check Ltd' }, children: ['MUM1'] });
    expect(bad.json).toMatchObject({ message: 'Invalid TAN Number' });
    const own = await save({
      customer: { customerName: 'Self Loop Ltd', tanNumber: 'PNES55555E' },
      children: ['PNES55555E'],
    });
    expect(own.status).toBe(400);
    expect(own.json).toMatchObject({ code: 'OWN_TAN_AS_CHILD' });
  });
});

describe('contact e-mails', () => {
  it('makes the first address the contact e-mail and keeps further ones, once each', async () => {
    const customer = await create({ customerCode: 'C-5001', customerName: 'HDFC Bank Ltd' });
    const add = (email: string) =>
      t.api('POST', `${M}/customer/${customer.customerId}/email?email=${encodeURIComponent(email)}`, {
        token: admin,
      });
    expect((await add('tds@hdfc.test')).json).toEqual({
      message: 'Contact email added',
      contactEmails: ['tds@hdfc.test'],
    });
    await add('ap@hdfc.test');
    await add('AP@hdfc.test');
    await add('tds@hdfc.test');
    const viewed = (await t.api('GET', `${M}/customer/${customer.customerId}`, { token: admin })).json;
    expect(viewed).toMatchObject({
      contactEmail: 'tds@hdfc.test',
      contactEmails: ['tds@hdfc.test', 'ap@hdfc.test'],
    });
    const bad = await add('not-an-address');
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ message: 'Invalid Email Address' });
  });
});

describe('downloads', () => {
  it('offers the template as a tab-separated header line', async () => {
    const answer = await t.api('GET', `${M}/masterdatatemplate/customer_master`, { token: admin });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(answer.headers.get('content-disposition')).toBe(
      'attachment; filename="customer_master_template.txt"',
    );
    const header = String(answer.json).trimEnd().split('\t');
    expect(header).toHaveLength(26);
    expect(header.slice(0, 3)).toEqual(['customerId', 'customerCode', 'customerName']);
    expect(header).toContain('nameFrom26AS');
  });

  it('exports every customer of the entity, one line each, with no tab or line break inside a value', async () => {
    await create({ customerCode: 'C-6001', customerName: 'Notes Tester Ltd', notes: 'line one\nline\ttwo' });
    const answer = await t.api('GET', `${M}/customerdatafromdb/customer_master`, { token: admin });
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="customer_master.txt"');
    const lines = String(answer.json)
      .split('\r\n')
      .filter((l) => l !== '');
    const header = lines[0]?.split('\t') ?? [];
    const count = (await t.api('GET', `${M}/customers/count`, { token: admin })).json as { count: number };
    expect(lines).toHaveLength(count.count + 1);
    expect(lines.every((l) => l.split('\t').length === header.length)).toBe(true);
    const row = lines.find((l) => l.includes('C-6001'))?.split('\t') ?? [];
    expect(row[header.indexOf('notes')]).toBe('line one line two');
    expect(row[header.indexOf('customerName')]).toBe('Notes Tester Ltd');
  });
});

describe('entity scoping', () => {
  it("keeps one entity's customers out of another entity of the same tenant and of another tenant", async () => {
    const mine = await create({ customerCode: 'C-7001', customerName: 'Head Office Only Ltd' });
    const branch = (await t.api('PUT', '/legal-entity', { token: admin, body: { name: 'Chennai Branch' } }))
      .json as { id: string; subGroupId: string };
    expect((await switchTo(branch)).status).toBe(200);
    try {
      expect((await t.api('GET', `${M}/customer/${mine.customerId}`, { token: admin })).status).toBe(404);
      expect((await search({ customerCode: 'C-7001' })).totalCount).toBe(0);
      expect((await t.api('GET', `${M}/customers/count`, { token: admin })).json).toEqual({ count: 0 });
      const hijack = await save({ customer: { customerId: mine.customerId, customerName: 'Hijacked Ltd' } });
      expect(hijack.status).toBe(404);
      const email = await t.api('POST', `${M}/customer/${mine.customerId}/email?email=x%40y.test`, {
        token: admin,
      });
      expect(email.status).toBe(404);
      const connected = await t.api(
        'GET',
        `${M}/customer/fetch-connected-entities?customerId=${mine.customerId}`,
        {
          token: admin,
        },
      );
      expect(connected.status).toBe(404);
      // the same code is free in another entity
      const twin = await create({ customerCode: 'C-7001', customerName: 'Chennai Twin Ltd' });
      expect(twin.customerId).not.toBe(mine.customerId);
      const file = String(
        (await t.api('GET', `${M}/customerdatafromdb/customer_master`, { token: admin })).json,
      );
      expect(file).not.toContain('Head Office Only Ltd');
    } finally {
      await switchTo(headOffice);
    }
    expect((await t.api('GET', `${M}/customer/${mine.customerId}`, { token: admin })).json).toMatchObject({
      customerName: 'Head Office Only Ltd',
    });

    const other = await insertTenantWithAdmin(t, 'Globex', 'boss@globex.test', 'Globex-pass-1');
    expect((await t.api('GET', `${M}/customer/${mine.customerId}`, { token: other.token })).status).toBe(404);
    expect((await search({ customerName: 'Head Office' }, other.token)).totalCount).toBe(0);
  });
});

// (last: the customers it makes would change the counts the searches above expect)
describe('a customer website', () => {
  it.each([
    ['javascript:alert(1)', 400],
    ['data:text/html,hi', 400],
    ['acme', 400],
    ['www.acme.in', 200],
    ['https://acme.in/about', 200],
  ])('takes the website %s with %i (a link to another scheme would run)', async (website, status) => {
    const answer = await save({
      customer: { customerCode: `W-${status}-${website.length}`, customerName: 'Website Check Ltd', website },
    });
    expect(answer.status).toBe(status);
    if (status === 400)
      expect(JSON.stringify(answer.json)).toContain('Website must be a name such as acme.in');
  });
});
