import type { FinancialYear, Paise } from '@taxrecon/shared';
import type { ReconKind } from './input-types.ts';
import { isSplitParent } from './party-summary.ts';
import { describeUnmatched } from './reason-text.ts';
import type {
  BookEntry,
  Category,
  MatchRule,
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
