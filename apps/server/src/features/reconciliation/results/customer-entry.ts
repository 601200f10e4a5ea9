import type { CustomerResultEntry, ReconKind } from '@taxrecon/contracts';
import { rupeesOfNumeric } from '@taxrecon/shared';
import { type SqlBool, sql } from 'kysely';
import type { AppContext } from '../../../platform/context.ts';
import type { RunView } from '../runs/runs.ts';

// One party of a result as the result screen's accordion shows it (spec 2.4),
// read from its recon_parties row, with its master records' contact e-mails.

export type PartyRow = Awaited<ReturnType<ReturnType<typeof partyQuery>['execute']>>[number];

export const partyQuery = (ctx: AppContext, jobId: string) =>
  ctx.db.selectFrom('recon_parties').selectAll().where('job_id', '=', jobId);

const remarksSubType = (p: PartyRow): string => {
  if (p.category !== 'fullMatches') {
    return p.category === 'partialMatches'
      ? 'Mismatch'
      : p.category === 'missingFromSales'
        ? 'Missing from the book'
        : 'Missing from 26AS';
  }
  if (p.manually_matched) return 'Manually matched';
  if (p.claimed_by_totals) return 'Matched by totals';
  return 'Matched at transaction level';
};

const percent2 = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.round((part * 10000) / whole) / 100;

export const customerEntry = (
  p: PartyRow,
  matchMode: RunView['match_mode'],
  emails: string[],
): CustomerResultEntry => {
  const matchedBook = p.matched_book_rows + p.totals_book_rows + p.accepted_book_rows;
  const matchedTaxBook = p.matched_tb_rows + p.totals_tb_rows + p.accepted_tb_rows;
  const mode = ((p.options as { matchMode?: RunView['match_mode'] } | null)?.matchMode ??
    matchMode) as RunView['match_mode'];
  return {
    entityId: p.party_key,
    customerName: p.name,
    customerTAN: p.tan,
    identifier: p.tan
      ? { identifier: p.tan, identifierType: 'TAN' }
      : p.pan
        ? { identifier: p.pan, identifierType: 'PAN' }
        : { identifier: p.code ?? p.party_key, identifierType: 'CODE' },
    members: p.members,
    category: p.category,
    totalTaxAccordingToTaxBook: rupeesOfNumeric(p.tb_tax),
    totalTaxAccordingToSales: rupeesOfNumeric(p.book_tax),
    totalAccordingToSales: rupeesOfNumeric(p.book_amount),
    totalAccordingToTaxBook: rupeesOfNumeric(p.tb_amount),
    totalDiscrepancy: rupeesOfNumeric(p.tax_difference),
    totalAmountDiscrepancy: rupeesOfNumeric(p.amount_difference),
    totalEntriesSales: p.book_rows,
    totalMatchedEntriesSales: matchedBook,
    totalEntriesTaxBook: p.tb_rows,
    totalMatchedEntriesTaxBook: matchedTaxBook,
    noOfAutoAcceptedEntriesFromTaxBook: p.matched_tb_rows + p.totals_tb_rows,
    matchedPercentage: percent2(matchedBook + matchedTaxBook, p.book_rows + p.tb_rows),
    claimableTax: rupeesOfNumeric(p.claimable_tax),
    notClaimableTax: rupeesOfNumeric(p.not_claimable_tax),
    claimedByTotals: p.claimed_by_totals,
    manuallyMatched: p.manually_matched,
    overallRemarksSubType: remarksSubType(p),
    overallMatchMode: mode,
    reconMatchPreferences: matchMode,
    contactEmails: emails,
  };
};

// Contact e-mails of the parties' master records (the form's and those added later).
export const contactEmails = async (
  ctx: AppContext,
  entityId: string,
  kind: ReconKind,
  parties: readonly { party_key: string; members: string[] }[],
): Promise<Map<string, string[]>> => {
  const out = new Map<string, string[]>();
  if (parties.length === 0) return out;
  const codes = [...new Set(parties.flatMap((p) => [p.party_key, ...p.members]))];
  const byCode = new Map<string, Set<string>>();
  const add = (code: string, email: string | null) => {
    if (!email) return;
    const set = byCode.get(code) ?? new Set<string>();
    set.add(email);
    byCode.set(code, set);
  };
  if (kind === 'TDS') {
    const rows = await ctx.db
      .selectFrom('customers as c')
      .leftJoin('customer_emails as e', 'e.customer_id', 'c.id')
      .select([
        sql<string>`coalesce(c.customer_code, c.customer_name)`.as('code'),
        'c.contact_email',
        'e.email',
      ])
      .where('c.entity_id', '=', entityId)
      .where(sql<SqlBool>`coalesce(c.customer_code, c.customer_name) = ANY(${codes})`)
      .execute();
    for (const r of rows) {
      add(r.code, r.contact_email);
      add(r.code, r.email);
    }
  } else {
    const rows = await ctx.db
      .selectFrom('vendors')
      .select(['vendor_code', 'contact_email'])
      .where('entity_id', '=', entityId)
      .where('vendor_code', 'in', codes)
      .execute();
    for (const r of rows) add(r.vendor_code, r.contact_email);
  }
  for (const p of parties) {
    const all = new Set<string>();
    for (const code of [p.party_key, ...p.members]) for (const e of byCode.get(code) ?? []) all.add(e);
    out.set(p.party_key, [...all].sort());
  }
  return out;
};
