import type { RuleSetView } from '@taxrecon/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, jobFinished, startTestServer, type TestServer } from '../../testing/test-server.ts';
import { loadRuleSets } from '../payable/inputs/rule-sets.ts';

let t: TestServer;
let token: string;
const A = { id: '', subGroupId: '' };
const B = { id: '', subGroupId: '' };

type Answer = { message: string; ruleSet: RuleSetView | null; notice: string | null };
const use = async (entity: { id: string; subGroupId: string }) => {
  expect((await t.api('PUT', `/entity/${entity.id}/${entity.subGroupId}`, { token })).status).toBe(200);
};
const add = (body: object) => t.api('POST', '/section-expense/add-section-rule-set', { token, body });
const rule = (
  fieldName: string,
  fieldValues: string[] | string,
  matchingOperator = 'contains',
  SourceFieldName?: string,
) => ({
  fieldName,
  matchingOperator,
  fieldValues,
  ...(SourceFieldName ? { SourceFieldName } : {}),
});

beforeAll(async () => {
  t = await startTestServer();
  token = await t.login(ADMIN.email, ADMIN.password);
  const entities = (await t.api('GET', '/entities', { token })).json as { id: string; subGroupId: string }[];
  Object.assign(A, entities[0]);
  const created = await t.api('PUT', '/legal-entity', { token, body: { name: 'Pune Branch' } });
  Object.assign(B, created.json as { id: string; subGroupId: string });
});
afterAll(async () => {
  await t?.close();
});

