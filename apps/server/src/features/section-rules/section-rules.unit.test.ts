import {
  EXPENSE_SECTION_COLUMNS_TEXT,
  SECTION_TYPE_COLUMNS_TEXT,
  type SectionExpenseTypeFilter,
} from '@taxrecon/contracts';
import { SHIPPED_SECTION_TYPES } from '@taxrecon/engine';
import { EXPENSE_SECTION_COLUMNS, SECTION_TYPE_COLUMNS } from '@taxrecon/formats';
import { describe, expect, it } from 'vitest';
import { transformRawLedger } from './raw-expense/transform.ts';
import {
  type CheckedRule,
  checkRuleSet,
  type EvaluatedRuleSet,
  firstRuleSet,
  operatorFor,
  ruleHolds,
} from './rule-sets/rules.ts';
import {
  canonicalSplit,
  filterSectionTypes,
  natureOfPayment,
  shippedIndexOf,
  shippedRows,
} from './section-types/rows.ts';

const noFilter: SectionExpenseTypeFilter = {
  sectionNumber: null,
  expenseType: null,
  expenseTypeDetail: null,
  tdsRate: null,
  applicableFromDate: null,
  applicableToDate: null,
};

describe('section expense type rows', () => {
  it('names the file columns as the formats package reads them', () => {
    expect(SECTION_TYPE_COLUMNS_TEXT).toEqual(SECTION_TYPE_COLUMNS.map((c) => c.key));
    expect(EXPENSE_SECTION_COLUMNS_TEXT).toEqual(EXPENSE_SECTION_COLUMNS.map((c) => c.key));
  });

  it.each([
    ['194 J', 'b', ['194J', 'b']],
    ['194JB', null, ['194J', 'b']],
    ['1027', null, ['194J', 'b']],
    ['rent', null, null],
  ])('canonical split of %s / %s', (section, sub, expected) =>
    expect(canonicalSplit(section, sub)).toEqual(expected),
  );

  it('numbers the shipped rows by their position', () => {
    const rows = shippedRows();
    expect(rows).toHaveLength(SHIPPED_SECTION_TYPES.length);
    expect(shippedIndexOf(rows[3]!.sectionexpensetypeid)).toBe(3);
    expect(shippedIndexOf('3fa85f64-5717-4562-b3fc-2c963f66afa6')).toBeNull();
  });

  it.each<[Partial<SectionExpenseTypeFilter>, (r: ReturnType<typeof shippedRows>[number]) => boolean]>([
    [{ sectionNumber: '194j' }, (r) => r.sectionnumber === '194J'],
    [{ sectionNumber: '194J(b)' }, (r) => r.sectionnumber === '194J' && r.subsection === 'b'],
    [{ tdsRate: 2 }, (r) => [r.tdsratecompany, r.tdsrateindividual, r.tdsrateothers].includes(2)],
    [
      { applicableFromDate: '2026-04-01' },
      (r) => r.applicabletodate === null || r.applicabletodate >= '2026-04-01',
    ],
    [{ applicableToDate: '2024-03-31' }, (r) => r.applicablefromdate <= '2024-03-31'],
  ])('filters by %j', (filter, holds) => {
    const rows = shippedRows();
    const kept = filterSectionTypes(rows, { ...noFilter, ...filter });
    expect(kept.length).toBeGreaterThan(0);
    expect(kept).toEqual(rows.filter(holds));
  });

  it('names each section once with its 2025-Act payment codes', () => {
    const sections = natureOfPayment(shippedRows());
    expect(new Set(sections.map((s) => s.first)).size).toBe(sections.length);
    expect(sections.find((s) => s.first === '194H')?.paymentCodes).toEqual(['1006']);
  });
});

const rule = (
  fieldName: CheckedRule['fieldName'],
  op: '=' | 'contains',
  ...values: string[]
): CheckedRule => ({
  fieldName,
  sourceFieldName: null,
  matchingOperator: op,
  fieldValues: values,
});

