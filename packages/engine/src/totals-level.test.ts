import { describe, expect, it } from 'vitest';
import type { ReconcileOptions } from './options.ts';
import { credit, party, run, sale } from './test-helpers.ts';

// The invoice and the 26AS row are 244 days apart, outside the window, so
// only the totals level can settle them: tax differs by 0.50, sale by 5.00.
const scenario = (options: ReconcileOptions) =>
  party(run([sale('INV1', '2024-04-01', 1000, 100)], [credit('a.txt:1', '2024-12-01', 995, 99.5)], options));

describe('totals level', () => {
  it('settles what is left when both totals agree within their tolerances', () => {
    const p = scenario({
      toleranceForOverallTotal: 50 as never,
      toleranceForTransactionAmountTotal: 500 as never,
    });
    expect(p.matches.map((m) => m.rule)).toEqual(['totals']);
    expect(p).toMatchObject({ category: 'fullMatches', claimedByTotals: true });
    expect(p.totals.claimedByTotalsTaxBook).toEqual({ rows: 1, amount: 99500, tax: 9950 });
    // The rows still say why no transaction-level match was found.
    expect(p.book[0]!.reason?.code).toBe('NONE_IN_WINDOW');
  });

  it('is not reached when the sale totals differ beyond their tolerance', () => {
    const p = scenario({
      toleranceForOverallTotal: 50 as never,
      toleranceForTransactionAmountTotal: 499 as never,
    });
    expect(p).toMatchObject({ category: 'partialMatches', claimedByTotals: false });
  });

  it('looks at tax alone under TaxOnly and at the sale amount alone under SaleAmountOnly', () => {
    expect(scenario({ matchMode: 'TaxOnly', toleranceForOverallTotal: 50 as never }).claimedByTotals).toBe(
      true,
    );
    expect(scenario({ matchMode: 'TaxOnly', toleranceForOverallTotal: 49 as never }).claimedByTotals).toBe(
      false,
    );
    expect(
      scenario({ matchMode: 'SaleAmountOnly', toleranceForTransactionAmountTotal: 500 as never })
        .claimedByTotals,
    ).toBe(true);
  });

  it('uses tolerances of 0 by default', () => {
    expect(scenario({}).category).toBe('partialMatches');
  });
});
