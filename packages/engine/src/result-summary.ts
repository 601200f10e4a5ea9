import { addTotals, emptyTotals } from './party-summary.ts';
import type { PartyResult, ReconcileResult, ResultSummary, UnresolvedRow } from './result-types.ts';

export const summarize = (
  parties: readonly PartyResult[],
  unresolved: readonly UnresolvedRow[],
): ResultSummary => {
  const summary: ResultSummary = {
    ...emptyTotals(),
    parties: parties.length,
    categories: { fullMatches: 0, partialMatches: 0, missingFromSales: 0, missingFromTaxBook: 0 },
    manuallyMatchedParties: 0,
    claimedByTotalsParties: 0,
    unresolvedBook: 0,
    unresolvedTaxBook: 0,
  };
  for (const p of parties) {
    addTotals(summary, p.totals);
    summary.categories[p.category]++;
    if (p.manuallyMatched) summary.manuallyMatchedParties++;
    if (p.claimedByTotals) summary.claimedByTotalsParties++;
  }
  for (const u of unresolved) {
    if (u.side === 'book') summary.unresolvedBook++;
    else summary.unresolvedTaxBook++;
  }
  return summary;
};

export const collectCarryForward = (parties: readonly PartyResult[]): ReconcileResult['carryForward'] => {
  const carry: ReconcileResult['carryForward'] = { book: [], taxBook: [] };
  for (const p of parties) {
    for (const e of p.book) if (e.carriedForward) carry.book.push(e.row);
    for (const e of p.taxBook) if (e.carriedForward) carry.taxBook.push(e.row);
  }
  return carry;
};
