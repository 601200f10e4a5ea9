import { describe, expect, it } from 'vitest';
import { toReport } from './report.ts';
import { credit, run, sale } from './test-helpers.ts';

describe('toReport', () => {
  it('gives the flat CLI shape, amounts in paise', () => {
    const r = run(
      [
        sale('INV-1', '2024-04-10', 1000, 100),
        sale('INV-2', '2024-04-11', 500, 50),
        sale('X', '2024-04-11', 5, 1, { tan: null, partyName: 'Nobody' }),
      ],
      [credit('26as.txt:14', '2024-04-12', 1000, 100, { status: 'U' })],
    );
    expect(toReport(r)).toEqual({
      financialYear: '2024-25',
      parties: [
        {
          tan: 'PNEA00001A',
          name: 'Alpha Customer Limited',
          category: 'partialMatches',
          bookTax: 15000,
          taxBookTax: 10000,
          bookAmount: 150000,
          taxBookAmount: 100000,
        },
      ],
      matches: [{ rule: 'exact', book: ['INV-1'], taxBook: ['26as.txt:14'], claimable: false }],
      unmatchedBook: [
        {
          ref: 'INV-2',
          reason:
            'nearest 26AS row 26as.txt:14 (2024-04-12, 1 day after, matched by rule exact): tax differs by 50.00 (book 50.00, 26AS 100.00); amount differs by 500.00 (book 500.00, 26AS 1000.00); tolerance 0.00',
        },
      ],
      unmatchedTaxBook: [],
      unresolved: [
        {
          ref: 'X',
          reason: 'the name "NOBODY" matches no customer',
        },
      ],
    });
  });
});
