import { API_BASE, type Form16aSearchResponse } from '@taxrecon/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, eventually, startTestServer, type TestServer } from '../../testing/test-server.ts';

// The demo company gets a few Form 16A certificates once its vendor master has loaded.
let t: TestServer;
let token: string;

beforeAll(async () => {
  t = await startTestServer({ demo: true });
  token = await t.login(ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await t?.close();
});

describe('the demo company', () => {
  it('has Form 16A certificates of its vendors, readable and downloadable', async () => {
    const job = await eventually(async () => {
      const list = (await t.api('GET', '/job/jobs-queue', { token })).json as {
        jobType: string;
        status: string;
        remarks: string | null;
      }[];
      const demo = list.find((j) => j.jobType === 'DemoForm16A');
      return demo?.status === 'Completed' ? demo : null;
    }, 120_000);
    expect(job.remarks).toBe('8 demo Form 16A certificate(s) loaded');
    const found = (await t.api('GET', '/document-management/search-form-16-a?quarter=Q2', { token }))
      .json as Form16aSearchResponse;
    expect(found.totalRecords).toBe(4);
    for (const r of found.records) {
      expect(r).toMatchObject({ financialYear: '2024-25', quarter: 'Q2', deductorTan: 'MUMA12345B' });
      expect(r.fileName).toBe(`${r.vendorPan}_Q2_2024-25.pdf`);
    }
    const first = found.records[0];
    const pdf = await fetch(`${t.baseUrl}${API_BASE}/document-management/form-16-a/${first?.fileName}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });
});
