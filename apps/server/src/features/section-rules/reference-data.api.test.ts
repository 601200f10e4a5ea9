import type { ExpenseSectionMappingRow, SectionExpenseTypeRow } from '@taxrecon/contracts';
import { SHIPPED_SECTION_TYPES } from '@taxrecon/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from '../../testing/test-server.ts';
import { loadExpenseSections } from '../payable/inputs/expense-sections.ts';
import { loadSectionTypes } from '../payable/inputs/section-types.ts';

let t: TestServer;
let token: string;
const A = { id: '', subGroupId: '' };
const B = { id: '', subGroupId: '' };

const use = async (entity: { id: string; subGroupId: string }) => {
  expect((await t.api('PUT', `/entity/${entity.id}/${entity.subGroupId}`, { token })).status).toBe(200);
};
const search = async (body: object = {}) => {
  const answer = await t.api('POST', '/search/SectionExpenseTypeMapping', { token, body });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json as SectionExpenseTypeRow[];
};
const ownRowCount = async (entityId: string) =>
  Number(
    (
      await t.server.ctx.db
        .selectFrom('section_expense_types')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('entity_id', '=', entityId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const editOf = (r: SectionExpenseTypeRow, change: Partial<SectionExpenseTypeRow>) => {
  const { source: _s, shipped: _sh, ...rest } = r;
  return { ...rest, ...change };
};

beforeAll(async () => {
  t = await startTestServer();
  token = await t.login(ADMIN.email, ADMIN.password);
  const entities = (await t.api('GET', '/entities', { token })).json as { id: string; subGroupId: string }[];
  Object.assign(A, entities[0]);
  const created = await t.api('PUT', '/legal-entity', { token, body: { name: 'Pune Branch' } });
  Object.assign(B, created.json as { id: string; subGroupId: string });
  await use(A);
});
afterAll(async () => {
  await t?.close();
});

describe('section expense types', () => {
  it('answers the shipped data, filtered, while the entity has none of its own', async () => {
    const all = await search();
    expect(all).toHaveLength(SHIPPED_SECTION_TYPES.length);
    expect(all.every((r) => r.shipped && r.sectionexpensetypeid.startsWith('shipped-'))).toBe(true);
    const j = await search({ sectionNumber: '194J(b)' });
    expect(j.length).toBeGreaterThan(0);
    expect(j.every((r) => r.sectionnumber === '194J' && r.subsection === 'b')).toBe(true);
    const fy26 = await search({
      sectionNumber: '194C',
      applicableFromDate: '2025-06-01',
      applicableToDate: '2025-06-30',
    });
    expect(fy26).toHaveLength(1);
    expect(fy26[0]?.thresholdinvoice).toBe('30000.00');
    expect(await search({ sectionNumber: 'nothing like it' })).toEqual([]);
    expect(await ownRowCount(A.id)).toBe(0);
  });

  it('copies the shipped rows on the first edit, then changes the one edited; shipped data and other entities stay', async () => {
    const [row] = await search({
      sectionNumber: '194H',
      applicableFromDate: '2025-06-01',
      applicableToDate: '2025-06-01',
    });
    expect(row).toBeDefined();
    const shippedRate = row!.tdsrateothers;
    const answer = await t.api('PUT', '/section-expense/update-section-expense-type', {
      token,
      body: editOf(row!, { tdsrateothers: 3.5, thresholdannually: '25000' }),
    });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const updated = answer.json as { message: string; rows: SectionExpenseTypeRow[] };
    expect(updated.message).toBe('The mapping was updated successfully');
    expect(updated.rows[0]?.sectionexpensetypeid).toMatch(/^[0-9a-f-]{36}$/);
    expect(updated.rows[0]?.tdsrateothers).toBe(3.5);
    expect(updated.rows[0]?.thresholdannually).toBe('25000.00');
    expect(await ownRowCount(A.id)).toBe(SHIPPED_SECTION_TYPES.length);
    // the shipped module is untouched
    const index = Number(row!.sectionexpensetypeid.slice('shipped-'.length));
    expect(SHIPPED_SECTION_TYPES[index]?.rateOthers).toBe(shippedRate);
    // What the 34A job reads now: the shipped types in their order, the edited
    // one changed. Order decides which type a line whose mapping names none
    // takes (194J(b): professional fees before a director's, which has no
    // threshold), so the first edit must not reorder the rest.
    const copied = await loadSectionTypes(t.server.ctx.database.pool, A.id);
    const keyOf = (s: (typeof copied)[number]) => `${s.section} ${s.expenseType} ${s.from}`;
    expect(copied.map(keyOf)).toEqual(SHIPPED_SECTION_TYPES.map(keyOf));
    expect(copied[index]).toMatchObject({ rateOthers: 3.5, thresholdAnnually: 2_500_000 });
    expect(copied.filter((_, i) => i !== index)).toEqual(SHIPPED_SECTION_TYPES.filter((_, i) => i !== index));
    // a stale shipped id still finds its copy
    const again = await t.api('PUT', '/section-expense/update-section-expense-type', {
      token,
      body: [editOf(row!, { tdsrateothers: 4 })],
    });
    expect(again.status).toBe(200);
    expect((again.json as { rows: SectionExpenseTypeRow[] }).rows[0]?.sectionexpensetypeid).toBe(
      updated.rows[0]?.sectionexpensetypeid,
    );
    expect(await ownRowCount(A.id)).toBe(SHIPPED_SECTION_TYPES.length);
    // the other entity still uses the shipped data
    await use(B);
    const other = await search({
      sectionNumber: '194H',
      applicableFromDate: '2025-06-01',
      applicableToDate: '2025-06-01',
    });
    expect(other[0]?.tdsrateothers).toBe(shippedRate);
    expect(await ownRowCount(B.id)).toBe(0);
    // and cannot reach entity A's row by its id
    const foreign = await t.api('PUT', '/section-expense/update-section-expense-type', {
      token,
      body: editOf(updated.rows[0]!, { tdsrateothers: 9 }),
    });
    expect(foreign.status).toBe(404);
    // the refused edit rolled back its copy of the shipped rows too
    expect(await ownRowCount(B.id)).toBe(0);
    await use(A);
  });

  it('refuses a rate above 100, a negative threshold and a period ending before it starts, naming the field', async () => {
    const [row] = await search({ sectionNumber: '194C' });
    const cases: [Partial<SectionExpenseTypeRow>, string][] = [
      [{ tdsratecompany: 120 }, 'tdsratecompany'],
      [{ thresholdinvoice: '-5' }, 'thresholdinvoice'],
      [{ applicablefromdate: '2025-04-01', applicabletodate: '2025-03-01' }, 'applicabletodate'],
    ];
    for (const [change, field] of cases) {
      const answer = await t.api('PUT', '/section-expense/update-section-expense-type', {
        token,
        body: editOf(row!, change),
      });
      expect(answer.status).toBe(400);
      const refused = answer.json as { message: string; details: { path: string }[] };
      expect(refused.details.map((d) => d.path).join(' ')).toContain(field);
    }
    const badSection = await t.api('PUT', '/section-expense/update-section-expense-type', {
      token,
      body: editOf(row!, { sectionnumber: 'XYZ' }),
    });
    expect(badSection.status).toBe(400);
  });

  it('lists sections with their nature of payment and 2025-Act payment codes', async () => {
    const answer = await t.api('GET', '/section-expense/get-section-nature-of-payment-mapping', { token });
    const sections = answer.json as { first: string; second: string; paymentCodes: string[] }[];
    expect(sections.find((s) => s.first === '194C')?.paymentCodes.sort()).toEqual(['1023', '1024']);
    expect(sections.find((s) => s.first === '194J(b)')?.paymentCodes).toEqual(['1027']);
    const all = await t.api('GET', '/section-expense/get-all-section-expense-type', { token });
    expect((all.json as unknown[]).length).toBe(SHIPPED_SECTION_TYPES.length);
  });

  it('replaces the set from an uploaded file, and lists bad lines without writing anything', async () => {
    const header =
      'sectionNumber\tsubSection\texpenseType\texpenseTypeDetail\ttdsExempted\ttdsRateCompany\ttdsRateIndividual\ttdsRateOthers\ttdsForNoOrInvalidPAN\tapplicableFromDate\tapplicableToDate\tthresholdInvoice\tthresholdMonthly\tthresholdAnnually';
    const bad = `${header}\n194C\t\tContract\t\tFalse\t2\t1\t2\t20\t2025-04-01\t\t30000\t\t100000\n194J\tb\tFees\t\tFalse\t150\t10\t10\t20\t2025-04-01\t\t50000\t\t\nXYZ\t\tOdd\t\tFalse\t1\t1\t1\t20\t2025-04-01\t2025-01-01\t\t\t\n`;
    const refused = await t.upload('/ingest/ingest-section-expense-type', {
      token,
      files: [{ name: 'types.txt', content: bad }],
    });
    expect(refused.status).toBe(400);
    const body = refused.json as { message: string; details: { path: string; message: string }[] };
    expect(body.details.some((d) => d.path.startsWith('line 3'))).toBe(true);
    expect(body.details.some((d) => d.path === 'line 4, sectionNumber')).toBe(true);
    expect(body.details.some((d) => d.path === 'line 4, applicableToDate')).toBe(true);
    expect(body.message).toContain('nothing was loaded');
    expect(await ownRowCount(A.id)).toBe(SHIPPED_SECTION_TYPES.length);

    const good = `${header}\n194C\t\tContract\t\tFalse\t2\t1\t2\t20\t2025-04-01\t\t30000\t\t100000\n194J\tb\tFees\t\tFalse\t10\t10\t10\t20\t2025-04-01\t\t50000\t\t\n`;
    const loaded = await t.upload('/ingest/ingest-section-expense-type', {
      token,
      files: [{ name: 'types.txt', content: good }],
    });
    expect(loaded.status, JSON.stringify(loaded.json)).toBe(200);
    const rows = await search();
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => !r.shipped)).toBe(true);
    expect(rows.find((r) => r.sectionnumber === '194C')?.thresholdannually).toBe('100000.00');
    // the download is the upload's format
    const file = await fetch(`${t.baseUrl}/taxrecon/api/v1/section-expense/download-section-expense-type`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const text = await file.text();
    expect(text.split('\r\n')[0]?.startsWith('sectionExpenseTypeId\tsectionNumber')).toBe(true);
    const roundTrip = await t.upload('/ingest/ingest-section-expense-type', {
      token,
      files: [{ name: 'section_expense_type.txt', content: text }],
    });
    expect(roundTrip.status, JSON.stringify(roundTrip.json)).toBe(200);
    expect((await search()).map((r) => [r.sectionnumber, r.tdsratecompany])).toEqual(
      rows.map((r) => [r.sectionnumber, r.tdsratecompany]),
    );
    // the other entity is untouched
    await use(B);
    expect((await search()).length).toBe(SHIPPED_SECTION_TYPES.length);
    await use(A);
    // what the 34A job reads: the entity's rows, or the shipped data itself
    const engine = await loadSectionTypes(t.server.ctx.database.pool, A.id);
    expect(engine.map((e) => [e.section, e.rateCompany, e.thresholdAnnually])).toEqual([
      ['194C', 2, 10_000_000],
      ['194J(b)', 10, null],
    ]);
    expect(await loadSectionTypes(t.server.ctx.database.pool, B.id)).toBe(SHIPPED_SECTION_TYPES);
  });
});

describe('expense section mappings', () => {
  const header =
    'expenseKey\texpenseDescription\tsectionNumber\tsubSection\texpenseType\texpenseTypeDetail\ttdsExempted\tapplicableFromDate\tapplicableToDate';
  const find = async (body: object = {}) => {
    const answer = await t.api('POST', '/search/ExpenseSectionMapping', { token, body });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    return answer.json as ExpenseSectionMappingRow[];
  };

  it('upserts by expense key and applicable-from date, searches, and round-trips through the download', async () => {
    const first = `${header}\n400100\tAudit fees\t194J\tb\tProfessional\t\tFalse\t2025-04-01\t\n400200\tRent of office\t194-I(b)\t\tRent\t\tFalse\t2025-04-01\t2026-03-31\n`;
    const loaded = await t.upload('/ingest/ingest-expense-section-mapping', {
      token,
      files: [{ name: 'mapping.txt', content: first }],
    });
    expect(loaded.status, JSON.stringify(loaded.json)).toBe(200);
    const second = `${header}\n400100\tAudit and tax fees\t194J\tb\tProfessional\t\tFalse\t2025-04-01\t\n400300\tFreight\t194C\t\tContract\t\tFalse\t\t\n`;
    expect(
      (
        await t.upload('/ingest/ingest-expense-section-mapping', {
          token,
          files: [{ name: 'mapping.txt', content: second }],
        })
      ).status,
    ).toBe(200);
    const rows = await find();
    expect(rows.map((r) => r.expensekey)).toEqual(['400100', '400200', '400300']);
    expect(rows[0]?.expensedescription).toBe('Audit and tax fees');
    expect(rows[1]).toMatchObject({ sectionnumber: '194I', subsection: 'b' });
    expect((await find({ sectionNumber: '194j(b)' })).map((r) => r.expensekey)).toEqual(['400100']);
    expect((await find({ expenseDescription: 'rent' })).map((r) => r.expensekey)).toEqual(['400200']);
    expect((await find({ applicableFromDate: '2026-06-01' })).map((r) => r.expensekey)).toEqual([
      '400100',
      '400300',
    ]);

    const file = await fetch(`${t.baseUrl}/taxrecon/api/v1/expense-section-mapping/`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(file.headers.get('content-disposition')).toContain('expense_section_mapping.txt');
    const text = await file.text();
    expect(text.split('\r\n')[0]).toBe(header);
    const edited = text.replace('Freight', 'Freight inward');
    expect(
      (
        await t.upload('/ingest/ingest-expense-section-mapping', {
          token,
          files: [{ name: 'mapping.txt', content: edited }],
        })
      ).status,
    ).toBe(200);
    const after = await find();
    expect(after).toHaveLength(3);
    const engine = await loadExpenseSections(t.server.ctx.database.pool, A.id);
    expect(engine.find((m) => m.expenseKey === '400200')).toMatchObject({
      section: '194I(b)',
      from: '2025-04-01',
      to: '2026-03-31',
    });
    expect(after.find((r) => r.expensekey === '400300')?.expensedescription).toBe('Freight inward');
  });

  it('refuses a file with a bad line and writes nothing; other entities see none of it', async () => {
    const bad = `${header}\n500100\tInsurance\t194D\t\t\t\tFalse\t2025-04-01\t\n500200\tOdd\tnot-a-section\t\t\t\tFalse\t2025-04-01\t\n500300\tDated\t194C\t\t\t\tFalse\t2025-13-45\t\n`;
    const refused = await t.upload('/ingest/ingest-expense-section-mapping', {
      token,
      files: [{ name: 'bad.txt', content: bad }],
    });
    expect(refused.status).toBe(400);
    const details = (refused.json as { details: { path: string }[] }).details.map((d) => d.path);
    expect(details).toContain('line 3, sectionNumber');
    expect(details.some((p) => p.startsWith('line 4'))).toBe(true);
    expect((await find({ expenseKey: '5001' })).length).toBe(0);
    await use(B);
    expect(await find()).toEqual([]);
    await use(A);
  });
});
