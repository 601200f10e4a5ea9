import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayNumber, isoOfDay } from './dates.ts';
import type { Decision } from './decision-types.ts';
import { applyDecisions } from './decisions.ts';
import type { BookRow, ReconcileInput, TaxBookRow } from './input-types.ts';
import type { ReconcileOptions } from './options.ts';
import { reconcile } from './reconcile.ts';
import { toReport } from './report.ts';
import type { ReconcileResult } from './result-types.ts';
import { partyRowKeys } from './row-keys.ts';
import { ALPHA, BETA, credit, input, sale } from './test-helpers.ts';

// Small value and date domains, so equal amounts, groups, reversals, window
// edges and identical rows happen often.
const START = dayNumber('2024-03-01');
const date = fc.integer({ min: 0, max: 420 }).map((d) => isoOfDay(START + (d % 3 === 0 ? d : d % 60)));
const amount = fc.constantFrom(100, 200, 300, 500, 1000, 1500, -100, -500, 0);
const tax = (a: number) => fc.constantFrom(a / 10, a / 20, 10, 0, -10);
const who = [
  { tan: ALPHA.tan!, name: 'ALPHA CUSTOMER LIMITED' },
  { tan: BETA.tan!, name: 'BETA BUYER LLP' },
  { tan: 'ZZZZ99999Z', name: 'NOBODY' },
];

const bookRows = fc
  .array(
    fc
      .record({ p: fc.integer({ min: 0, max: 2 }), date, amount })
      .chain((r) => tax(r.amount).map((t) => ({ ...r, t }))),
    { maxLength: 24 },
  )
  .map((rows) =>
    rows.map(
      ({ p, date, amount, t }, i): BookRow =>
        sale(`V${i % 7}`, date, amount, t, {
          tan: p === 2 || i % 5 === 0 ? null : who[p]!.tan,
          partyName: who[p]!.name,
        }),
    ),
  );

const taxBookRows = fc
  .array(
    fc
      .record({
        p: fc.integer({ min: 0, max: 2 }),
        date,
        amount,
        status: fc.constantFrom('F', 'F', 'U', 'O'),
      })
      .chain((r) => fc.tuple(tax(r.amount), fc.boolean()).map(([t, short]) => ({ ...r, t, short }))),
    { maxLength: 24 },
  )
  .map((rows) =>
    rows.map(
      ({ p, date, amount, t, status, short }, i): TaxBookRow =>
        credit(`f.txt:${i}`, date, amount, t, {
          tan: who[p]!.tan,
          name: who[p]!.name,
          status,
          deposited: (Math.round(t * 100) - (short ? 1 : 0)) as never,
        }),
    ),
  );

const options: fc.Arbitrary<ReconcileOptions> = fc.record({
  matchMode: fc.constantFrom('TaxOrSaleAmount', 'TaxAndSaleAmount', 'TaxOnly', 'SaleAmountOnly'),
  tolerance: fc.constantFrom(0, 50, 1000) as fc.Arbitrary<never>,
  toleranceForOverallTotal: fc.constantFrom(0, 1000) as fc.Arbitrary<never>,
  toleranceForTransactionAmountTotal: fc.constantFrom(0, 10000) as fc.Arbitrary<never>,
  maxGroupSize: fc.integer({ min: 1, max: 5 }),
  unknownParties: fc.constantFrom('unresolved', 'byTan'),
  groupByPan: fc.boolean(),
});

// Most 26AS rows are derived from the book rows the way deductors report
// them (as is, a paisa off, two invoices summed, one split in two, days
// later or far outside the window), the rest are random.
type Derive = { how: 'copy' | 'nudge' | 'sum' | 'split' | 'drop'; shift: number; status: string };
const derive: fc.Arbitrary<Derive> = fc.record({
  how: fc.constantFrom('copy', 'copy', 'nudge', 'sum', 'sum', 'split', 'drop'),
  shift: fc.constantFrom(0, 3, -20, 60, 200),
  status: fc.constantFrom('F', 'F', 'U'),
});

const derived = (book: BookRow[], plan: Derive[]): TaxBookRow[] => {
  const out: TaxBookRow[] = [];
  const add = (b: BookRow, amount: number, t: number, d: Derive) => {
    const p = who.find((w) => w.name === b.partyName)!;
    out.push({
      ...credit(`d.txt:${out.length}`, isoOfDay(dayNumber(b.date) + d.shift), 0, 0, {
        tan: p.tan,
        name: p.name,
      }),
      amount: amount as never,
      tax: t as never,
      deposited: t as never,
      status: d.status,
    });
  };
  book.forEach((b, i) => {
    const d = plan[i % Math.max(1, plan.length)] ?? { how: 'copy', shift: 0, status: 'F' };
    const next = book[i + 1];
    if (d.how === 'copy') add(b, b.amount, b.tax, d);
    else if (d.how === 'nudge') add(b, b.amount + 7, b.tax - 3, d);
    else if (d.how === 'sum' && next && next.partyName === b.partyName)
      add(b, b.amount + next.amount, b.tax + next.tax, d);
    else if (d.how === 'split') {
      add(b, Math.trunc(b.amount / 3), Math.trunc(b.tax / 3), d);
      add(b, b.amount - Math.trunc(b.amount / 3), b.tax - Math.trunc(b.tax / 3), {
        ...d,
        shift: d.shift + 10,
      });
    }
  });
  return out;
};

const scenario = fc
  .record({ book: bookRows, plan: fc.array(derive, { maxLength: 8 }), extra: taxBookRows, options })
  .map(({ book, plan, extra, options }) => ({
    book,
    taxBook: [...derived(book, plan), ...extra.slice(0, 6)],
    options,
  }));

