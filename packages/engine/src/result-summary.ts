import { addTotals, emptyTotals } from './party-summary.ts';
import type { PartyResult, ReconcileResult, ResultSummary, UnresolvedRow } from './result-types.ts';

// The figures of a result, added up a party at a time (a job that writes
// its parties as it matches them never holds them all).
export class SummaryFold {
  readonly summary: ResultSummary = {
    ...emptyTotals(),
    parties: 0,
    categories: { fullMatches: 0, partialMatches: 0, missingFromSales: 0, missingFromTaxBook: 0 },
    manuallyMatchedParties: 0,
    claimedByTotalsParties: 0,
    unresolvedBook: 0,
    unresolvedTaxBook: 0,
  };

  addParty(p: PartyResult): void {
    const summary = this.summary;
    summary.parties++;
    addTotals(summary, p.totals);
    summary.categories[p.category]++;
    if (p.manuallyMatched) summary.manuallyMatchedParties++;
    if (p.claimedByTotals) summary.claimedByTotalsParties++;
  }

  // Another fold's figures (parties matched elsewhere, e.g. in another thread).
  merge(other: ResultSummary): void {
    const summary = this.summary;
    addTotals(summary, other);
    summary.parties += other.parties;
    for (const k of Object.keys(summary.categories) as (keyof ResultSummary['categories'])[]) {
      summary.categories[k] += other.categories[k];
    }
    summary.manuallyMatchedParties += other.manuallyMatchedParties;
    summary.claimedByTotalsParties += other.claimedByTotalsParties;
    summary.unresolvedBook += other.unresolvedBook;
    summary.unresolvedTaxBook += other.unresolvedTaxBook;
  }

  addUnresolved(u: UnresolvedRow): void {
    if (u.side === 'book') this.summary.unresolvedBook++;
    else this.summary.unresolvedTaxBook++;
  }
}

export const summarize = (
  parties: readonly PartyResult[],
  unresolved: readonly UnresolvedRow[],
): ResultSummary => {
  const fold = new SummaryFold();
  for (const p of parties) fold.addParty(p);
  for (const u of unresolved) fold.addUnresolved(u);
  return fold.summary;
};

export const collectCarryForward = (parties: readonly PartyResult[]): ReconcileResult['carryForward'] => {
  const carry: ReconcileResult['carryForward'] = { book: [], taxBook: [] };
  for (const p of parties) {
    for (const e of p.book) if (e.carriedForward) carry.book.push(e.row);
    for (const e of p.taxBook) if (e.carriedForward) carry.taxBook.push(e.row);
  }
  return carry;
};
