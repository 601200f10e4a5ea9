import {
  VENDOR_PAYMENT_SEARCH_LIMIT,
  type VendorPaymentRecord,
  type VendorPaymentSearch,
} from '@taxrecon/contracts';
import { rupeesOfNumeric } from '@taxrecon/shared';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import { contains } from '../../platform/db/like.ts';
import { type Caller, entityOf } from '../../platform/http/caller.ts';

// Search Vendor Payment Entries: text filters match a part of the value
// regardless of case; amounts, rate and date match exactly; from/to bound the
// payment date. The newest payments first, 1000 a page: the screen shows the
// first page, the Excel export reads them all.
// an ISO date compared as a date in SQL (the column reads back as a Date)
const asDate = (iso: string) => sql<Date>`${iso}::date`;
const given = (v: string | undefined): v is string => v !== undefined && v.trim() !== '';

export const searchVendorPayments = async (
  ctx: AppContext,
  caller: Caller,
  filters: VendorPaymentSearch,
): Promise<{ records: VendorPaymentRecord[]; totalRecords: number }> => {
  const entityId = entityOf(caller);
  let q = ctx.db
    .selectFrom('vendor_payments as v')
    .innerJoin('payable_files as p', 'p.id', 'v.payable_file_id')
    .where('v.entity_id', '=', entityId);
  const texts = [
    ['paymentNumber', 'v.payment_number'],
    ['paymentDescription', 'v.payment_description'],
    ['vendorCode', 'v.vendor_code'],
    ['vendorName', 'v.vendor_name'],
    ['sectionNumber', 'v.section_number'],
    ['subSection', 'v.sub_section'],
    ['panNumber', 'v.pan_number'],
  ] as const;
  for (const [field, column] of texts) {
    const value = filters[field];
    if (given(value)) q = q.where(column, 'ilike', contains(value.trim()));
  }
  if (given(filters.paymentDate)) q = q.where('v.payment_date', '=', asDate(filters.paymentDate));
  if (given(filters.paymentFromDate)) q = q.where('v.payment_date', '>=', asDate(filters.paymentFromDate));
  if (given(filters.paymentToDate)) q = q.where('v.payment_date', '<=', asDate(filters.paymentToDate));
  if (given(filters.baseAmount)) q = q.where('v.base_amount', '=', filters.baseAmount);
  if (given(filters.tdsAmount)) q = q.where('v.tds_amount', '=', filters.tdsAmount);
  if (given(filters.tdsRate)) q = q.where('v.tds_rate', '=', filters.tdsRate);

  const total = await q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const rows = await q
    .select([
      'v.id',
      sql<string>`v.payment_date::text`.as('payment_date'),
      'v.payment_number',
      'v.payment_description',
      'v.vendor_code',
      'v.pan_number',
      'v.vendor_name',
      'v.base_amount',
      'v.section_number',
      'v.sub_section',
      'v.tds_rate',
      'v.tds_amount',
      'v.line',
      'p.file_name',
    ])
    .orderBy('v.payment_date', 'desc')
    .orderBy('p.file_name')
    .orderBy('v.line')
    // the id last: two loads of a file of the same name share file and line,
    // and a page boundary between them must not repeat or skip a payment
    .orderBy('v.id')
    .limit(VENDOR_PAYMENT_SEARCH_LIMIT)
    .offset(((filters.page ?? 1) - 1) * VENDOR_PAYMENT_SEARCH_LIMIT)
    .execute();
  return {
    totalRecords: Number(total.n),
    records: rows.map((r) => ({
      id: r.id,
      paymentDate: r.payment_date,
      paymentNumber: r.payment_number,
      paymentDescription: r.payment_description,
      vendorCode: r.vendor_code,
      panNumber: r.pan_number,
      vendorName: r.vendor_name,
      baseAmount: rupeesOfNumeric(r.base_amount),
      sectionNumber: r.section_number,
      subSection: r.sub_section,
      tdsRate: r.tds_rate === null ? null : String(Number(r.tds_rate)),
      tdsAmount: rupeesOfNumeric(r.tds_amount),
      fileName: r.file_name,
      line: r.line,
    })),
  };
};
