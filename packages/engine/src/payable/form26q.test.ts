import { type Paise, rupeesToPaise } from '@taxrecon/shared';
import { describe, expect, it } from 'vitest';
import { countByStatus, type Form26qBookRow, type Form26qReturnRow, reconcile26q } from './form26q.ts';

const r = (rupees: number): Paise => rupeesToPaise(rupees);
const ret = (pan: string, section: string, base: number, tds: number, name = 'Vendor'): Form26qReturnRow => ({
  pan,
  name,
  section,
  base: r(base),
  tds: r(tds),
});
const book = (
  pan: string,
  section: string,
  base: number,
  deducted: number,
  due = deducted,
): Form26qBookRow => ({
  pan,
  name: 'Books vendor',
  section,
  base: r(base),
  deducted: r(deducted),
  due: r(due),
});

const PAN_A = 'AAACA1234A';
const PAN_B = 'AAAPB5678B';

describe('reconcile26q: one PAN and section', () => {
  it.each([
    // return tds, books deducted, status, difference (rupees)
    [1_000, 1_000, 'Matched', 0],
    [1_000.4, 1_000, 'Matched', 0.4],
    [999, 1_000, 'Matched', -1],
    [998.99, 1_000, 'Short in return', -1.01],
    [600, 1_000, 'Short in return', -400],
    [1_500, 1_000, 'Excess in return', 500],
    [1_001.01, 1_000, 'Excess in return', 1.01],
  ] as const)('return %d vs books %d -> %s', (returned, deducted, status, difference) => {
    const [line] = reconcile26q(
      [ret(PAN_A, '194C', 100_000, returned)],
      [book(PAN_A, '194C', 100_000, deducted)],
    );
    expect(line?.status).toBe(status);
    expect(line?.difference).toBe(r(difference));
    expect(line?.returnTds).toBe(r(returned));
    expect(line?.bookDeducted).toBe(r(deducted));
  });
});

describe('reconcile26q: presence on one side only', () => {
  it('a books group with a deduction and no return row is missing from the return', () => {
    const lines = reconcile26q([], [book(PAN_A, '194J(b)', 50_000, 5_000)]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ status: 'Missing from return', difference: r(-5_000), returnRows: 0 });
    expect(lines[0]?.reason).toContain('₹5,000.00');
  });
  it('a return row the books do not know is missing from the books, and an invalid PAN is named', () => {
    const [line] = reconcile26q([ret('pannotavbl', '194C', 10_000, 100)], []);
    expect(line).toMatchObject({ status: 'Missing from books', pan: 'PANNOTAVBL', difference: r(100) });
    expect(line?.reason).toContain('not a valid PAN');
  });
  it('a books group with nothing deducted and nothing due is not a line', () => {
    expect(reconcile26q([], [book(PAN_A, '194C', 20_000, 0, 0)])).toEqual([]);
  });
  it('the same PAN under another section is a separate line', () => {
    const lines = reconcile26q(
      [ret(PAN_A, '194C', 100_000, 1_000)],
      [book(PAN_A, '194J(b)', 100_000, 10_000)],
    );
    expect(lines.map((l) => [l.section, l.status])).toEqual([
      ['194J(b)', 'Missing from return'],
      ['194C', 'Missing from books'],
    ]);
  });
});

describe('reconcile26q: grouping and notes', () => {
  it('adds the return rows and the book rows of a PAN and section, PAN case and spaces ignored', () => {
    const lines = reconcile26q(
      [ret(' aaaca1234a ', '194C', 40_000, 400), ret(PAN_A, '194C ', 60_000, 600)],
      [book(PAN_A, '194C', 30_000, 300), book(PAN_A, '194C', 70_000, 700)],
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      status: 'Matched',
      returnRows: 2,
      returnBase: r(100_000),
      returnTds: r(1_000),
      bookBase: r(100_000),
      bookDeducted: r(1_000),
    });
    expect(lines[0]?.reason).toContain('Base agrees');
  });
  it('a short deduction in the books is named even when the return matches the books', () => {
    const [line] = reconcile26q(
      [ret(PAN_B, '194C', 100_000, 500)],
      [book(PAN_B, '194C', 100_000, 500, 1_000)],
    );
    expect(line?.status).toBe('Matched');
    expect(line?.reason).toContain('₹500.00 more than deducted (short deduction)');
  });
  it('orders problems first and counts each status', () => {
    const lines = reconcile26q(
      [ret(PAN_A, '194C', 100_000, 1_000), ret(PAN_B, '194C', 100_000, 200)],
      [book(PAN_A, '194C', 100_000, 1_000), book(PAN_B, '194C', 100_000, 1_000)],
    );
    expect(lines.map((l) => l.status)).toEqual(['Short in return', 'Matched']);
    expect(countByStatus(lines)).toEqual({
      Matched: 1,
      'Short in return': 1,
      'Excess in return': 0,
      'Missing from return': 0,
      'Missing from books': 0,
    });
  });
});
