import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMail } from '../../testing/accounts.ts';
import { ADMIN, startTestServer, type TestServer } from '../../testing/test-server.ts';

// An administrator works inside the entities they are allowed, like every
// other user: one limited to entity B cannot give anybody (themselves
// included) access to entity A, rename A or change its PAN, or edit or delete
// a user who works in A. Another entity's object answers as if it did not exist.

let t: TestServer;
let admin: string;
let branchAdmin: string;
const A = { id: '', subGroupId: 'SG1' };
const B = { id: '', subGroupId: '' };

const signInNew = async (email: string, password: string) => {
  const mail = await outboxMail(t, email);
  const temporary = /Temporary password: (\S+)/.exec(mail.body_text)?.[1] ?? '';
  const token = await t.login(email, temporary);
  await t.api('PUT', '/change-password', {
    token,
    body: { userId: email, oldPassword: temporary, password },
  });
  return token;
};

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.login(ADMIN.email, ADMIN.password);
  A.id = ((await t.api('GET', '/entities', { token: admin })).json as { id: string }[])[0]?.id ?? '';
  Object.assign(
    B,
    (await t.api('PUT', '/legal-entity', { token: admin, body: { name: 'Pune Branch' } })).json as {
      id: string;
      subGroupId: string;
    },
  );
  const created = await t.api('POST', '/create-user', {
    token: admin,
    body: { email: 'priya@acme.test', fname: 'Priya', lname: 'Pune', role: 'ADMIN', allowedEntities: [B.id] },
  });
  expect(created.json).toMatchObject({ error: false });
  branchAdmin = await signInNew('priya@acme.test', 'Branch-pass-1');
  const head = await t.api('POST', '/create-user', {
    token: admin,
    body: { email: 'hari@acme.test', fname: 'Hari', lname: 'Head', allowedEntities: [A.id] },
  });
  expect(head.json).toMatchObject({ error: false });
});
afterAll(async () => {
  await t?.close();
});

const entitiesOf = async (login: string) =>
  (
    (await t.api('GET', '/users-by-tenant', { token: admin })).json as {
      id: string;
      allowedEntities: string[];
    }[]
  ).find((u) => u.id === login)?.allowedEntities;

describe("an administrator limited to one entity and another entity's data", () => {
  it('lists only the entities and users of their own entities', async () => {
    const entities = (await t.api('GET', '/legal-entities', { token: branchAdmin })).json as { id: string }[];
    expect(entities.map((e) => e.id)).toEqual([B.id]);
    const users = (await t.api('GET', '/users-by-tenant', { token: branchAdmin })).json as { id: string }[];
    expect(users.map((u) => u.id)).toContain('priya@acme.test');
    expect(users.map((u) => u.id)).not.toContain('hari@acme.test');
    expect(users.map((u) => u.id)).not.toContain(ADMIN.email);
  });

  it('cannot give themselves access to an entity they are not allowed', async () => {
    const answer = await t.api('PUT', '/update-user', {
      token: branchAdmin,
      body: { id: 'priya@acme.test', allowedEntities: [B.id, A.id] },
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ code: 'UNKNOWN_ENTITY' });
    expect(await entitiesOf('priya@acme.test')).toEqual([B.id]);
    expect((await t.api('PUT', `/entity/${A.id}/${A.subGroupId}`, { token: branchAdmin })).status).toBe(404);
  });

  it('cannot create a user of an entity they are not allowed', async () => {
    const answer = await t.api('POST', '/create-user', {
      token: branchAdmin,
      body: { email: 'mole@acme.test', fname: 'M', lname: 'L', allowedEntities: [A.id] },
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ code: 'UNKNOWN_ENTITY' });
    const users = (await t.api('GET', '/users-by-tenant', { token: admin })).json as { id: string }[];
    expect(users.map((u) => u.id)).not.toContain('mole@acme.test');
  });

  it('cannot rename another entity or change its PAN', async () => {
    const rename = await t.api('PUT', `/entity-desc-for-tenant/${A.id}?entityDesc=Taken`, {
      token: branchAdmin,
    });
    expect(rename.status).toBe(404);
    const pan = await t.api('PUT', `/pan-for-tenant/${A.id}/AAACZ9999Z`, { token: branchAdmin });
    expect(pan.status).toBe(404);
    const list = (await t.api('GET', '/legal-entities', { token: admin })).json as {
      id: string;
      name: string;
      panNumber: string | null;
    }[];
    expect(list.find((e) => e.id === A.id)).toMatchObject({ name: 'Head Office', panNumber: null });
    // their own entity they still manage
    expect(
      (await t.api('PUT', `/entity-desc-for-tenant/${B.id}?entityDesc=Pune%20Works`, { token: branchAdmin }))
        .status,
    ).toBe(200);
  });

  it('cannot edit or delete a user of another entity', async () => {
    const edit = await t.api('PUT', '/update-user', {
      token: branchAdmin,
      body: { id: 'hari@acme.test', allowedEntities: [B.id] },
    });
    expect(edit.status).toBe(404);
    expect(await entitiesOf('hari@acme.test')).toEqual([A.id]);
    const remove = await t.api('DELETE', '/delete-user/hari@acme.test', { token: branchAdmin });
    expect(remove.status).toBe(404);
    const removeAdmin = await t.api('DELETE', `/delete-user/${ADMIN.email}`, { token: branchAdmin });
    expect(removeAdmin.status).toBe(404);
    expect(await entitiesOf('hari@acme.test')).toEqual([A.id]);
  });

  it('the administrator of every entity still manages everybody', async () => {
    const edit = await t.api('PUT', '/update-user', {
      token: admin,
      body: { id: 'hari@acme.test', allowedEntities: [A.id, B.id] },
    });
    expect(edit.json).toMatchObject({ error: false });
    expect(await entitiesOf('hari@acme.test')).toEqual([A.id, B.id]);
  });

  it("an entity the limited administrator creates is the organisation administrators' too", async () => {
    const made = (await t.api('PUT', '/legal-entity', { token: branchAdmin, body: { name: 'Nashik Depot' } }))
      .json as { id: string };
    const seenByBranch = (await t.api('GET', '/legal-entities', { token: branchAdmin })).json as {
      id: string;
    }[];
    expect(seenByBranch.map((e) => e.id)).toEqual([B.id, made.id]);
    const seenByHead = (await t.api('GET', '/legal-entities', { token: admin })).json as { id: string }[];
    expect(seenByHead.map((e) => e.id)).toContain(made.id);
    // a user limited to the head office is not given it
    expect(await entitiesOf('hari@acme.test')).not.toContain(made.id);
  });
});
