import { MISC_RECEIVABLE_REPORTS, type MiscReceivableReportId } from '@taxrecon/contracts';
import {
  type FinancialYear,
  financialYearLabel,
  formatInr,
  type Paise,
  paiseOfNumeric,
  reconStateName,
  sumPaise,
} from '@taxrecon/shared';
import type { AppContext } from '../../platform/context.ts';

// What each receivable miscellaneous report holds (spec part 2, "Reports";
// docs/decisions.md, "Reports"). The reconciliation summaries read the
// year's latest completed TDS reconciliation of the entity, as its result
// screen shows it; the 26AS section-customer-wise report reads the loaded 26AS
// itself, so it exists before any reconciliation has run.

export interface ReportColumn {
  header: string;
  key: string;
  width: number;
  // numeric(18,2) text from the database: a number in rupees in the xlsx,
  // two-decimal text in the csv, summed in paise
  money?: boolean;
  count?: boolean;
  // a percentage with two decimals, as numeric text
  percent?: boolean;
  // a yyyy-mm-dd date: an Excel date in the xlsx, the text in the csv
  date?: boolean;
}

export type RawCell = string | number | null;

export interface ReportTable {
  title: string[];
  columns: ReportColumn[];
  rows: Record<string, RawCell>[];
  // one line a person reads on the View Reports tab (rupees with lakh grouping)
  summary: string;
}

export interface MiscScope {
  entityId: string;
  financialYear: FinancialYear;
  entityName: string;
  // entity-wise: the entities the requester may use, fixed when the report was asked for
  entityIds: string[];
}

type Row = Record<string, string | number | null>;

// The year's latest completed reconciliation of all customers: a run of a
// few chosen customers is not the year.
const latestTdsRun = async (ctx: AppContext, entityId: string, fy: string): Promise<string | null> => {
  const { rows } = await ctx.database.pool.query<{ job_id: string }>(
    `SELECT job_id FROM recon_runs WHERE entity_id = $1 AND kind = 'TDS' AND financial_year = $2
       AND status = 'Completed' AND selected_parties IS NULL ORDER BY created_at DESC LIMIT 1`,
    [entityId, fy],
  );
  return rows[0]?.job_id ?? null;
};

const total = (rows: Row[], key: string): Paise =>
  sumPaise(rows.map((r) => paiseOfNumeric(r[key] as string)));

const money = (header: string, key: string, width = 18): ReportColumn => ({
  header,
  key,
  width,
  money: true,
});

const titleOf = (scope: MiscScope, id: MiscReceivableReportId, source: string) => [
  scope.entityName,
  MISC_RECEIVABLE_REPORTS[id],
  `Financial year ${financialYearLabel(scope.financialYear)}`,
  source,
];

const PARTY_SOURCE = 'From the latest completed TDS reconciliation of the year';

const partyRows = async (ctx: AppContext, jobId: string): Promise<Row[]> =>
  (
    await ctx.database.pool.query<Row>(
      `SELECT name, code, tan, pan, category, book_rows, tb_rows,
         book_amount::text, tb_amount::text, amount_difference::text,
         book_tax::text, tb_tax::text, matched_tb_tax::text, tax_difference::text,
         claimable_tax::text, not_claimable_tax::text,
         CASE WHEN tb_tax = 0 THEN NULL ELSE round(100 * matched_tb_tax / tb_tax, 2)::text END AS matched_pct,
         book_rows - bf_book_rows AS year_book_rows, tb_rows - bf_tb_rows AS year_tb_rows,
         (book_amount - bf_book_amount)::text AS year_book_amount, (tb_amount - bf_tb_amount)::text AS year_tb_amount,
         ((book_amount - bf_book_amount) - (tb_amount - bf_tb_amount))::text AS year_amount_difference
       FROM recon_parties WHERE job_id = $1 ORDER BY name, party`,
      [jobId],
    )
  ).rows;

