import type { Form16aVendor } from '@taxrecon/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from '../../testing/test-server.ts';

// The Form 16A upload screen looks the vendor up by PAN. It called the vendor
// master's route (MASTERDATA_VENDORS), so a user with the Form 16A permission
// but not the vendor master's could not upload at all. The look-up is now the
// Form 16A feature's own: FORM16A_MANAGEMENT, the caller's entity, and only
// what the screen shows.

const ORCHID = {
  vendorCode: 'V-ORCH',
  vendorName: 'Orchid Couriers Pvt Ltd',
  panNumber: 'AAACO5151K',
  contactEmail: 'tds@orchid.test',
};
// a branch with the same PAN: the upload files under the default contact
const ORCHID_BRANCH = {
  vendorCode: 'V-ORCA',
  vendorName: 'Orchid Couriers (Pune)',
  panNumber: 'AAACO5151K',
  contactEmail: 'pune@orchid.test',
};
const route = (pan: string) => `/document-management/form-16-a-vendor/${pan}`;

let t: TestServer;
let admin: string;
let adminId: string;
let allPermissions: string[];

const setPermissions = (permissions: string[]) =>
  t.server.ctx.db.updateTable('users').set({ permissions }).where('id', '=', adminId).execute();

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.login(ADMIN.email, ADMIN.password);
  const user = await t.server.ctx.db
    .selectFrom('users')
    .select(['id', 'permissions'])
    .where('login', '=', ADMIN.email)
    .executeTakeFirstOrThrow();
  adminId = user.id;
  allPermissions = user.permissions;
  for (const vendor of [ORCHID_BRANCH, ORCHID]) {
    const answer = await t.api('POST', '/master-data-management/vendor', {
      token: admin,
      body: { vendor: { ...vendor, defaultContact: vendor === ORCHID } },
    });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  }
});

afterAll(async () => {
  await t?.close();
});

describe('the Form 16A upload vendor look-up', () => {
  it('answers a Form 16A user without the vendor master permission', async () => {
    await setPermissions(allPermissions.filter((p) => p !== 'MASTERDATA_VENDORS'));
    try {
      // the vendor master's own route stays closed to this user
      expect(
        (await t.api('GET', `/master-data-management/vendor/pan/${ORCHID.panNumber}`, { token: admin }))
          .status,
      ).toBe(403);
      const answer = await t.api('GET', route(ORCHID.panNumber.toLowerCase()), { token: admin });
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
      // the vendor the upload files under, with nothing else of the master
      expect(answer.json).toEqual({
        vendor: {
          vendorCode: ORCHID.vendorCode,
          vendorName: ORCHID.vendorName,
          vendorPan: ORCHID.panNumber,
          contactEmail: ORCHID.contactEmail,
        } satisfies Form16aVendor,
      });
      expect((await t.api('GET', route('AAAAA1111A'), { token: admin })).json).toEqual({ vendor: null });
      const bad = await t.api('GET', route('12345'), { token: admin });
      expect(bad.status).toBe(400);
      expect(bad.json).toMatchObject({ message: 'Invalid PAN Number' });
    } finally {
      await setPermissions(allPermissions);
    }
  });

  it('is refused without the Form 16A permission, even with the vendor master one', async () => {
    await setPermissions(allPermissions.filter((p) => p !== 'FORM16A_MANAGEMENT'));
    try {
      expect((await t.api('GET', route(ORCHID.panNumber), { token: admin })).status).toBe(403);
    } finally {
      await setPermissions(allPermissions);
    }
  });

  it("finds only the current entity's vendors", async () => {
    const created = await t.api('PUT', '/legal-entity', { token: admin, body: { name: 'Nagpur Branch' } });
    const other = created.json as { id: string; subGroupId: string };
    const entities = (await t.api('GET', '/entities', { token: admin })).json as {
      id: string;
      subGroupId: string;
    }[];
    const home = entities.find((e) => e.id !== other.id);
    expect((await t.api('PUT', `/entity/${other.id}/${other.subGroupId}`, { token: admin })).status).toBe(
      200,
    );
    try {
      expect((await t.api('GET', route(ORCHID.panNumber), { token: admin })).json).toEqual({ vendor: null });
    } finally {
      if (home) await t.api('PUT', `/entity/${home.id}/${home.subGroupId}`, { token: admin });
    }
  });
});
