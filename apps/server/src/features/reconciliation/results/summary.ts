import {
  type Drilldown,
  type MatchMode,
  RECON_CATEGORIES,
  type ReconCategory,
  type ReconSummary,
  WORD_CLOUD_LIMIT,
} from '@taxrecon/contracts';
import { paiseOfNumeric, rupeesNumber, rupeesOfNumeric } from '@taxrecon/shared';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../../platform/context.ts';
import { badRequest } from '../../../platform/http/errors.ts';
import type { RunView } from '../runs/runs.ts';
import { compliance } from './results.ts';

// The summary table with its drill-down, the word cloud and the tolerance
// insights of the result screen (spec 2.4), summed in SQL over recon_parties.

const CATEGORY_METRICS = (kind: 'TDS' | 'TCS'): Record<ReconCategory, string> => ({
  fullMatches: 'Matched (Automatic + Manual)',
  partialMatches: 'Mismatched',
  missingFromSales: kind === 'TDS' ? 'Missing from Sales Book' : 'Missing from Purchase Book',
  missingFromTaxBook: 'Missing from 26AS',
});

// Rows of the summary beyond the categories: buckets of the engine's totals.
const BUCKET_METRICS = [
  ['matched_', 'Matched at transaction level'],
  ['totals_', 'Settled by totals'],
  ['accepted_', 'Accepted by a user'],
  ['open_', 'Not matched'],
  ['bf_', 'Brought forward from the previous year'],
  ['cf_', 'Carried forward to the next year'],
] as const;

type SummaryRow = z.input<typeof ReconSummary>['rows'][number];

const bucketSums = (prefix: string) =>
  sql<string>`json_build_object(
    'bookCustomers', (count(*) FILTER (WHERE ${sql.ref(`${prefix}book_rows`)} > 0))::int,
    'bookAmount', coalesce(sum(${sql.ref(`${prefix}book_amount`)}), 0)::text,
    'bookTax', coalesce(sum(${sql.ref(`${prefix}book_tax`)}), 0)::text,
    'taxBookCustomers', (count(*) FILTER (WHERE ${sql.ref(`${prefix}tb_rows`)} > 0))::int,
    'taxBookAmount', coalesce(sum(${sql.ref(`${prefix}tb_amount`)}), 0)::text,
    'taxBookTax', coalesce(sum(${sql.ref(`${prefix}tb_tax`)}), 0)::text)`;

interface Sums {
  bookCustomers: number;
  bookAmount: string;
  bookTax: string;
  taxBookCustomers: number;
  taxBookAmount: string;
  taxBookTax: string;
}

const row = (metric: string, drillDownId: string | null, s: Sums): SummaryRow => ({
  metric,
  drillDownId,
  customersCountSalesPurchaseBook: s.bookCustomers,
  transactionAmountSalesPurchaseBook: rupeesOfNumeric(s.bookAmount),
  taxAmountSalesPurchaseBook: rupeesOfNumeric(s.bookTax),
  customersCountTaxBook: s.taxBookCustomers,
  transactionAmountTaxBook: rupeesOfNumeric(s.taxBookAmount),
  taxAmountTaxBook: rupeesOfNumeric(s.taxBookTax),
});