// Answers null when there is nothing to report.
export const buildMiscReport = async (
  ctx: AppContext,
  id: MiscReceivableReportId,
  scope: MiscScope,
): Promise<ReportTable | null> => {
  const pool = ctx.database.pool;
  const { entityId, financialYear } = scope;
  if (id === '26as-section-customer-wise') {
    const { rows } = await pool.query<Row>(
      `SELECT section, tan, min(deductor_name) AS deductor, count(*)::int AS entries,
         sum(amount)::text AS amount, sum(tax)::text AS tax, sum(deposited)::text AS deposited
       FROM tax_entries WHERE entity_id = $1 AND part = 'TDS' AND financial_year = $2
       GROUP BY section, tan ORDER BY section, deductor, tan`,
      [entityId, financialYear],
    );
    if (rows.length === 0) return null;
    return {
      title: titleOf(scope, id, 'From the loaded 26AS (Part I, TDS)'),
      columns: [
        { header: 'Section', key: 'section', width: 10 },
        { header: 'Deductor TAN', key: 'tan', width: 13 },
        { header: 'Deductor name', key: 'deductor', width: 36 },
        { header: 'Entries', key: 'entries', width: 9, count: true },
        money('Amount paid / credited', 'amount'),
        money('TDS deducted', 'tax'),
        money('TDS deposited', 'deposited'),
      ],
      rows,
      summary: `${rows.length} section-deductor lines; amount paid ${formatInr(total(rows, 'amount'))}; TDS ${formatInr(total(rows, 'tax'))}`,
    };
  }
  if (id === 'entity-wise-summary') {
    const { rows } = await pool.query<Row>(
      `SELECT e.name AS entity, (r.created_at AT TIME ZONE 'Asia/Kolkata')::date::text AS reconciled_on, count(p.party)::int AS customers,
         coalesce(sum(p.book_tax), 0)::text AS book_tax, coalesce(sum(p.tb_tax), 0)::text AS tb_tax,
         coalesce(sum(p.matched_tb_tax), 0)::text AS matched_tb_tax,
         coalesce(sum(p.tax_difference), 0)::text AS tax_difference,
         coalesce(sum(p.claimable_tax), 0)::text AS claimable_tax
       FROM legal_entities e
       JOIN LATERAL (SELECT job_id, created_at FROM recon_runs WHERE entity_id = e.id AND kind = 'TDS'
                       AND financial_year = $2 AND status = 'Completed' AND selected_parties IS NULL
                     ORDER BY created_at DESC LIMIT 1) r ON true
       LEFT JOIN recon_parties p ON p.job_id = r.job_id
       WHERE e.id = ANY($1::uuid[])
       GROUP BY e.id, e.name, r.created_at ORDER BY e.name`,
      [scope.entityIds, financialYear],
    );
    if (rows.length === 0) return null;
    return {
      title: titleOf(
        scope,
        id,
        'Each entity you may use: its latest completed TDS reconciliation of the year',
      ),
      columns: [
        { header: 'Entity', key: 'entity', width: 30 },
        { header: 'Reconciled on', key: 'reconciled_on', width: 13, date: true },
        { header: 'Customers', key: 'customers', width: 10, count: true },
        money('TDS per sales book', 'book_tax'),
        money('TDS per 26AS', 'tb_tax'),
        money('TDS matched', 'matched_tb_tax'),
        money('Difference (books - 26AS)', 'tax_difference'),
        money('Claimable TDS', 'claimable_tax'),
      ],
      rows,
      summary: `${rows.length} entities; TDS per books ${formatInr(total(rows, 'book_tax'))}; per 26AS ${formatInr(total(rows, 'tb_tax'))}`,
    };
  }
  const jobId = await latestTdsRun(ctx, entityId, financialYear);
  if (!jobId) return null;
  if (id === 'section-wise-summary') {
    const { rows } = await pool.query<Row>(
      // a split 26AS row is one entry of the statement, its amounts counted
      // by its parts (as the screens count them), never both
      `SELECT coalesce(section, '(none)') AS section, count(*) FILTER (WHERE split_of IS NULL)::int AS entries,
         coalesce(sum(amount) FILTER (WHERE NOT split), 0)::text AS amount,
         coalesce(sum(tax) FILTER (WHERE NOT split), 0)::text AS tax,
         coalesce(sum(tax) FILTER (WHERE NOT split AND match_no IS NOT NULL), 0)::text AS matched_tax,
         coalesce(sum(tax) FILTER (WHERE NOT split AND match_no IS NULL), 0)::text AS unmatched_tax
       FROM (SELECT *, action IS NOT DISTINCT FROM 'Split' AS split FROM recon_rows
              WHERE job_id = $1 AND side = 'T') r
       GROUP BY 1 ORDER BY 1`,
      [jobId],
    );
    if (rows.length === 0) return null;
    return {
      title: titleOf(scope, id, `${PARTY_SOURCE}: its 26AS entries by section`),
      columns: [
        { header: 'Section', key: 'section', width: 10 },
        { header: '26AS entries', key: 'entries', width: 12, count: true },
        money('Amount paid / credited', 'amount'),
        money('TDS per 26AS', 'tax'),
        money('TDS matched with books', 'matched_tax'),
        money('TDS not matched', 'unmatched_tax'),
      ],
      rows,
      summary: `${rows.length} sections; TDS per 26AS ${formatInr(total(rows, 'tax'))}; matched ${formatInr(total(rows, 'matched_tax'))}`,
    };
  }
  if (id === 'tan-wise-summary') {
    const { rows } = await pool.query<Row>(
      `SELECT coalesce(tan, '(no TAN)') AS tan, min(name) AS name, count(*)::int AS customers,
         sum(book_tax)::text AS book_tax, sum(tb_tax)::text AS tb_tax, sum(matched_tb_tax)::text AS matched_tb_tax,
         sum(tax_difference)::text AS tax_difference, sum(claimable_tax)::text AS claimable_tax
       FROM recon_parties WHERE job_id = $1 GROUP BY 1 ORDER BY 1`,
      [jobId],
    );
    if (rows.length === 0) return null;
    return {
      title: titleOf(scope, id, PARTY_SOURCE),
      columns: [
        { header: 'TAN', key: 'tan', width: 13 },
        { header: 'Customer', key: 'name', width: 36 },
        { header: 'Customers', key: 'customers', width: 10, count: true },
        money('TDS per sales book', 'book_tax'),
        money('TDS per 26AS', 'tb_tax'),
        money('TDS matched', 'matched_tb_tax'),
        money('Difference (books - 26AS)', 'tax_difference'),
        money('Claimable TDS', 'claimable_tax'),
      ],
      rows,
      summary: `${rows.length} TANs; TDS per books ${formatInr(total(rows, 'book_tax'))}; per 26AS ${formatInr(total(rows, 'tb_tax'))}`,
    };
  }
  const parties = await partyRows(ctx, jobId);
  if (parties.length === 0) return null;
  if (id === 'income-comparison') {
    // Income of the year: the rows a run brought forward from the year before
    // are last year's income (and were in last year's report). Rows the run
    // could not resolve to a customer (a deductor not in the master) are
    // income too, the very income the books may be missing: a line each.
    const { rows: unresolved } = await pool.query<Row>(
      `SELECT min(name) || ' (not resolved to a customer)' AS name, NULL AS code, min(tan) AS tan, min(pan) AS pan,
         count(*) FILTER (WHERE side = 'B')::int AS year_book_rows,
         coalesce(sum(amount) FILTER (WHERE side = 'B'), 0)::text AS year_book_amount,
         count(*) FILTER (WHERE side = 'T')::int AS year_tb_rows,
         coalesce(sum(amount) FILTER (WHERE side = 'T'), 0)::text AS year_tb_amount,
         (coalesce(sum(amount) FILTER (WHERE side = 'B'), 0)
           - coalesce(sum(amount) FILTER (WHERE side = 'T'), 0))::text AS year_amount_difference
       FROM recon_unresolved WHERE job_id = $1
       GROUP BY coalesce(nullif(tan, ''), upper(name)) ORDER BY 1`,
      [jobId],
    );
    parties.push(...unresolved);
    return {
      title: titleOf(scope, id, `${PARTY_SOURCE}, without the rows brought forward from the year before`),
      columns: [
        { header: 'Customer', key: 'name', width: 36 },
        { header: 'Code', key: 'code', width: 12 },
        { header: 'TAN', key: 'tan', width: 13 },
        { header: 'PAN', key: 'pan', width: 12 },
        { header: 'Sales entries', key: 'year_book_rows', width: 12, count: true },
        money('Income per sales book', 'year_book_amount'),
        { header: '26AS entries', key: 'year_tb_rows', width: 12, count: true },
        money('Amount paid / credited per 26AS', 'year_tb_amount'),
        money('Difference (books - 26AS)', 'year_amount_difference'),
      ],
      rows: parties,
      summary: `${parties.length - unresolved.length} customers${unresolved.length ? ` and ${unresolved.length} not resolved` : ''}; sales book ${formatInr(total(parties, 'year_book_amount'))}; 26AS ${formatInr(total(parties, 'year_tb_amount'))}`,
    };
  }
  // customer-wise-summary
  return {
    title: titleOf(scope, id, PARTY_SOURCE),
    columns: [
      { header: 'Customer', key: 'name', width: 36 },
      { header: 'Code', key: 'code', width: 12 },
      { header: 'TAN', key: 'tan', width: 13 },
      { header: 'PAN', key: 'pan', width: 12 },
      { header: 'Result', key: 'category', width: 22 },
      money('TDS per sales book', 'book_tax'),
      money('TDS per 26AS', 'tb_tax'),
      money('TDS matched', 'matched_tb_tax'),
      { header: 'Matched %', key: 'matched_pct', width: 10, percent: true },
      money('Difference (books - 26AS)', 'tax_difference'),
      money('Claimable TDS', 'claimable_tax'),
      money('Not claimable TDS', 'not_claimable_tax'),
    ],
    rows: parties.map((p) => ({ ...p, category: reconStateName(String(p.category)) })),
    summary: `${parties.length} customers; TDS per books ${formatInr(total(parties, 'book_tax'))}; per 26AS ${formatInr(total(parties, 'tb_tax'))}`,
  };
};
