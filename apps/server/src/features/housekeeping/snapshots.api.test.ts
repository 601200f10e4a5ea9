import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import {
  defaultPermissions,
  SNAPSHOT_QUOTA,
  SNAPSHOT_QUOTA_MESSAGE,
  type SnapshotList,
} from '@taxrecon/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTenantWithAdmin } from '../../testing/accounts.ts';
import { ADMIN, startTestServer, type TestServer } from '../../testing/test-server.ts';
import { finishedJob, pictureOf, rowCount, seedEntity, seedReconRun } from './test-data.ts';

let t: TestServer;
let admin: string;
const A = { id: '', subGroupId: 'SG1' };
const B = { id: '', subGroupId: '' };

const use = async (entity: { id: string; subGroupId: string }) => {
  expect((await t.api('PUT', `/entity/${entity.id}/${entity.subGroupId}`, { token: admin })).status).toBe(
    200,
  );
};

const list = async (token = admin) =>
  (await t.api('GET', '/snapshot/snapshots', { token })).json as SnapshotList;

const take = async (description: string, token = admin) => {
  const answer = await t.api('PUT', '/snapshot/snapshot', { token, body: { description } });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  const { jobId } = answer.json as { jobId: string };
  const job = await finishedJob(t, token, jobId);
  expect(job, JSON.stringify(job)).toMatchObject({ status: 'Completed', progress: 100 });
  const snapshot = (await list(token)).snapshots.find((s) => s.description === description);
  if (!snapshot) throw new Error(`snapshot ${description} not listed`);
  return snapshot;
};

const restore = async (id: string, token = admin) => {
  const answer = await t.api('PUT', `/snapshot/restore/${id}`, { token });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return finishedJob(t, token, (answer.json as { jobId: string }).jobId);
};

const remove = (id: string, token = admin) => t.api('DELETE', `/snapshot/snapshot/${id}`, { token });

const removeAll = async () => {
  for (const s of (await list()).snapshots) expect((await remove(s.id)).status).toBe(200);
};

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.login(ADMIN.email, ADMIN.password);
  A.id = ((await t.api('GET', '/entities', { token: admin })).json as { id: string }[])[0]?.id ?? '';
  const created = await t.api('PUT', '/legal-entity', { token: admin, body: { name: 'Pune Branch' } });
  Object.assign(B, created.json as { id: string; subGroupId: string });
  await seedEntity(t, A.id, 'mumbai');
  await seedEntity(t, B.id, 'pune');
  await seedReconRun(t, A.id, '2024-25');
  await seedReconRun(t, B.id, '2024-25');
  await addMasters('C-MUM');
  await use(B);
  await addMasters('C-PUN');
  await use(A);
});

// A customer with an extra e-mail and a connected entity, a vendor with one and a section mapping.
const addMasters = async (code: string) => {
  const master = '/master-data-management';
  const customer = await t.api('POST', `${master}/customer`, {
    token: admin,
    body: {
      customer: { customerName: `${code} Buyer`, customerCode: code, contactEmail: 'cfo@buyer.test' },
      children: ['DELA12345C'],
    },
  });
  expect(customer.status, JSON.stringify(customer.json)).toBe(200);
  const customerId = (customer.json as { customer: { customerId: string } }).customer.customerId;
  await t.api('POST', `${master}/customer/${customerId}/email?email=ap%40buyer.test`, { token: admin });
  const vendor = await t.api('POST', `${master}/vendor`, {
    token: admin,
    body: { vendor: { vendorCode: `V-${code}`, vendorName: `${code} Supplies` }, children: ['MUMV12345D'] },
  });
  expect(vendor.status, JSON.stringify(vendor.json)).toBe(200);
  const vendorId = (vendor.json as { vendor: { vendorId: string } }).vendor.vendorId;
  const mapping = await t.api('POST', `${master}/vendor-section-mapping`, {
    token: admin,
    body: { vendorId, sectionNumber: '194C', ltdcApplied: true, ltdcPercentage: 0.75, ltdcAmount: 1500000.5 },
  });
  expect(mapping.status, JSON.stringify(mapping.json)).toBe(200);
};
afterAll(async () => {
  await t?.close();
});

