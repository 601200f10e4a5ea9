import { describe, expect, it } from 'vitest';
import type { Decision, RowRef } from './decision-types.ts';
import { applyDecisions } from './index.ts';
import type { BookRow, TaxBookRow } from './input-types.ts';
import type { PartyResult, ReconcileResult } from './result-types.ts';
import { partyRowKeys } from './row-keys.ts';
import { credit, pairs, party, rs, run, sale } from './test-helpers.ts';

// INV1 = a:1 exactly; INV2 (200), INV3 (300), a:2 (260) and a:3 (70) fit
// no rule, and their totals (500 against 330) do not settle either.
const book = (): BookRow[] => [
  sale('INV1', '2024-04-10', 1000, 100),
  sale('INV2', '2024-04-20', 2000, 200),
  sale('INV3', '2024-05-01', 3000, 300),
];
const taxBook = (file = 'a.txt', status = 'F'): TaxBookRow[] => [
  credit(`${file}:1`, '2024-04-12', 1000, 100),
  credit(`${file}:2`, '2024-05-05', 2600, 260, { status }),
  credit(`${file}:3`, '2024-06-01', 700, 70),
];

const refOf = (r: ReconcileResult, ref: string): RowRef => {
  const p = party(r);
  const keys = partyRowKeys(p);
  const b = p.book.findIndex((e) => e.row.voucherNo === ref);
  if (b >= 0) return { side: 'book', key: keys.book[b]! };
  const t = p.taxBook.findIndex((e) => e.row.ref === ref);
  if (t < 0) throw new Error(`no row ${ref}`);
  return { side: 'taxBook', key: keys.taxBook[t]! };
};

const entry = (p: PartyResult, ref: string) =>
  p.book.find((e) => e.row.voucherNo === ref) ?? p.taxBook.find((e) => e.row.ref === ref)!;