export const reconSummary = async (
  ctx: AppContext,
  run: RunView,
  matchType: ReconCategory | undefined,
): Promise<z.input<typeof ReconSummary>> => {
  const base = () => {
    let q = ctx.db.selectFrom('recon_parties').where('job_id', '=', run.job_id);
    if (matchType) q = q.where('category', '=', matchType);
    return q;
  };
  const totals = await base()
    .select([bucketSums('').as('all'), ...BUCKET_METRICS.map(([prefix]) => bucketSums(prefix).as(prefix))])
    .executeTakeFirstOrThrow();
  const byCategory = await base()
    .select(['category', bucketSums('').as('sums')])
    .groupBy('category')
    .execute();
  const names = CATEGORY_METRICS(run.kind);
  const all = totals.all as unknown as Sums;
  const empty: Sums = {
    bookCustomers: 0,
    bookAmount: '0',
    bookTax: '0',
    taxBookCustomers: 0,
    taxBookAmount: '0',
    taxBookTax: '0',
  };
  const unresolved = await ctx.db
    .selectFrom('recon_unresolved')
    .where('job_id', '=', run.job_id)
    .select([
      sql<number>`(count(DISTINCT coalesce(nullif(tan, ''), name)) FILTER (WHERE side = 'B'))::int`.as(
        'bookCustomers',
      ),
      sql<string>`coalesce(sum(amount) FILTER (WHERE side = 'B'), 0)::text`.as('bookAmount'),
      sql<string>`coalesce(sum(tax) FILTER (WHERE side = 'B'), 0)::text`.as('bookTax'),
      sql<number>`(count(DISTINCT coalesce(nullif(tan, ''), name)) FILTER (WHERE side = 'T'))::int`.as(
        'taxBookCustomers',
      ),
      sql<string>`coalesce(sum(amount) FILTER (WHERE side = 'T'), 0)::text`.as('taxBookAmount'),
      sql<string>`coalesce(sum(tax) FILTER (WHERE side = 'T'), 0)::text`.as('taxBookTax'),
    ])
    .executeTakeFirstOrThrow();
  const rows: SummaryRow[] = [
    row('Total', null, all),
    ...(['fullMatches', 'partialMatches', 'missingFromTaxBook', 'missingFromSales'] as const).map((c) =>
      row(names[c], c, (byCategory.find((r) => r.category === c)?.sums as unknown as Sums) ?? empty),
    ),
    ...BUCKET_METRICS.map(([prefix, metric]) => row(metric, null, totals[prefix] as unknown as Sums)),
    row('Not considered for reconciliation', null, unresolved),
  ];
  const matched = (byCategory.find((r) => r.category === 'fullMatches')?.sums as unknown as Sums) ?? empty;
  return {
    rows,
    totalCustomerCountInBook: all.bookCustomers,
    totalCustomerCountInTaxBook: all.taxBookCustomers,
    compliancePercentage: compliance({
      matchedBook: matched.bookCustomers,
      matchedTaxBook: matched.taxBookCustomers,
      inBook: all.bookCustomers,
      inTaxBook: all.taxBookCustomers,
    }),
  };
};

const share = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part * 10000) / whole) / 100);

export const drilldown = async (
  ctx: AppContext,
  run: RunView,
  drilldownId: string,
): Promise<z.input<typeof Drilldown>> => {
  const category = (RECON_CATEGORIES as readonly string[]).includes(drilldownId)
    ? (drilldownId as ReconCategory)
    : null;
  if (!category && drilldownId !== 'all') throw badRequest(`Unknown drill-down ${drilldownId}`);
  let q = ctx.db.selectFrom('recon_parties').where('job_id', '=', run.job_id);
  if (category) q = q.where('category', '=', category);
  const sums = await q
    .select([
      bucketSums('').as('all'),
      ...BUCKET_METRICS.slice(0, 4).map(([prefix]) => bucketSums(prefix).as(prefix)),
    ])
    .executeTakeFirstOrThrow();
  const line = (metric: string, s: Sums) => ({
    metric,
    saleAmountInBook: rupeesOfNumeric(s.bookAmount),
    taxInBook: rupeesOfNumeric(s.bookTax),
    saleAmountIn26AS: rupeesOfNumeric(s.taxBookAmount),
    taxIn26AS: rupeesOfNumeric(s.taxBookTax),
  });
  const all = sums.all as unknown as Sums;
  const settled = (['matched_', 'totals_', 'accepted_'] as const).map((p) => sums[p] as unknown as Sums);
  const settledOf = (field: keyof Sums) =>
    settled.reduce((n, s) => n + paiseOfNumeric(s[field] as string), 0);
  const title =
    category === 'partialMatches'
      ? 'Partially matched customers - Transactions Breakdown'
      : `${category ? CATEGORY_METRICS(run.kind)[category] : 'All'} customers - Transactions Breakdown`;
  return {
    title,
    rows: BUCKET_METRICS.slice(0, 4).map(([prefix, metric]) => line(metric, sums[prefix] as unknown as Sums)),
    totals: line('Total', all),
    matchedPercentage: {
      saleAmountInBook: share(settledOf('bookAmount'), paiseOfNumeric(all.bookAmount)),
      taxInBook: share(settledOf('bookTax'), paiseOfNumeric(all.bookTax)),
      saleAmountIn26AS: share(settledOf('taxBookAmount'), paiseOfNumeric(all.taxBookAmount)),
      taxIn26AS: share(settledOf('taxBookTax'), paiseOfNumeric(all.taxBookTax)),
    },
  };
};

