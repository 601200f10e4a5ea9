import {
  type CustomerResultEntry,
  RECON_CATEGORIES,
  RESULT_PAGE_SIZE,
  type ReconCategory,
  type ReconResultPage,
  type ResultMetadata,
} from '@taxrecon/contracts';
import { formatRupees, numericOfPaise, paiseOfNumeric, rupeesOfNumeric } from '@taxrecon/shared';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { AppContext } from '../../../platform/context.ts';
import { contains } from '../../../platform/db/like.ts';
import { jobParams, type RunView } from '../runs/runs.ts';
import { contactEmails, customerEntry, type PartyRow, partyQuery } from './customer-entry.ts';

// The job lists and the result screen (spec 2.3 to 2.5): everything is read
// from recon_parties, one row per party, paged, sorted, filtered and summed
// in SQL, so a job of a million rows opens as fast as one of a hundred.

const SORTS: Record<string, Expression<unknown>> = {
  name: sql`name`,
  tan: sql`tan`,
  bookTax: sql`book_tax`,
  taxBookTax: sql`tb_tax`,
  discrepancy: sql`tax_difference`,
  absoluteDiscrepancy: sql`abs(tax_difference)`,
  matchedPercentage: sql`(matched_book_rows + totals_book_rows + accepted_book_rows + matched_tb_rows + totals_tb_rows + accepted_tb_rows)::float8 / greatest(book_rows + tb_rows, 1)`,
};

export interface PageOptions {
  matchType?: ReconCategory | undefined;
  ignoreDifferenceBelow?: number | undefined;
  searchTerm?: string | undefined;
  customers?: string[];
  sortBy?: string | undefined;
  sortDirection?: 'asc' | 'desc' | undefined;
  page: number;
  pageSize?: number | undefined;
}

// The filters of a page, without the tab: counts per tab use them too.
const filtered = (ctx: AppContext, jobId: string, o: PageOptions) => {
  let q = partyQuery(ctx, jobId);
  if (o.searchTerm) {
    const like = contains(o.searchTerm);
    q = q.where((eb) =>
      eb.or([eb('name', 'ilike', like), eb('tan', 'ilike', like), eb('party_key', 'ilike', like)]),
    );
  }
  if (o.customers && o.customers.length > 0 && !o.customers.includes('All')) {
    const chosen = o.customers;
    q = q.where((eb) =>
      eb.or([eb('party_key', 'in', chosen), eb('tan', 'in', chosen), eb('name', 'in', chosen)]),
    );
  }
  if (o.ignoreDifferenceBelow !== undefined && o.ignoreDifferenceBelow > 0) {
    q = q.where(sql<SqlBool>`abs(tax_difference) >= ${numericOfPaise(o.ignoreDifferenceBelow)}::numeric`);
  }
  return q;
};

const SIDE_SUMS = (prefix: string) => ({
  bookRows: sql<number>`coalesce(sum(${sql.ref(`${prefix}book_rows`)}), 0)::int`,
  bookAmount: sql<string>`coalesce(sum(${sql.ref(`${prefix}book_amount`)}), 0)::text`,
  bookTax: sql<string>`coalesce(sum(${sql.ref(`${prefix}book_tax`)}), 0)::text`,
  taxBookRows: sql<number>`coalesce(sum(${sql.ref(`${prefix}tb_rows`)}), 0)::int`,
  taxBookAmount: sql<string>`coalesce(sum(${sql.ref(`${prefix}tb_amount`)}), 0)::text`,
  taxBookTax: sql<string>`coalesce(sum(${sql.ref(`${prefix}tb_tax`)}), 0)::text`,
});

const sideAmounts = (r: Record<string, unknown>, key: string) => {
  const v = r[key] as {
    bookRows: number;
    bookAmount: string;
    bookTax: string;
    taxBookRows: number;
    taxBookAmount: string;
    taxBookTax: string;
  };
  return {
    bookRows: Number(v.bookRows),
    bookAmount: rupeesOfNumeric(v.bookAmount),
    bookTax: rupeesOfNumeric(v.bookTax),
    taxBookRows: Number(v.taxBookRows),
    taxBookAmount: rupeesOfNumeric(v.taxBookAmount),
    taxBookTax: rupeesOfNumeric(v.taxBookTax),
  };
};

