import { formatRupees, type Paise } from '@taxrecon/shared';
import type {
  Decision,
  DecisionError,
  DecisionErrorCode,
  DecisionOutcome,
  RowRef,
} from './decision-types.ts';
import { normaliseTan } from './identifiers.ts';
import { buildMatch } from './match-build.ts';
import { isSplitParent, summarizeParty } from './party-summary.ts';
import { newEntry, type PlanContext } from './plan.ts';
import { collectCarryForward, summarize } from './result-summary.ts';
import type {
  BookEntry,
  Match,
  MatchRule,
  PartyResult,
  ReconcileResult,
  TaxBookEntry,
} from './result-types.ts';
import {
  bookRowFingerprint,
  partyRowKeys,
  tanOfKey,
  taxBookRowFingerprint,
  voucherOfKey,
} from './row-keys.ts';
import { splitRows } from './split.ts';

interface Loc {
  party: number;
  side: 'book' | 'taxBook';
  index: number;
}

class Rejected {
  constructor(
    readonly code: DecisionErrorCode,
    readonly message: string,
  ) {}
}

const reject = (code: DecisionErrorCode, message: string): never => {
  throw new Rejected(code, message);
};

const tag = (side: string, key: string): string => `${side}\u0000${key}`;

const refsOf = (d: Decision): RowRef[] => ('rows' in d ? (d.rows ?? []) : 'row' in d && d.row ? [d.row] : []);

const sameSet = (a: readonly number[], b: readonly number[]): boolean => {
  const set = new Set(a);
  return a.length === b.length && b.every((x) => set.has(x));
};