describe('rule sets', () => {
  it.each([
    [{ value: '194C', logicalOperator: 'AND', rules: [rule('glCode', ['1'])] }, 'Rule Set Name is required'],
    [{ ruleSetName: 'x', logicalOperator: 'AND', rules: [rule('glCode', ['1'])] }, 'Section is required'],
    [{ ruleSetName: 'x', value: '194C', rules: [rule('glCode', ['1'])] }, 'Logical Operator is required'],
    [{ ruleSetName: 'x', value: '194C', logicalOperator: 'AND', rules: [] }, 'Add at least one rule'],
    [
      { ruleSetName: 'x', value: '194C', logicalOperator: 'AND', rules: [rule('glCode', [])] },
      'Please select a value for Field Name, Matching Operator, and Field Value for the rule.',
    ],
    [
      {
        ruleSetName: 'x',
        value: '194C',
        logicalOperator: 'NOOPERATOR',
        rules: [rule('glCode', ['1']), rule('panNo', ['A'])],
      },
      'Choose AND or OR',
    ],
    [
      { ruleSetName: 'x', value: 'rent', logicalOperator: 'AND', rules: [rule('glCode', ['1'])] },
      'not a TDS section',
    ],
  ])('refuses %j', async (body, message) => {
    const answer = await add(body);
    expect(answer.status).toBe(400);
    expect((answer.json as { message: string }).message).toContain(message);
  });

  it('creates a set, turns a one-rule AND into NOOPERATOR, and keeps the operator right as rules change', async () => {
    const created = await add({
      ruleSetName: 'Freight',
      value: '194 C',
      logicalOperator: 'AND',
      rules: [rule('documentDescription', ['freight', 'transport'])],
    });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const first = created.json as Answer;
    expect(first.message).toBe('RuleSet Created');
    expect(first.ruleSet).toMatchObject({ value: '194C', logicalOperator: 'NOOPERATOR' });
    expect(first.notice).toContain('now a single rule (no AND/OR)');
    const setId = first.ruleSet!.ruleSetId;

    // a second rule needs AND or OR
    const noOp = await t.api('PUT', '/section-expense/update-rule', {
      token,
      body: { ruleSetId: setId, ...rule('vendorCode', ['V1'], '=') },
    });
    expect(noOp.status).toBe(400);
    const added = await t.api('PUT', '/section-expense/update-rule', {
      token,
      body: { ruleSetId: setId, logicalOperator: 'OR', ...rule('vendorCode', ['V1'], '=') },
    });
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    const two = added.json as Answer;
    expect(two.message).toBe('Rule Updated Successfully');
    expect(two.ruleSet?.logicalOperator).toBe('OR');
    expect(two.ruleSet?.rules).toHaveLength(2);

    // editing a rule keeps the set's operator
    const ruleId = two.ruleSet!.rules[0]!.ruleId;
    const edited = await t.api('PUT', '/section-expense/update-rule', {
      token,
      body: { ruleId, ...rule('documentDescription', 'freight, cartage') },
    });
    expect((edited.json as Answer).ruleSet?.rules[0]?.fieldValues).toEqual(['freight', 'cartage']);
    const incomplete = await t.api('PUT', '/section-expense/update-rule', {
      token,
      body: { ruleId, fieldName: 'glCode', matchingOperator: '=' },
    });
    expect(incomplete.status).toBe(400);

    // deleting a rule that leaves one makes the set NOOPERATOR and says so
    const deleted = await t.api('DELETE', `/section-expense/delete-rule/${two.ruleSet!.rules[1]!.ruleId}`, {
      token,
    });
    const one = deleted.json as Answer;
    expect(one.message).toBe('Rule Deleted Successfully');
    expect(one.ruleSet?.logicalOperator).toBe('NOOPERATOR');
    expect(one.notice).toContain('now a single rule (no AND/OR)');

    const ofSection = await t.api(
      'GET',
      `/section-expense/get-section-rule-set/${encodeURIComponent('194c')}`,
      { token },
    );
    expect((ofSection.json as RuleSetView[]).map((s) => s.ruleSetName)).toEqual(['Freight']);

    // deleting the last rule deletes the set
    const last = await t.api('DELETE', `/section-expense/delete-rule/${ruleId}`, { token });
    expect((last.json as Answer).ruleSet).toBeNull();
    expect(
      ((await t.api('GET', '/section-expense/get-all-rule-sets', { token })).json as unknown[]).length,
    ).toBe(0);
  });

  it('refuses a second set of the same name, and keeps sets to their entity', async () => {
    const body = {
      ruleSetName: 'Rent',
      value: '194I(b)',
      logicalOperator: 'OR',
      rules: [rule('glCode', ['5001']), rule('glCode', ['5002'])],
    };
    expect((await add(body)).status).toBe(200);
    expect((await add(body)).status).toBe(409);
    const [set] = (await t.api('GET', '/section-expense/get-all-rule-sets', { token })).json as RuleSetView[];
    // what the 34A job reads
    expect(await loadRuleSets(t.server.ctx.database.pool, A.id)).toEqual([
      {
        name: 'Rent',
        section: '194I(b)',
        logicalOperator: 'OR',
        rules: [
          { field: 'glCode', operator: 'contains', values: ['5001'] },
          { field: 'glCode', operator: 'contains', values: ['5002'] },
        ],
      },
    ]);
    await use(B);
    expect((await t.api('GET', '/section-expense/get-all-rule-sets', { token })).json).toEqual([]);
    expect(
      (await t.api('DELETE', `/section-expense/delete-rule/${set!.rules[0]!.ruleId}`, { token })).status,
    ).toBe(404);
    expect(
      (await t.api('DELETE', `/section-expense/delete-rule-set/${set!.ruleSetId}`, { token })).status,
    ).toBe(404);
    await use(A);
    const gone = await t.api('DELETE', `/section-expense/delete-rule-set/${set!.ruleSetId}`, { token });
    expect(gone.status).toBe(200);
  });

  it('has the 34A job try the sets oldest first, as the raw expense transform does, not by name', async () => {
    for (const name of ['Zeta freight', 'Alpha freight']) {
      const body = {
        ruleSetName: name,
        value: '194C',
        logicalOperator: 'AND',
        rules: [rule('glCode', ['7001'])],
      };
      expect((await add(body)).status).toBe(200);
    }
    const tried = await loadRuleSets(t.server.ctx.database.pool, A.id);
    expect(tried.map((s) => s.name)).toEqual(['Zeta freight', 'Alpha freight']);
    const listed = (await t.api('GET', '/section-expense/get-all-rule-sets', { token }))
      .json as RuleSetView[];
    for (const s of listed)
      expect(
        (await t.api('DELETE', `/section-expense/delete-rule-set/${s.ruleSetId}`, { token })).status,
      ).toBe(200);
  });
});

