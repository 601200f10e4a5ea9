import { describe, expect, it } from 'vitest';
import { credit, pairs, party, run, sale } from './test-helpers.ts';

describe('carry forward between years', () => {
  // FY 2024-25. A March invoice can still meet its credit in April (180
  // days after); a June one cannot. A 26AS row of mid-March can still meet
  // an invoice of early April (30 days before); one of January cannot.
  const year1 = run(
    [sale('MAR', '2025-03-20', 5000, 500), sale('JUN', '2024-06-01', 7000, 700)],
    [credit('y1.txt:1', '2025-03-15', 3000, 300), credit('y1.txt:2', '2025-01-15', 1100, 110)],
  );

  it('carries forward the unmatched rows whose window reaches into the next year', () => {
    const p = party(year1);
    expect(p.book.filter((e) => e.carriedForward).map((e) => e.row.voucherNo)).toEqual(['MAR']);
    expect(p.taxBook.filter((e) => e.carriedForward).map((e) => e.row.ref)).toEqual(['y1.txt:1']);
    expect(year1.carryForward.book.map((r) => r.voucherNo)).toEqual(['MAR']);
    expect(year1.carryForward.taxBook.map((r) => r.ref)).toEqual(['y1.txt:1']);
    expect(p.totals.carriedForwardBook).toEqual({ rows: 1, amount: 500000, tax: 50000 });
  });

  it('brings them into the next year, where they can match', () => {
    const year2 = run(
      [sale('APR', '2025-04-05', 3000, 300)],
      [credit('y2.txt:1', '2025-04-10', 5000, 500)],
      {},
      { financialYear: '2025-26', broughtForward: year1.carryForward },
    );
    const p = party(year2);
    expect(pairs(p).sort()).toEqual(['exact: APR = y1.txt:1', 'exact: MAR = y2.txt:1']);
    expect(p.totals.broughtForwardBook).toEqual({ rows: 1, amount: 500000, tax: 50000 });
    expect(p.totals.broughtForwardTaxBook).toEqual({ rows: 1, amount: 300000, tax: 30000 });
    expect(p.book.find((e) => e.row.voucherNo === 'MAR')!.broughtForward).toBe(true);
    expect(year2.carryForward).toEqual({ book: [], taxBook: [] });
  });

  it('does not carry a brought-forward row forward again', () => {
    const year2 = run([], [], {}, { financialYear: '2025-26', broughtForward: year1.carryForward });
    const p = party(year2);
    expect(p.book.every((e) => e.broughtForward && !e.carriedForward)).toBe(true);
    expect(year2.carryForward).toEqual({ book: [], taxBook: [] });
  });
});