// Unmatched tax, both books together: a bigger word means more unmatched TDS.
export const complianceCloud = async (ctx: AppContext, run: RunView) => {
  const rows = await ctx.db
    .selectFrom('recon_parties')
    .select(['party_key', 'name', sql<string>`(open_book_tax + open_tb_tax)::text`.as('unmatched')])
    .where('job_id', '=', run.job_id)
    .where('category', '<>', 'fullMatches')
    .where(sql`open_book_tax + open_tb_tax`, '>', 0)
    .orderBy(sql`open_book_tax + open_tb_tax`, 'desc')
    .orderBy('party')
    .limit(WORD_CLOUD_LIMIT)
    .execute();
  return rows.map((r) => ({
    entityId: r.party_key,
    text: r.name,
    value: rupeesNumber(paiseOfNumeric(r.unmatched)),
    tax: rupeesOfNumeric(r.unmatched),
  }));
};

// --- tolerance insights ---

// The totals tolerance a mismatched party needs to be settled by the totals
// level, as the engine decides it: tax alone (TaxOnly), sale amount alone
// (SaleAmountOnly), or both (the other two modes), with one tolerance for both.
const neededSql = (mode: MatchMode) => {
  const tax = sql`abs(open_book_tax - open_tb_tax)`;
  const amount = sql`abs(open_book_amount - open_tb_amount)`;
  return mode === 'TaxOnly' ? tax : mode === 'SaleAmountOnly' ? amount : sql`greatest(${tax}, ${amount})`;
};

const candidates = (ctx: AppContext, run: RunView, mode: MatchMode) =>
  ctx.db
    .selectFrom('recon_parties')
    .where('job_id', '=', run.job_id)
    .where('category', '=', 'partialMatches')
    .where('book_rows', '>', 0)
    .where('tb_rows', '>', 0)
    .select(sql<string>`ceil(${neededSql(mode)})::int`.as('needed'));

const MAX_POINTS = 200;

export const toleranceSummary = async (ctx: AppContext, run: RunView, mode: MatchMode) => {
  const compliantNow = await ctx.db
    .selectFrom('recon_parties')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('job_id', '=', run.job_id)
    .where('category', '=', 'fullMatches')
    .executeTakeFirstOrThrow();
  const needs = await candidates(ctx, run, mode)
    .clearSelect()
    .select([sql<number>`ceil(${neededSql(mode)})::int`.as('needed'), sql<number>`count(*)::int`.as('n')])
    .groupBy(sql`ceil(${neededSql(mode)})::int`)
    .orderBy(sql`ceil(${neededSql(mode)})::int`)
    .execute();
  let running = compliantNow.n;
  const points = needs.map((r) => {
    running += r.n;
    return [Number(r.needed), running] as const;
  });
  // Many distinct tolerances: keep an even spread of them, always the last.
  const step = Math.max(1, Math.ceil(points.length / MAX_POINTS));
  const kept = points.filter((_, i) => i % step === step - 1 || i === points.length - 1);
  return {
    reconMatchPreference: mode,
    compliantNow: compliantNow.n,
    tolerances: kept.map(([t]) => t),
    details: Object.fromEntries(kept.map(([t, n]) => [String(t), n])),
  };
};

export const toleranceDetails = async (ctx: AppContext, run: RunView, mode: MatchMode, tolerance: number) => {
  const rows = await ctx.db
    .selectFrom('recon_parties')
    .select([
      'party_key',
      'name',
      'book_tax',
      'book_amount',
      sql<string>`(open_book_tax - open_tb_tax)::text`.as('taxDifference'),
      sql<string>`(open_book_amount - open_tb_amount)::text`.as('amountDifference'),
    ])
    .where('job_id', '=', run.job_id)
    .where('category', '=', 'partialMatches')
    .where('book_rows', '>', 0)
    .where('tb_rows', '>', 0)
    .where(neededSql(mode), '<=', tolerance)
    .orderBy('name')
    .orderBy('party')
    .limit(50_000)
    .execute();
  return {
    tolerance,
    reconMatchPreference: mode,
    details: rows.map((r) => ({
      entityId: r.party_key,
      entityName: r.name,
      totalTax: rupeesOfNumeric(r.book_tax),
      totalAmount: rupeesOfNumeric(r.book_amount),
      taxDifference: rupeesOfNumeric(r.taxDifference),
      amountDifference: rupeesOfNumeric(r.amountDifference),
    })),
  };
};