// Applies a person's decisions, in order, over a result. Each decision is
// checked first and applied whole or not at all; one that does not fit
// (a row that is gone, a split that does not add up, a pair over a matched
// row) comes back in `errors` and the rest still apply. The given result is
// not changed; parties no decision touched are shared with it.
export const applyDecisions = (result: ReconcileResult, decisions: readonly Decision[]): DecisionOutcome => {
  if (decisions.length === 0) return { result, errors: [], applied: 0 };
  const ctx: PlanContext = {
    kind: result.kind,
    financialYear: result.financialYear,
    options: result.options,
  };

  // Keys are looked up side by side; only the keys some decision names are kept.
  const wanted = { book: new Set<string>(), taxBook: new Set<string>() };
  for (const d of decisions) for (const r of refsOf(d)) wanted[r.side]?.add(r.key);
  const where = { book: new Map<string, Loc[]>(), taxBook: new Map<string, Loc[]>() };
  const remember = (side: Loc['side'], key: string, loc: Loc): void => {
    if (!wanted[side].has(key)) return;
    const list = where[side].get(key);
    if (list) list.push(loc);
    else where[side].set(key, [loc]);
  };
  // Computing every key of a big job costs seconds, so only parties holding
  // a named voucher number or TAN are keyed.
  const vouchers = new Set([...wanted.book].map(voucherOfKey));
  const tans = new Set([...wanted.taxBook].map(tanOfKey));
  const names = new Map<string, string>();
  const tanOf = new Map<string, string>();
  const holdsTan = (raw: string): boolean => {
    let tan = tanOf.get(raw);
    if (tan === undefined) {
      tan = normaliseTan(raw) ?? raw;
      tanOf.set(raw, tan);
    }
    return tans.has(tan);
  };
  result.parties.forEach((p, party) => {
    const named =
      (vouchers.size > 0 && p.book.some((e) => vouchers.has(e.row.voucherNo))) ||
      (tans.size > 0 && p.taxBook.some((e) => holdsTan(e.row.tan)));
    if (!named) return;
    const keys = partyRowKeys(p, names);
    for (let index = 0; index < keys.book.length; index++) {
      remember('book', keys.book[index]!, { party, side: 'book', index });
    }
    for (let index = 0; index < keys.taxBook.length; index++) {
      remember('taxBook', keys.taxBook[index]!, { party, side: 'taxBook', index });
    }
  });
  const notConsidered = new Map<string, string>();
  for (const u of result.unresolved) {
    const print = u.side === 'book' ? bookRowFingerprint(u.row, names) : taxBookRowFingerprint(u.row);
    notConsidered.set(tag(u.side, `${print}#1`), u.reason);
  }

  const parties = result.parties.slice();
  const cloned = new Set<number>();
  const editable = (i: number): PartyResult => {
    if (!cloned.has(i)) {
      const p = parties[i]!;
      parties[i] = {
        ...p,
        book: p.book.map((e) => ({ ...e })),
        taxBook: p.taxBook.map((e) => ({ ...e })),
        matches: p.matches.slice(),
      };
      cloned.add(i);
    }
    return parties[i]!;
  };
  const entryAt = (loc: Loc): BookEntry | TaxBookEntry =>
    loc.side === 'book' ? parties[loc.party]!.book[loc.index]! : parties[loc.party]!.taxBook[loc.index]!;
  // Every write goes through here, so the given result is never touched.
  const mutableEntry = (loc: Loc): BookEntry | TaxBookEntry => {
    editable(loc.party);
    return entryAt(loc);
  };
  const refText = (loc: Loc): string => {
    const e = entryAt(loc);
    return 'voucherNo' in e.row ? `sales/purchase book row ${e.row.voucherNo}` : `26AS row ${e.row.ref}`;
  };

  const locate = (ref: RowRef): Loc => {
    const locs = ref.side === 'book' || ref.side === 'taxBook' ? where[ref.side].get(ref.key) : undefined;
    if (!locs || locs.length === 0) {
      const why = notConsidered.get(tag(ref.side, ref.key));
      if (why) reject('ROW_NOT_CONSIDERED', `row ${ref.key} is not considered for reconciliation: ${why}`);
      return reject('ROW_NOT_FOUND', `no ${ref.side} row has the key ${ref.key}: it changed or is gone`);
    }
    if (locs.length > 1)
      reject('AMBIGUOUS_KEY', `${locs.length} rows of different parties have the key ${ref.key}`);
    return locs[0]!;
  };
  const locateAll = (refs: readonly RowRef[]): Loc[] => {
    if (refs.length === 0) reject('NO_ROWS', 'the decision names no rows');
    const seen = new Set<string>();
    const out: Loc[] = [];
    for (const r of refs) {
      const loc = locate(r);
      const id = `${loc.party}:${loc.side}:${loc.index}`;
      if (!seen.has(id)) {
        seen.add(id);
        out.push(loc);
      }
    }
    return out;
  };
  const noSplitParents = (locs: Loc[]): void => {
    for (const l of locs) {
      if (isSplitParent(entryAt(l))) reject('ROW_IS_SPLIT', `${refText(l)} is split; decide on its parts`);
    }
  };
  const oneParty = (locs: Loc[]): number => {
    const party = locs[0]!.party;
    if (locs.some((l) => l.party !== party)) {
      reject('DIFFERENT_PARTIES', 'the rows belong to different parties; map the party first');
    }
    return party;
  };

  const note = (d: Decision, locs: Loc[]): void => {
    if (!d.note) return;
    const n = { action: d.action, text: d.note, by: d.by ?? null, at: d.at ?? null };
    for (const l of locs) {
      const e = mutableEntry(l);
      e.notes = [...e.notes, n];
    }
  };

  // Accept with correlate, Accept Partial and Pair: rows of both books of
  // one party become one manual match. An identical existing match is
  // confirmed rather than refused, so re-applying after an automatic run
  // that now finds the same pair is harmless.
  const pairUp = (d: Decision, rule: MatchRule, acceptedTax: Paise | null): Loc[] => {
    const locs = locateAll(refsOf(d));
    const party = oneParty(locs);
    noSplitParents(locs);
    const book = locs.filter((l) => l.side === 'book').map((l) => l.index);
    const taxBook = locs.filter((l) => l.side === 'taxBook').map((l) => l.index);
    if (book.length === 0 || taxBook.length === 0) {
      reject('INVALID_SELECTION', 'select rows of both the book and 26AS');
    }
    const p = parties[party]!;
    const held = [...new Set(locs.map((l) => entryAt(l).match).filter((m) => m >= 0))];
    if (held.length > 0) {
      const m = p.matches[held[0]!]!;
      const same = held.length === 1 && sameSet(m.book, book) && sameSet(m.taxBook, taxBook);
      if (same && rule !== 'accept-partial') return locs;
      const first = locs.find((l) => entryAt(l).match >= 0)!;
      reject('ROW_ALREADY_MATCHED', `${refText(first)} is already matched (${m.rule}); unpair it first`);
    }
    const bookTax = book.reduce((s, i) => s + p.book[i]!.row.tax, 0);
    const taxBookTax = taxBook.reduce((s, j) => s + p.taxBook[j]!.row.tax, 0);
    if (rule !== 'manual') {
      // Spec section 4: one book row against several 26AS rows whose tax is at
      // most its own, several against one 26AS row covering their total, or one to one.
      if (book.length > 1 && taxBook.length > 1) {
        reject(
          'INVALID_SELECTION',
          'select one book row against 26AS rows, or book rows against one 26AS row',
        );
      }
      if (book.length === 1 && taxBook.length > 1 && taxBookTax > bookTax) {
        reject(
          'INVALID_SELECTION',
          `the 26AS rows' tax ${formatRupees(taxBookTax)} exceeds the book row's ${formatRupees(bookTax)}`,
        );
      }
      if (taxBook.length === 1 && book.length > 1 && bookTax > taxBookTax) {
        reject(
          'INVALID_SELECTION',
          `the book rows' tax ${formatRupees(bookTax)} exceeds the 26AS row's ${formatRupees(taxBookTax)}`,
        );
      }
    }
    if (acceptedTax !== null) {
      const most = Math.min(bookTax, taxBookTax);
      if (!Number.isSafeInteger(acceptedTax) || acceptedTax <= 0 || acceptedTax > most) {
        reject('INVALID_ACCEPTED_TAX', `the accepted tax must be above 0 and at most ${formatRupees(most)}`);
      }
    }
    const q = editable(party);
    const match: Match = buildMatch(rule, book, taxBook, q.book, q.taxBook, ctx.options, {
      manual: true,
      acceptedTax,
      note: d.note ?? null,
    });
    const id = q.matches.length;
    q.matches.push(match);
    for (const l of locs) mutableEntry(l).match = id;
    return locs;
  };

  const unpair = (ref: RowRef): Loc[] => {
    const loc = locate(ref);
    const m = entryAt(loc).match;
    if (m < 0) reject('ROW_NOT_MATCHED', `${refText(loc)} is not matched`);
    const q = editable(loc.party);
    const unpaired = (side: 'book' | 'taxBook') => ({
      code: 'UNPAIRED' as const,
      side,
      window: null,
      nearest: null,
      tolerance: ctx.options.tolerance,
    });
    for (const e of [...q.book, ...q.taxBook]) {
      if (e.match === m) {
        e.match = -1;
        e.reason = unpaired('voucherNo' in e.row ? 'book' : 'taxBook');
        if (e.action === 'Accept' || e.action === 'AcceptPartial') e.action = null;
      } else if (e.match > m) e.match--;
    }
    q.matches.splice(m, 1);
    return [loc];
  };

  const errors: DecisionError[] = [];
  let applied = 0;
  for (let index = 0; index < decisions.length; index++) {
    const d = decisions[index]!;
    try {
      let touched: Loc[];
      switch (d.action) {
        case 'Hold':
        case 'FollowUp':
        case 'Pending':
        case 'Accept': {
          if (d.action === 'Accept' && d.correlate) {
            touched = pairUp(d, 'accept', null);
          } else {
            touched = locateAll(d.rows);
            noSplitParents(touched);
          }
          for (const l of touched) mutableEntry(l).action = d.action;
          break;
        }
        case 'AcceptPartial':
          touched = pairUp(d, 'accept-partial', d.acceptedTax);
          for (const l of touched) mutableEntry(l).action = 'AcceptPartial';
          break;
        case 'Pair':
          touched = pairUp(d, 'manual', null);
          break;
        case 'Unpair':
          touched = unpair(d.row);
          break;
        case 'Split': {
          const loc = locate(d.row);
          const e = entryAt(loc);
          if (isSplitParent(e)) reject('ROW_IS_SPLIT', `${refText(loc)} is already split`);
          if (e.splitOf >= 0) reject('INVALID_SPLIT', 'a part of a split row cannot be split again');
          if (e.match >= 0) reject('ROW_ALREADY_MATCHED', `${refText(loc)} is matched; unpair it first`);
          const problem = splitProblem(e, d.parts);
          if (problem) reject('INVALID_SPLIT', problem);
          const q = editable(loc.party);
          const list = (loc.side === 'book' ? q.book : q.taxBook) as (BookEntry | TaxBookEntry)[];
          const parent = list[loc.index]!;
          parent.action = 'Split';
          splitRows(parent.row, d.parts).forEach((row, k) => {
            const child = {
              ...newEntry(row, parent.resolvedBy, parent.broughtForward),
              splitOf: loc.index,
              splitPart: k + 1,
              reason: {
                code: 'SPLIT_PART' as const,
                side: loc.side,
                window: null,
                nearest: null,
                tolerance: ctx.options.tolerance,
              },
            };
            const at: Loc = { party: loc.party, side: loc.side, index: list.length };
            (list as unknown[]).push(child);
            remember(loc.side, `${d.row.key}/${k + 1}`, at);
          });
          touched = [loc];
          break;
        }
        default:
          touched = reject('UNKNOWN_ACTION', `unknown action ${(d as { action: string }).action}`);
      }
      note(d, touched);
      applied++;
    } catch (err) {
      if (!(err instanceof Rejected)) throw err;
      errors.push({ index, id: d.id ?? null, code: err.code, message: err.message });
    }
  }

  for (const i of cloned) summarizeParty(parties[i]!, ctx);
  return {
    result: {
      ...result,
      parties,
      summary: summarize(parties, result.unresolved),
      carryForward: collectCarryForward(parties),
    },
    errors,
    applied,
  };
};

// A split must divide the row exactly: the parts' tax and amounts add up to
// the row's, to the paisa.
const splitProblem = (
  e: BookEntry | TaxBookEntry,
  parts: readonly { tax: Paise; amount: Paise }[],
): string | null => {
  if (!Array.isArray(parts) || parts.length < 2) return 'a split needs at least two parts';
  let tax = 0;
  let amount = 0;
  for (const p of parts) {
    if (!Number.isSafeInteger(p.tax) || !Number.isSafeInteger(p.amount))
      return 'part amounts must be whole paise';
    tax += p.tax;
    amount += p.amount;
  }
  if (tax !== e.row.tax)
    return `the parts' tax ${formatRupees(tax)} is not the row's ${formatRupees(e.row.tax)}`;
  if (amount !== e.row.amount) {
    return `the parts' amounts ${formatRupees(amount)} are not the row's ${formatRupees(e.row.amount)}`;
  }
  return null;
};
