import { describe, expect, it } from 'vitest';
import { credit, pairs, party, run, sale } from './test-helpers.ts';

describe('exact 1:1', () => {
  it('pairs an invoice with the 26AS row of the same tax and amount', () => {
    const p = party(
      run([sale('INV1', '2024-04-10', 150000, 15000)], [credit('a.txt:1', '2024-04-15', 150000, 15000)]),
    );
    expect(pairs(p)).toEqual(['exact: INV1 = a.txt:1']);
    expect(p.matches[0]).toMatchObject({ matchedOn: ['tax', 'amount'], claimable: true, taxDifference: 0 });
    expect(p.category).toBe('fullMatches');
  });

  it('prefers a 26AS row of the same quarter, then the nearest date', () => {
    // 28 June is Q1; 1 July (3 days on) is Q2; 10 June (18 days back) is Q1.
    const p = party(
      run(
        [sale('INV1', '2024-06-28', 10000, 1000)],
        [credit('a.txt:1', '2024-07-01', 10000, 1000), credit('a.txt:2', '2024-06-10', 10000, 1000)],
      ),
    );
    expect(pairs(p)).toEqual(['exact: INV1 = a.txt:2']);
    const q = party(
      run(
        [sale('INV1', '2024-05-10', 10000, 1000)],
        [credit('a.txt:1', '2024-05-30', 10000, 1000), credit('a.txt:2', '2024-05-13', 10000, 1000)],
      ),
    );
    expect(pairs(q)).toEqual(['exact: INV1 = a.txt:2']);
  });

  it('prefers the same quarter even when more rows of the next quarter are nearer than it', () => {
    // Four Q2 credits within five days of a 29 June invoice, the Q1 credit of 20 June further:
    // only the nearest few candidates are ranked, and the quarter's own row must be among them.
    const p = party(
      run(
        [sale('INV', '2024-06-29', 100000, 1000)],
        [
          credit('a.txt:1', '2024-07-01', 100000, 1000),
          credit('a.txt:2', '2024-07-02', 100000, 1000),
          credit('a.txt:3', '2024-07-03', 100000, 1000),
          credit('a.txt:4', '2024-07-04', 100000, 1000),
          credit('a.txt:5', '2024-06-20', 100000, 1000),
        ],
      ),
    );
    expect(pairs(p)).toEqual(['exact: INV = a.txt:5']);
  });

  it('takes pairs best first over the party, so an early invoice does not take the row a later one needs', () => {
    // Invoice by invoice, INV1 would take X (6 days) and leave INV2 nothing:
    // Y is 35 days before INV2, outside its window. Best first, INV2-X (4 days)
    // goes first and INV1 still has Y (25 days before it).
    const p = party(
      run(
        [sale('INV1', '2024-05-10', 1000, 100), sale('INV2', '2024-05-20', 1000, 100)],
        [credit('X', '2024-05-16', 1000, 100), credit('Y', '2024-04-15', 1000, 100)],
      ),
    );
    expect(pairs(p).sort()).toEqual(['exact: INV1 = Y', 'exact: INV2 = X']);
  });

  it('treats identical 26AS rows as separate credits, never as duplicates', () => {
    const p = party(
      run(
        [sale('INV1', '2024-08-01', 5000, 500), sale('INV2', '2024-08-01', 5000, 500)],
        [
          credit('a.txt:1', '2024-08-05', 5000, 500),
          credit('a.txt:2', '2024-08-05', 5000, 500),
          credit('a.txt:3', '2024-08-05', 5000, 500),
        ],
      ),
    );
    expect(p.matches.filter((m) => m.rule === 'exact')).toHaveLength(2);
    expect(p.taxBook.filter((e) => e.match < 0).map((e) => e.row.ref)).toEqual(['a.txt:3']);
  });
});

describe('1:1 within the transaction tolerance', () => {
  const book = [sale('INV1', '2024-04-10', 10000, 1000)];
  const taxBook = [credit('a.txt:1', '2024-04-12', 10000.4, 999.5)];

  it('matches a small difference when the tolerance covers it', () => {
    const p = party(run(book, taxBook, { tolerance: 100 as never }));
    expect(pairs(p)).toEqual(['within-tolerance: INV1 = a.txt:1']);
    expect(p.matches[0]).toMatchObject({
      matchedOn: ['tax', 'amount'],
      taxDifference: 50,
      amountDifference: -40,
    });
  });

  it('leaves it unmatched with the differences when the tolerance is 0', () => {
    const p = party(run(book, taxBook));
    expect(p.matches).toEqual([]);
    expect(p.book[0]!.reason).toMatchObject({
      code: 'AMOUNTS_DIFFER',
      nearest: { ref: 'a.txt:1', taxDifference: 50, amountDifference: -40, failed: ['tax', 'amount'] },
    });
  });
});

