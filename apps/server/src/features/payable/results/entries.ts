import type { PayableEntry, PayableEntryStatus } from '@taxrecon/contracts';
import { isExemptionReason } from '@taxrecon/shared';
import type { AppContext } from '../../../platform/context.ts';
import type { Queryable } from '../inputs/queryable.ts';
import { money } from './money.ts';

// Entries of the year's latest result that make up one monthly summary row:
// the row's section, deductee type (and subsection when given), with the
// document month or the month its due is recognised in equal to the row's.

export interface GroupFilter {
  entityId: string;
  financialYear: string;
  month: string;
  section: string;
  deducteeType: string;
  subsection?: string | undefined;
  status?: PayableEntryStatus | undefined;
}

const SORTS: Record<string, string> = {
  documentDate: 'document_date ASC NULLS FIRST, id',
  '-documentDate': 'document_date DESC NULLS LAST, id',
  base: 'base, id',
  '-base': 'base DESC, id',
  due: 'due, id',
  '-due': 'due DESC, id',
  deducted: 'deducted, id',
  '-deducted': 'deducted DESC, id',
  vendorCode: 'vendor_code NULLS FIRST, id',
  '-vendorCode': 'vendor_code DESC NULLS LAST, id',
  status: 'status, id',
  '-status': 'status DESC, id',
  line: 'file, line, id',
};

export const groupWhere = (f: GroupFilter): { sql: string; params: unknown[] } => {
  const params: unknown[] = [f.entityId, f.financialYear, f.section, f.deducteeType, f.month];
  let sql = `entity_id = $1 AND financial_year = $2 AND section_number = $3 AND deductee_type = $4
    AND (month = $5 OR recognised_month = $5)`;
  if (f.subsection !== undefined) {
    params.push(f.subsection);
    sql += ` AND sub_section = $${params.length}`;
  }
  if (f.status) {
    params.push(f.status);
    sql += ` AND status = $${params.length}`;
  }
  return { sql, params };
};

export const ENTRY_SELECT = `id, file, line, ref, document_date::text AS document_date, month, recognised_month,
  vendor_code, pan, tan, section, section_number, sub_section, section_source, payment_code, deductee_type,
  base::text, taxable::text, rate::text, rate_basis, liable, due::text, deducted::text, deposited, interest::text,
  status, error_code, reason, exempt_reason,
  EXISTS (SELECT 1 FROM challan_allocations a WHERE a.entry_id = payable_entries.id) AS allocated`;

export interface EntryRow {
  id: string;
  file: string;
  line: number;
  ref: string;
  document_date: string | null;
  month: string | null;
  recognised_month: string | null;
  vendor_code: string | null;
  pan: string | null;
  tan: string | null;
  section: string | null;
  section_number: string | null;
  sub_section: string;
  section_source: string | null;
  payment_code: string | null;
  deductee_type: PayableEntry['deducteeType'];
  base: string;
  taxable: string;
  rate: string | null;
  rate_basis: string | null;
  liable: boolean;
  due: string;
  deducted: string;
  deposited: boolean;
  // allocated to a challan (the 26Q's link of a deductee row to its deposit)
  allocated: boolean;
  interest: string;
  status: PayableEntryStatus;
  error_code: string | null;
  reason: string;
  // B, T or Z: why the vendor's section mapping exempts the entry (null otherwise)
  exempt_reason: string | null;
}

export const entryOf = (r: EntryRow): PayableEntry => ({
  id: Number(r.id),
  file: r.file,
  line: r.line,
  ref: r.ref,
  documentDate: r.document_date,
  month: r.month,
  recognisedMonth: r.recognised_month,
  vendorCode: r.vendor_code,
  pan: r.pan,
  section: r.section,
  sectionSource: r.section_source,
  paymentCode: r.payment_code,
  deducteeType: r.deductee_type,
  base: money(r.base),
  taxable: money(r.taxable),
  rate: r.rate === null ? null : Number(r.rate),
  rateBasis: r.rate_basis,
  liable: r.liable,
  due: money(r.due),
  deducted: money(r.deducted),
  interest: money(r.interest),
  status: r.status,
  errorCode: r.error_code,
  reason: r.reason,
  exemptReason: isExemptionReason(r.exempt_reason) ? r.exempt_reason : null,
});

export const entriesPage = async (
  ctx: AppContext,
  filter: GroupFilter,
  page: number,
  pageSize: number,
  sort: string | undefined,
) => {
  const { sql, params } = groupWhere(filter);
  const pool = ctx.database.pool;
  const total = await pool.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM payable_entries WHERE ${sql}`,
    params,
  );
  const rows = await pool.query<EntryRow>(
    `SELECT ${ENTRY_SELECT} FROM payable_entries WHERE ${sql}
     ORDER BY ${SORTS[sort ?? 'line'] ?? SORTS.line} LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
    params,
  );
  return { total: Number(total.rows[0]?.n ?? 0), page, pageSize, rows: rows.rows.map(entryOf) };
};

// Rows in id batches, for the exports and reports: never the whole year in one answer.
export async function* entryBatches(
  db: Queryable,
  where: string,
  params: unknown[],
  batch = 20_000,
): AsyncGenerator<EntryRow[]> {
  let after = 0;
  for (;;) {
    const { rows } = await db.query<EntryRow>(
      `SELECT ${ENTRY_SELECT} FROM payable_entries WHERE (${where}) AND id > $${params.length + 1}
       ORDER BY id LIMIT ${batch}`,
      [...params, after],
    );
    if (rows.length === 0) return;
    yield rows;
    after = Number(rows[rows.length - 1]!.id);
    if (rows.length < batch) return;
  }
}