describe('raw expense ledger upload', () => {
  const mapping = {
    glCode: 'GL',
    documentNumber: 'Doc No',
    documentDate: 'Doc Date',
    postingDate: 'Post Date',
    documentDescription: 'Narration',
    baseAmount: 'Amount',
    vendorCode: 'Vendor',
    vendorName: 'Vendor Name',
    tdsSection: 'Section',
  };
  const csv = [
    'GL,Doc No,Doc Date,Post Date,Narration,Amount,Vendor,Vendor Name,Section,Cost Centre',
    '5001,D1,01-05-2025,02-05-2025,Freight to Pune,"1,20,000.50",V1,Roadways,,LOG',
    '5002,D2,03-05-2025,03-05-2025,Audit fee,50000,V2,Auditors,194JB,FIN',
    '5003,D3,31-02-2025,03-05-2025,Repairs,abc,V3,Fixit,,ADM',
    '5004,D4,04-05-2025,04-05-2025,Stationery,100,V4,Paper Co,,LOG',
  ].join('\n');

  it('refuses a mapping without the mandatory fields and a csv without the defined headers', async () => {
    const { vendorCode: _v, baseAmount: _b, ...partial } = mapping;
    const missing = await t.upload('/ingest/transform-raw-expense-ledger', {
      token,
      fields: { mappingDefinition: JSON.stringify(partial) },
      files: [{ name: 'raw.csv', content: csv }],
    });
    expect(missing.status).toBe(400);
    expect((missing.json as { message: string }).message).toBe(
      'The following mandatory fields are missing from Mapping: baseAmount, vendorCode',
    );
    const header = await t.upload('/ingest/transform-raw-expense-ledger', {
      token,
      fields: { mappingDefinition: JSON.stringify(mapping), headers: 'GL\tDoc No\tProfit Centre' },
      files: [{ name: 'raw.csv', content: csv }],
    });
    expect(header.status).toBe(400);
    expect((header.json as { message: string }).message).toBe(
      'The following fields are missing in your CSV file: Profit Centre',
    );
  });

  it('transforms the ledger with the rule sets and reports bad lines', async () => {
    // the cost-centre rule reads a column the mapping does not use (SourceFieldName)
    const logistics = await add({
      ruleSetName: 'Logistics',
      value: '194C',
      logicalOperator: 'AND',
      rules: [
        rule('documentDescription', ['freight'], 'contains'),
        rule('glCode', ['log'], '=', 'Cost Centre'),
      ],
    });
    expect(logistics.status, JSON.stringify(logistics.json)).toBe(200);
    const started = await t.upload('/ingest/transform-raw-expense-ledger', {
      token,
      fields: { mappingDefinition: JSON.stringify(mapping), headers: Object.values(mapping).join('\t') },
      files: [{ name: 'raw.csv', content: csv }],
    });
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    const jobId = (started.json as { jobId: string }).jobId;
    const job = await jobFinished(t, token, jobId);
    expect(job.status, job.remarks).toBe('Completed');
    const get = (which: string) =>
      fetch(`${t.baseUrl}/taxrecon/api/v1/ingest/transform-raw-expense-ledger/${jobId}/${which}`, {
        headers: { authorization: `Bearer ${token}` },
      });
    const ledger = await get('transformed');
    expect(ledger.headers.get('content-disposition')).toContain('raw_transformed.txt');
    const lines = (await ledger.text())
      .trim()
      .split('\r\n')
      .map((l) => l.split('\t'));
    const header = lines[0]!;
    expect(header.slice(0, 4)).toEqual([
      'glCode',
      'primaryExpenseKey',
      'secondaryExpenseKey',
      'documentNumber',
    ]);
    const col = (name: string) => header.indexOf(name);
    const byDoc = new Map(lines.slice(1).map((l) => [l[col('documentNumber')], l]));
    expect([...byDoc.keys()]).toEqual(['D1', 'D2', 'D4']);
    expect(byDoc.get('D1')?.[col('tdsSection')]).toBe('194C');
    expect(byDoc.get('D1')?.[col('baseAmount')]).toBe('120000.50');
    expect(byDoc.get('D1')?.[col('documentDate')]).toBe('2025-05-01');
    expect(byDoc.get('D2')?.[col('tdsSection')]).toBe('194J(b)');
    // the Logistics cost centre alone does not make stationery freight (AND)
    expect(byDoc.get('D4')?.[col('tdsSection')]).toBe('');
    const report = (await (await get('errors')).text()).trim().split('\r\n');
    expect(report[0]).toBe('line\tcolumn\tproblem');
    expect(report.slice(1).map((l) => l.split('\t').slice(0, 2))).toEqual([
      ['4', 'Doc Date'],
      ['4', 'Amount'],
    ]);
    // the ledger is a stored file of its own, for the expense folder to take in
    const result = JSON.parse(job.payload ?? '{}') as { transformedFileId: string };
    const stored = await t.server.ctx.db
      .selectFrom('stored_files')
      .select(['kind', 'job_id'])
      .where('id', '=', result.transformedFileId)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ kind: 'expense-transformed', job_id: jobId });
    // another entity cannot fetch the files
    await use(B);
    expect((await get('transformed')).status).toBe(404);
    await use(A);
  });
});
