import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNormalUser } from '../../testing/accounts.ts';
import { ADMIN, startTestServer, type TestServer } from '../../testing/test-server.ts';

// The customer picker's suggestions (GET /search/entities/-1) serve the Delete
// Data screen and answer the customers' names, codes, TANs and PANs: a user
// without DATA_ADMIN (the screen's permission) gets 403, like every other
// route of the screen, not the customer master it may not search.

let t: TestServer;
let admin: string;
let clerk: string;

const setPermissions = (login: string, permissions: string[]) =>
  t.server.ctx.db.updateTable('users').set({ permissions }).where('login', '=', login).execute();

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.login(ADMIN.email, ADMIN.password);
  clerk = await createNormalUser(t, admin, 'clerk@acme.test', 'Clerk-pass-1');
  await t.api('POST', '/master-data-management/customer', {
    token: admin,
    body: {
      customer: { customerName: 'Acme Buyer Private Limited', customerCode: 'C001', tanNumber: 'MUMA12345B' },
    },
  });
});
afterAll(async () => {
  await t?.close();
});

describe('customer suggestions', () => {
  it('need DATA_ADMIN, the permission of the screen that asks for them', async () => {
    await setPermissions('clerk@acme.test', ['RECON_TDS_RECEIVABLE']);
    const refused = await t.api('GET', '/search/entities/-1?q=Acme%20Buyer', { token: clerk });
    expect(refused.status).toBe(403);
    // the delete screen's own call answers the same
    expect((await t.api('DELETE', '/data-admin/sales', { token: clerk, body: ['2024-25'] })).status).toBe(
      403,
    );
    await setPermissions('clerk@acme.test', ['DATA_ADMIN']);
    const allowed = await t.api('GET', '/search/entities/-1?q=Acme%20Buyer', { token: clerk });
    expect(allowed.status).toBe(200);
    expect(allowed.json).toMatchObject([{ customerCode: 'C001' }]);
  });
});
