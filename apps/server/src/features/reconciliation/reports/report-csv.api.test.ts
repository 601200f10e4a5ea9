import fs from 'node:fs';
import path from 'node:path';
import { TextWriter, Uint8ArrayReader, ZipReader } from '@zip.js/zip.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, eventually, startTestServer, type TestServer } from '../../../testing/test-server.ts';

// A 26AS deductor name is text a stranger chose; in a report CSV opened in a
// spreadsheet it must stay text, never run as a formula (issue 7, item 15).

const FIXTURE = path.resolve(
  import.meta.dirname,
  '../../../../../../packages/formats/fixtures/26as-current-layout.txt',
);
const FORMULA = '=HYPERLINK("http://x","y")';

let t: TestServer;
let token: string;

const jobDone = (jobId: string) =>
  eventually(async () => {
    const job = (await t.api('GET', `/job/${jobId}`, { token })).json as { status: string; remarks: string };
    if (job.status === 'Failed') throw new Error(`job ${jobId} failed: ${job.remarks}`);
    return job.status === 'Completed' ? job : null;
  }, 60_000);

beforeAll(async () => {
  t = await startTestServer();
  token = await t.login(ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await t?.close();
});

describe('report CSV files', () => {
  it('write a deductor name that starts a formula as text, and negative amounts as numbers', async () => {
    const statement = fs.readFileSync(FIXTURE, 'utf8').replace('ALPHA CUSTOMER LIMITED', FORMULA);
    const upload = await t.upload('/ingest/taxbook', {
      token,
      files: [{ name: '26as.txt', content: statement }],
    });
    expect(upload.status, JSON.stringify(upload.json)).toBe(200);
    await jobDone((upload.json as { jobId: string }).jobId);

    const submitted = await t.api('PUT', '/job/tds-reconciliation/2024-25', { token, body: {} });
    expect(submitted.status, JSON.stringify(submitted.json)).toBe(200);
    const jobId = (submitted.json as { jobId: string }).jobId;
    await jobDone(jobId);

    const response = await fetch(`${t.baseUrl}/taxrecon/api/v1/discrepancy/entries/download/${jobId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    const reader = new ZipReader(new Uint8ArrayReader(new Uint8Array(await response.arrayBuffer())));
    const files = new Map<string, string>();
    for (const entry of await reader.getEntries()) {
      if (!entry.directory && entry.getData && entry.filename.endsWith('.csv')) {
        files.set(entry.filename, await entry.getData(new TextWriter()));
      }
    }
    await reader.close();

    // With no customer master every 26AS row is reported as not considered, name and all.
    const notConsidered = files.get('not-considered.csv') ?? '';
    const quoted = `"'${FORMULA.replace(/"/g, '""')}"`;
    expect(notConsidered).toContain(`,2024-04-15,${quoted},`);
    expect(notConsidered).not.toMatch(/(^|,)"?=HYPERLINK/m);
    // The reversed booking of GAMMA CONTRACTING CO stays a number a spreadsheet can sum.
    expect(notConsidered).toContain(',194C,O,-40000.00,-800.00,');
  });
});
