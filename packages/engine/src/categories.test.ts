import { describe, expect, it } from 'vitest';
import { BETA, credit, party, run, sale } from './test-helpers.ts';

const beta = { tan: BETA.tan!, name: 'BETA BUYER LLP' };

describe('categories', () => {
  it('puts a party with unmatched rows on both sides in partialMatches', () => {
    const r = run(
      [sale('A1', '2024-05-01', 1000, 100), sale('A2', '2024-05-02', 3000, 300)],
      [credit('a.txt:1', '2024-05-03', 1000, 100), credit('a.txt:2', '2024-06-01', 9000, 900)],
    );
    expect(party(r).category).toBe('partialMatches');
  });

  it('puts a party with book rows and no 26AS rows in missingFromTaxBook', () => {
    const r = run([sale('B1', '2024-05-01', 2000, 200, { partyName: 'Beta Buyer LLP', tan: BETA.tan })], []);
    expect(party(r, 'C002').category).toBe('missingFromTaxBook');
  });

  it('puts a party with 26AS rows and no book rows in missingFromSales', () => {
    const r = run([], [credit('b.txt:1', '2024-05-03', 1000, 100, beta)]);
    expect(party(r, 'C002').category).toBe('missingFromSales');
  });

  it('puts a fully matched party in fullMatches and leaves parties without rows out', () => {
    const r = run([sale('A1', '2024-05-01', 1000, 100)], [credit('a.txt:1', '2024-05-03', 1000, 100)]);
    expect(r.parties.map((p) => [p.key, p.category])).toEqual([['C001', 'fullMatches']]);
    expect(r.summary.categories).toEqual({
      fullMatches: 1,
      partialMatches: 0,
      missingFromSales: 0,
      missingFromTaxBook: 0,
    });
  });
});
