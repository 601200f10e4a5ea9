import {
  type Access,
  type ApiRoute,
  apiRoutes,
  defaultPermissions,
  fillPath,
  type Role,
} from '@taxrecon/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNormalUser, insertTenantWithAdmin, registerUtilityUser } from '../../testing/accounts.ts';
import {
  ADMIN,
  type ApiAnswer,
  eventually,
  startTestServer,
  type TestServer,
} from '../../testing/test-server.ts';

// Walks every route of the route table as ADMIN, NORMAL-USER, UTILITY-USER, no
// token, and the ADMIN of another tenant. A route added to the table is walked
// without editing this file; a route whose path parameter has no fixture below
// fails loudly so the fixture gets written.

let t: TestServer;
const tokens: Record<string, string | undefined> = {};
const tenantA = {
  entityId: '',
  jobId: '',
  normalLogin: 'nina@acme.test',
  customerId: '',
  vendorId: '',
  // deleted by the same-tenant walk; the other tenant aims at keptMappingId
  mappingId: '',
  keptMappingId: '',
  // deleted by the same-tenant walk; restores and the other tenant aim at keptSnapshotId
  snapshotId: '',
  keptSnapshotId: '',
  secrets: [] as string[],
};
const CUSTOMER = { customerName: 'Acme Buyer Ltd', tanNumber: 'MUMA12345B', panNumber: 'AABCA1234B' };
const VENDOR = { vendorCode: 'V-ACME', vendorName: 'Acme Supplies', panNumber: 'ABCPE1234F' };

type CallerKind = 'ADMIN' | 'NORMAL-USER' | 'UTILITY-USER' | 'anonymous' | 'otherTenantAdmin';
const CALLERS: CallerKind[] = ['anonymous', 'UTILITY-USER', 'NORMAL-USER', 'ADMIN', 'otherTenantAdmin'];

const allowed = (access: Access, caller: CallerKind): boolean => {
  if (access.kind === 'public') return true;
  if (caller === 'anonymous') return false;
  if (access.kind === 'signedIn') return true;
  if (caller === 'UTILITY-USER') return false;
  if (access.kind === 'fullUser') return true;
  const role: Role = caller === 'NORMAL-USER' ? 'NORMAL-USER' : 'ADMIN';
  return defaultPermissions(role).includes(access.permission);
};

// Values for path parameters, by name; they point at tenant A's objects so the
// other tenant's calls prove that another tenant's object answers 404.
const pathParams = (): Record<string, string> => ({
  id: tenantA.entityId,
  entityId: tenantA.entityId,
  subGroupId: 'SG1',
  jobId: tenantA.jobId,
  notify: 'true',
  kind: 'sales-register',
  pan: 'ABCPE1234F',
  token: 'not-a-real-token',
  userName: 'nobody@example.com',
  userId: 'nobody@example.com',
  hash: 'aaaaaaaaaaaaaaaaaaaa.bbbbbbbbbbbbbbbbbbbb',
  customerId: tenantA.customerId,
  vendorId: tenantA.vendorId,
  year: '2024-25',
  page: '1',
  tan: 'MUMA12345B',
  customer: 'MUMA12345B',
  customerTan: 'MUMA12345B',
  category: 'partialMatches',
  tolerance: '10',
  jobOrYear: '2024-25',
  reportId: '00000000-0000-4000-8000-000000000000',
  threadId: '00000000-0000-4000-8000-000000000000',
  fileName: 'no-such-form16a.pdf',
  // TDS payable folders (payable-data)
  fy: '24-25',
  month: '2024-06',
  file: 'nothing-here.txt',
  section: '194C',
  ruleId: '00000000-0000-4000-8000-000000000000',
  ruleSetId: '00000000-0000-4000-8000-000000000000',
  monthYear: '2024-06',
  deducteeType: 'company',
  user: 'ABCDE1234F',
  password: 'not-the-password',
  captchaText: 'x7k2q',
  cookie: 'JSESSIONID=none',
  key: '00000000-0000-4000-8000-000000000000',
  // challans
  quarter: 'Q1',
  bsr: '0510002',
  serial: '00001',
  date: '2024-07-07',
  // 26Q reconciliation
  financialYear: '2024-25',
});

