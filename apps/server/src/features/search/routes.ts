import type { searchRoutes } from '@taxrecon/contracts';
import { rupeesOfNumeric } from '@taxrecon/shared';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import { contains } from '../../platform/db/like.ts';
import type { DB } from '../../platform/db/schema.ts';
import type { Handlers } from '../../platform/http/bind-routes.ts';
import { entityOf } from '../../platform/http/caller.ts';
import { notFound } from '../../platform/http/errors.ts';

type R = typeof searchRoutes;

// Where each kind of data keeps its financial year.
const YEAR_TABLES = {
  sales: 'sales_entries',
  purchase: 'purchase_entries',
  '26as': 'tax_entries',
  '34a': 'payable_runs',
  form16a: 'form16a_documents',
} as const;
const PAYABLE_FILE_KINDS = {
  expenses: ['expense', 'expense-output'],
  payments: ['vendor-payment'],
  'payable-sales': ['sales'],
} as const;

// Years as the API writes them ('2024-25'), latest first, once each; the
// payable tables may hold the short '24-25'.
const canonicalYears = (stored: (string | null)[]): string[] => {
  const years = new Set<string>();
  for (const fy of stored) {
    const m = fy ? /^(\d{2}|\d{4})-(\d{2})$/.exec(fy) : null;
    if (!m?.[1] || !m[2]) continue;
    years.add(`${m[1].length === 2 ? `20${m[1]}` : m[1]}-${m[2]}`);
  }
  return [...years].sort().reverse();
};

// A business date compared as a date, whatever the session's time zone.
const day = (d: string) => sql<Date>`${d}::date`;
const iso = (d: Date) => d.toISOString().slice(0, 10);
const money = (v: string | null) => (v === null ? null : rupeesOfNumeric(v));

// The filters every book search shares: criteria matched partially and
// case-insensitively (request field -> column), and a transaction date range.
const matching = <T extends keyof DB, O, F extends { startDate?: string | null; endDate?: string | null }>(
  query: SelectQueryBuilder<DB, T, O>,
  body: F,
  columns: Partial<Record<keyof F & string, string>>,
) => {
  let q = query;
  for (const [key, column] of Object.entries(columns) as [keyof F & string, string][]) {
    const typed = body[key];
    if (typeof typed === 'string' && typed) q = q.where(sql.ref(column), 'ilike', contains(typed));
  }
  if (body.startDate) q = q.where(sql.ref('transaction_date'), '>=', day(body.startDate));
  if (body.endDate) q = q.where(sql.ref('transaction_date'), '<=', day(body.endDate));
  return q;
};

// Totals are summed in SQL over every matching row (numeric, exact), then the page is read.
const page = async <T extends keyof DB, O>(
  query: SelectQueryBuilder<DB, T, O>,
  options: { page: number; pageSize: number; sortBy?: string | undefined; sortDirection: 'asc' | 'desc' },
  sortable: Record<string, string>,
  amount: string,
  tax: string,
) => {
  const totals = await query
    .clearSelect()
    .select([
      sql<number>`count(*)::int`.as('count'),
      sql<string>`coalesce(sum(${sql.ref(amount)}), 0)::text`.as('amount'),
      sql<string>`coalesce(sum(${sql.ref(tax)}), 0)::text`.as('tax'),
    ])
    .executeTakeFirstOrThrow();
  // (own keys only: 'constructor' is on every object)
  const sortColumn =
    (options.sortBy && Object.hasOwn(sortable, options.sortBy) ? sortable[options.sortBy] : undefined) ||
    Object.values(sortable)[0] ||
    'id';
  const rows = await query
    .orderBy(sql.ref(sortColumn), options.sortDirection)
    .orderBy(sql.ref('id'))
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize)
    .execute();
  const t = totals as unknown as { count: number; amount: string; tax: string };
  return {
    rows,
    totals: { count: t.count, amount: rupeesOfNumeric(t.amount), tax: rupeesOfNumeric(t.tax) },
  };
};

