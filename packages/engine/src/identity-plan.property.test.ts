import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  badBookRow,
  badTaxBookRow,
  bookIdentity,
  type GatheredRow,
  planByIdentity,
  taxBookIdentity,
  UnresolvedRows,
  workOf,
} from './identity-plan.ts';
import type { BookRow, PartyMaster, ReconcileInput, TaxBookRow } from './input-types.ts';
import type { ReconcileOptions } from './options.ts';
import { planReconciliation } from './plan.ts';
import { ALPHA, BETA, credit, sale } from './test-helpers.ts';

// A year planned from one row per identity, each party's rows gathered
// afterwards, must be exactly the whole-year plan: the same parties in the
// same order, the same entries in the same order, the same rows not
// considered, the same warnings. Identities are drawn from a small pool so
// that master parties, parties under their own TAN, rows joined by name,
// name-only rows linked to 26AS deductors, clashes and invalid rows all
// occur, in both years.

const GAMMA: PartyMaster = { code: 'C003', name: 'Gamma Traders', gstin: '27AAFCG3456C1Z5' };
const SHARED: PartyMaster = { code: 'C004', name: 'Delta Works', tan: BETA.tan };

interface Who {
  name: string;
  tan?: string | null;
  pan?: string | null;
  gstin?: string | null;
  code?: string | null;
}
const bookWho: Who[] = [
  { name: 'ALPHA CUSTOMER LIMITED', tan: ALPHA.tan },
  { name: 'Alpha Customer Ltd', tan: null },
  { name: 'Beta Buyer LLP', tan: BETA.tan },
  { name: 'beta buyer', pan: BETA.pan },
  { name: 'Gamma Traders', gstin: GAMMA.gstin },
  { name: 'Someone', code: 'C003' },
  { name: 'Zeta Inds. P. Ltd.', tan: null },
  { name: 'Omega Unknown LLP', tan: 'DELO00009Q' },
  { name: 'Omega Unknown', tan: null },
  { name: 'Shree Ganesh Enterprises', tan: null },
  { name: 'Nobody At All', tan: 'BADTAN' },
  { name: '', tan: null },
];
const taxWho: Who[] = [
  { name: 'ALPHA CUSTOMER LIMITED', tan: ALPHA.tan },
  { name: 'BETA BUYER LLP', tan: BETA.tan },
  { name: 'ZETA INDUSTRIES PRIVATE LIMITED', tan: 'BLRZ00005Z' },
  { name: 'OMEGA UNKNOWN LLP', tan: 'DELO00009Q' },
  { name: 'OMEGA UNKNOWN', tan: 'DELO00009Q' },
  { name: 'SHREE GANESH ENTERPRISES', tan: 'NSKS00004S' },
  { name: 'SHREE GANESH ENTERPRISES', tan: 'IDRS00005S' },
  { name: 'GAMMA TRADERS', tan: 'PNEG00007G' },
];

const dates = ['2024-04-10', '2024-06-30', '2024-12-01', '2025-03-31', 'not a date'];

const bookRow = fc
  .record({ w: fc.nat(bookWho.length - 1), d: fc.nat(dates.length - 1), a: fc.nat(5), v: fc.nat(6) })
  .map(({ w, d, a, v }): BookRow => {
    const who = bookWho[w]!;
    return sale(`V${v}`, dates[d]!, 1000 * (a + 1), 100 * (a + 1), {
      partyName: who.name,
      tan: who.tan ?? null,
      pan: who.pan ?? null,
      gstin: who.gstin ?? null,
      customerCode: who.code ?? null,
    });
  });
const taxBookRow = fc
  .record({ w: fc.nat(taxWho.length - 1), d: fc.nat(dates.length - 1), a: fc.nat(5) })
  .map(({ w, d, a }): Omit<TaxBookRow, 'ref'> => {
    const who = taxWho[w]!;
    return credit('', dates[d]!, 1000 * (a + 1), 100 * (a + 1), { tan: who.tan ?? '', name: who.name });
  });
