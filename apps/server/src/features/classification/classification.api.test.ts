import { NO_MODEL_MESSAGE } from '@taxrecon/contracts';
import { sampleDescriptions } from '@taxrecon/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, jobFinished, startTestServer, type TestServer } from '../../testing/test-server.ts';
import { DEMO_TRAINING_FILE, queueDemoTraining } from './demo-model.ts';
import { suggestSections } from './predict.ts';
import { trainingTask } from './tasks.ts';

// AI expense classification over HTTP: train from a generated file, predict,
// thresholds, the no-model message, bad files, entity isolation, retraining.

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
  sectionExpenseTypes: { sectionNumber: string; subSection: string | null; tdsRateCompany: number }[];
}
interface Exists {
  exists: boolean;
  model: {
    accuracy: number;
    macroF1: number;
    rowsUsed: number;
    rowsHeldBack: number;
    sections: string[];
    trainedAt: string;
  } | null;
}

const trainingFile = (examples: { text: string; label: string }[]) =>
  ['Narration\tTDS Section', ...examples.map((e) => `${e.text}\t${e.label}`)].join('\n');

const train = async (content: string, fields: Record<string, string> = {}, name = 'training.txt') =>
  t.upload(TRAIN, { token, files: [{ name, content }], fields });

const predict = (text: string, threshold?: number) =>
  t.api(
    'GET',
    `${PREDICT}?text=${encodeURIComponent(text)}${threshold === undefined ? '' : `&threshold=${threshold}`}`,
    {
      token,
    },
  );

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
  const created = await t.api('PUT', '/legal-entity', { token, body: { name: 'Pune Branch' } });
  Object.assign(B, created.json as { id: string; subGroupId: string });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('expense classification', () => {
  it('answers the spec message with 404 before any model is trained', async () => {
    expect(await exists()).toEqual({ exists: false, model: null });
    const answer = await predict('office rent june');
    expect(answer.status).toBe(404);
    expect(answer.json).toMatchObject({ code: 'NO_MODEL', message: NO_MODEL_MESSAGE });
    expect(await suggestSections(t.server.ctx.db, A.id, ['office rent'])).toEqual([null]);
  });

  it('trains on a generated file in a background job and reports accuracy on the held-back fifth', async () => {
    const examples = sampleDescriptions(2_000, 5);
    const answer = await train(trainingFile(examples), {
      headers: 'Narration\tTDS Section',
      mappingDefinition: JSON.stringify({ description: 'Narration', section: 'TDS Section' }),
    });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const { jobId, validationErrorsCount } = answer.json as { jobId: string; validationErrorsCount: number };
    expect(validationErrorsCount).toBe(0);
    const job = await jobFinished(t, token, jobId, 120_000);
    expect(job.status, job.remarks).toBe('Completed');
    expect(job.remarks).toMatch(/accuracy \d+\.\d%, macro-F1 \d+\.\d% on the held-back fifth/);
    expect(job.remarks).toContain('2000 descriptions');
    const info = await exists();
    expect(info.exists).toBe(true);
    expect(info.model?.rowsUsed).toBe(2_000);
    // every fifth line of each section is held back to test the model
    const perSection = new Map<string, number>();
    for (const e of examples) perSection.set(e.label, (perSection.get(e.label) ?? 0) + 1);
    expect(info.model?.rowsHeldBack).toBe(
      [...perSection.values()].reduce((s, n) => s + Math.floor(n / 5), 0),
    );
    expect(info.model?.accuracy).toBeGreaterThan(0.8);
    expect(info.model?.macroF1).toBeGreaterThan(0.8);
    expect(info.model?.sections).toContain('194I(b)');
  }, 180_000);

  it('predicts the section of a clear description, with the section expense types of that section', async () => {
    const answer = await predict('office rent for june', 30);
    expect(answer.status).toBe(200);
    const results = answer.json as Result[];
    expect(results[0]?.doc.section).toBe('194I(b)');
    expect(results[0]?.score).toBeGreaterThanOrEqual(30);
    expect(results[0]?.sectionExpenseTypes.length).toBeGreaterThan(0);
    for (const type of results[0]?.sectionExpenseTypes ?? []) {
      expect(type.sectionNumber).toBe('194I');
      expect(type.subSection).toBe('b');
    }
  });

  it('answers only the sections at or above the threshold', async () => {
    const all = (await predict('service charges', 0)).json as Result[];
    expect(all.length).toBeGreaterThan(2);
    const confident = (await predict('service charges', 25)).json as Result[];
    expect(confident.length).toBeLessThan(all.length);
    for (const r of confident) expect(r.score).toBeGreaterThanOrEqual(25);
    expect((await predict('service charges', 100)).json).toEqual([]);
    // a description with no letters or digits has no features: no results, not an error
    expect((await predict('!!! ---', 0)).json).toEqual([]);
    expect((await predict('   ')).status).toBe(400);
    expect((await predict('rent', 150)).status).toBe(400);
  });

  it('suggests sections for a list of descriptions, null where the model is unsure', async () => {
    const answer = await t.api('POST', '/expense-classification/expense-classification/_suggest', {
      token,
      body: { descriptions: ['freight inward charges', 'interest on unsecured loan', '---'], threshold: 30 },
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      modelExists: true,
      suggestions: [{ section: '194C' }, { section: '194A' }, null],
    });
  });

  it('refuses a training file with bad lines, naming each line', async () => {
    const content = [
      'Narration\tTDS Section',
      'office rent june\t194I(b)',
      '\t194C',
      'legal fees\t194ZZ',
      'audit fees\t',
      'freight inward\t194C',
    ].join('\n');
    const answer = await train(content);
    expect(answer.status).toBe(422);
    const { code, message } = answer.json as { code: string; message: string };
    expect(code).toBe('TRAINING_FILE_LINES');
    expect(message).toContain('3 line(s) cannot be used');
    expect(message).toContain('line 3 (Narration): the description is empty');
    expect(message).toContain('line 4 (TDS Section): "194ZZ" is not a known TDS section');
    expect(message).toContain('line 5 (TDS Section): the section is empty');
  });

  it.each([
    [
      'a mapping without a section',
      { mappingDefinition: '{"description":"Narration"}' },
      'Narration\tOther\nrent\tx',
      /no section/,
    ],
    [
      'a mapping naming a missing column',
      { mappingDefinition: '{"description":"Narration","section":"Sec"}' },
      'Narration\tTDS Section\nrent\t194C',
      /"Sec" for section/,
    ],
    [
      'a mapping that is not JSON',
      { mappingDefinition: 'description=Narration' },
      'Narration\tTDS Section\nrent\t194C',
      /mappingDefinition must be a JSON object/,
    ],
    [
      'too few lines',
      {},
      'Narration\tTDS Section\noffice rent\t194I(b)\nfreight\t194C',
      /at least 10 described lines/,
    ],
  ])('refuses %s', async (_, fields, content, message) => {
    const answer = await train(content, fields);
    expect(answer.status).toBe(400);
    expect((answer.json as { message: string }).message).toMatch(message);
  });

  it('refuses a file of the wrong type or name', async () => {
    const wrongType = await train('x', {}, 'training.pdf');
    expect(wrongType.status).toBe(400);
    expect((wrongType.json as { message: string }).message).toMatch(/only \.txt, \.csv files/);
    const badName = await train('x', {}, 'a%b.txt');
    expect(badName.status).toBe(400);
    expect((badName.json as { code: string }).code).toBe('INVALID_FILE_NAME');
  });

  it('keeps a model to its entity: another entity has none', async () => {
    await use(B);
    try {
      expect((await exists()).exists).toBe(false);
      const answer = await predict('office rent june');
      expect(answer.status).toBe(404);
      expect((answer.json as { message: string }).message).toBe(NO_MODEL_MESSAGE);
    } finally {
      await use(A);
    }
    expect((await exists()).exists).toBe(true);
  });

  it('replaces the model when the entity trains again', async () => {
    const before = await exists();
    // Only contracts and commission this time: rent cannot come back as 194I(b).
    const examples = sampleDescriptions(3_000, 9).filter((e) => e.label === '194C' || e.label === '194H');
    const answer = await train(trainingFile(examples), { headers: 'Narration\tTDS Section' }, 'second.csv');
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const job = await jobFinished(t, token, (answer.json as { jobId: string }).jobId, 120_000);
    expect(job.status, job.remarks).toBe('Completed');
    const after = await exists();
    expect(after.model?.sections).toEqual(['194C', '194H']);
    expect(after.model?.trainedAt).not.toBe(before.model?.trainedAt);
    const results = (await predict('office rent june', 0)).json as Result[];
    expect(results.map((r) => r.doc.section).sort()).toEqual(['194C', '194H']);
    const rows = await t.server.ctx.db.selectFrom('classifier_models').select('entity_id').execute();
    expect(rows).toHaveLength(1);
  }, 180_000);

  it('gives the demo company a model trained by the same job as an upload', async () => {
    const ctx = t.server.ctx;
    const admin = await ctx.db
      .selectFrom('users')
      .select(['id', 'tenant_id', 'login'])
      .where('email', '=', ADMIN.email)
      .executeTakeFirstOrThrow();
    const jobId = await queueDemoTraining(
      ctx,
      trainingTask(() => ctx),
      { tenantId: admin.tenant_id, entityId: B.id, userId: admin.id, login: admin.login },
    );
    // a job shows to the callers of its own entity
    await use(B);
    try {
      const job = await jobFinished(t, token, jobId, 120_000);
      expect(job.status, job.remarks).toBe('Completed');
      const info = await exists();
      expect(info.model).toMatchObject({ fileName: DEMO_TRAINING_FILE, rowsUsed: 3_000 });
      const results = (await predict('PROF FEES FOR STATUTORY AUDIT')).json as Result[];
      expect(results[0]?.doc.section).toBe('194J(b)');
    } finally {
      await use(A);
    }
  }, 180_000);
});