const sumsAsJson = (prefix: string) => {
  const s = SIDE_SUMS(prefix);
  return sql`json_build_object('bookRows', ${s.bookRows}, 'bookAmount', ${s.bookAmount}, 'bookTax', ${s.bookTax},
    'taxBookRows', ${s.taxBookRows}, 'taxBookAmount', ${s.taxBookAmount}, 'taxBookTax', ${s.taxBookTax})`;
};

// The compliance percentage of the spec's summary row 'Matched (Automatic + Manual)':
// the larger matched count of the two books over the larger customer count, 3 decimals.
export const compliance = (c: {
  matchedBook: number;
  matchedTaxBook: number;
  inBook: number;
  inTaxBook: number;
}) => {
  const whole = Math.max(c.inBook, c.inTaxBook);
  return whole === 0 ? 0 : Math.round((Math.max(c.matchedBook, c.matchedTaxBook) * 100000) / whole) / 1000;
};

export const resultMetadata = async (ctx: AppContext, run: RunView): Promise<ResultMetadata> => {
  const row = await ctx.db
    .selectFrom('recon_parties')
    .where('job_id', '=', run.job_id)
    .select([
      sql<number>`count(*)::int`.as('total'),
      sql<number>`(count(*) FILTER (WHERE category = 'fullMatches'))::int`.as('compliant'),
      sql<number>`(count(*) FILTER (WHERE manually_matched))::int`.as('manual'),
      sql<number>`(count(*) FILTER (WHERE book_rows > 0))::int`.as('inBook'),
      sql<number>`(count(*) FILTER (WHERE tb_rows > 0))::int`.as('inTaxBook'),
      sql<number>`(count(*) FILTER (WHERE category = 'fullMatches' AND book_rows > 0))::int`.as(
        'matchedBook',
      ),
      sql<number>`(count(*) FILTER (WHERE category = 'fullMatches' AND tb_rows > 0))::int`.as(
        'matchedTaxBook',
      ),
      sql<string>`coalesce(sum(matched_tb_tax), 0)::text`.as('tdsMatched'),
      sql<string>`coalesce(sum(matched_book_amount), 0)::text`.as('tdsMatchedAmount'),
      sql<string>`coalesce(sum(totals_tb_tax), 0)::text`.as('tdsByTotals'),
      sql<string>`coalesce(sum(totals_book_amount), 0)::text`.as('salesByTotals'),
      sql<string>`coalesce(sum(claimable_tax), 0)::text`.as('claimable'),
      sql<string>`coalesce(sum(not_claimable_tax), 0)::text`.as('notClaimable'),
      sumsAsJson('bf_').as('broughtForward'),
      sumsAsJson('cf_').as('carriedForward'),
    ])
    .executeTakeFirstOrThrow();
  const pie = await ctx.db
    .selectFrom('recon_parties')
    .select(['category', sql<number>`count(*)::int`.as('n')])
    .where('job_id', '=', run.job_id)
    .groupBy('category')
    .execute();
  const warnings = (run.warnings ?? []) as { code: string; message: string }[];
  const decisionErrors = (run.decision_errors ?? []) as { code: string; message: string }[];
  return {
    compliancePercentage: compliance(row),
    nonCompliantCustomers: row.total - row.compliant,
    totalCustomers: row.total,
    tdsMatched: rupeesOfNumeric(row.tdsMatched),
    tdsMatchedAmount: rupeesOfNumeric(row.tdsMatchedAmount),
    totalTdsClaimedByTotals: rupeesOfNumeric(row.tdsByTotals),
    totalTdsClaimedAmount: formatRupees(paiseOfNumeric(row.tdsMatched) + paiseOfNumeric(row.tdsByTotals)),
    totalSalesClaimedByTotals: rupeesOfNumeric(row.salesByTotals),
    totalSalesClaimedAmount: formatRupees(
      paiseOfNumeric(row.tdsMatchedAmount) + paiseOfNumeric(row.salesByTotals),
    ),
    claimableTax: rupeesOfNumeric(row.claimable),
    notClaimableTax: rupeesOfNumeric(row.notClaimable),
    manualMatches: row.manual,
    pie: RECON_CATEGORIES.map((category) => ({
      category,
      count: pie.find((p) => p.category === category)?.n ?? 0,
    })),
    broughtForward: sideAmounts(row, 'broughtForward'),
    carriedForward: sideAmounts(row, 'carriedForward'),
    unresolvedRows: run.unresolved_rows,
    leftOutRows: run.left_out_rows,
    warnings: warnings.map((w) => ({ code: w.code, message: w.message })),
    decisionErrors: decisionErrors.map((e) => ({ code: e.code, message: e.message })),
  };
};

