import { describe, expect, it } from 'vitest';
import { describeUnmatched } from './index.ts';
import { BETA, credit, party, run, sale } from './test-helpers.ts';

describe('explanations of unmatched rows', () => {
  it('says when the party has no rows on the other side', () => {
    const r = run([sale('INV1', '2024-04-10', 1000, 100)], []);
    const reason = party(r).book[0]!.reason!;
    expect(reason.code).toBe('NO_COUNTERPART');
    expect(describeUnmatched(reason, 'TDS')).toBe('this customer has no rows in the 26AS Part I');
    expect(describeUnmatched(reason, 'TCS')).toBe('this vendor has no rows in the 26AS Part VI');
  });

  it('names the nearest row outside the window when none is inside', () => {
    const r = run(
      [sale('INV1', '2024-06-01', 1000, 100)],
      [credit('a.txt:7', '2024-12-01', 1000, 100), credit('a.txt:8', '2024-12-05', 1, 1)],
    );
    expect(describeUnmatched(party(r).book[0]!.reason!, 'TDS')).toBe(
      'no 26AS row dated 2024-05-02 to 2024-11-28; the nearest, a.txt:7 (2024-12-01), is 183 days after',
    );
  });

  it('names the nearest candidate and which amount failed by how much', () => {
    const r = run(
      [sale('INV1', '2024-04-10', 10000, 1000), sale('INV2', '2024-04-10', 90000, 9000)],
      [credit('a.txt:1', '2024-04-12', 10200, 1012), credit('a.txt:2', '2024-04-20', 30000, 3000)],
    );
    const inv1 = party(r).book.find((e) => e.row.voucherNo === 'INV1')!.reason!;
    expect(inv1).toMatchObject({
      code: 'AMOUNTS_DIFFER',
      nearest: {
        ref: 'a.txt:1',
        dayGap: 2,
        taxDifference: -1200,
        amountDifference: -20000,
        failed: ['tax', 'amount'],
      },
    });
    expect(describeUnmatched(inv1, 'TDS')).toBe(
      'nearest 26AS row a.txt:1 (2024-04-12, 2 days after): tax differs by 12.00 (book 1000.00, 26AS 1012.00); amount differs by 200.00 (book 10000.00, 26AS 10200.00); tolerance 0.00',
    );
    const a2 = party(r).taxBook.find((e) => e.row.ref === 'a.txt:2')!.reason!;
    expect(describeUnmatched(a2, 'TDS')).toMatch(
      /^nearest sales book row INV1 \(2024-04-10, 10 days before\)/,
    );
  });

  it('says when the row that would fit is taken by another', () => {
    const r = run(
      [sale('INV1', '2024-04-10', 1000, 100), sale('INV2', '2024-04-11', 1000, 100)],
      [credit('a.txt:1', '2024-04-10', 1000, 100), credit('a.txt:2', '2024-09-10', 5, 1)],
    );
    const inv2 = party(r).book.find((e) => e.row.voucherNo === 'INV2')!.reason!;
    expect(inv2).toMatchObject({
      code: 'COUNTERPART_TAKEN',
      nearest: { ref: 'a.txt:1', matchedBy: 'exact' },
    });
    expect(describeUnmatched(inv2, 'TDS')).toBe(
      '26AS row a.txt:1 (2024-04-10, 1 day before, matched by rule exact) agrees but is taken by another row',
    );
  });

  it('explains 26AS rows of a party missing from the sales book', () => {
    const r = run(
      [],
      [credit('b.txt:1', '2024-04-10', 1000, 100, { tan: BETA.tan!, name: 'BETA BUYER LLP' })],
    );
    expect(describeUnmatched(party(r, 'C002').taxBook[0]!.reason!, 'TDS')).toBe(
      'this customer has no rows in the sales book',
    );
  });
});
