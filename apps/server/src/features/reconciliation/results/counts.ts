import type { EntityIdMetrics, GroupPreview, ReconKind, TransactionCounts } from '@taxrecon/contracts';
import { GROUP_PREVIEW_CSV_ABOVE } from '@taxrecon/contracts';
import { type BookRow, planReconciliation, type TaxBookRow } from '@taxrecon/engine';
import { type FinancialYear, financialYearRange, type Paise } from '@taxrecon/shared';
import { sql } from 'kysely';
import type { AppContext } from '../../../platform/context.ts';
import { mappingEntries, masterParties, previousJob, tcsBookScope } from '../matching/source-read.ts';
import { BEARS_TCS } from '../matching/source-rows.ts';

// The submit screens' figures (spec 2.1 and 2.2): rows a job would take,
// how well the book's customers and 26AS's deductors meet, and how rows
// group into customers. None of this needs the amounts, so identity is
// previewed on one row per distinct identity, not on every row.

// Master codes chosen on the screen, with the TANs (own and connected) they stand for.
const selectionScope = async (ctx: AppContext, entityId: string, kind: ReconKind, codes: string[]) => {
  if (codes.length === 0 || codes.includes('All')) return null;
  if (kind === 'TDS') {
    const rows = await ctx.db
      .selectFrom('customers as c')
      .leftJoin('customer_children as ch', 'ch.customer_id', 'c.id')
      .select(['c.customer_code', 'c.customer_name', 'c.tan_number', 'ch.tan_number as child'])
      .where('c.entity_id', '=', entityId)
      .where((eb) =>
        eb.or([
          eb('c.customer_code', 'in', codes),
          eb.and([eb('c.customer_code', 'is', null), eb('c.customer_name', 'in', codes)]),
        ]),
      )
      .execute();
    const tans = new Set<string>();
    for (const r of rows) {
      if (r.tan_number) tans.add(r.tan_number);
      if (r.child) tans.add(r.child);
    }
    return {
      codes,
      tans: [...tans],
      parties: new Set(rows.map((r) => r.customer_code ?? r.customer_name)).size,
    };
  }
  const rows = await ctx.db
    .selectFrom('vendors as v')
    .leftJoin('vendor_children as ch', 'ch.vendor_id', 'v.id')
    .select(['v.vendor_code', 'v.tan_number', 'ch.tan_number as child'])
    .where('v.entity_id', '=', entityId)
    .where('v.vendor_code', 'in', codes)
    .execute();
  const tans = new Set<string>();
  for (const r of rows) {
    if (r.tan_number) tans.add(r.tan_number);
    if (r.child) tans.add(r.child);
  }
  return { codes, tans: [...tans], parties: new Set(rows.map((r) => r.vendor_code)).size };
};

const NONE = ['\u0000'];

export const transactionCounts = async (
  ctx: AppContext,
  entityId: string,
  kind: ReconKind,
  fy: string,
  customers: string[],
): Promise<TransactionCounts> => {
  const scope = await selectionScope(ctx, entityId, kind, customers);
  const tans = scope ? (scope.tans.length ? scope.tans : NONE) : null;
  const codes = scope ? scope.codes : null;

  let tax = ctx.db
    .selectFrom('tax_entries')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('entity_id', '=', entityId)
    .where('financial_year', '=', fy);
  if (tans) tax = tax.where('tan', 'in', tans);
  const byPart = await tax.select('part').groupBy('part').execute();
  const taxBook = byPart.find((r) => r.part === kind)?.n ?? 0;

  let sales = ctx.db
    .selectFrom('sales_entries')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('entity_id', '=', entityId)
    .where('financial_year', '=', fy);
  if (tans && codes) {
    sales = sales.where((eb) => eb.or([eb('tan', 'in', tans), eb('customer_code', 'in', codes)]));
  }
  // n: the bills the TCS job would take (source-read.ts tcsBookScope), all: every bill
  const leaveOut = (await tcsBookScope(ctx.database.pool, entityId, kind, fy)).leaveOut;
  let purchases = ctx.db
    .selectFrom('purchase_entries')
    .select([
      (leaveOut
        ? sql<number>`(count(*) FILTER (WHERE ${sql.raw(BEARS_TCS)}))::int`
        : sql<number>`count(*)::int`
      ).as('n'),
      sql<number>`count(*)::int`.as('all'),
    ])
    .where('entity_id', '=', entityId)
    .where('financial_year', '=', fy);
  if (tans) purchases = purchases.where('tan', 'in', tans);
  const salesBook = (await sales.executeTakeFirst())?.n ?? 0;
  const bills = await purchases.executeTakeFirst();
  const purchaseBook = bills?.n ?? 0;

  const previousJobId = await previousJob(ctx.database.pool, entityId, kind, fy);
  let carriedForwardBook = 0;
  let carriedForwardTaxBook = 0;
  if (previousJobId) {
    const carried = await ctx.db
      .selectFrom('recon_rows')
      .select(['side', sql<number>`count(*)::int`.as('n')])
      .where('job_id', '=', previousJobId)
      .where('carried_forward', '=', true)
      .groupBy('side')
      .execute();
    carriedForwardBook = carried.find((r) => r.side === 'B')?.n ?? 0;
    carriedForwardTaxBook = carried.find((r) => r.side === 'T')?.n ?? 0;
  }
  const master =
    scope?.parties ??
    (
      await ctx.db
        .selectFrom(kind === 'TDS' ? 'customers' : 'vendors')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('entity_id', '=', entityId)
        .executeTakeFirst()
    )?.n ??
    0;
  const book = kind === 'TDS' ? salesBook : purchaseBook;
  return {
    financialYear: fy,
    kind,
    taxBook,
    salesBook,
    purchaseBook,
    purchaseWithoutTcs: (bills?.all ?? 0) - purchaseBook,
    total: book + taxBook + carriedForwardBook + carriedForwardTaxBook,
    customers: master,
    carriedForwardBook,
    carriedForwardTaxBook,
    previousJobId,
  };
};