// Per route overrides where a parameter name means something else.
const routeParams = (): Record<string, Record<string, string>> => ({
  miscPayableReport: { reportId: 'form3cd_annual_report' },
  deleteUser: { id: 'ghost@acme.test' },
  deleteVendorSectionMapping: { id: tenantA.mappingId },
  deleteSnapshot: { id: tenantA.snapshotId },
  restoreSnapshot: { id: tenantA.keptSnapshotId },
  form26qDownload: { hash: '00000000-0000-4000-8000-000000000000', fileName: 'none.xlsx' },
  form26qResult: { id: '00000000-0000-4000-8000-000000000000' },
  // payable adjustments: no adjustment has this id (404); RECON_TDS_PAYABLE decides who may ask
  adjustedFileOriginal: { id: '00000000-0000-4000-8000-000000000000' },
  adjustedFileErrors: { id: '00000000-0000-4000-8000-000000000000' },
});
const crossTenantParams = (): Record<string, Record<string, string>> => ({
  miscPayableReport: { reportId: 'form3cd_annual_report' },
  deleteUser: { id: 'nina@acme.test' },
  deleteVendorSectionMapping: { id: tenantA.keptMappingId },
  deleteSnapshot: { id: tenantA.keptSnapshotId },
  restoreSnapshot: { id: tenantA.keptSnapshotId },
});

// Valid bodies referring to tenant A's objects, for the routes that take one.
const bodies = (): Record<string, unknown> => ({
  updateUser: { id: tenantA.normalLogin, allowedEntities: [tenantA.entityId] },
  createUser: { email: 'x@acme.test', fname: 'X', lname: 'Y', allowedEntities: [tenantA.entityId] },
  saveCustomer: { customer: { customerId: tenantA.customerId, ...CUSTOMER } },
  saveVendor: { vendor: { vendorId: tenantA.vendorId, ...VENDOR } },
  saveVendorSectionMapping: { id: tenantA.keptMappingId, vendorId: tenantA.vendorId, sectionNumber: '194C' },
});
const queries = (): Record<string, string> => ({
  entityDesc: '?entityDesc=Renamed',
  addCustomerEmail: '?email=ap%40buyer.test',
  customerConnectedEntities: `?customerId=${tenantA.customerId}`,
  vendorConnectedEntities: `?vendorId=${tenantA.vendorId}`,
  customerSuggestions: '?q=Acme%20Buyer',
  deletePayments: '?financialYear=2024-25&month=04',
  syncCustomer: `?jobId=${tenantA.jobId}`,
  syncCustomers: `?jobId=${tenantA.jobId}`,
  discrepancies: `?jobId=${tenantA.jobId}`,
  searchDiscrepancies: `?jobId=${tenantA.jobId}`,
  decisions: `?jobId=${tenantA.jobId}`,
  downloadCustomer: `?jobId=${tenantA.jobId}`,
  reportCustomer: `?jobId=${tenantA.jobId}`,
  bulkUpdateDiscrepancies: `?jobId=${tenantA.jobId}`,
  payableMonths: '?financialYear=24-25',
  uploadAdjustedEntries: '?subsection=',
  adjustmentJobs: '?subsection=',
});

const call = (name: string, route: ApiRoute, caller: CallerKind): Promise<ApiAnswer> => {
  const params = {
    ...pathParams(),
    ...(caller === 'otherTenantAdmin' ? crossTenantParams()[name] : routeParams()[name]),
  };
  const path = fillPath(route.path, params) + (queries()[name] ?? '');
  const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : (bodies()[name] ?? {});
  const token = caller === 'anonymous' ? undefined : tokens[caller];
  return t.api(route.method, path, { ...(token ? { token } : {}), ...(body === undefined ? {} : { body }) });
};

const code = (answer: ApiAnswer) => (answer.json as { code?: string } | null)?.code;

