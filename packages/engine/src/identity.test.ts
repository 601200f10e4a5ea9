import { describe, expect, it } from 'vitest';
import type { PartyMaster } from './input-types.ts';
import { credit, run, sale } from './test-helpers.ts';

const master: PartyMaster[] = [
  {
    code: 'C001',
    name: 'Alpha Customer Limited',
    tan: 'PNEA00001A',
    pan: 'AAACA1234A',
    connectedTans: ['PNEA00009Z'],
  },
  { code: 'C002', name: 'Beta Buyer LLP', tan: 'MUMB00002B', gstin: '27AAFFB2345B1Z5' },
  { code: 'C003', name: 'Gamma Contracting Company', tan: 'DELG00003C' },
  { code: 'C004', name: 'Gamma Constructions', tan: 'DELG00004D' },
];

const one = (row: Parameters<typeof sale>[4], extra = {}) =>
  run(
    [sale('INV1', '2024-04-10', 1000, 100, { tan: null, partyName: '', ...row })],
    [],
    {},
    { parties: master, ...extra },
  );

const resolved = (r: ReturnType<typeof run>) =>
  r.parties
    .flatMap((p) => p.book.map((e) => [p.key, e.resolvedBy]))
    .concat(r.unresolved.map((u) => ['-', u.code]));

describe('identity resolution', () => {
  it.each([
    ['its TAN', { tan: 'pnea00001a' }, ['C001', 'tan']],
    ['a connected entity TAN', { tan: 'PNEA00009Z' }, ['C001', 'connected-tan']],
    ['the customer code', { customerCode: 'C003' }, ['C003', 'customer-code']],
    ['the PAN', { pan: 'AAACA1234A' }, ['C001', 'pan']],
    ['the PAN inside a GSTIN', { gstin: '29AAFFB2345B1Z9' }, ['C002', 'gstin']],
    [
      'the exact name, ignoring legal-form spelling',
      { partyName: 'M/s. Alpha Customer Ltd.' },
      ['C001', 'exact-name'],
    ],
    ['a fuzzy name clearly ahead of the rest', { partyName: 'Beta Buyers LLP' }, ['C002', 'fuzzy-name']],
  ])('resolves a row by %s', (_, row, expected) => {
    expect(resolved(one(row))).toEqual([expected]);
  });

  it('tries TAN before the customer code and the code before the name', () => {
    expect(
      resolved(one({ tan: 'MUMB00002B', customerCode: 'C001', partyName: 'Gamma Constructions' })),
    ).toEqual([['C002', 'tan']]);
  });

  it('does not guess between two similar names', () => {
    // 0.86 for "Gamma Constructions" but 0.79 for "Gamma Contracting": not clearly ahead.
    const r = one({ partyName: 'Gamma Constructing' });
    expect(r.parties).toEqual([]);
    expect(r.unresolved[0]).toMatchObject({ code: 'FUZZY_NOT_CLEAR' });
    expect(r.unresolved[0]!.reason).toContain('is not clearly ahead of "GAMMA CONTRACTING CO"');
  });

  it('lists a row that resolves to nobody with the reason', () => {
    const r = one({ tan: 'ZZZZ99999Z', partyName: 'Omega Traders' });
    expect(r.parties).toEqual([]);
    expect(r.unresolved).toEqual([
      {
        side: 'book',
        ref: 'INV1',
        row: expect.objectContaining({ voucherNo: 'INV1' }),
        code: 'NOT_IN_MASTER',
        reason:
          'TAN ZZZZ99999Z is not in the customer master or the mapping file; the name "OMEGA TRADERS" matches no customer',
      },
    ]);
    expect(r.summary.unresolvedBook).toBe(1);
  });

  it('uses the mapping file: book name to legal name, and a TAN the master lacks', () => {
    const mappings = [
      { legalName: 'Alpha Customer Limited', bookName: 'ALPHA (PUNE BRANCH)' },
      { legalName: 'Beta Buyer LLP', tan: 'MUMB00077X' },
    ];
    expect(resolved(one({ partyName: 'Alpha (Pune Branch)' }, { mappings }))).toEqual([
      ['C001', 'mapping-file'],
    ]);
    const r = run(
      [],
      [credit('a.txt:1', '2024-04-10', 1000, 100, { tan: 'MUMB00077X', name: 'BETA BRANCH' })],
      {},
      {
        parties: master,
        mappings,
      },
    );
    expect(r.parties.map((p) => [p.key, p.taxBook[0]!.resolvedBy])).toEqual([['C002', 'mapping-file']]);
  });

  it("lets a user's confirmed mapping win over everything", () => {
    const confirmedMappings = [{ name: 'Alpha Customer Limited', partyCode: 'C003' }];
    expect(
      resolved(one({ partyName: 'Alpha Customer Limited', tan: 'PNEA00001A' }, { confirmedMappings })),
    ).toEqual([['C003', 'confirmed-mapping']]);
  });

  it('refuses a TAN two customers claim and says so', () => {
    const clash = [...master, { code: 'C009', name: 'Alpha Twin', tan: 'PNEA00001A' }];
    const r = run(
      [sale('INV1', '2024-04-10', 1000, 100, { partyName: 'Unknown Co' })],
      [],
      {},
      { parties: clash },
    );
    expect(r.unresolved[0]).toMatchObject({ code: 'AMBIGUOUS' });
    expect(r.warnings.map((w) => w.code)).toContain('TAN_SHARED');
  });

  it('groups customers sharing a PAN when asked', () => {
    const parties = [
      { code: 'C010', name: 'Kappa Pune', tan: 'PNEK00010K', pan: 'AAACK1111K' },
      { code: 'C011', name: 'Kappa Mumbai', tan: 'MUMK00011K', pan: 'AAACK1111K' },
    ];
    const book = [sale('INV1', '2024-04-10', 1000, 100, { tan: 'MUMK00011K' })];
    const taxBook = [credit('a.txt:1', '2024-04-12', 1000, 100, { tan: 'PNEK00010K', name: 'KAPPA PUNE' })];
    const apart = run(book, taxBook, {}, { parties });
    expect(apart.parties.map((p) => [p.key, p.category])).toEqual([
      ['C010', 'missingFromSales'],
      ['C011', 'missingFromTaxBook'],
    ]);
    const grouped = run(book, taxBook, { groupByPan: true }, { parties });
    expect(grouped.parties.map((p) => [p.key, p.members, p.category])).toEqual([
      ['C010', ['C010', 'C011'], 'fullMatches'],
    ]);
  });

  it('reconciles rows of unknown deductors per TAN when asked', () => {
    const r = run(
      [sale('INV1', '2024-04-10', 1000, 100, { tan: null, partyName: 'Zeta Industries' })],
      [credit('a.txt:1', '2024-04-12', 1000, 100, { tan: 'BLRZ00005Z', name: 'ZETA INDUSTRIES' })],
      { unknownParties: 'byTan' },
      { parties: [] },
    );
    expect(r.parties.map((p) => [p.key, p.inMaster, p.category, p.book[0]!.resolvedBy])).toEqual([
      ['TAN:BLRZ00005Z', false, 'fullMatches', 'exact-name'],
    ]);
  });

  it('lists rows with an impossible date as invalid', () => {
    const r = run([sale('INV1', '2024-02-30', 1000, 100)], []);
    expect(r.unresolved[0]).toMatchObject({ code: 'INVALID_ROW', reason: 'invalid date "2024-02-30"' });
  });
});
