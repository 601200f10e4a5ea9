import type { FinancialYear, Paise } from '@taxrecon/shared';
import type { ReconKind } from './input-types.ts';
import { isSplitParent } from './party-summary.ts';
import { describeUnmatched } from './reason-text.ts';
import type {
  BookEntry,
  Category,
  Match,
  MatchRule,
  PartyResult,
  ReconcileResult,
  RowAction,
  TaxBookEntry,
} from './result-types.ts';

export interface ReportParty {
  tan: string | null;
  name: string;
  category: Category;
  bookTax: Paise;
  taxBookTax: Paise;
  bookAmount: Paise;
  taxBookAmount: Paise;
}

export interface ReportMatch {
  rule: MatchRule;
  book: string[];
  taxBook: string[];
  claimable: boolean;
}

export interface ReportUnmatched {
  ref: string;
  reason: string;
  action?: RowAction;
}

// The flat shape of the CLI's result JSON, amounts still in paise: the CLI
// turns them into rupees at its edge.
export interface ReconReport {
  financialYear: FinancialYear;
  parties: ReportParty[];
  matches: ReportMatch[];
  unmatchedBook: ReportUnmatched[];
  unmatchedTaxBook: ReportUnmatched[];
  unresolved: { ref: string; reason: string }[];
}

const unmatched = (e: BookEntry | TaxBookEntry, ref: string, kind: ReconKind): ReportUnmatched => {
  const out: ReportUnmatched = { ref, reason: e.reason ? describeUnmatched(e.reason, kind) : '' };
  if (e.action) out.action = e.action;
  return out;
};

export const toReport = (result: ReconcileResult): ReconReport => {
  const report: ReconReport = {
    financialYear: result.financialYear,
    parties: [],
    matches: [],
    unmatchedBook: [],
    unmatchedTaxBook: [],
    unresolved: result.unresolved.map((u) => ({ ref: u.ref, reason: u.reason })),
  };
  for (const p of result.parties) {
    report.parties.push({
      tan: p.tan,
      name: p.name,
      category: p.category,
      bookTax: p.totals.book.tax,
      taxBookTax: p.totals.taxBook.tax,
      bookAmount: p.totals.book.amount,
      taxBookAmount: p.totals.taxBook.amount,
    });
    for (const m of p.matches) {
      report.matches.push({
        rule: m.rule,
        book: m.book.map((i) => p.book[i]!.row.voucherNo),
        taxBook: m.taxBook.map((j) => p.taxBook[j]!.row.ref),
        claimable: m.claimable,
      });
    }
    for (const e of p.book) {
      if (e.match < 0 && !isSplitParent(e))
        report.unmatchedBook.push(unmatched(e, e.row.voucherNo, result.kind));
    }
    for (const e of p.taxBook) {
      if (e.match < 0 && !isSplitParent(e))
        report.unmatchedTaxBook.push(unmatched(e, e.row.ref, result.kind));
    }
  }
  return report;
};

export type ReportList = 'parties' | 'matches' | 'unmatchedBook' | 'unmatchedTaxBook' | 'unresolved';

// Receives the report's items one at a time, list by list in the order of
// ReconReport, straight from the result: a writer streams them out without
// a second copy of every match and row being built first (toReport).
export interface ReportSink {
  party: (p: PartyResult) => void;
  match: (p: PartyResult, m: Match) => void;
  unmatched: (list: 'unmatchedBook' | 'unmatchedTaxBook' | 'unresolved', ref: string, reason: string) => void;
  end: (list: ReportList) => void;
}

// A party's unmatched rows of one side, as the report lists them.
const eachUnmatched = (
  p: PartyResult,
  side: 'book' | 'taxBook',
  kind: ReconKind,
  each: (ref: string, reason: string) => void,
): void => {
  const entries: readonly (BookEntry | TaxBookEntry)[] = side === 'book' ? p.book : p.taxBook;
  for (const e of entries) {
    if (e.match < 0 && !isSplitParent(e)) {
      const ref = side === 'book' ? (e as BookEntry).row.voucherNo : (e as TaxBookEntry).row.ref;
      each(ref, e.reason ? describeUnmatched(e.reason, kind) : '');
    }
  }
};

export const streamReport = (result: ReconcileResult, sink: ReportSink): void => {
  const { parties, kind } = result;
  for (const p of parties) sink.party(p);
  sink.end('parties');
  for (const p of parties) for (const m of p.matches) sink.match(p, m);
  sink.end('matches');
  for (const p of parties)
    eachUnmatched(p, 'book', kind, (ref, reason) => sink.unmatched('unmatchedBook', ref, reason));
  sink.end('unmatchedBook');
  for (const p of parties)
    eachUnmatched(p, 'taxBook', kind, (ref, reason) => sink.unmatched('unmatchedTaxBook', ref, reason));
  sink.end('unmatchedTaxBook');
  for (const u of result.unresolved) sink.unmatched('unresolved', u.ref, u.reason);
  sink.end('unresolved');
};

// One party's items of the four per-party lists, as streamReport gives them:
// for a writer that takes the parties a few at a time and keeps the lists apart.
export const streamPartyItems = (p: PartyResult, kind: ReconKind, sink: Omit<ReportSink, 'end'>): void => {
  sink.party(p);
  for (const m of p.matches) sink.match(p, m);
  eachUnmatched(p, 'book', kind, (ref, reason) => sink.unmatched('unmatchedBook', ref, reason));
  eachUnmatched(p, 'taxBook', kind, (ref, reason) => sink.unmatched('unmatchedTaxBook', ref, reason));
};