describe('applyDecisions', () => {
  const base = run(book(), taxBook());
  const r = (...refs: string[]) => refs.map((x) => refOf(base, x));

  it('starts from the automatic result', () => {
    expect(pairs(party(base))).toEqual(['exact: INV1 = a.txt:1']);
    expect(party(base).category).toBe('partialMatches');
  });

  it('records Hold, FollowUp and Pending with notes, leaving the rows open', () => {
    const { result, errors } = applyDecisions(base, [
      { action: 'Hold', rows: r('INV2'), note: 'waiting for the customer', by: 'asha', at: '2025-06-01' },
      { action: 'FollowUp', rows: r('a.txt:3') },
    ]);
    expect(errors).toEqual([]);
    const p = party(result);
    expect(entry(p, 'INV2')).toMatchObject({
      action: 'Hold',
      notes: [{ action: 'Hold', text: 'waiting for the customer', by: 'asha', at: '2025-06-01' }],
    });
    expect(entry(p, 'a.txt:3').action).toBe('FollowUp');
    expect(p.category).toBe('partialMatches');
  });

  it('makes a party manually matched once every open row is accepted or paired', () => {
    const { result, errors } = applyDecisions(base, [
      { action: 'Pair', rows: r('INV3', 'a.txt:2'), note: 'deducted on a lower base' },
      { action: 'Accept', rows: r('INV2', 'a.txt:3') },
    ]);
    expect(errors).toEqual([]);
    const p = party(result);
    expect(p).toMatchObject({ category: 'fullMatches', manuallyMatched: true });
    expect(p.matches.find((m) => m.rule === 'manual')).toMatchObject({
      manual: true,
      note: 'deducted on a lower base',
      taxDifference: rs(40),
    });
    expect(result.summary.manuallyMatchedParties).toBe(1);
    expect(p.totals.acceptedBook).toEqual({ rows: 1, amount: rs(2000), tax: rs(200) });
  });

  it('never changes the result it was given', () => {
    const before = JSON.stringify(base);
    const each: Decision[] = [
      { action: 'Accept', rows: r('INV2') },
      { action: 'Pair', rows: r('INV1', 'a.txt:1'), note: 'confirmed' },
      { action: 'Accept', correlate: true, rows: r('INV1', 'a.txt:1'), note: 'confirmed' },
      {
        action: 'Split',
        row: refOf(base, 'a.txt:3'),
        parts: [
          { tax: rs(35), amount: rs(350) },
          { tax: rs(35), amount: rs(350) },
        ],
      },
      { action: 'Unpair', row: refOf(base, 'INV1') },
    ];
    for (const d of each) {
      expect(applyDecisions(base, [d]).errors).toEqual([]);
      expect(JSON.stringify(base)).toBe(before);
    }
  });

  it('checks the Accept correlate selection rules of the discrepancy screen', () => {
    const decide = (d: Decision) => applyDecisions(base, [d]).errors.map((e) => e.code);
    // One book row against 26AS rows whose tax (330) exceeds its own (300).
    expect(decide({ action: 'Accept', correlate: true, rows: r('INV3', 'a.txt:2', 'a.txt:3') })).toEqual([
      'INVALID_SELECTION',
    ]);
    // Several book rows (500) against one 26AS row that does not cover them (260).
    expect(decide({ action: 'Accept', correlate: true, rows: r('INV2', 'INV3', 'a.txt:2') })).toEqual([
      'INVALID_SELECTION',
    ]);
    expect(decide({ action: 'Accept', correlate: true, rows: r('INV2', 'a.txt:3') })).toEqual([]);
    const ok = applyDecisions(base, [{ action: 'Accept', correlate: true, rows: r('INV3', 'a.txt:2') }]);
    expect(pairs(party(ok.result))).toContain('accept: INV3 = a.txt:2');
    expect(entry(party(ok.result), 'INV3').action).toBe('Accept');
  });

  it('records an accepted part of the tax, never more than the rows hold', () => {
    const ok = applyDecisions(base, [
      { action: 'AcceptPartial', rows: r('INV3', 'a.txt:2'), acceptedTax: rs(260) },
    ]);
    expect(ok.errors).toEqual([]);
    expect(party(ok.result).matches.at(-1)).toMatchObject({ rule: 'accept-partial', acceptedTax: rs(260) });
    expect(party(ok.result).totals.claimableTax).toBe(rs(100) + rs(260));
    const tooMuch = applyDecisions(base, [
      { action: 'AcceptPartial', rows: r('INV3', 'a.txt:2'), acceptedTax: rs(261) },
    ]);
    expect(tooMuch.errors.map((e) => e.code)).toEqual(['INVALID_ACCEPTED_TAX']);
  });

  it('refuses a manual pair over a matched row until it is unpaired', () => {
    const refused = applyDecisions(base, [{ action: 'Pair', rows: r('INV1', 'a.txt:3') }]);
    expect(refused.errors).toEqual([
      {
        index: 0,
        id: null,
        code: 'ROW_ALREADY_MATCHED',
        message: 'sales/purchase book row INV1 is already matched (exact); unpair it first',
      },
    ]);
    const { result, errors } = applyDecisions(base, [
      { action: 'Unpair', row: refOf(base, 'INV1') },
      { action: 'Pair', rows: r('INV1', 'a.txt:3') },
    ]);
    expect(errors).toEqual([]);
    expect(pairs(party(result))).toEqual(['manual: INV1 = a.txt:3']);
    expect(entry(party(result), 'a.txt:1').reason?.code).toBe('UNPAIRED');
  });

  it('confirms a pair the automatic run already made instead of refusing it', () => {
    const { errors } = applyDecisions(base, [{ action: 'Pair', rows: r('INV1', 'a.txt:1') }]);
    expect(errors).toEqual([]);
  });

  it('splits a row into parts that add up exactly, which can then be paired', () => {
    const [a2] = r('a.txt:2');
    const parts = [
      { tax: rs(200), amount: rs(2000) },
      { tax: rs(60), amount: rs(600) },
    ];
    const { result, errors } = applyDecisions(base, [
      { action: 'Split', row: a2!, parts },
      { action: 'Pair', rows: [...r('INV2'), { side: 'taxBook', key: `${a2!.key}/1` }] },
    ]);
    expect(errors).toEqual([]);
    const p = party(result);
    expect(pairs(p)).toContain('manual: INV2 = a.txt:2/1');
    expect(entry(p, 'a.txt:2').action).toBe('Split');
    expect(entry(p, 'a.txt:2/2').reason?.code).toBe('SPLIT_PART');
    // The two parts stand in for the row: the amounts are unchanged.
    expect(p.totals.taxBook).toEqual({ ...party(base).totals.taxBook, rows: 4 });
    expect(partyRowKeys(p).taxBook.filter((k) => k.startsWith(a2!.key))).toEqual([
      a2!.key,
      `${a2!.key}/1`,
      `${a2!.key}/2`,
    ]);
  });

  it('refuses splits that do not add up and decisions on a split row itself', () => {
    const [a2] = r('a.txt:2');
    const { errors } = applyDecisions(base, [
      { action: 'Split', row: a2!, parts: [{ tax: rs(200), amount: rs(2000) }] },
      {
        action: 'Split',
        row: a2!,
        parts: [
          { tax: rs(200), amount: rs(2000) },
          { tax: rs(61), amount: rs(600) },
        ],
      },
      {
        action: 'Split',
        row: refOf(base, 'a.txt:1'),
        parts: [
          { tax: rs(50), amount: rs(500) },
          { tax: rs(50), amount: rs(500) },
        ],
      },
      {
        action: 'Split',
        row: a2!,
        parts: [
          { tax: rs(200), amount: rs(2000) },
          { tax: rs(60), amount: rs(600) },
        ],
      },
      { action: 'Accept', rows: [a2!] },
    ]);
    expect(errors.map((e) => [e.index, e.code])).toEqual([
      [0, 'INVALID_SPLIT'],
      [1, 'INVALID_SPLIT'],
      [2, 'ROW_ALREADY_MATCHED'],
      [4, 'ROW_IS_SPLIT'],
    ]);
    expect(errors[1]!.message).toBe("the parts' tax 261.00 is not the row's 260.00");
  });

  it('returns stale or unknown rows as errors and still applies the rest', () => {
    const { result, errors, applied } = applyDecisions(base, [
      { id: 'd1', action: 'Hold', rows: [{ side: 'book', key: 'INV9|2024-04-10|X|1|1#1' }] },
      { id: 'd2', action: 'Hold', rows: r('INV2') },
      { id: 'd3', action: 'Pair', rows: r('INV2') },
      { id: 'd4', action: 'Nonsense' } as unknown as Decision,
    ]);
    expect(errors.map((e) => [e.id, e.code])).toEqual([
      ['d1', 'ROW_NOT_FOUND'],
      ['d3', 'INVALID_SELECTION'],
      ['d4', 'UNKNOWN_ACTION'],
    ]);
    expect(applied).toBe(1);
    expect(entry(party(result), 'INV2').action).toBe('Hold');
  });

  it('answers a decision on a row not considered for reconciliation with the reason', () => {
    const r2 = run(
      [...book(), sale('X1', '2024-04-10', 10, 1, { tan: null, partyName: 'Nobody' })],
      taxBook(),
    );
    const { errors } = applyDecisions(r2, [
      { action: 'Hold', rows: [{ side: 'book', key: 'X1|2024-04-10|NOBODY|1000|100#1' }] },
    ]);
    expect(errors[0]).toMatchObject({ code: 'ROW_NOT_CONSIDERED' });
  });

  it('re-applies the same decisions to a re-downloaded 26AS in another order and file', () => {
    const decisions: Decision[] = [
      { action: 'Pair', rows: r('INV3', 'a.txt:2'), note: 'lower base' },
      { action: 'Accept', rows: r('INV2', 'a.txt:3') },
    ];
    const first = applyDecisions(base, decisions).result;
    // New file name and line numbers, rows reversed, a U row that turned F.
    const again = run(book().reverse(), taxBook('26AS-2025-06-30.txt', 'U').reverse());
    const second = applyDecisions(again, decisions);
    expect(second.errors).toEqual([]);
    expect(party(second.result).category).toBe(party(first).category);
    expect(party(second.result).matches.map((m) => m.rule)).toEqual(party(first).matches.map((m) => m.rule));
  });
});
