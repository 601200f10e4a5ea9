import type { FinancialYear } from '@taxrecon/shared';
import { dayNumber } from './dates.ts';
import { linkBookRowsToDeductors, type PendingRow } from './deductor-link.ts';
import { FuzzyNameIndex } from './fuzzy.ts';
import { normaliseTan } from './identifiers.ts';
import { IdentityResolver } from './identity.ts';
import type { BookRow, ReconcileInput, ReconKind, TaxBookRow } from './input-types.ts';
import { AMBIGUOUS, GroupLookup } from './lookup.ts';
import { normaliseName } from './names.ts';
import { type ReconcileOptions, type ResolvedOptions, resolveOptions } from './options.ts';
import type {
  BookEntry,
  DecisionNote,
  EngineWarning,
  PartyInfo,
  ResolvedBy,
  TaxBookEntry,
  UnresolvedRow,
} from './result-types.ts';

// The rows of one party, ready to reconcile: plain data, so a batch of them
// can be posted to a worker thread.
export interface PartyWork {
  party: PartyInfo;
  book: BookEntry[];
  taxBook: TaxBookEntry[];
}

export interface PlanContext {
  kind: ReconKind;
  financialYear: FinancialYear;
  options: ResolvedOptions;
}

export interface ReconcilePlan extends PlanContext {
  work: PartyWork[];
  unresolved: UnresolvedRow[];
  warnings: EngineWarning[];
}

export const NO_NOTES: readonly DecisionNote[] = Object.freeze([]);

export const newEntry = <R>(row: R, resolvedBy: ResolvedBy, broughtForward: boolean) => ({
  row,
  resolvedBy,
  broughtForward,
  carriedForward: false,
  match: -1,
  reason: null,
  action: null,
  notes: NO_NOTES as DecisionNote[],
  splitOf: -1,
  splitPart: 0,
});

// Why a row cannot be considered at all (null: it can).
export const badBookRow = (r: BookRow): string | null => {
  if (Number.isNaN(dayNumber(r.date))) return `invalid date "${r.date}"`;
  if (!Number.isSafeInteger(r.amount) || !Number.isSafeInteger(r.tax))
    return 'amount or tax is not whole paise';
  return null;
};

export const badTaxBookRow = (r: TaxBookRow): string | null => {
  if (Number.isNaN(dayNumber(r.transactionDate))) return `invalid transaction date "${r.transactionDate}"`;
  if (!Number.isSafeInteger(r.amount) || !Number.isSafeInteger(r.tax) || !Number.isSafeInteger(r.deposited)) {
    return 'amount, tax or deposit is not whole paise';
  }
  return null;
};

type Pending = PendingRow;

// The order of the rows not considered (a stable sort: ties keep the order
// they were found in).
export const compareUnresolved = (a: UnresolvedRow, b: UnresolvedRow): number =>
  byText(a.side, b.side) ||
  byText(a.ref, b.ref) ||
  a.row.amount - b.row.amount ||
  a.row.tax - b.row.tax ||
  byText(a.reason, b.reason);

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