beforeAll(async () => {
  t = await startTestServer();
  tokens.ADMIN = await t.login(ADMIN.email, ADMIN.password);
  tokens['NORMAL-USER'] = await createNormalUser(t, tokens.ADMIN, tenantA.normalLogin, 'Normal-pass-1');
  tokens['UTILITY-USER'] = await registerUtilityUser(t, 'uma@utility.test', 'Utility-pass-1');
  tokens.otherTenantAdmin = (
    await insertTenantWithAdmin(t, 'Globex', 'boss@globex.test', 'Globex-pass-1')
  ).token;
  const entities = (await t.api('GET', '/entities', { token: tokens.ADMIN })).json as { id: string }[];
  tenantA.entityId = entities[0]?.id ?? '';
  const job = (await t.api('POST', '/job/data-quality-report', { token: tokens.ADMIN })).json as {
    id: string;
  };
  tenantA.jobId = job.id;
  await eventually(async () => {
    const view = (await t.api('GET', `/job/${job.id}`, { token: tokens.ADMIN })).json as { status: string };
    return view.status === 'Completed';
  });
  const master = '/master-data-management';
  const customer = await t.api('POST', `${master}/customer`, {
    token: tokens.ADMIN,
    body: { customer: CUSTOMER, children: ['DELA12345C'] },
  });
  tenantA.customerId = (customer.json as { customer: { customerId: string } }).customer.customerId;
  const vendor = await t.api('POST', `${master}/vendor`, { token: tokens.ADMIN, body: { vendor: VENDOR } });
  tenantA.vendorId = (vendor.json as { vendor: { vendorId: string } }).vendor.vendorId;
  const mapping = async () => {
    const answer = await t.api('POST', `${master}/vendor-section-mapping`, {
      token: tokens.ADMIN,
      body: { vendorId: tenantA.vendorId, sectionNumber: '194J', tdsExempted: false },
    });
    return (answer.json as { mapping: { id: string } }).mapping.id;
  };
  tenantA.mappingId = await mapping();
  tenantA.keptMappingId = await mapping();
  const snapshot = async (description: string) => {
    const taken = await t.api('PUT', '/snapshot/snapshot', { token: tokens.ADMIN, body: { description } });
    const { jobId } = taken.json as { jobId: string };
    await eventually(async () => {
      const view = (await t.api('GET', `/job/${jobId}`, { token: tokens.ADMIN })).json as { status: string };
      return view.status === 'Completed';
    });
    const list = (await t.api('GET', '/snapshot/snapshots', { token: tokens.ADMIN })).json as {
      snapshots: { id: string; description: string }[];
    };
    return list.snapshots.find((s) => s.description === description)?.id ?? '';
  };
  tenantA.snapshotId = await snapshot('Deleted by the walk');
  tenantA.keptSnapshotId = await snapshot('Kept');
  tenantA.secrets = [
    tenantA.entityId,
    tenantA.jobId,
    ADMIN.email,
    tenantA.normalLogin,
    tenantA.customerId,
    tenantA.vendorId,
    tenantA.keptMappingId,
    tenantA.keptSnapshotId,
  ];
});

afterAll(async () => {
  await t?.close();
});

describe('the route table', () => {
  it('has a parameter fixture for every path parameter', () => {
    for (const [name, route] of Object.entries(apiRoutes)) {
      const names = [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] ?? '');
      for (const param of names) {
        expect(pathParams(), `route ${name} needs a fixture for :${param}`).toHaveProperty(param);
      }
    }
  });

  it('is what the server serves: every table route answers, none is a 404 for a missing route', async () => {
    for (const [name, route] of Object.entries(apiRoutes)) {
      const answer = await call(name, route, 'ADMIN');
      expect(answer.json, `${name}: ${route.method} ${route.path}`).not.toMatchObject({
        message: expect.stringMatching(/^No such API route/),
      });
    }
  });
});

const cases = Object.entries(apiRoutes).flatMap(([name, route]) =>
  CALLERS.map((caller) => ({ name, route: route as ApiRoute, caller })),
);

describe.each(cases)('$name ($route.method $route.path) as $caller', ({ name, route, caller }) => {
  it(allowed(route.access, caller) ? 'is let through' : 'is refused', async () => {
    const answer = await call(name, route, caller);
    if (!allowed(route.access, caller)) {
      expect(answer.status).toBe(caller === 'anonymous' ? 401 : 403);
      expect(code(answer)).toBe(caller === 'anonymous' ? 'UNAUTHORIZED' : 'FORBIDDEN');
      return;
    }
    expect(answer.status, JSON.stringify(answer.json)).not.toBe(401);
    expect(['UNAUTHORIZED', 'FORBIDDEN', 'PASSWORD_CHANGE_REQUIRED']).not.toContain(code(answer));
    expect(answer.status, JSON.stringify(answer.json)).toBeLessThan(500);
    if (caller === 'otherTenantAdmin') {
      // Nothing of tenant A may appear in anything another tenant is answered.
      const text = JSON.stringify(answer.json);
      for (const secret of tenantA.secrets) expect(text).not.toContain(secret);
      // A call naming one of tenant A's objects must not succeed.
      const namesTenantAObject =
        /:(id|entityId|jobId|customerId|vendorId)\b/.test(route.path) ||
        (name in bodies() && route.access.kind !== 'public') ||
        /[?&]\w+Id=/.test(queries()[name] ?? '');
      if (namesTenantAObject) expect([400, 404]).toContain(answer.status);
    }
  });
});
