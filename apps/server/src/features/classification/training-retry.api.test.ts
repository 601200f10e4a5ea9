import { sampleDescriptions } from '@taxrecon/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failFirstInsert } from '../../testing/fail-first-insert.ts';
import { ADMIN, jobFinished, startTestServer, type TestServer } from '../../testing/test-server.ts';

// AI expense classification where session 38's audit found it wrong: an
// older training job retried after a newer one must not put its model back,
// and a file's unreadable quote is named by its line.

let t: TestServer;
let token = '';
const A = { id: '', subGroupId: '' };
const B = { id: '', subGroupId: '' };

const TRAIN = '/expense-classification/expense-classification/_train';
const PREDICT = '/expense-classification/expense-classification/_predict';
const EXISTS = '/expense-classification/model/_exists';

interface Result {
  doc: { section: string };
  score: number;
}
interface Exists {
  exists: boolean;
  model: { sections: string[]; jobId: string | null; fileName: string | null } | null;
}

const trainingFile = (examples: { text: string; label: string }[]) =>
  ['Narration\tTDS Section', ...examples.map((e) => `${e.text}\t${e.label}`)].join('\n');

const train = (content: string, name = 'training.txt', fields: Record<string, string> = {}) =>
  t.upload(TRAIN, { token, files: [{ name, content }], fields });

const _predict = async (text: string) =>
  (await t.api('GET', `${PREDICT}?text=${encodeURIComponent(text)}&threshold=0`, { token })).json as Result[];

const exists = async () => (await t.api('GET', EXISTS, { token })).json as Exists;

const use = async (entity: { id: string; subGroupId: string }) => {
  const answer = await t.api('PUT', `/entity/${entity.id}/${entity.subGroupId || 'SG'}`, { token });
  expect(answer.status).toBe(200);
};

beforeAll(async () => {
  t = await startTestServer();
  token = await t.login(ADMIN.email, ADMIN.password);
  const entities = (await t.api('GET', '/entities', { token })).json as { id: string; subGroupId: string }[];
  Object.assign(A, entities[0]);
  const created = await t.api('PUT', '/legal-entity', { token, body: { name: 'Audit Branch' } });
  Object.assign(B, created.json as { id: string; subGroupId: string });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('classifier training, retried and refused', () => {
  it('an older training job retried after a newer one finished does not replace the newer model', async () => {
    await use(A);
    const older = sampleDescriptions(600, 11).filter((e) => e.label === '194C' || e.label === '194H');
    const newer = sampleDescriptions(600, 12).filter(
      (e) => e.label === '194C' || e.label === '194I(b)' || e.label === '194J(b)',
    );
    // A transient database failure when the first job saves its model: the
    // job is retried (retryLimit 3) after its back-off.
    const removeFault = await failFirstInsert(t.server.ctx.db, 'classifier_models');
    try {
      const first = await train(trainingFile(older), 'older.txt');
      expect(first.status, JSON.stringify(first.json)).toBe(200);
      const second = await train(trainingFile(newer), 'newer.txt');
      expect(second.status, JSON.stringify(second.json)).toBe(200);
      const olderJob = (first.json as { jobId: string }).jobId;
      const newerJob = (second.json as { jobId: string }).jobId;
      expect((await jobFinished(t, token, newerJob, 120_000)).status).toBe('Completed');
      expect((await exists()).model?.jobId).toBe(newerJob);
      // the older upload's retry comes after the newer upload's model is saved
      await jobFinished(t, token, olderJob, 150_000);
      const after = await exists();
      expect(after.model?.fileName, 'the model of the newer upload must stay').toBe('newer.txt');
      expect(after.model?.jobId).toBe(newerJob);
      expect(after.model?.sections).toEqual(['194C', '194I(b)', '194J(b)']);
    } finally {
      await removeFault();
    }
  }, 240_000);

  it('names the line of an unterminated quote in a training file', async () => {
    await use(A);
    const lines = [
      'Narration,TDS Section',
      ...sampleDescriptions(20, 15)
        .filter((e) => !e.text.includes(','))
        .slice(0, 12)
        .map((e) => `${e.text},${e.label}`),
    ];
    // line 6 opens a quote it never closes
    lines.splice(5, 0, '"office rent june,194I(b)');
    const answer = await train(lines.join('\n'), 'training.csv');
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    const { message } = answer.json as { message: string };
    expect(message).toContain('training.csv');
    expect(message).toMatch(/line 6\b/i);
  });
});
