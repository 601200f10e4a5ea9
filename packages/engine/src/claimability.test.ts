import { describe, expect, it } from 'vitest';
import { credit, party, run, sale } from './test-helpers.ts';

describe('claimability', () => {
  it('flags a match to a 26AS row whose booking status is not F', () => {
    const p = party(
      run(
        [sale('INV1', '2024-04-10', 1000, 100)],
        [credit('a.txt:1', '2024-04-12', 1000, 100, { status: 'U' })],
      ),
    );
    expect(p.matches[0]).toMatchObject({
      rule: 'exact',
      claimable: false,
      notClaimable: ['a.txt:1: booking status U, not F'],
    });
    expect(p.totals).toMatchObject({ claimableTax: 0, notClaimableTax: 10000 });
  });

  it('flags a match to a row deposited below its tax', () => {
    const p = party(
      run(
        [sale('INV1', '2024-04-10', 1000, 100)],
        [credit('a.txt:1', '2024-04-12', 1000, 100, { deposited: 6000 as never })],
      ),
    );
    expect(p.matches[0]!.notClaimable).toEqual(['a.txt:1: deposited 60.00 is below the tax 100.00']);
  });

  it('prefers the claimable one of two otherwise equal 26AS rows', () => {
    const p = party(
      run(
        [sale('INV1', '2024-04-10', 1000, 100)],
        [
          credit('a.txt:1', '2024-04-12', 1000, 100, { status: 'P' }),
          credit('a.txt:2', '2024-04-12', 1000, 100, { status: 'F' }),
        ],
      ),
    );
    const exact = p.matches.find((m) => m.rule === 'exact')!;
    expect(p.taxBook[exact.taxBook[0]!]!.row.ref).toBe('a.txt:2');
    expect(p.totals.claimableTax).toBe(10000);
  });
});