interface IdentityPreview {
  parties: { key: string; name: string; book: number; taxBook: number }[];
  unresolved: { label: string; side: 'book' | 'taxBook'; reason: string }[];
}

// Identity resolution on one row per distinct identity of the book and 26AS.
export const previewIdentities = async (
  ctx: AppContext,
  entityId: string,
  kind: ReconKind,
  fy: FinancialYear,
): Promise<IdentityPreview> => {
  const pool = ctx.database.pool;
  const bookIds =
    kind === 'TDS'
      ? await ctx.db
          .selectFrom('sales_entries')
          .select(['customer_name as name', 'customer_code as code', 'tan', 'pan', 'gstin'])
          .where('entity_id', '=', entityId)
          .where('financial_year', '=', fy)
          .groupBy(['customer_name', 'customer_code', 'tan', 'pan', 'gstin'])
          .execute()
      : (
          await ctx.db
            .selectFrom('purchase_entries')
            .select(['supplier_name as name', 'tan', 'pan', 'gstin'])
            .where('entity_id', '=', entityId)
            .where('financial_year', '=', fy)
            // the bills the TCS job takes: a vendor whose bills carry no TCS is
            // not in its result, so it is not "missing from 26AS" here either
            .$if((await tcsBookScope(pool, entityId, kind, fy)).leaveOut, (q) =>
              q.where(sql.raw<boolean>(BEARS_TCS)),
            )
            .groupBy(['supplier_name', 'tan', 'pan', 'gstin'])
            .execute()
        ).map((r) => ({ ...r, code: null }));
  const taxIds = await ctx.db
    .selectFrom('tax_entries')
    .select(['tan', 'deductor_name as name'])
    .where('entity_id', '=', entityId)
    .where('part', '=', kind)
    .where('financial_year', '=', fy)
    .groupBy(['tan', 'deductor_name'])
    .execute();
  const date = financialYearRange(fy).from;
  const zero = 0 as Paise;
  const book: BookRow[] = bookIds.map((r, i) => ({
    voucherNo: `identity-${i}`,
    date,
    partyName: r.name,
    customerCode: r.code,
    tan: r.tan,
    pan: r.pan,
    gstin: r.gstin,
    amount: zero,
    tax: zero,
  }));
  const taxBook: TaxBookRow[] = taxIds.map((r, i) => ({
    ref: `identity-${i}`,
    tan: r.tan,
    name: r.name,
    section: '',
    transactionDate: date,
    status: 'F',
    amount: zero,
    tax: zero,
    deposited: zero,
  }));
  const plan = planReconciliation({
    kind,
    financialYear: fy,
    book,
    taxBook,
    parties: await masterParties(pool, entityId, kind),
    mappings: await mappingEntries(pool, entityId),
  });
  return {
    parties: plan.work.map((w) => ({
      key: w.party.key,
      name: w.party.name,
      book: w.book.length,
      taxBook: new Set(w.taxBook.map((e) => e.row.tan)).size,
    })),
    unresolved: plan.unresolved.map((u) => ({
      label: u.side === 'book' ? u.row.tan || u.row.partyName : u.row.tan || u.row.name,
      side: u.side,
      reason: u.reason,
    })),
  };
};