describe('rule sets', () => {
  it.each([
    ['=', ' Freight ', ['freight'], true],
    ['=', 'freight inward', ['freight'], false],
    ['contains', 'Freight inward', ['FREIGHT'], true],
    ['contains', 'Audit', ['rent', 'aud'], true],
    ['contains', null, ['x'], false],
  ] as const)('%s on %j with %j holds: %s', (op, value, values, expected) => {
    expect(ruleHolds(rule('documentDescription', op, ...values), value)).toBe(expected);
  });

  const sets: EvaluatedRuleSet[] = [
    {
      name: 'both',
      section: '194C',
      logicalOperator: 'AND',
      rules: [rule('glCode', '=', '5001'), rule('vendorCode', '=', 'V1')],
    },
    {
      name: 'either',
      section: '194J(b)',
      logicalOperator: 'OR',
      rules: [rule('glCode', '=', '5001'), rule('vendorCode', '=', 'V2')],
    },
    {
      name: 'one',
      section: '194H',
      logicalOperator: 'NOOPERATOR',
      rules: [rule('documentDescription', 'contains', 'commission')],
    },
  ];
  it.each([
    [{ glCode: '5001', vendorCode: 'V1' }, 'both'],
    [{ glCode: '5001', vendorCode: 'V9' }, 'either'],
    [{ glCode: '9', vendorCode: 'V2' }, 'either'],
    [{ glCode: '9', documentDescription: 'Sales commission' }, 'one'],
    [{ glCode: '9' }, null],
  ])('the first set that holds for %j is %s', (entry, name) => {
    const values = entry as Record<string, string>;
    expect(firstRuleSet(sets, (r) => values[r.fieldName] ?? null)?.name ?? null).toBe(name);
  });

  it.each([
    ['AND', 1, 'NOOPERATOR', true],
    ['OR', 1, 'NOOPERATOR', true],
    ['NOOPERATOR', 1, 'NOOPERATOR', false],
    ['AND', 2, 'AND', false],
  ] as const)('%s with %i rule(s) becomes %s (notice: %s)', (wanted, count, operator, notice) => {
    const r = operatorFor(wanted, count, 'S');
    expect(r.ok && r.value).toBe(operator);
    expect(r.ok && r.notice !== null).toBe(notice);
  });

  it('refuses NOOPERATOR for two rules and reads values given as text', () => {
    expect(operatorFor('NOOPERATOR', 2, 'S').ok).toBe(false);
    const r = checkRuleSet({
      ruleSetName: ' Rent ',
      value: '194-I (b)',
      logicalOperator: 'or',
      rules: [{ fieldName: 'glcode', matchingOperator: '=', fieldValues: '5001, 5002' }],
    });
    expect(r).toMatchObject({
      ok: true,
      value: {
        name: 'Rent',
        section: '194I(b)',
        logicalOperator: 'NOOPERATOR',
        rules: [{ fieldName: 'glCode', fieldValues: ['5001', '5002'] }],
      },
    });
  });
});

describe('raw ledger transform', () => {
  const headers = ['Doc', 'Date', 'Posted', 'Text', 'Amt', 'Vendor', 'Sec', 'Centre'];
  const mapping = {
    documentNumber: 'Doc',
    documentDate: 'date',
    postingDate: 'Posted',
    documentDescription: 'Text',
    baseAmount: 'Amt',
    vendorCode: 'Vendor',
    tdsSection: 'Sec',
  };
  const sets: EvaluatedRuleSet[] = [
    {
      name: 'centre',
      section: '194C',
      logicalOperator: 'NOOPERATOR',
      rules: [{ ...rule('glCode', '=', 'LOG'), sourceFieldName: 'Centre' }],
    },
  ];
  const row = (line: number, ...values: string[]) => ({ line, values });

  it('maps, converts and sections each line; bad lines go to the problems', () => {
    const out = transformRawLedger({
      headers,
      mapping,
      ruleSets: sets,
      rows: [
        row(2, 'D1', '01/04/2025', '01/04/2025', 'Freight', '1,000', 'V1', '', 'LOG'),
        row(3, 'D2', '2025-04-02', '2025-04-02', 'Fees', '500.5', 'V2', '194 J b', ''),
        row(4, 'D3', '2025-04-02', '2025-04-02', '', '10', 'V3', 'nonsense', ''),
      ],
    });
    const at = (key: string) => out.header.indexOf(key);
    expect(
      out.lines.map((l) => [
        l[at('documentNumber')],
        l[at('documentDate')],
        l[at('baseAmount')],
        l[at('tdsSection')],
      ]),
    ).toEqual([
      ['D1', '2025-04-01', '1000.00', '194C'],
      ['D2', '2025-04-02', '500.50', '194J(b)'],
    ]);
    expect(out.rowsByRuleSet).toBe(1);
    expect(out.problems.map((p) => [p.line, p.column])).toEqual([
      [4, 'Text'],
      [4, 'Sec'],
    ]);
  });
});
