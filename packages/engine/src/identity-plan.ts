import type { BookRow, ReconcileInput, TaxBookRow } from './input-types.ts';
import type { ReconcileOptions } from './options.ts';
import {
  badBookRow,
  badTaxBookRow,
  compareUnresolved,
  newEntry,
  type PartyWork,
  type PlanContext,
  planReconciliation,
} from './plan.ts';
import type {
  BookEntry,
  EngineWarning,
  PartyInfo,
  ResolvedBy,
  TaxBookEntry,
  UnresolvedCode,
  UnresolvedRow,
} from './result-types.ts';

// Planning a year by its identities instead of its rows.
//
// Everything planReconciliation decides about a row (its party, how it was
// resolved, or why it is not considered) follows from the row's identity
// fields alone: a book row's name, customer code, TAN, PAN and GSTIN, a 26AS
// row's TAN and name. Dates and amounts only decide whether a row is valid.
// So a year is planned from one valid row of each identity (tens of thousands
// of rows, not millions), and each party's rows can be gathered later, a
// party at a time, into exactly the work the whole-year plan would give:
// identity-plan.property.test.ts holds the two to each other.
//
// The one thing that is not per identity is the order of a party's rows. The
// whole-year plan appends them in passes: rows the master resolves (phase 0),
// rows placed under their own TAN (1), rows joined to such a party by name
// (2), name-only book rows linked to a 26AS deductor (3); within a pass the
// current year before the brought-forward rows, each in input order. The
// phase is known from how the row was resolved and whether its party is in
// the master, so `workOf` sorts by (phase, brought forward, input order).

export type Side = 'book' | 'taxBook';

export type Placement =
  | { placed: true; party: number; via: ResolvedBy; phase: number }
  | { placed: false; code: UnresolvedCode; reason: string };

// Two rows with the same key are planned alike (null and '' kept apart: finer
// than the resolver needs, which is safe).
const part = (v: string | null | undefined): string => (v === null || v === undefined ? '\u0001' : v);
export const bookIdentity = (r: BookRow): string =>
  `${r.partyName}\u0000${part(r.customerCode)}\u0000${part(r.tan)}\u0000${part(r.pan)}\u0000${part(r.gstin)}`;
export const taxBookIdentity = (r: TaxBookRow): string => `${r.tan}\u0000${r.name}`;

const phaseOf = (via: ResolvedBy, party: PartyInfo): number => {
  if (via === 'tan-only') return 1;
  if (via === 'deductor-name') return 3;
  if ((via === 'exact-name' || via === 'fuzzy-name') && !party.inMaster) return 2;
  return 0;
};

export interface IdentityPlan extends PlanContext {
  // the parties holding rows, in key order: the whole-year plan's `work` order
  parties: PartyInfo[];
  warnings: EngineWarning[];
  // where every valid row of this identity goes (undefined: an identity that was not planned)
  placeBook: (row: BookRow) => Placement | undefined;
  placeTaxBook: (row: TaxBookRow) => Placement | undefined;
  // the same for the input's rows by their index, without keying each again
  // (each row's is its identity's: undefined for an identity with no valid row)
  bookPlacements: readonly (Placement | undefined)[];
  taxBookPlacements: readonly (Placement | undefined)[];
}

export type IdentityInput = Omit<ReconcileInput, 'book' | 'taxBook' | 'broughtForward'> & {
  // Rows in reading order (26AS then its brought-forward rows; the book then
  // its brought-forward rows), at least the first valid row of every identity
  // that occurs: the first stands for the identity, and the order they come
  // in is the order a tie between 26AS deductors names them in.
  book: readonly BookRow[];
  taxBook: readonly TaxBookRow[];
  // The caller's promise that every row is valid and of an identity of its
  // own: no key is made to find each identity's first row.
  distinct?: boolean;
};

// Each identity's first valid row, by the identity's key, and each row's key.
const firstOfEach = <R>(rows: readonly R[], key: (r: R) => string, bad: (r: R) => string | null) => {
  const first = new Map<string, R>();
  const keys = rows.map((r) => {
    const k = key(r);
    if (!first.has(k) && bad(r) === null) first.set(k, r);
    return k;
  });
  return { first, keys };
};