const percent = (part: number, whole: number): number =>
  whole === 0 ? 0 : Math.round((part * 10000) / whole) / 100;

// "Many" customers missing on the other side: more than a fifth of them.
const LOW_WARNING_BELOW = 80;

export const entityIdMetrics = async (
  ctx: AppContext,
  entityId: string,
  kind: ReconKind,
  fy: FinancialYear,
): Promise<EntityIdMetrics> => {
  const preview = await previewIdentities(ctx, entityId, kind, fy);
  const totalSalesBook = preview.parties.filter((p) => p.book > 0).length;
  const totalTaxBook = preview.parties.filter((p) => p.taxBook > 0).length;
  const totalIntersections = preview.parties.filter((p) => p.book > 0 && p.taxBook > 0).length;
  const salesPercentage = percent(totalIntersections, totalSalesBook);
  const taxBookPercentage = percent(totalIntersections, totalTaxBook);
  return {
    totalSalesBook,
    totalTaxBook,
    totalIntersections,
    salesPercentage,
    taxBookPercentage,
    salesLowWarning: totalSalesBook > 0 && salesPercentage < LOW_WARNING_BELOW,
    taxBookLowWarning: totalTaxBook > 0 && taxBookPercentage < LOW_WARNING_BELOW,
    customersMissingFromCustomerMaster: [...new Set(preview.unresolved.map((u) => u.label))].sort(),
  };
};

export interface GroupPreviewData {
  rows: GroupPreview['preview'];
  invalidTans: GroupPreview['invalidTans'];
}

export const groupPreviewData = async (
  ctx: AppContext,
  entityId: string,
  kind: ReconKind,
  fy: FinancialYear,
): Promise<GroupPreviewData> => {
  const preview = await previewIdentities(ctx, entityId, kind, fy);
  const ungrouped = new Map<string, { book: number; taxBook: number }>();
  for (const u of preview.unresolved) {
    const n = ungrouped.get(u.label) ?? { book: 0, taxBook: 0 };
    if (u.side === 'book') n.book++;
    else n.taxBook++;
    ungrouped.set(u.label, n);
  }
  const rows: GroupPreview['preview'] = [
    ...preview.parties.map((p) => ({
      status: 'Grouped' as const,
      entityId: p.key,
      name: p.name,
      noOfEntitiesFromSales: p.book,
      noOfEntitiesFrom26AS: p.taxBook,
    })),
    ...[...ungrouped].map(([label, n]) => ({
      status: 'Ungrouped' as const,
      entityId: label,
      name: label,
      noOfEntitiesFromSales: n.book,
      noOfEntitiesFrom26AS: n.taxBook,
    })),
  ];
  // A TAN given with more than one PAN (in the book, or in the master) cannot be trusted to group.
  const table = kind === 'TDS' ? 'sales_entries' : 'purchase_entries';
  const master = kind === 'TDS' ? 'customers' : 'vendors';
  const invalid = await sql<{ tan: string; pans: string[] }>`
    SELECT tan, array_agg(DISTINCT pan ORDER BY pan) AS pans FROM (
      SELECT upper(tan) AS tan, upper(coalesce(pan, substr(gstin, 3, 10))) AS pan
      FROM ${sql.table(table)} WHERE entity_id = ${entityId} AND financial_year = ${fy}
      UNION ALL
      SELECT tan_number, pan_number FROM ${sql.table(master)} WHERE entity_id = ${entityId}
    ) t
    WHERE tan IS NOT NULL AND tan <> '' AND pan IS NOT NULL AND pan <> ''
    GROUP BY tan HAVING count(DISTINCT pan) > 1 ORDER BY tan`.execute(ctx.db);
  return { rows, invalidTans: invalid.rows.map((r) => ({ tan: r.tan, panNos: r.pans })) };
};

export const groupPreview = async (
  ctx: AppContext,
  entityId: string,
  kind: ReconKind,
  fy: FinancialYear,
): Promise<GroupPreview> => {
  const data = await groupPreviewData(ctx, entityId, kind, fy);
  const csv = data.rows.length > GROUP_PREVIEW_CSV_ABOVE || data.invalidTans.length > GROUP_PREVIEW_CSV_ABOVE;
  return {
    preview: csv ? [] : data.rows,
    invalidTans: csv ? [] : data.invalidTans,
    totalPreviewRows: data.rows.length,
    totalInvalidTans: data.invalidTans.length,
    csv,
  };
};