const emptyLists = () => ({
  partialMatches: [] as CustomerResultEntry[],
  fullMatches: [] as CustomerResultEntry[],
  missingFromSales: [] as CustomerResultEntry[],
  missingFromPurchase: [] as CustomerResultEntry[],
  missingFromTaxBook: [] as CustomerResultEntry[],
});

const UNSYNCHRONISED_SHOWN = 1000;

// What every page of a job's result shows whatever page, tab or caller: kept
// per job and version (recon_runs.version, bumped by a trigger whenever the
// job's parties change), so a busy result screen costs one page query a call.
// On the embedded database these scans held the one connection for about a
// hundred milliseconds a call and queued every other call behind them.
interface JobFigures {
  counts: { category: string; n: number }[];
  unsynchronised: { entityId: string; reason: string }[];
  unsynchronisedTotal: number;
  metadata: ResultMetadata;
}
const FIGURES_KEPT = 50;
const jobFigures = new Map<string, { version: number; value: Promise<JobFigures> }>();

const figuresOf = (ctx: AppContext, run: RunView): Promise<JobFigures> => {
  const hit = jobFigures.get(run.job_id);
  if (hit && hit.version === run.version && run.status === 'Completed') return hit.value;
  const value = (async (): Promise<JobFigures> => {
    const counts = await partyQuery(ctx, run.job_id)
      .clearSelect()
      .select(['category', sql<number>`count(*)::int`.as('n')])
      .groupBy('category')
      .execute();
    const unsynchronised = await ctx.db
      .selectFrom('recon_unresolved')
      .select([sql<string>`coalesce(nullif(tan, ''), name)`.as('entityId'), 'reason'])
      .where('job_id', '=', run.job_id)
      .groupBy([sql`coalesce(nullif(tan, ''), name)`, 'reason'])
      .orderBy(sql`coalesce(nullif(tan, ''), name)`)
      .limit(UNSYNCHRONISED_SHOWN)
      .execute();
    const total = await ctx.db
      .selectFrom('recon_unresolved')
      .select(sql<number>`count(DISTINCT coalesce(nullif(tan, ''), name))::int`.as('n'))
      .where('job_id', '=', run.job_id)
      .executeTakeFirstOrThrow();
    return { counts, unsynchronised, unsynchronisedTotal: total.n, metadata: await resultMetadata(ctx, run) };
  })();
  jobFigures.delete(run.job_id);
  jobFigures.set(run.job_id, { version: run.version, value });
  if (jobFigures.size > FIGURES_KEPT) jobFigures.delete(jobFigures.keys().next().value as string);
  // a failed read is not kept; its error still reaches the caller
  value.then(undefined, () => {
    if (jobFigures.get(run.job_id)?.value === value) jobFigures.delete(run.job_id);
  });
  return value;
};