describe('snapshots', () => {
  it('takes, lists, restores and deletes a snapshot, bringing the data back exactly', async () => {
    const before = await pictureOf(t, A.id);
    const untouched = await pictureOf(t, B.id);
    // every kind of row is there to be lost and brought back
    for (const table of [
      'tax_entries',
      'sales_entries',
      'customer_emails',
      'vendor_section_mappings',
      'recon_runs',
      'recon_rows',
    ]) {
      expect(before[table], table).not.toHaveLength(0);
    }
    const snapshot = await take('Before the year-end cleanup');
    expect(snapshot).toMatchObject({
      userId: ADMIN.email,
      status: 'Completed',
      rowCount: rowCount(before),
    });
    expect(Date.parse(snapshot.dateTimeString)).not.toBeNaN();
    const file = path.join(t.server.ctx.config.dataDir, 'snapshots', A.id, `${snapshot.id}.jsonl.gz`);
    expect(fs.statSync(file).size).toBe(snapshot.sizeBytes);

    // change the data every way a user could: delete, add, edit
    const deleted = await t.api('DELETE', '/data-admin/delete?financialYear=2024-25', {
      token: admin,
      body: ['26as'],
    });
    expect(deleted.json).toMatchObject({ message: 'All Data Deleted' });
    await t.api('DELETE', '/data-admin/delete', { token: admin, body: ['customermaster', 'vendormaster'] });
    await t.api('DELETE', '/data-admin/delete?financialYear=2024-25', {
      token: admin,
      body: ['tdsreceivable'],
    });
    expect((await pictureOf(t, A.id)).recon_rows).toEqual([]);
    await t.api('DELETE', '/data-admin/sales', { token: admin, body: ['2023-24'] });
    await sql`UPDATE sales_entries SET tds_amount = 1, to_reconcile = true WHERE entity_id = ${A.id}`.execute(
      t.server.ctx.db,
    );
    await seedEntity(t, A.id, 'extra');
    expect(await pictureOf(t, A.id)).not.toEqual(before);

    const job = await restore(snapshot.id);
    expect(job).toMatchObject({ status: 'Completed', progress: 100 });
    expect(await pictureOf(t, A.id)).toEqual(before);
    // the other entity of the same tenant is exactly as it was
    expect(await pictureOf(t, B.id)).toEqual(untouched);

    // identity columns carry on after the restored ids
    await seedEntity(t, A.id, 'after-restore');
    const ids = await sql<{ n: number; d: number }>`
      SELECT count(*)::int AS n, count(DISTINCT id)::int AS d FROM tax_entries`.execute(t.server.ctx.db);
    expect(ids.rows[0]?.n).toBe(ids.rows[0]?.d);

    const after = await remove(snapshot.id);
    expect(after.status).toBe(200);
    expect((after.json as SnapshotList).snapshots.map((s) => s.id)).not.toContain(snapshot.id);
    expect(fs.existsSync(file)).toBe(false);
    expect((await remove(snapshot.id)).status).toBe(404);
  });

  it(`allows ${SNAPSHOT_QUOTA} snapshots per entity, then asks to delete one`, async () => {
    await removeAll();
    const taken = [];
    for (let i = 1; i <= SNAPSHOT_QUOTA; i += 1) taken.push(await take(`Quota ${i}`));
    expect((await list()).quotaReached).toBe(true);
    const refused = await t.api('PUT', '/snapshot/snapshot', {
      token: admin,
      body: { description: 'One more' },
    });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ code: 'SNAPSHOT_QUOTA', message: SNAPSHOT_QUOTA_MESSAGE });
    // the quota is per entity: the branch still has room
    await use(B);
    expect((await list()).quotaReached).toBe(false);
    await use(A);
    const freed = (await remove(taken[0]?.id ?? '')).json as SnapshotList;
    expect(freed).toMatchObject({ quotaReached: false });
    expect(freed.snapshots).toHaveLength(SNAPSHOT_QUOTA - 1);
    await removeAll();
  });

  it("keeps entities apart: another entity's or tenant's snapshot answers 404", async () => {
    await use(B);
    const branch = await take('Pune only');
    await use(A);
    expect((await list()).snapshots.map((s) => s.id)).not.toContain(branch.id);
    expect((await t.api('PUT', `/snapshot/restore/${branch.id}`, { token: admin })).status).toBe(404);
    expect((await remove(branch.id)).status).toBe(404);

    const mine = await take('Mumbai only');
    const globex = await insertTenantWithAdmin(t, 'Globex', 'boss@globex.test', 'Globex-pass-1');
    expect((await list(globex.token)).snapshots).toEqual([]);
    expect((await t.api('PUT', `/snapshot/restore/${mine.id}`, { token: globex.token })).status).toBe(404);
    expect((await remove(mine.id, globex.token)).status).toBe(404);
    expect((await list()).snapshots.map((s) => s.id)).toContain(mine.id);
    await removeAll();
  });

  it("refuses a snapshot file holding another entity's rows and changes nothing", async () => {
    const snapshot = await take('To be tampered with');
    const file = path.join(t.server.ctx.config.dataDir, 'snapshots', A.id, `${snapshot.id}.jsonl.gz`);
    const lines = gunzipSync(fs.readFileSync(file)).toString('utf8').split('\n');
    // the header still names entity A; the rows now claim to be entity B's
    const forged = [lines[0], ...lines.slice(1).map((l) => l.replaceAll(A.id, B.id))].join('\n');
    fs.writeFileSync(file, gzipSync(forged));
    const before = await pictureOf(t, A.id);
    const untouched = await pictureOf(t, B.id);
    const job = await restore(snapshot.id);
    expect(job.status).toBe('Failed');
    expect(job.failureReason).toContain('another entity');
    expect(await pictureOf(t, A.id)).toEqual(before);
    expect(await pictureOf(t, B.id)).toEqual(untouched);
    await removeAll();
  });

  it("refuses result rows that name another entity, though their run is the entity's own", async () => {
    const snapshot = await take('Result rows tampered with');
    const file = path.join(t.server.ctx.config.dataDir, 'snapshots', A.id, `${snapshot.id}.jsonl.gz`);
    let table = '';
    let forgedRows = 0;
    const forged = gunzipSync(fs.readFileSync(file))
      .toString('utf8')
      .split('\n')
      .map((l) => {
        if (l.startsWith('["table"')) table = (JSON.parse(l) as [string, string])[1];
        if (table !== 'recon_rows' || !l.startsWith('["row"')) return l;
        forgedRows++;
        return l.replaceAll(A.id, B.id);
      })
      .join('\n');
    expect(forgedRows).toBeGreaterThan(0);
    fs.writeFileSync(file, gzipSync(forged));
    const before = await pictureOf(t, A.id);
    const job = await restore(snapshot.id);
    expect(job.status).toBe('Failed');
    expect(job.failureReason).toContain('another entity');
    expect(await pictureOf(t, A.id)).toEqual(before);
    await removeAll();
  });

  it('restores a file whose uploader has since been deleted, as the live data had it', async () => {
    const db = t.server.ctx.db;
    const tenant = await db
      .selectFrom('legal_entities')
      .select('tenant_id')
      .where('id', '=', A.id)
      .executeTakeFirstOrThrow();
    const user = await db
      .insertInto('users')
      .values({
        tenant_id: tenant.tenant_id,
        login: 'leaver@acme.test',
        email: 'leaver@acme.test',
        role: 'NORMAL-USER',
        permissions: defaultPermissions('NORMAL-USER'),
        password_hash: 'x',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`
      INSERT INTO stored_files (tenant_id, entity_id, kind, file_name, sha256, size_bytes, storage_key, uploaded_by)
      VALUES (${tenant.tenant_id}, ${A.id}, '26as', 'leaver.txt', 'abc', 10, 'ab/abc', ${user.id})`.execute(
      db,
    );
    const snapshot = await take('With the leaver');
    await db.deleteFrom('users').where('id', '=', user.id).execute();
    const before = await pictureOf(t, A.id);
    await sql`DELETE FROM stored_files WHERE entity_id = ${A.id}`.execute(db);
    expect(await restore(snapshot.id)).toMatchObject({ status: 'Completed' });
    expect(await pictureOf(t, A.id)).toEqual(before);
    await removeAll();
  });

  it('validates the description and refuses to restore a snapshot that is not complete', async () => {
    const long = await t.api('PUT', '/snapshot/snapshot', {
      token: admin,
      body: { description: 'x'.repeat(201) },
    });
    expect(long.status).toBe(400);
    const pending = await t.server.ctx.db
      .insertInto('snapshots')
      .values({
        tenant_id: (
          await t.server.ctx.db
            .selectFrom('legal_entities')
            .select('tenant_id')
            .where('id', '=', A.id)
            .executeTakeFirstOrThrow()
        ).tenant_id,
        entity_id: A.id,
        created_by_login: ADMIN.email,
        storage_path: 'snapshots/none.jsonl.gz',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const refused = await t.api('PUT', `/snapshot/restore/${pending.id}`, { token: admin });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ message: 'This snapshot is still being taken. Please wait.' });
    expect((await list()).snapshots[0]).toMatchObject({
      id: pending.id,
      status: 'InProgress',
      description: '',
    });
    await removeAll();
  });
});