describe('several invoices to one 26AS row', () => {
  it('matches invoices whose sum is the 26AS row', () => {
    const p = party(
      run(
        [
          sale('INV1', '2024-04-01', 1000, 100),
          sale('INV2', '2024-04-05', 2000, 200),
          sale('INV3', '2024-04-09', 3000, 300),
        ],
        [credit('a.txt:1', '2024-04-20', 6000, 600)],
      ),
    );
    expect(pairs(p)).toEqual(['many-to-one: INV1+INV2+INV3 = a.txt:1']);
  });

  it('uses at most five invoices', () => {
    const five = [1, 2, 3, 4, 5].map((i) => sale(`INV${i}`, `2024-04-0${i}`, 1000, 100));
    const six = [...five, sale('INV6', '2024-04-06', 1000, 100)];
    expect(pairs(party(run(five, [credit('a.txt:1', '2024-04-20', 5000, 500)])))).toEqual([
      'many-to-one: INV1+INV2+INV3+INV4+INV5 = a.txt:1',
    ]);
    const p = party(run(six, [credit('a.txt:1', '2024-04-20', 6000, 600)]));
    expect(p.matches.map((m) => m.rule)).toEqual(['totals']);
  });

  it('prefers the fewest invoices, then the ones nearest in date', () => {
    // 100+200 (1 and 2 days away) and 150+150 (11 and 6 days away) both make 300.
    const p = party(
      run(
        [
          sale('A100', '2024-04-30', 1000, 100),
          sale('B200', '2024-04-29', 2000, 200),
          sale('C150', '2024-04-20', 1500, 150),
          sale('D150', '2024-04-25', 1500, 150),
        ],
        [credit('a.txt:1', '2024-05-01', 3000, 300)],
      ),
    );
    expect(pairs(p)).toEqual(['many-to-one: B200+A100 = a.txt:1']);
  });
});

describe('one invoice to several 26AS rows', () => {
  it('matches an invoice deducted in instalments', () => {
    const p = party(
      run(
        [sale('INV1', '2024-04-01', 6000, 600)],
        [credit('a.txt:1', '2024-04-10', 2000, 200), credit('a.txt:2', '2024-05-10', 4000, 400)],
      ),
    );
    expect(pairs(p)).toEqual(['one-to-many: INV1 = a.txt:1+a.txt:2']);
  });

  // DOMAIN 6.2: the same quarter first, then the nearest date, for groups as for pairs.
  it("takes rows of the invoice's quarter before nearer rows of the next", () => {
    const p = party(
      run(
        [sale('INV', '2024-06-28', 100000, 1000)],
        [
          credit('a.txt:1', '2024-07-01', 50000, 500),
          credit('a.txt:2', '2024-07-02', 50000, 500),
          credit('a.txt:3', '2024-06-20', 50000, 500),
          credit('a.txt:4', '2024-06-18', 50000, 500),
        ],
      ),
    );
    expect(pairs(p)).toEqual(['one-to-many: INV = a.txt:4+a.txt:3']);
  });
});

describe('several invoices to one 26AS row, by quarter', () => {
  it("takes invoices of the 26AS row's quarter before nearer invoices of another", () => {
    const p = party(
      run(
        [
          sale('J1', '2024-06-25', 50000, 500),
          sale('J2', '2024-06-26', 50000, 500),
          sale('L1', '2024-07-10', 50000, 500),
          sale('L2', '2024-07-12', 50000, 500),
        ],
        [credit('a.txt:1', '2024-07-02', 100000, 1000)],
      ),
    );
    expect(pairs(p)[0]).toBe('many-to-one: L1+L2 = a.txt:1');
  });
});

describe('date window', () => {
  const at = (date: string, options = {}) =>
    party(run([sale('INV1', '2024-06-01', 1000, 100)], [credit('a.txt:1', date, 1000, 100)], options));

  it.each([
    ['2024-05-02', true], // 30 days before
    ['2024-05-01', false], // 31 days before
    ['2024-11-28', true], // 180 days after
    ['2024-11-29', false], // 181 days after
  ])('a 26AS row dated %s is a candidate: %s', (date, matched) => {
    expect(at(date).matches.some((m) => m.rule === 'exact')).toBe(matched);
  });

  it('explains a row with nothing in its window', () => {
    const p = at('2024-12-01');
    expect(p.book[0]!.reason).toMatchObject({
      code: 'NONE_IN_WINDOW',
      window: { from: '2024-05-02', to: '2024-11-28' },
      nearest: { ref: 'a.txt:1', dayGap: 183 },
    });
  });

  it('follows the configured window', () => {
    expect(at('2024-05-31', { windowDaysBefore: 0 }).matches.map((m) => m.rule)).toEqual(['totals']);
    expect(at('2024-12-20', { windowDaysAfter: 365 }).matches.map((m) => m.rule)).toEqual(['exact']);
  });
});

describe('reversals', () => {
  it('lets a 26AS reversal cancel the overbooked row so the invoice meets the final credit', () => {
    // Part I of the sample statement: O row, its B reversal, then the F row.
    const p = party(
      run(
        [sale('INV1', '2024-10-05', 40000, 800)],
        [
          credit('a.txt:1', '2024-10-05', 40000, 800, { status: 'O', bookingDate: '2025-01-30' }),
          credit('a.txt:2', '2024-10-05', -40000, -800, {
            status: 'O',
            remarks: 'B',
            bookingDate: '2025-03-15',
          }),
          credit('a.txt:3', '2024-10-05', 40000, 800, { status: 'F', bookingDate: '2025-03-15' }),
        ],
      ),
    );
    expect(pairs(p).sort()).toEqual(['exact: INV1 = a.txt:3', 'reversal:  = a.txt:2+a.txt:1']);
    expect(p.matches.find((m) => m.rule === 'exact')!.claimable).toBe(true);
    expect(p.totals.claimableTax).toBe(80000);
  });

  it('lets a credit note cancel its invoice in the book', () => {
    const p = party(
      run(
        [
          sale('INV1', '2024-07-01', 5000, 500),
          sale('CN1', '2024-07-09', -5000, -500),
          sale('INV2', '2024-07-02', 800, 80),
        ],
        [credit('a.txt:1', '2024-07-03', 800, 80)],
      ),
    );
    expect(pairs(p).sort()).toEqual(['exact: INV2 = a.txt:1', 'reversal: INV1+CN1 = ']);
    expect(p.category).toBe('fullMatches');
  });
});