const PAGES_KEPT = 200;
const keptPages = new Map<string, Promise<PartyRow[]>>();
const keptPage = (key: string, read: () => Promise<PartyRow[]>): Promise<PartyRow[]> => {
  const hit = keptPages.get(key);
  if (hit) return hit;
  const value = read();
  keptPages.set(key, value);
  if (keptPages.size > PAGES_KEPT) keptPages.delete(keptPages.keys().next().value as string);
  value.then(undefined, () => {
    if (keptPages.get(key) === value) keptPages.delete(key);
  });
  return value;
};

export const resultPage = async (ctx: AppContext, run: RunView, o: PageOptions): Promise<ReconResultPage> => {
  const matchType = o.matchType ?? 'partialMatches';
  const pageSize = o.pageSize ?? RESULT_PAGE_SIZE;
  const figures = await figuresOf(ctx, run);
  const narrowed =
    Boolean(o.searchTerm) ||
    (o.customers !== undefined && o.customers.length > 0 && !o.customers.includes('All')) ||
    (o.ignoreDifferenceBelow !== undefined && o.ignoreDifferenceBelow > 0);
  const counts = narrowed
    ? await filtered(ctx, run.job_id, o)
        .clearSelect()
        .select(['category', sql<number>`count(*)::int`.as('n')])
        .groupBy('category')
        .execute()
    : figures.counts;
  const countOf = (c: ReconCategory) => counts.find((r) => r.category === c)?.n ?? 0;
  const sort = SORTS[o.sortBy ?? 'name'] ?? SORTS.name!;
  const direction = o.sortDirection === 'desc' ? sql`DESC` : sql`ASC`;
  const readRows = () =>
    filtered(ctx, run.job_id, o)
      .where('category', '=', matchType)
      .orderBy(sql`${sort} ${direction} NULLS LAST`)
      .orderBy('party')
      .limit(pageSize)
      .offset((o.page - 1) * pageSize)
      .execute();
  // the page's parties are kept like the figures (same job version); their e-mails are read fresh
  const rows =
    run.status === 'Completed'
      ? await keptPage(`${run.job_id}:${run.version}:${matchType}:${pageSize}:${JSON.stringify(o)}`, readRows)
      : await readRows();
  const emails = await contactEmails(ctx, run.entity_id, run.kind, rows);
  const lists = emptyLists();
  const entries = rows.map((p) => customerEntry(p, run.match_mode, emails.get(p.party_key) ?? []));
  lists[matchType] = entries;
  if (matchType === 'missingFromSales') lists.missingFromPurchase = entries;

  const progress = run.batch_total > 0 ? Math.floor((run.batch_finished * 100) / run.batch_total) : 0;
  return {
    jobParams: jobParams(run),
    batchProgress: run.status === 'Completed' ? 100 : progress,
    batchTotal: run.batch_total,
    batchFinished: run.batch_finished,
    size: countOf(matchType),
    page: o.page,
    dataPerPage: pageSize,
    matchType,
    counts: Object.fromEntries(RECON_CATEGORIES.map((c) => [c, countOf(c)])) as Record<ReconCategory, number>,
    ...lists,
    unsynchronised: figures.unsynchronised.map((u) => ({ entityId: u.entityId, reason: u.reason })),
    notSynchronisedEntityIds: [...new Set(figures.unsynchronised.map((u) => u.entityId))],
    unsynchronisedTotal: figures.unsynchronisedTotal,
    metadata: figures.metadata,
  };
};

export const customerNames = async (
  ctx: AppContext,
  run: RunView,
  matchType: ReconCategory | undefined,
  page: number | null,
): Promise<Record<string, string>> => {
  let q = ctx.db
    .selectFrom('recon_parties')
    .select(['party_key', 'name'])
    .where('job_id', '=', run.job_id)
    .orderBy('name')
    .orderBy('party');
  if (matchType) q = q.where('category', '=', matchType);
  if (page !== null) q = q.limit(1000).offset((page - 1) * 1000);
  const rows = await q.execute();
  return Object.fromEntries(rows.map((r) => [r.party_key, r.name]));
};
