import type { FollowUpStatus, ReconKind } from '@taxrecon/contracts';
import { type Paise, paiseOfNumeric, ZERO_PAISE } from '@taxrecon/shared';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';

// The transactions a follow-up sends a customer: what its accountant can check
// against its own books. One line per book row (invoice, date, sale amount, our
// TDS and the 26AS TDS its match holds) and one per 26AS row no book row holds.

export interface FollowUpLine {
  side: 'B' | 'T';
  invoice: string;
  date: string;
  section: string | null;
  saleAmount: Paise;
  taxPerBooks: Paise;
  taxPer26as: Paise;
  status: FollowUpStatus;
}

export interface PartyTotals {
  bookAmount: Paise;
  bookTax: Paise;
  taxBookAmount: Paise;
  taxBookTax: Paise;
}

// Spec section 4: a row's manual action names its status; a row with none is
// Matched when the engine matched it and Pending (still open) otherwise.
const statusOf = (action: string | null, matchNo: number | null): FollowUpStatus => {
  if (action === 'AcceptPartial' || action === 'Accept') return 'Accept';
  if (action === 'Hold' || action === 'FollowUp' || action === 'Pending' || action === 'Split') return action;
  return matchNo === null ? 'Pending' : 'Matched';
};

export const partyLines = async (
  ctx: AppContext,
  jobId: string,
  party: number,
  statuses: readonly FollowUpStatus[],
): Promise<FollowUpLine[]> => {
  const rows = await ctx.db
    .selectFrom('recon_rows')
    .select([
      'side',
      'ord',
      'ref',
      sql<string>`txn_date::text`.as('txn_date'),
      'section',
      'amount',
      'tax',
      'match_no',
      'action',
    ])
    .where('job_id', '=', jobId)
    .where('party', '=', party)
    .orderBy('side')
    .orderBy('ord')
    .execute();
  // The 26AS tax of each match, handed to its book rows in order: each takes
  // up to its own TDS and the last takes the rest, so the lines add up to 26AS.
  const matchTax = new Map<number, Paise>();
  const bookRowsOfMatch = new Map<number, number>();
  for (const r of rows) {
    if (r.match_no === null) continue;
    if (r.side === 'T')
      matchTax.set(r.match_no, ((matchTax.get(r.match_no) ?? 0) + paiseOfNumeric(r.tax)) as Paise);
    else bookRowsOfMatch.set(r.match_no, (bookRowsOfMatch.get(r.match_no) ?? 0) + 1);
  }
  const wanted = new Set(statuses);
  const lines: FollowUpLine[] = [];
  for (const r of rows) {
    const status = statusOf(r.action, r.match_no);
    const tax = paiseOfNumeric(r.tax);
    let per26as = ZERO_PAISE;
    if (r.side === 'B' && r.match_no !== null) {
      const left = matchTax.get(r.match_no) ?? ZERO_PAISE;
      const remaining = (bookRowsOfMatch.get(r.match_no) ?? 1) - 1;
      per26as = remaining === 0 ? left : (Math.min(left, tax) as Paise);
      matchTax.set(r.match_no, (left - per26as) as Paise);
      bookRowsOfMatch.set(r.match_no, remaining);
    }
    if (!wanted.has(status)) continue;
    // a matched 26AS row is already on its book row's line
    if (r.side === 'T' && r.match_no !== null && bookRowsOfMatch.has(r.match_no)) continue;
    lines.push({
      side: r.side as 'B' | 'T',
      invoice: r.side === 'B' ? r.ref : '(not in our books)',
      date: r.txn_date,
      section: r.section,
      saleAmount: paiseOfNumeric(r.amount),
      taxPerBooks: r.side === 'B' ? tax : ZERO_PAISE,
      taxPer26as: r.side === 'B' ? per26as : tax,
      status,
    });
  }
  return lines;
};

export const kindWords = (kind: ReconKind) =>
  kind === 'TDS'
    ? { tax: 'TDS', amount: 'Sale amount', invoice: 'Invoice', party: 'Customer' }
    : { tax: 'TCS', amount: 'Purchase amount', invoice: 'Bill', party: 'Vendor' };
