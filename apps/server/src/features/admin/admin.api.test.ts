import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTenantWithAdmin, outboxMail } from '../../testing/accounts.ts';
import { ADMIN, startTestServer, type TestServer } from '../../testing/test-server.ts';

let t: TestServer;
let admin: string;
let headOffice: string;

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.login(ADMIN.email, ADMIN.password);
  headOffice =
    ((await t.api('GET', '/legal-entities', { token: admin })).json as { id: string }[])[0]?.id ?? '';
});
afterAll(async () => {
  await t?.close();
});

describe('legal entities', () => {
  it('creates an entity the creating admin can switch to, and everything then belongs to it', async () => {
    const created = await t.api('PUT', '/legal-entity', {
      token: admin,
      body: { name: 'Pune Branch', panNumber: 'aabcp1234q' },
    });
    expect(created.json).toMatchObject({ name: 'Pune Branch', subGroupId: 'SG2', panNumber: 'AABCP1234Q' });
    const pune = created.json as { id: string; subGroupId: string };
    const switched = await t.api('PUT', `/entity/${pune.id}/${pune.subGroupId}`, { token: admin });
    expect(switched.status).toBe(200);
    const entities = (await t.api('GET', '/entities', { token: admin })).json as {
      id: string;
      current: boolean;
    }[];
    expect(entities[0]).toMatchObject({ id: pune.id, current: true });
    const job = (await t.api('POST', '/job/data-quality-report', { token: admin })).json as { id: string };
    await t.api('PUT', `/entity/${headOffice}/SG1`, { token: admin });
    // the Pune job is not visible from the head office
    expect((await t.api('GET', `/job/${job.id}`, { token: admin })).status).toBe(404);
    const queue = (await t.api('GET', '/job/jobs-queue', { token: admin })).json as { id: string }[];
    expect(queue.map((j) => j.id)).not.toContain(job.id);
  });

  it('renames an entity and validates its PAN with the spec messages', async () => {
    expect(
      (await t.api('PUT', `/entity-desc-for-tenant/${headOffice}?entityDesc=Mumbai%20HQ`, { token: admin }))
        .status,
    ).toBe(200);
    const bad = await t.api('PUT', `/pan-for-tenant/${headOffice}/12345ABCDE`, { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ message: 'Invalid PAN Number' });
    const good = await t.api('PUT', `/pan-for-tenant/${headOffice}/AAACZ9999Z`, { token: admin });
    expect(good.json).toEqual({ message: 'PAN Number Saved/Updated' });
    const list = (await t.api('GET', '/legal-entities', { token: admin })).json as {
      id: string;
      name: string;
      panNumber: string;
    }[];
    expect(list.find((e) => e.id === headOffice)).toMatchObject({
      name: 'Mumbai HQ',
      panNumber: 'AAACZ9999Z',
    });
  });

  it('refuses a switch to an entity the user is not allowed', async () => {
    const other = await insertTenantWithAdmin(t, 'Initech', 'bill@initech.test', 'Initech-pass-1');
    expect((await t.api('PUT', `/entity/${other.entityId}/SG1`, { token: admin })).status).toBe(404);
  });
});

describe('users', () => {
  it('creates a user with the spec validation messages', async () => {
    const noEntity = await t.api('POST', '/create-user', {
      token: admin,
      body: { email: 'a@acme.test', fname: 'A', lname: 'B', allowedEntities: [] },
    });
    expect(noEntity.json).toMatchObject({ message: 'Select one or more entities' });
    // a text that is not an entity id: refused, not dropped (alone, it was a 500)
    for (const allowedEntities of [['fuzzvalue'], [headOffice, 'fuzzvalue']]) {
      const notAnId = await t.api('POST', '/create-user', {
        token: admin,
        body: { email: 'n@acme.test', fname: 'N', lname: 'B', allowedEntities },
      });
      expect(notAnId.status).toBe(400);
      expect(notAnId.json).toMatchObject({ code: 'UNKNOWN_ENTITY' });
    }
    const badMail = await t.api('POST', '/create-user', {
      token: admin,
      body: { email: 'not-an-email', fname: 'A', lname: 'B', allowedEntities: [headOffice] },
    });
    expect(badMail.json).toMatchObject({ message: 'Invalid Email Address' });
    const ok = await t.api('POST', '/create-user', {
      token: admin,
      body: { email: 'ravi@acme.test', fname: 'Ravi', lname: 'Kumar', allowedEntities: [headOffice] },
    });
    expect(ok.json).toMatchObject({ error: false });
    const mail = await outboxMail(t, 'ravi@acme.test');
    expect(mail.transport).toBe('outbox');
    const outbox = (await t.api('GET', '/admin/outbox', { token: admin })).json as { to: string }[];
    expect(outbox.map((m) => m.to)).toContain('ravi@acme.test');
    const users = (await t.api('GET', '/users-by-tenant', { token: admin })).json as {
      id: string;
      role: string;
    }[];
    expect(users.find((u) => u.id === 'ravi@acme.test')).toMatchObject({ role: 'NORMAL-USER' });
    const again = await t.api('POST', '/create-user', {
      token: admin,
      body: { email: 'RAVI@acme.test', fname: 'Ravi', lname: 'K', allowedEntities: [headOffice] },
    });
    expect(again.json).toMatchObject({ error: true, status: 409 });
  });

  it('edits the entities of a user and deletes the user', async () => {
    const pune = (
      (await t.api('GET', '/legal-entities', { token: admin })).json as { id: string; name: string }[]
    ).find((e) => e.name === 'Pune Branch');
    const updated = await t.api('PUT', '/update-user', {
      token: admin,
      body: { id: 'ravi@acme.test', allowedEntities: [pune?.id] },
    });
    expect(updated.json).toMatchObject({ error: false });
    const users = (await t.api('GET', '/users-by-tenant', { token: admin })).json as {
      id: string;
      allowedEntities: string[];
    }[];
    expect(users.find((u) => u.id === 'ravi@acme.test')?.allowedEntities).toEqual([pune?.id]);
    expect((await t.api('DELETE', '/delete-user/ravi@acme.test', { token: admin })).json).toMatchObject({
      error: false,
    });
    expect((await t.api('DELETE', '/delete-user/ravi@acme.test', { token: admin })).status).toBe(404);
  });

  it('does not let an admin delete their own account', async () => {
    expect((await t.api('DELETE', `/delete-user/${ADMIN.email}`, { token: admin })).json).toMatchObject({
      error: true,
    });
  });
});
