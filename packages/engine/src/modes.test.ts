import { describe, expect, it } from 'vitest';
import type { MatchMode } from './options.ts';
import { credit, pairs, party, run, sale } from './test-helpers.ts';

// One invoice of tax 100 on a sale of 1,000 against one 26AS row; each case
// changes which of the two amounts agree. An extra, unrelated 26AS row keeps
// the totals level from settling what the transaction level leaves.
const scenario = (amount: number, tax: number, matchMode: MatchMode) =>
  party(
    run(
      [sale('INV1', '2024-04-10', 1000, 100)],
      [credit('a.txt:1', '2024-04-12', amount, tax), credit('a.txt:9', '2024-09-01', 77777, 7777)],
      { matchMode },
    ),
  );

describe('match modes', () => {
  it.each<[string, number, number, Record<MatchMode, boolean>]>([
    [
      'both agree',
      1000,
      100,
      { TaxOrSaleAmount: true, TaxAndSaleAmount: true, TaxOnly: true, SaleAmountOnly: true },
    ],
    [
      'only tax agrees',
      1200,
      100,
      { TaxOrSaleAmount: true, TaxAndSaleAmount: false, TaxOnly: true, SaleAmountOnly: false },
    ],
    [
      'only the sale amount agrees',
      1000,
      90,
      { TaxOrSaleAmount: true, TaxAndSaleAmount: false, TaxOnly: false, SaleAmountOnly: true },
    ],
    [
      'neither agrees',
      1200,
      90,
      { TaxOrSaleAmount: false, TaxAndSaleAmount: false, TaxOnly: false, SaleAmountOnly: false },
    ],
  ])('%s', (_, amount, tax, expected) => {
    for (const mode of Object.keys(expected) as MatchMode[]) {
      const p = scenario(amount, tax, mode);
      expect([mode, pairs(p).includes('exact: INV1 = a.txt:1')]).toEqual([mode, expected[mode]]);
    }
  });

  it('records which amounts agreed on the match', () => {
    const p = scenario(1200, 100, 'TaxOrSaleAmount');
    expect(p.matches[0]).toMatchObject({ matchedOn: ['tax'], taxDifference: 0, amountDifference: -20000 });
  });

  it('under TaxOrSaleAmount prefers the row where both amounts agree', () => {
    const p = party(
      run(
        [sale('INV1', '2024-04-10', 1000, 100)],
        [credit('a.txt:1', '2024-04-11', 1500, 100), credit('a.txt:2', '2024-04-20', 1000, 100)],
      ),
    );
    expect(pairs(p)[0]).toBe('exact: INV1 = a.txt:2');
  });

  it('never counts zero against zero as agreement', () => {
    // An invoice without TDS and a 26AS row without tax share nothing.
    const p = party(
      run(
        [sale('INV1', '2024-04-10', 1000, 0)],
        [credit('a.txt:1', '2024-04-11', 2500, 0), credit('a.txt:9', '2024-09-01', 500, 50)],
        { matchMode: 'TaxOnly' },
      ),
    );
    expect(p.matches).toEqual([]);
  });

  it('applies the mode to groups: TaxAndSaleAmount needs both sums to agree', () => {
    const book = [sale('INV1', '2024-04-01', 1000, 100), sale('INV2', '2024-04-02', 2000, 200)];
    const taxBook = [
      credit('a.txt:1', '2024-04-10', 3100, 300),
      credit('a.txt:9', '2024-09-01', 77777, 7777),
    ];
    expect(pairs(party(run(book, taxBook, { matchMode: 'TaxOnly' })))).toEqual([
      'many-to-one: INV1+INV2 = a.txt:1',
    ]);
    expect(party(run(book, taxBook, { matchMode: 'TaxAndSaleAmount' })).matches).toEqual([]);
  });
});