export const planByIdentity = (input: IdentityInput, options: ReconcileOptions = {}): IdentityPlan => {
  // Rows the caller says are distinct are planned as they are: no key is made
  // for each (a key costs more than the rest of a row's planning) unless
  // placeBook / placeTaxBook is called.
  const keyedBook = input.distinct ? null : firstOfEach(input.book, bookIdentity, badBookRow);
  const keyedTaxBook = input.distinct ? null : firstOfEach(input.taxBook, taxBookIdentity, badTaxBookRow);
  const plan = planReconciliation(
    {
      ...input,
      book: keyedBook ? [...keyedBook.first.values()] : input.book,
      taxBook: keyedTaxBook ? [...keyedTaxBook.first.values()] : input.taxBook,
    },
    options,
  );
  const placed = new Map<BookRow | TaxBookRow, Placement>();
  plan.work.forEach((w, party) => {
    for (const e of w.book)
      placed.set(e.row, { placed: true, party, via: e.resolvedBy, phase: phaseOf(e.resolvedBy, w.party) });
    for (const e of w.taxBook) {
      placed.set(e.row, { placed: true, party, via: e.resolvedBy, phase: phaseOf(e.resolvedBy, w.party) });
    }
  });
  for (const u of plan.unresolved) placed.set(u.row, { placed: false, code: u.code, reason: u.reason });
  const place = <R extends BookRow | TaxBookRow>(representative: R | undefined) =>
    representative === undefined ? undefined : placed.get(representative);
  let bookByKey = keyedBook?.first;
  let taxBookByKey = keyedTaxBook?.first;
  const bookFirst = () => (bookByKey ??= new Map(input.book.map((r) => [bookIdentity(r), r])));
  const taxBookFirst = () => (taxBookByKey ??= new Map(input.taxBook.map((r) => [taxBookIdentity(r), r])));
  return {
    kind: plan.kind,
    financialYear: plan.financialYear,
    options: plan.options,
    parties: plan.work.map((w) => w.party),
    warnings: plan.warnings,
    placeBook: (row) => place(bookFirst().get(bookIdentity(row))),
    placeTaxBook: (row) => place(taxBookFirst().get(taxBookIdentity(row))),
    bookPlacements: keyedBook
      ? keyedBook.keys.map((key) => place(keyedBook.first.get(key)))
      : input.book.map((r) => place(r)),
    taxBookPlacements: keyedTaxBook
      ? keyedTaxBook.keys.map((key) => place(keyedTaxBook.first.get(key)))
      : input.taxBook.map((r) => place(r)),
  };
};

// A row of a party with what `workOf` orders it by.
export interface GatheredRow<R> {
  row: R;
  broughtForward: boolean;
  // input order within its side and year (current or brought forward)
  seq: number;
  via: ResolvedBy;
  phase: number;
}

const inPlanOrder = <R>(a: GatheredRow<R>, b: GatheredRow<R>): number =>
  a.phase - b.phase || Number(a.broughtForward) - Number(b.broughtForward) || a.seq - b.seq;

// One party's work from its gathered rows, in the whole-year plan's order.
export const workOf = (
  party: PartyInfo,
  book: GatheredRow<BookRow>[],
  taxBook: GatheredRow<TaxBookRow>[],
): PartyWork => ({
  party,
  book: book.sort(inPlanOrder).map((g) => newEntry(g.row, g.via, g.broughtForward) as BookEntry),
  taxBook: taxBook.sort(inPlanOrder).map((g) => newEntry(g.row, g.via, g.broughtForward) as TaxBookEntry),
});

// The rows not considered, in the whole-year plan's order whatever order
// they are added in: invalid rows before unresolved ones, sides and years
// in the plan's reading order (26AS, 26AS brought forward, book, book
// brought forward), then input order; then the plan's sort.
export class UnresolvedRows {
  private readonly rows: { u: UnresolvedRow; rank: number; seq: number }[] = [];

  // a row badBookRow / badTaxBookRow refused, with its reason
  addInvalid(
    side: Side,
    broughtForward: boolean,
    seq: number,
    row: BookRow | TaxBookRow,
    reason: string,
  ): void {
    this.push(side, broughtForward, seq, row, 'INVALID_ROW', reason, 0);
  }

  // a valid row whose identity no party took
  addUnplaced(
    side: Side,
    broughtForward: boolean,
    seq: number,
    row: BookRow | TaxBookRow,
    placement: { code: UnresolvedCode; reason: string },
  ): void {
    this.push(side, broughtForward, seq, row, placement.code, placement.reason, 4);
  }

  private push(
    side: Side,
    broughtForward: boolean,
    seq: number,
    row: BookRow | TaxBookRow,
    code: UnresolvedCode,
    reason: string,
    pass: number,
  ): void {
    const u: UnresolvedRow =
      side === 'book'
        ? { side, ref: (row as BookRow).voucherNo, row: row as BookRow, code, reason }
        : { side, ref: (row as TaxBookRow).ref, row: row as TaxBookRow, code, reason };
    this.rows.push({ u, rank: pass + (side === 'taxBook' ? 0 : 2) + (broughtForward ? 1 : 0), seq });
  }

  get length(): number {
    return this.rows.length;
  }

  sorted(): UnresolvedRow[] {
    this.rows.sort((a, b) => a.rank - b.rank || a.seq - b.seq);
    return this.rows.map((r) => r.u).sort(compareUnresolved);
  }
}

export { badBookRow, badTaxBookRow };
