import { LINKAGE_JOB_TYPE } from '@taxrecon/contracts';
import { describe, expect, it } from 'vitest';
import { serverPerFile } from '../../testing/server-per-file.ts';
import { jobFinished, type TestServer } from '../../testing/test-server.ts';

// One customer linkage preview per entity at a time. The server starts
// without workers, so a preview stays queued while the concurrent requests arrive.
let t: TestServer;
let token: string;

serverPerFile({ work: false }, (server, adminToken) => {
  t = server;
  token = adminToken;
});

const previewJobs = async () =>
  t.server.ctx.db
    .selectFrom('jobs')
    .select(['id', 'status'])
    .where('job_type', '=', LINKAGE_JOB_TYPE)
    .execute();

const request = () => t.api('POST', '/job/customer-linker', { token });
type Answer = { severity: string; message: string; jobId: string | null };

describe('customer linker, one at a time', () => {
  it('five identical requests at once start one preview; the others answer an error naming it', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, request));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const bodies = answers.map((a) => a.json as Answer);
    const started = bodies.filter((b) => b.severity === 'success');
    expect(started).toHaveLength(1);
    const jobId = started[0]?.jobId;
    expect(bodies.filter((b) => b.severity === 'error')).toEqual(
      Array.from({ length: 4 }, () => ({
        severity: 'error',
        message: `A customer linkage preview for this entity is already being prepared (job ${jobId}); wait for it to finish.`,
        jobId: null,
      })),
    );
    expect(await previewJobs()).toEqual([{ id: jobId, status: 'NotStarted' }]);
  });

  it('once the preview has finished, a new request starts a new one', async () => {
    const [queued] = await previewJobs();
    expect(((await request()).json as Answer).severity).toBe('error');
    await t.server.ctx.jobs.work();
    expect((await jobFinished(t, token, queued?.id ?? '')).status).toBe('Completed');
    const again = (await request()).json as Answer;
    expect(again.severity).toBe('success');
    expect(again.jobId).not.toBe(queued?.id);
    expect(await previewJobs()).toHaveLength(2);
  });
});