const sum = (xs: readonly { amount: number; tax: number }[]) =>
  xs.reduce((s, r) => ({ amount: s.amount + r.amount, tax: s.tax + r.tax }), { amount: 0, tax: 0 });

// Every row in at most one match, and its `match` points at that match.
const checkNoRowTwice = (r: ReconcileResult): void => {
  for (const p of r.parties) {
    for (const side of ['book', 'taxBook'] as const) {
      const owner = new Map<number, number>();
      p.matches.forEach((m, id) => {
        for (const i of m[side]) {
          expect(owner.has(i)).toBe(false);
          owner.set(i, id);
        }
      });
      expect(p[side].map((e) => e.match)).toEqual(p[side].map((_, i) => owner.get(i) ?? -1));
    }
  }
};

// Matched, settled by totals, accepted and open rows add up to each party's
// rows, and parties plus unresolved rows add up to the input.
const checkConservation = (r: ReconcileResult, given: ReconcileInput): void => {
  for (const p of r.parties) {
    const t = p.totals;
    for (const [all, parts] of [
      [t.book, [t.matchedBook, t.claimedByTotalsBook, t.acceptedBook, t.openBook]],
      [t.taxBook, [t.matchedTaxBook, t.claimedByTotalsTaxBook, t.acceptedTaxBook, t.openTaxBook]],
    ] as const) {
      expect(parts.reduce((s, x) => s + x.rows, 0)).toBe(all.rows);
      expect(parts.reduce((s, x) => s + x.amount, 0)).toBe(all.amount);
      expect(parts.reduce((s, x) => s + x.tax, 0)).toBe(all.tax);
    }
    const inMatches = p.matches.reduce((s, m) => s + m.bookTax, 0);
    expect(inMatches + t.acceptedBook.tax + t.openBook.tax).toBe(t.book.tax);
  }
  const unresolvedBook = r.unresolved.filter((u) => u.side === 'book').map((u) => u.row);
  const unresolvedTax = r.unresolved.filter((u) => u.side === 'taxBook').map((u) => u.row);
  expect({
    amount: r.summary.book.amount + sum(unresolvedBook).amount,
    tax: r.summary.book.tax + sum(unresolvedBook).tax,
  }).toEqual(sum(given.book));
  expect({
    amount: r.summary.taxBook.amount + sum(unresolvedTax).amount,
    tax: r.summary.taxBook.tax + sum(unresolvedTax).tax,
  }).toEqual(sum(given.taxBook));
  expect(r.summary.book.rows + unresolvedBook.length).toBe(given.book.length);
  expect(r.summary.taxBook.rows + unresolvedTax.length).toBe(given.taxBook.length);
};

describe('properties of reconcile', () => {
  it('matches no row twice', () => {
    fc.assert(
      fc.property(scenario, ({ book, taxBook, options }) => {
        checkNoRowTwice(reconcile(input(book, taxBook), options));
      }),
      { numRuns: 300 },
    );
  });

  it('accounts for every input amount exactly once: matched plus unmatched is the input', () => {
    fc.assert(
      fc.property(scenario, ({ book, taxBook, options }) => {
        const given = input(book, taxBook);
        checkConservation(reconcile(given, options), given);
      }),
      { numRuns: 300 },
    );
  });

  it('gives the same result whatever the order of the input rows and master', () => {
    fc.assert(
      fc.property(
        scenario.chain((s) =>
          fc.record({
            s: fc.constant(s),
            book: fc.shuffledSubarray(s.book, { minLength: s.book.length }),
            taxBook: fc.shuffledSubarray(s.taxBook, { minLength: s.taxBook.length }),
          }),
        ),
        ({ s, book, taxBook }) => {
          const a = reconcile(input(s.book, s.taxBook), s.options);
          const b = reconcile(input(book, taxBook, { parties: [BETA, ALPHA] }), s.options);
          expect(toReport(b)).toEqual(toReport(a));
          expect(b.parties.map((p) => p.matches)).toEqual(a.parties.map((p) => p.matches));
          expect(b.summary).toEqual(a.summary);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps both properties after any decisions, and reports bad ones as errors', () => {
    const actions = [
      'Accept',
      'Hold',
      'FollowUp',
      'Pair',
      'Unpair',
      'Split',
      'AcceptPartial',
      'AcceptCorrelate',
    ] as const;
    fc.assert(
      fc.property(
        scenario,
        fc.array(
          fc.record({
            action: fc.constantFrom(...actions),
            picks: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
          }),
          {
            maxLength: 8,
          },
        ),
        ({ book, taxBook, options }, wishes) => {
          const given = input(book, taxBook);
          const result = reconcile(given, options);
          const refs = result.parties.flatMap((p) => {
            const keys = partyRowKeys(p);
            return [
              ...keys.book.map((key) => ({ side: 'book' as const, key })),
              ...keys.taxBook.map((key) => ({ side: 'taxBook' as const, key })),
            ];
          });
          if (refs.length === 0) return;
          const decisions = wishes.map(({ action, picks }): Decision => {
            const rows = picks.map((n) => refs[n % refs.length]!);
            if (action === 'Unpair') return { action, row: rows[0]! };
            if (action === 'Split') {
              return {
                action,
                row: rows[0]!,
                parts: [
                  { tax: 100 as never, amount: 1000 as never },
                  { tax: 0 as never, amount: 0 as never },
                ],
              };
            }
            if (action === 'AcceptPartial') return { action, rows, acceptedTax: 100 as never };
            if (action === 'AcceptCorrelate') return { action: 'Accept', correlate: true, rows };
            return { action, rows };
          });
          const { result: decided, errors, applied } = applyDecisions(result, decisions);
          expect(errors.length + applied).toBe(decisions.length);
          checkNoRowTwice(decided);
          checkConservation(decided, given);
        },
      ),
      { numRuns: 300 },
    );
  });
});