// Identity resolution and grouping of rows by party: everything before the
// matching itself. `reconcile` runs it; a caller batching parties over worker
// threads runs it once and hands out slices of `work`.
export const planReconciliation = (input: ReconcileInput, options: ReconcileOptions = {}): ReconcilePlan => {
  const opts = resolveOptions(options);
  const resolver = new IdentityResolver(input, opts);
  const groups = [...resolver.groups];
  const book: BookEntry[][] = groups.map(() => []);
  const taxBook: TaxBookEntry[][] = groups.map(() => []);
  const unresolved: UnresolvedRow[] = [];
  const pending: Pending[] = [];
  // With no master, no row resolves, and a row with a TAN is placed under it
  // (placeByTan) whatever the reason would have said: the reason, built from
  // the row's normalised name and PAN, is not built only to be thrown away.
  // (At 60,000 parties without a master, a third of planning.)
  const underOwnTan = (tan: string | null | undefined): boolean =>
    resolver.resolvesNothing && opts.unknownParties === 'byTan' && normaliseTan(tan) !== null;

  const addTaxBook = (rows: readonly TaxBookRow[] | undefined, bf: boolean): void => {
    for (const row of rows ?? []) {
      const bad = badTaxBookRow(row);
      if (bad) {
        unresolved.push({ side: 'taxBook', ref: row.ref, row, code: 'INVALID_ROW', reason: bad });
        continue;
      }
      if (underOwnTan(row.tan)) {
        pending.push({ side: 'taxBook', row, bf, code: 'NOT_IN_MASTER', reason: '' });
        continue;
      }
      const r = resolver.resolveTaxBook(row);
      if (r.ok) taxBook[r.group]!.push(newEntry(row, r.via, bf));
      else pending.push({ side: 'taxBook', row, bf, code: r.code, reason: r.reason });
    }
  };
  const addBook = (rows: readonly BookRow[] | undefined, bf: boolean): void => {
    for (const row of rows ?? []) {
      const bad = badBookRow(row);
      if (bad) {
        unresolved.push({ side: 'book', ref: row.voucherNo, row, code: 'INVALID_ROW', reason: bad });
        continue;
      }
      if (underOwnTan(row.tan)) {
        pending.push({ side: 'book', row, bf, code: 'NOT_IN_MASTER', reason: '' });
        continue;
      }
      const r = resolver.resolveBook(row);
      if (r.ok) book[r.group]!.push(newEntry(row, r.via, bf));
      else pending.push({ side: 'book', row, bf, code: r.code, reason: r.reason });
    }
  };
  addTaxBook(input.taxBook, false);
  addTaxBook(input.broughtForward?.taxBook, true);
  addBook(input.book, false);
  addBook(input.broughtForward?.book, true);

  const afterTan =
    opts.unknownParties === 'byTan' ? placeByTan(pending, groups, book, taxBook, opts) : pending;
  const linked = linkBookRowsToDeductors(
    afterTan,
    { groups, book, taxBook, newEntry },
    input.kind === 'TDS' ? 'customer' : 'vendor',
  );
  const stillPending = linked.rest;
  for (const p of stillPending) {
    if (p.side === 'book')
      unresolved.push({ side: 'book', ref: p.row.voucherNo, row: p.row, code: p.code, reason: p.reason });
    else unresolved.push({ side: 'taxBook', ref: p.row.ref, row: p.row, code: p.code, reason: p.reason });
  }
  unresolved.sort(compareUnresolved);

  const work: PartyWork[] = [];
  groups.forEach((party, g) => {
    if (book[g]!.length > 0 || taxBook[g]!.length > 0)
      work.push({ party, book: book[g]!, taxBook: taxBook[g]! });
  });
  work.sort((a, b) => byText(a.party.key, b.party.key));
  return {
    kind: input.kind,
    financialYear: input.financialYear,
    options: opts,
    work,
    unresolved,
    warnings: [...resolver.warnings, ...linked.warnings],
  };
};

// With unknownParties 'byTan', a row no master party claims is reconciled
// under its own TAN; a row without TAN joins such a party by its name.
const placeByTan = (
  pending: Pending[],
  groups: PartyInfo[],
  book: BookEntry[][],
  taxBook: TaxBookEntry[][],
  opts: ResolvedOptions,
): Pending[] => {
  const byTan = new Map<string, number>();
  const left: Pending[] = [];
  const place = (p: Pending, g: number, via: ResolvedBy): void => {
    if (p.side === 'book') book[g]!.push(newEntry(p.row, via, p.bf));
    else taxBook[g]!.push(newEntry(p.row, via, p.bf));
  };
  for (const p of pending) {
    const tan = normaliseTan(p.row.tan);
    if (!tan) {
      left.push(p);
      continue;
    }
    let g = byTan.get(tan);
    const rowName = p.side === 'book' ? p.row.partyName : p.row.name;
    if (g === undefined) {
      g = groups.length;
      byTan.set(tan, g);
      groups.push({
        key: `TAN:${tan}`,
        code: null,
        name: rowName,
        tan,
        pan: null,
        members: [],
        inMaster: false,
      });
      book.push([]);
      taxBook.push([]);
    }
    // The party is named after its 26AS (legal) name when it has one; the
    // smallest name keeps the choice independent of row order.
    const party = groups[g]!;
    const hasTaxName = taxBook[g]!.length > 0;
    if (p.side === 'taxBook' ? !hasTaxName || rowName < party.name : !hasTaxName && rowName < party.name) {
      party.name = rowName;
    }
    place(p, g, 'tan-only');
  }
  if (left.length === 0 || byTan.size === 0) return left;

  const names = new GroupLookup();
  const fuzzy = new FuzzyNameIndex();
  for (const g of byTan.values()) {
    const seen = new Set<string>();
    for (const e of taxBook[g]!) seen.add(normaliseName(e.row.name));
    for (const e of book[g]!) seen.add(normaliseName(e.row.partyName));
    for (const n of [...seen].sort()) {
      names.add(n || null, g);
      fuzzy.add(n, g);
    }
  }
  const rest: Pending[] = [];
  for (const p of left) {
    const n = normaliseName(p.side === 'book' ? p.row.partyName : p.row.name);
    const g = names.get(n || null);
    if (g !== undefined && g !== AMBIGUOUS) {
      place(p, g, 'exact-name');
      continue;
    }
    const { best, runnerUp } = fuzzy.rank(n);
    if (
      best &&
      best.score >= opts.fuzzyMinScore &&
      best.score - (runnerUp?.score ?? 0) >= opts.fuzzyMinLead
    ) {
      place(p, best.group, 'fuzzy-name');
    } else rest.push(p);
  }
  return rest;
};