export const searchHandlers = (ctx: AppContext): Handlers<R> => ({
  search26as: async ({ caller, body }) => {
    let q = matching(
      ctx.db.selectFrom('tax_entries').selectAll().where('entity_id', '=', entityOf(caller)),
      body,
      { tanNumber: 'tan', customerName: 'deductor_name' },
    );
    if (body.taxType) q = q.where('part', '=', body.taxType);
    if (body.financialYear) q = q.where('financial_year', '=', body.financialYear);
    if (body.panNumber) {
      // 26AS rows carry the deductor's TAN; a PAN finds them through the customer master.
      const pan = body.panNumber.toUpperCase();
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('customers as c')
            .select('c.id')
            .whereRef('c.entity_id', '=', 'tax_entries.entity_id')
            .whereRef('c.tan_number', '=', 'tax_entries.tan')
            .where('c.pan_number', '=', pan),
        ),
      );
    }
    const sortable = {
      transactiondate: 'transaction_date',
      customername: 'deductor_name',
      tannumber: 'tan',
      amountpaid: 'amount',
      taxdeducted: 'tax',
    };
    const result = await page(q, body, sortable, 'amount', 'tax');
    return {
      totalRecords: result.totals.count,
      totals: result.totals,
      records: result.rows.map((r) => ({
        id: String(r.id),
        customername: r.deductor_name,
        tannumber: r.tan,
        section: r.section,
        transactiondate: iso(r.transaction_date),
        status: r.status,
        bookingdate: r.booking_date ? iso(r.booking_date) : null,
        amountpaid: money(r.amount) ?? '0.00',
        taxdeducted: money(r.tax) ?? '0.00',
        taxfiled: money(r.deposited) ?? '0.00',
        taxtype: r.part,
        financialyear: r.financial_year,
        file: r.file_name,
        line: r.line,
      })),
    };
  },
  searchSales: async ({ caller, body }) => {
    const q = matching(
      ctx.db.selectFrom('sales_entries').selectAll().where('entity_id', '=', entityOf(caller)),
      body,
      { tanNumber: 'tan', customerName: 'customer_name', panNumber: 'pan', invoiceNumber: 'voucher_number' },
    );
    const sortable = {
      transactiondate: 'transaction_date',
      customername: 'customer_name',
      vouchernumber: 'voucher_number',
      professionalservices: 'sale_amount',
      tdsonsales: 'tds_amount',
    };
    const result = await page(q, body, sortable, 'sale_amount', 'tds_amount');
    return {
      totalRecords: result.totals.count,
      totals: result.totals,
      records: result.rows.map((r) => ({
        id: String(r.id),
        customername: r.customer_name,
        customercode: r.customer_code,
        vouchernumber: r.voucher_number,
        pannumber: r.pan,
        tannumber: r.tan,
        originaltransactiondate: iso(r.original_transaction_date),
        transactiondate: iso(r.transaction_date),
        invoicevalue: money(r.invoice_value),
        professionalservices: money(r.sale_amount),
        tdsrate: r.tds_rate === null ? null : String(Number(r.tds_rate)),
        tdsonsales: money(r.tds_amount),
        section: r.section,
        toReconcile: r.to_reconcile,
      })),
    };
  },
  searchPurchase: async ({ caller, body }) => {
    const q = matching(
      ctx.db.selectFrom('purchase_entries').selectAll().where('entity_id', '=', entityOf(caller)),
      body,
      { tanNumber: 'tan', supplierName: 'supplier_name', panNumber: 'pan' },
    );
    const sortable = {
      transactiondate: 'transaction_date',
      suppliername: 'supplier_name',
      billnumber: 'bill_number',
      purchasevalue: 'purchase_value',
      tcsonpurchase: 'tcs_amount',
    };
    const result = await page(q, body, sortable, 'purchase_value', 'tcs_amount');
    return {
      totalRecords: result.totals.count,
      totals: result.totals,
      records: result.rows.map((r) => ({
        id: String(r.id),
        suppliername: r.supplier_name,
        tannumber: r.tan,
        billnumber: r.bill_number,
        pannumber: r.pan,
        transactiondate: iso(r.transaction_date),
        invoicevalue: money(r.invoice_value),
        purchasevalue: money(r.purchase_value),
        tcsrate: r.tcs_rate === null ? null : String(Number(r.tcs_rate)),
        tcsonpurchase: money(r.tcs_amount),
      })),
    };
  },
  salesToReconcile: async ({ caller }) => {
    const rows = await ctx.db
      .selectFrom('sales_entries')
      .select('customer_name')
      .distinct()
      .where('entity_id', '=', entityOf(caller))
      .where('to_reconcile', '=', true)
      .orderBy('customer_name')
      .execute();
    return { customers: rows.map((r) => r.customer_name) };
  },
  financialYearsWithData: async ({ caller, query }) => {
    const entity = entityOf(caller);
    const db = ctx.db;
    const book = query.book;
    const years = (q: { execute: () => Promise<{ financial_year: string | null }[]> }) =>
      q.execute().then((rows) => rows.map((r) => r.financial_year));
    const stored =
      book === 'expenses' || book === 'payments' || book === 'payable-sales'
        ? await years(
            db
              .selectFrom('payable_files')
              .select('financial_year')
              .distinct()
              .where('entity_id', '=', entity)
              .where('kind', 'in', PAYABLE_FILE_KINDS[book]),
          )
        : await years(
            db
              .selectFrom(YEAR_TABLES[book])
              .select('financial_year')
              .distinct()
              .where('entity_id', '=', entity),
          );
    return { years: canonicalYears(stored) };
  },
  editSalesEntry: async ({ caller, query }) => {
    const updated = await ctx.db
      .updateTable('sales_entries')
      .set({
        tds_amount: query.tdsAmount,
        tds_rate: query.tdsRate,
        ...(query.saleAmount ? { sale_amount: query.saleAmount } : {}),
        to_reconcile: true,
      })
      .where('id', '=', query.id)
      .where('entity_id', '=', entityOf(caller))
      .returning('customer_name')
      .executeTakeFirst();
    if (!updated) throw notFound('Sales entry not found');
    return { status: true, message: `Saved. ${updated.customer_name} needs to be reconciled again.` };
  },
});