const refs = (rows: Omit<TaxBookRow, 'ref'>[], file: string): TaxBookRow[] =>
  rows.map((r, i) => ({ ...r, ref: `${file}:${i + 1}` }) as TaxBookRow);

const scenario = fc.record({
  book: fc.array(bookRow, { maxLength: 30 }),
  taxBook: fc.array(taxBookRow, { maxLength: 30 }),
  bfBook: fc.array(bookRow, { maxLength: 6 }),
  bfTaxBook: fc.array(taxBookRow, { maxLength: 6 }),
  master: fc.subarray([ALPHA, BETA, GAMMA, SHARED]),
  options: fc.record({
    unknownParties: fc.constantFrom('unresolved', 'byTan'),
    groupByPan: fc.boolean(),
  }) as fc.Arbitrary<ReconcileOptions>,
});

describe('planning by identity', () => {
  it('gathers exactly the whole-year plan, party by party', () => {
    let placedByTan = 0;
    let linked = 0;
    let unresolved = 0;
    fc.assert(
      fc.property(scenario, (s) => {
        const input: ReconcileInput = {
          kind: 'TDS',
          financialYear: '2024-25',
          book: s.book,
          taxBook: refs(s.taxBook, 'a.txt'),
          parties: s.master,
          broughtForward: { book: s.bfBook, taxBook: refs(s.bfTaxBook, 'old.txt') },
        };
        const whole = planReconciliation(input, s.options);

        // Planned from all rows in reading order (the first row of an identity stands for it).
        const byIdentity = planByIdentity(
          {
            kind: input.kind,
            financialYear: input.financialYear,
            parties: input.parties,
            book: [...input.book, ...s.bfBook],
            taxBook: [...input.taxBook, ...input.broughtForward!.taxBook!],
          },
          s.options,
        );
        // by index, each row placed as it is by itself
        expect(byIdentity.bookPlacements).toEqual(
          [...input.book, ...s.bfBook].map((r) => byIdentity.placeBook(r)),
        );
        expect(byIdentity.taxBookPlacements).toEqual(
          [...input.taxBook, ...input.broughtForward!.taxBook!].map((r) => byIdentity.placeTaxBook(r)),
        );
        const books = byIdentity.parties.map(() => [] as GatheredRow<BookRow>[]);
        const taxBooks = byIdentity.parties.map(() => [] as GatheredRow<TaxBookRow>[]);
        const left = new UnresolvedRows();
        // Gathered in reverse too: `workOf` and `UnresolvedRows` put them in order.
        const gather = <R extends BookRow | TaxBookRow>(
          side: 'book' | 'taxBook',
          rows: readonly R[],
          broughtForward: boolean,
        ) => {
          for (let seq = rows.length - 1; seq >= 0; seq--) {
            const row = rows[seq]!;
            const bad = side === 'book' ? badBookRow(row as BookRow) : badTaxBookRow(row as TaxBookRow);
            if (bad !== null) {
              left.addInvalid(side, broughtForward, seq, row, bad);
              continue;
            }
            const p =
              side === 'book'
                ? byIdentity.placeBook(row as BookRow)
                : byIdentity.placeTaxBook(row as TaxBookRow);
            if (p === undefined) throw new Error('a valid row whose identity was not planned');
            if (!p.placed) left.addUnplaced(side, broughtForward, seq, row, p);
            else {
              const g = { row, broughtForward, seq, via: p.via, phase: p.phase };
              if (side === 'book') books[p.party]!.push(g as GatheredRow<BookRow>);
              else taxBooks[p.party]!.push(g as GatheredRow<TaxBookRow>);
            }
          }
        };
        gather('book', input.book, false);
        gather('book', s.bfBook, true);
        gather('taxBook', input.taxBook, false);
        gather('taxBook', input.broughtForward!.taxBook!, true);

        const work = byIdentity.parties.map((party, i) => workOf(party, books[i]!, taxBooks[i]!));
        expect(work).toEqual(whole.work);
        expect(left.sorted()).toEqual(whole.unresolved);
        expect(byIdentity.warnings).toEqual(whole.warnings);
        expect(byIdentity.options).toEqual(whole.options);

        for (const w of whole.work) {
          for (const e of [...w.book, ...w.taxBook]) {
            if (e.resolvedBy === 'tan-only') placedByTan++;
            if (e.resolvedBy === 'deductor-name') linked++;
          }
        }
        unresolved += whole.unresolved.length;
      }),
      { numRuns: 400 },
    );
    // the generator reaches every pass of the plan
    expect(placedByTan).toBeGreaterThan(50);
    expect(linked).toBeGreaterThan(10);
    expect(unresolved).toBeGreaterThan(50);
  });

  // The party-at-a-time job hands the plan one valid row per identity and
  // says so (`distinct`): planned without keys, the same plan.
  it('plans rows said to be distinct as it plans them keyed', () => {
    let rows = 0;
    fc.assert(
      fc.property(scenario, (s) => {
        const firstValid = <R>(list: readonly R[], key: (r: R) => string, bad: (r: R) => string | null) => {
          const seen = new Set<string>();
          return list.filter((r) => {
            const k = key(r);
            if (seen.has(k) || bad(r) !== null) return false;
            seen.add(k);
            return true;
          });
        };
        const book = firstValid([...s.book, ...s.bfBook], bookIdentity, badBookRow);
        const taxBook = firstValid(
          [...refs(s.taxBook, 'a.txt'), ...refs(s.bfTaxBook, 'old.txt')],
          taxBookIdentity,
          badTaxBookRow,
        );
        const input = {
          kind: 'TDS' as const,
          financialYear: '2024-25' as const,
          parties: s.master,
          book,
          taxBook,
        };
        const keyed = planByIdentity(input, s.options);
        const distinct = planByIdentity({ ...input, distinct: true }, s.options);
        expect(distinct.parties).toEqual(keyed.parties);
        expect(distinct.warnings).toEqual(keyed.warnings);
        expect(distinct.bookPlacements).toEqual(keyed.bookPlacements);
        expect(distinct.taxBookPlacements).toEqual(keyed.taxBookPlacements);
        expect(book.map((r) => distinct.placeBook(r))).toEqual(keyed.bookPlacements);
        expect(taxBook.map((r) => distinct.placeTaxBook(r))).toEqual(keyed.taxBookPlacements);
        rows += book.length + taxBook.length;
      }),
      { numRuns: 300 },
    );
    expect(rows).toBeGreaterThan(1000);
  });

  // Without a master a row with a TAN is placed under it without resolving it
  // (plan.ts): the same as a master that claims none of the rows places it.
  const NOBODY: PartyMaster = { code: 'X999', name: 'Qwxz Vkjq', tan: 'QQQQ99999Q' };
  it('places rows without a master as a master that claims none of them does', () => {
    let placed = 0;
    fc.assert(
      fc.property(scenario, (s) => {
        const input = (parties: PartyMaster[]): ReconcileInput => ({
          kind: 'TDS',
          financialYear: '2024-25',
          book: s.book,
          taxBook: refs(s.taxBook, 'a.txt'),
          parties,
          broughtForward: { book: s.bfBook, taxBook: refs(s.bfTaxBook, 'old.txt') },
        });
        const options = { ...s.options, unknownParties: 'byTan' } as const;
        const without = planReconciliation(input([]), options);
        const unclaimed = planReconciliation(input([NOBODY]), options);
        expect(without.work).toEqual(unclaimed.work);
        const which = (u: { side: string; ref: string; code: string }) => `${u.side} ${u.ref} ${u.code}`;
        expect(without.unresolved.map(which)).toEqual(unclaimed.unresolved.map(which));
        for (const w of without.work) placed += w.book.length + w.taxBook.length;
      }),
      { numRuns: 300 },
    );
    expect(placed).toBeGreaterThan(500);
  });
});
