import { explainUnmatched } from './explain.ts';
import { matchGroups } from './group-match.ts';
import { matchOneToOne } from './one-to-one.ts';
import { addMatch, buildState, freeRows, type PartyState } from './party-state.ts';
import { emptyTotals, summarizeParty } from './party-summary.ts';
import type { PartyWork, PlanContext } from './plan.ts';
import type { PartyResult } from './result-types.ts';
import { netReversals } from './reversals.ts';

// Totals level (DOMAIN.md 6.3): what the cascade left unmatched is settled
// when its tax totals agree within the tolerance for overall totals and its
// sale totals within the tolerance for transaction amount totals. TaxOnly
// looks at tax alone, SaleAmountOnly at the sale amount alone.
const settleByTotals = (s: PartyState): void => {
  if (s.b.n === 0 || s.t.n === 0) return;
  const freeB = freeRows(s.b);
  const freeT = freeRows(s.t);
  if (freeB.length === 0 && freeT.length === 0) return;
  let tax = 0;
  let amount = 0;
  for (const i of freeB) {
    tax += s.b.tax[i]!;
    amount += s.b.amount[i]!;
  }
  for (const j of freeT) {
    tax -= s.t.tax[j]!;
    amount -= s.t.amount[j]!;
  }
  const taxOk = Math.abs(tax) <= s.options.toleranceForOverallTotal;
  const amountOk = Math.abs(amount) <= s.options.toleranceForTransactionAmountTotal;
  const ok = s.mode === 'TaxOnly' ? taxOk : s.mode === 'SaleAmountOnly' ? amountOk : taxOk && amountOk;
  if (ok) addMatch(s, 'totals', freeB, freeT);
};

const NO_TOTALS = Object.freeze(emptyTotals()) as ReturnType<typeof emptyTotals>;

// Reconciles one party: its rows are put in content order (so input order
// cannot matter), run through the cascade, explained and summed. The
// entries of `work` are reordered and updated in place and returned in the result.
export const reconcileParty = (work: PartyWork, ctx: PlanContext): PartyResult => {
  const { book, taxBook } = work;
  const s = buildState(book, taxBook, ctx.options);

  netReversals(s, s.t, 'taxBook', (a, b) => {
    const x = taxBook[a]!.row;
    const y = taxBook[b]!.row;
    return (x.status === y.status ? 0 : 2) + (x.section === y.section ? 0 : 1);
  });
  netReversals(s, s.b, 'book', () => 0);
  matchOneToOne(s, 0, 'exact');
  if (ctx.options.tolerance > 0) matchOneToOne(s, ctx.options.tolerance, 'within-tolerance');
  matchGroups(s, 'many-to-one');
  matchGroups(s, 'one-to-many');
  // Rows without a transaction-level match say why, even when the totals
  // level then settles them: that is what a reviewer of a totals claim reads.
  explainUnmatched(s, book, taxBook);
  settleByTotals(s);

  for (let i = 0; i < book.length; i++) book[i]!.match = s.b.match[i]!;
  for (let j = 0; j < taxBook.length; j++) taxBook[j]!.match = s.t.match[j]!;
  const p = work.party;
  // Field by field, not `...work.party`: V8 gave nearly every spread result
  // a hidden class of its own (a node --allow-natives-syntax %HaveSameMap
  // check: 2,992 of 3,000), so everything reading results ran megamorphic.
  const party: PartyResult = {
    key: p.key,
    code: p.code,
    name: p.name,
    tan: p.tan,
    pan: p.pan,
    members: p.members,
    inMaster: p.inMaster,
    category: 'partialMatches',
    claimedByTotals: false,
    manuallyMatched: false,
    book,
    taxBook,
    matches: s.matches,
    // replaced by summarizeParty at once: a shared placeholder, not 18 objects per party
    totals: NO_TOTALS,
  };
  summarizeParty(party, ctx);
  return party;
};
