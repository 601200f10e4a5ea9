import {
  DISCREPANCY_DISPLAY_LIMIT,
  DISCREPANCY_PAGE_SIZE,
  type DiscrepancyResponse,
  type DiscrepancySearchAnswer,
  type DiscrepancySearchRequest,
  type ReconKind,
} from '@taxrecon/contracts';
import { numericOfPaise, rupeesOfNumeric } from '@taxrecon/shared';
import { type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../../platform/context.ts';
import { contains } from '../../../platform/db/like.ts';
import type { DB } from '../../../platform/db/schema.ts';
import { type Caller, entityOf } from '../../../platform/http/caller.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { contactEmails, type PartyRow } from '../results/customer-entry.ts';
import { purchaseRow, rowQuery, type StoredRow, salesRow, taxBookRow } from '../results/row-view.ts';
import { JOB_NOT_FOUND, type RunView, runQuery } from '../runs/runs.ts';

// The discrepancy screens (spec 2.6) and the print view (2.11): one party's
// rows of a job, both tables paged, searched by column, with totals.

// A party of a job by what the screens carry: its TAN, master code or key.
export const findParty = async (ctx: AppContext, run: RunView, tan: string): Promise<PartyRow> => {
  const party = await ctx.db
    .selectFrom('recon_parties')
    .selectAll()
    .where('job_id', '=', run.job_id)
    .where((eb) =>
      eb.or([eb('party_key', '=', tan), eb('tan', '=', tan.toUpperCase()), eb('code', '=', tan)]),
    )
    .orderBy(sql`party_key = ${tan}`, 'desc')
    .orderBy('party')
    .executeTakeFirst();
  if (!party) throw notFound('This customer is not in the reconciliation.');
  return party;
};

// The year's latest completed job of a kind (the print view names a year, not a job).
export const latestRun = async (
  ctx: AppContext,
  caller: Caller,
  kind: ReconKind,
  year: string,
): Promise<RunView> => {
  const run = await runQuery(ctx)
    .where('r.entity_id', '=', entityOf(caller))
    .where('j.tenant_id', '=', caller.tenantId)
    .where('r.kind', '=', kind)
    .where('r.financial_year', '=', year)
    .where('r.status', '=', 'Completed')
    .orderBy('r.completed_at', 'desc')
    .executeTakeFirst();
  if (!run) throw notFound(JOB_NOT_FOUND);
  return run;
};

// Quarter 1 is April to June ... quarter 4 January to March.
const quarterOf = sql<number>`((extract(month from txn_date)::int + 8) % 12) / 3 + 1`;

type RowsQuery = ReturnType<typeof rowQuery>;

// Problems first: a row nobody has settled (no match, no decision) needs
// action; then rows parked by a person (Hold, FollowUp, Pending) or matched
// only by totals; then the settled ones. Within each, the largest tax at
// stake first, then the book's own order.
const NEEDS_ACTION = sql`CASE
  WHEN action IS NULL AND match_no IS NULL THEN 0
  WHEN action IN ('Hold', 'FollowUp', 'Pending') OR (action IS NULL AND rule = 'totals') THEN 1
  ELSE 2 END`;
const LARGEST_TAX = sql`abs(coalesce(tax, 0)) DESC`;

const sideRows = async (
  query: RowsQuery,
  side: 'B' | 'T',
  page: number | null,
  pageSize: number,
): Promise<{ rows: StoredRow[]; count: number }> => {
  const q = query.where('side', '=', side);
  const count = await q.clearSelect().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  // the print view keeps the book's order; the screen opens with the problems
  let rows = (page === null ? q : q.orderBy(NEEDS_ACTION).orderBy(LARGEST_TAX)).orderBy('ord');
  if (page !== null) rows = rows.limit(pageSize).offset((page - 1) * pageSize);
  return { rows: await rows.execute(), count: count.n };
};

export interface DiscrepancyOptions {
  bookPage: number;
  taxBookPage: number;
  pageSize?: number | undefined;
  showMatched: boolean;
  // print view: every row of these quarters, unpaged
  quarters: number[] | null;
}

export const discrepancyView = async (
  ctx: AppContext,
  run: RunView,
  party: PartyRow,
  o: DiscrepancyOptions,
): Promise<z.input<typeof DiscrepancyResponse>> => {
  const pageSize = o.pageSize ?? DISCREPANCY_PAGE_SIZE;
  let base = rowQuery(ctx, run.job_id, party.party);
  if (!o.showMatched)
    base = base.where((eb) => eb.or([eb('match_no', 'is', null), eb('rule', '=', 'totals')]));
  if (o.quarters) base = base.where(quarterOf, 'in', o.quarters);
  const print = o.quarters !== null;
  const book = await sideRows(base, 'B', print ? null : o.bookPage, pageSize);
  const taxBook = await sideRows(base, 'T', print ? null : o.taxBookPage, pageSize);
  const tds = run.kind === 'TDS';
  const taxRows = taxBook.rows.map((r) => taxBookRow(r, run.kind));
  const emails = await contactEmails(ctx, run.entity_id, run.kind, [party]);
  const pages = (n: number) => (print ? 1 : Math.max(1, Math.ceil(n / pageSize)));
  return {
    jobId: run.job_id,
    kind: run.kind,
    entityId: party.party_key,
    customerName: party.name,
    customerTAN: party.tan,
    year: run.financial_year,
    category: party.category,
    transactionAmountTotalTaxBook: rupeesOfNumeric(party.tb_amount),
    taxAmountTotalTaxBook: rupeesOfNumeric(party.tb_tax),
    transactionAmountTotalSalesPurchaseBook: rupeesOfNumeric(party.book_amount),
    taxAmountTotalSalesPurchaseBook: rupeesOfNumeric(party.book_tax),
    taxBookDiscrepancies: taxRows,
    entrySalesDiscrepancies: tds ? book.rows.map(salesRow) : [],
    entryPurchaseDiscrepancies: tds ? [] : book.rows.map(purchaseRow),
    taxCreditDetailsDiscrepancies: taxRows,
    totalSalesPurchaseBookPages: pages(book.count),
    totalTaxBookPages: pages(taxBook.count),
    totalSalesPurchaseBookCount: book.count,
    totalTaxBookCount: taxBook.count,
    totalTaxCreditDetailsDiscrepancies: taxBook.count,
    totalSalesDiscrepancies: tds ? book.count : 0,
    totalPurchaseDiscrepancies: tds ? 0 : book.count,
    tooLarge: party.book_rows > DISCREPANCY_DISPLAY_LIMIT || party.tb_rows > DISCREPANCY_DISPLAY_LIMIT,
    customerEmails: emails.get(party.party_key) ?? [],
    reconMatchPreferences: run.match_mode,
    quarters: o.quarters,
  };
};

const amountIs = (column: 'amount' | 'tax' | 'deposited', paise: number) =>
  sql<SqlBool>`${sql.ref(column)} = ${numericOfPaise(paise)}::numeric`;

const SORTS = {
  position: 'ord',
  date: 'txn_date',
  ref: 'ref',
  amount: 'amount',
  tax: 'tax',
  action: 'action',
} as const;

export const searchDiscrepancies = async (
  ctx: AppContext,
  run: RunView,
  party: PartyRow,
  body: z.output<typeof DiscrepancySearchRequest>,
): Promise<z.input<typeof DiscrepancySearchAnswer>> => {
  const side = body.searchType === 'Taxbook' ? 'T' : 'B';
  let q: SelectQueryBuilder<DB, 'recon_rows', StoredRow> = rowQuery(ctx, run.job_id, party.party).where(
    'side',
    '=',
    side,
  );
  const ref = side === 'B' ? (body.voucherNumber ?? body.billNumber) : undefined;
  if (ref) q = q.where('ref', 'ilike', contains(ref));
  const amount =
    side === 'B' ? (body.professionalServices ?? body.purchaseValue ?? body.invoiceValue) : body.amount;
  if (amount !== undefined) q = q.where(amountIs('amount', amount));
  const tax = side === 'B' ? (body.tdsOnSales ?? body.tcsOnPurchase) : body.tdsDeducted;
  if (tax !== undefined) q = q.where(amountIs('tax', tax));
  if (side === 'T' && body.taxFiled !== undefined) q = q.where(amountIs('deposited', body.taxFiled));
  if (body.tanNumber) q = q.where('tan', 'ilike', contains(body.tanNumber));
  if (side === 'T' && body.section) q = q.where('section', 'ilike', contains(body.section));
  if (body.manualAction) {
    const action = body.manualAction;
    if (action === 'Matched') q = q.where('action', 'is', null).where('match_no', 'is not', null);
    else if (action === 'Discrepancy') q = q.where('action', 'is', null).where('match_no', 'is', null);
    else q = q.where('action', '=', action);
  }
  // A split row stays listed beside its parts, but only the parts are summed:
  // counting both would show the amount twice.
  const totals = await q
    .clearSelect()
    .select([
      sql<number>`count(*)::int`.as('n'),
      sql<string>`coalesce(sum(amount) FILTER (WHERE action IS DISTINCT FROM 'Split'), 0)::text`.as('amount'),
      sql<string>`coalesce(sum(tax) FILTER (WHERE action IS DISTINCT FROM 'Split'), 0)::text`.as('tax'),
    ])
    .executeTakeFirstOrThrow();
  const sorted = body.sortBy
    ? q.orderBy(sql.ref(SORTS[body.sortBy]), body.sortDirection ?? 'asc')
    : q.orderBy(NEEDS_ACTION).orderBy(LARGEST_TAX);
  const rows = await sorted
    .orderBy('ord')
    .limit(body.pageSize)
    .offset((body.page - 1) * body.pageSize)
    .execute();
  const tds = run.kind === 'TDS';
  return {
    searchType: body.searchType,
    entrySalesDiscrepancies: side === 'B' && tds ? rows.map(salesRow) : [],
    entryPurchaseDiscrepancies: side === 'B' && !tds ? rows.map(purchaseRow) : [],
    taxBookDiscrepancies: side === 'T' ? rows.map((r) => taxBookRow(r, run.kind)) : [],
    count: totals.n,
    pages: Math.max(1, Math.ceil(totals.n / body.pageSize)),
    page: body.page,
    totals: { amount: rupeesOfNumeric(totals.amount), tax: rupeesOfNumeric(totals.tax) },
  };
};

export const decisionsOfParty = async (ctx: AppContext, run: RunView, party: PartyRow) => {
  const rows = await ctx.db
    .selectFrom('recon_decisions')
    .select(['id', 'action', 'note', 'decision', 'created_by_login', 'created_at', 'made_on_job'])
    .where('entity_id', '=', run.entity_id)
    .where('kind', '=', run.kind)
    .where('financial_year', '=', run.financial_year)
    .where('party_key', '=', party.party_key)
    .orderBy('id')
    .execute();
  return rows.map((r) => {
    const d = r.decision as {
      rows?: { side: 'book' | 'taxBook'; key: string }[];
      row?: { side: 'book' | 'taxBook'; key: string };
    };
    return {
      id: String(r.id),
      action: r.action,
      note: r.note,
      userId: r.created_by_login,
      datetime: r.created_at.toISOString(),
      rows: d.rows ?? (d.row ? [d.row] : []),
      madeOnJob: r.made_on_job,
    };
  });
};
