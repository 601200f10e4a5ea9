import type {
  AllocationGroup,
  DepositMode,
  MoveAllocationRequest,
  QuarterAllocation,
} from '@taxrecon/contracts';
import { toPayableFy } from '@taxrecon/contracts';
import { allocateRows } from '@taxrecon/engine';
import { formatInr, formatRupees, type Paise, paiseOfNumeric } from '@taxrecon/shared';
import type pg from 'pg';
import type { AppContext } from '../../platform/context.ts';
import { withTransaction } from '../../platform/db/transaction.ts';
import { type Caller, entityOf } from '../../platform/http/caller.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { financialYearOfMonth, monthLabel, quarterOfMonth } from '../payable/runs/months.ts';

import { monthsOfQuarter } from './quarterly.ts';
import { challanName } from './store.ts';
import { clearMonthVerification } from './verify.ts';

type Quarter = 'Q1' | 'Q2' | 'Q3' | 'Q4';
type Db = pg.Pool | pg.PoolClient;

// Deductee rows of a quarter (the 34A entries with tax deducted that go into
// the 26Q: not the 27Q's non-residents) and the challans of the quarter,
// grouped by section, sub-section and deductee type: a challan pays the tax of
// its own line, so a row may only be allocated within its group.

export interface DeducteeRow {
  entry_id: string;
  month: string;
  document_date: string | null;
  ref: string;
  pan: string | null;
  vendor_name: string | null;
  section: string;
  section_number: string;
  sub_section: string;
  deductee_type: AllocationGroup['deducteeType'];
  base: string;
  deducted: string;
  rate: string | null;
  // why the rate (engine RateBasis: normal, 206AA, 206AB, LDC, LDC+normal)
  rate_basis: string | null;
  // the 2025 Act's payment code, on entries dated from 1 April 2026
  payment_code: string | null;
  // the lower deduction certificate in force for the row (rate_basis LDC)
  certificate_number: string | null;
  // LDC+normal: the part of the taxable amount at the certificate's rate
  // (`rate`) and the rate of the rest; null on every other row
  taxable: string;
  ldc_taxable: string | null;
  normal_rate: string | null;
  // the TAN the tax was deducted under (the ledger's), when the books name one
  tan: string | null;
  challan_id: string | null;
  source: 'auto' | 'manual' | null;
}

export interface QuarterChallan {
  id: string;
  month: string;
  section_number: string;
  sub_section: string;
  deductee_type: AllocationGroup['deducteeType'];
  deposit_mode: DepositMode;
  bsr_code: string;
  challan_serial_number: string;
  date_of_deposit: string;
  tax_amount: string;
  surcharge: string;
  education_cess: string;
  interest: string;
  fee: string;
  penalty: string;
  others: string;
  minor_head: string;
  tan: string;
}

// The lower deduction certificate an entry at a certificate's rate was under:
// the vendor's PAN and section, in force on the document date (the 26Q
// writes its number with remark A). A column of a select over payable_entries e.
export const ENTRY_CERTIFICATE_SQL = `CASE WHEN e.rate_basis LIKE 'LDC%' THEN (
           SELECT l.certificate_number FROM ldc_certificates l
            WHERE l.entity_id = e.entity_id AND l.pan_number = upper(trim(e.pan))
              AND l.section_number = e.section_number AND coalesce(l.sub_section, '') = e.sub_section
              AND e.document_date BETWEEN l.valid_from AND l.valid_to
            ORDER BY l.valid_from DESC, l.certificate_number LIMIT 1) END AS certificate_number`;

const rowsSql = (where: string) => `
  SELECT e.id::text AS entry_id, e.month, to_char(e.document_date, 'YYYY-MM-DD') AS document_date, e.ref,
         nullif(upper(trim(e.pan)), '') AS pan, v.vendor_name, e.section, e.section_number, e.sub_section,
         e.deductee_type, e.base::text, e.deducted::text, e.rate::text, e.rate_basis, e.payment_code,
         e.taxable::text, e.ldc_taxable::text, e.normal_rate::text, nullif(upper(trim(e.tan)), '') AS tan,
         ${ENTRY_CERTIFICATE_SQL},
         c.id::text AS challan_id, a.source
    FROM payable_entries e
    LEFT JOIN vendors v ON v.entity_id = e.entity_id AND v.vendor_code = e.vendor_code
    LEFT JOIN challan_allocations a ON a.entry_id = e.id AND a.entity_id = e.entity_id
    LEFT JOIN payable_challans c ON c.id = a.challan_id AND c.entity_id = e.entity_id
   WHERE e.entity_id = $1 AND ${where}
     AND e.deducted > 0 AND e.section_number IS NOT NULL AND e.deductee_type IS NOT NULL
     AND e.return_form IS DISTINCT FROM '27Q'`;

export const quarterRows = async (db: Db, entityId: string, fy: string, months: string[]) =>
  (
    await db.query<DeducteeRow>(
      `${rowsSql('e.financial_year = $2 AND e.month = ANY($3)')} ORDER BY e.document_date NULLS LAST, e.id`,
      [entityId, fy, months],
    )
  ).rows;

const CHALLAN_SQL = `
  SELECT id::text, month, section_number, sub_section, deductee_type, deposit_mode, bsr_code, challan_serial_number,
         to_char(date_of_deposit, 'YYYY-MM-DD') AS date_of_deposit, tax_amount::text, surcharge::text,
         education_cess::text, interest::text, fee::text, penalty::text, others::text, minor_head, tan
    FROM payable_challans WHERE entity_id = $1 AND month = ANY($2)`;

export const quarterChallanRows = async (db: Db, entityId: string, months: string[]) =>
  (
    await db.query<QuarterChallan>(`${CHALLAN_SQL} ORDER BY date_of_deposit, created_at, id`, [
      entityId,
      months,
    ])
  ).rows;

const groupKey = (r: { section_number: string; sub_section: string; deductee_type: string }) =>
  `${r.section_number}|${r.sub_section}|${r.deductee_type}`;

// A challan is paid under a TAN, and a row deducted under another TAN is not
// its tax (TRACES leaves such a challan unmatched). A row whose books name no
// TAN may go to any challan of its group.
const tanFits = (row: { tan: string | null }, challan: { tan: string }) =>
  row.tan === null || row.tan === challan.tan.toUpperCase();

const quarterOf = (fyText: string, quarter: Quarter) => {
  const fy = toPayableFy(fyText);
  return { fy, months: monthsOfQuarter(fy, quarter) };
};

export const quarterAllocation = async (
  ctx: AppContext,
  caller: Caller,
  fyText: string,
  quarter: Quarter,
): Promise<QuarterAllocation> => {
  const entityId = entityOf(caller);
  const { fy, months } = quarterOf(fyText, quarter);
  const rows = await quarterRows(ctx.database.pool, entityId, fy, months);
  const challans = await quarterChallanRows(ctx.database.pool, entityId, months);
  const groups = new Map<string, AllocationGroup>();
  const groupOf = (r: DeducteeRow | QuarterChallan) => {
    const key = groupKey(r);
    let g = groups.get(key);
    if (!g) {
      g = {
        section: r.section_number,
        subsection: r.sub_section,
        deducteeType: r.deductee_type,
        challans: [],
        rows: [],
        unallocated: '0.00',
        unallocatedRows: 0,
      };
      groups.set(key, g);
    }
    return g;
  };
  const allocatedTo = new Map<string, { paise: number; rows: number }>();
  let deducted = 0;
  let unallocated = 0;
  let unallocatedRows = 0;
  for (const r of rows) {
    const tax = paiseOfNumeric(r.deducted);
    deducted += tax;
    if (r.challan_id) {
      const a = allocatedTo.get(r.challan_id) ?? { paise: 0, rows: 0 };
      allocatedTo.set(r.challan_id, { paise: a.paise + tax, rows: a.rows + 1 });
    } else {
      unallocated += tax;
      unallocatedRows += 1;
      const g = groupOf(r);
      g.unallocated = formatRupees(paiseOfNumeric(g.unallocated) + tax);
      g.unallocatedRows += 1;
    }
    groupOf(r).rows.push({
      entryId: r.entry_id,
      monthYear: r.month,
      documentDate: r.document_date,
      ref: r.ref,
      pan: r.pan,
      vendorName: r.vendor_name ?? '',
      base: formatRupees(paiseOfNumeric(r.base)),
      deducted: formatRupees(tax),
      challanId: r.challan_id,
      source: r.challan_id ? r.source : null,
    });
  }
  let challanLeft = 0;
  for (const c of challans) {
    const a = allocatedTo.get(c.id) ?? { paise: 0, rows: 0 };
    const tax = paiseOfNumeric(c.tax_amount);
    challanLeft += tax - a.paise;
    groupOf(c).challans.push({
      id: c.id,
      monthYear: c.month,
      depositMode: c.deposit_mode,
      bsrCode: c.bsr_code,
      challanSerialNumber: c.challan_serial_number,
      dateOfDeposit: c.date_of_deposit,
      taxAmount: formatRupees(tax),
      allocated: formatRupees(a.paise),
      left: formatRupees(tax - a.paise),
      rows: a.rows,
    });
  }
  return {
    financialYear: fy,
    quarter,
    groups: [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, g]) => g),
    totals: {
      deducted: formatRupees(deducted),
      allocated: formatRupees(deducted - unallocated),
      unallocated: formatRupees(unallocated),
      unallocatedRows,
      challanLeft: formatRupees(challanLeft),
    },
  };
};

// Automatic allocation (engine allocateRows: rows oldest first, each to the
// earliest challan deposited on or after it with room for its whole tax) of
// the rows not yet allocated, into what is left on each challan of their
// group. Allocations already made, by hand or earlier, are kept.
export const autoAllocate = async (ctx: AppContext, caller: Caller, fyText: string, quarter: Quarter) => {
  const entityId = entityOf(caller);
  const { fy, months } = quarterOf(fyText, quarter);
  return withTransaction(ctx.database.pool, async (db) => {
    const {
      allocated,
      unallocated,
      months: touched,
    } = await allocateQuarterIn(db, entityId, caller.login, fy, months);
    // the rows' months and their challans' months: a verified one is no longer
    await clearMonthVerification(
      db,
      entityId,
      touched,
      caller.login,
      `${allocated} ${allocated === 1 ? 'row' : 'rows'} of ${quarter} allocated automatically`,
    );
    return {
      message:
        unallocated === 0
          ? `${allocated} ${allocated === 1 ? 'row' : 'rows'} allocated to challans.`
          : `${allocated} ${allocated === 1 ? 'row' : 'rows'} allocated to challans; ${unallocated} ${unallocated === 1 ? 'row has' : 'rows have'} no challan with room for its tax.`,
      allocated,
      unallocated,
    };
  });
};

// The allocation itself, inside the caller's transaction (the demo's challans
// are allocated in the same transaction that creates them).
export const allocateQuarterIn = async (
  db: pg.PoolClient,
  entityId: string,
  login: string,
  fy: string,
  months: string[],
) => {
  // one allocation at a time per entity: two tabs pressing the button must
  // not both fill the same room on a challan
  await db.query('SELECT id FROM legal_entities WHERE id = $1 FOR UPDATE', [entityId]);
  const rows = await quarterRows(db, entityId, fy, months);
  const challans = await quarterChallanRows(db, entityId, months);
  const used = new Map<string, number>();
  for (const r of rows)
    if (r.challan_id) used.set(r.challan_id, (used.get(r.challan_id) ?? 0) + paiseOfNumeric(r.deducted));
  let allocated = 0;
  let unallocated = 0;
  // the months of the rows allocated and of the challans they went to
  const touched = new Set<string>();
  const monthOfChallan = new Map(challans.map((c) => [c.id, c.month]));
  const monthOfRow = new Map(rows.map((r) => [r.entry_id, r.month]));
  const keys = new Set(rows.filter((r) => !r.challan_id).map(groupKey));
  for (const key of keys) {
    const open = rows.filter((r) => !r.challan_id && groupKey(r) === key);
    // rows of a TAN first, each to challans of that TAN; rows without one last
    const tans = [...new Set(open.map((r) => r.tan))].sort((a, b) =>
      a === null ? 1 : b === null ? -1 : a < b ? -1 : a > b ? 1 : 0,
    );
    for (const tan of tans) {
      const bucket = open.filter((r) => r.tan === tan);
      const result = allocateRows(
        bucket.map((r) => ({
          id: r.entry_id,
          tax: paiseOfNumeric(r.deducted),
          date: r.document_date ?? `${r.month}-01`,
        })),
        challans
          .filter((c) => groupKey(c) === key && tanFits({ tan }, c))
          .map((c) => ({
            id: c.id,
            tax: paiseOfNumeric(c.tax_amount) - (used.get(c.id) ?? 0),
            date: c.date_of_deposit,
          })),
      );
      const pairs = Object.entries(result.assigned);
      const taxOf = new Map(bucket.map((r) => [r.entry_id, paiseOfNumeric(r.deducted)]));
      for (const [e, c] of pairs) {
        used.set(c, (used.get(c) ?? 0) + (taxOf.get(e) ?? 0));
        touched.add(monthOfRow.get(e)!);
        touched.add(monthOfChallan.get(c)!);
      }
      if (pairs.length > 0)
        await db.query(
          `INSERT INTO challan_allocations (entry_id, entity_id, challan_id, source, allocated_by_login)
           SELECT e::bigint, $1, c::uuid, 'auto', $4 FROM unnest($2::text[], $3::text[]) AS t(e, c)`,
          [entityId, pairs.map(([e]) => e), pairs.map(([, c]) => c), login],
        );
      allocated += pairs.length;
      unallocated += result.unallocated.length;
    }
  }
  return { allocated, unallocated, months: [...touched].sort() };
};

const rupees = (p: number) => formatInr(p as Paise);

const challanOfId = async (db: Db, entityId: string, id: string) =>
  (
    await db.query<{
      id: string;
      month: string;
      deposit_mode: DepositMode;
      bsr_code: string;
      challan_serial_number: string;
      date_of_deposit: string;
    }>(
      `SELECT id::text, month, deposit_mode, bsr_code, challan_serial_number, to_char(date_of_deposit, 'YYYY-MM-DD') AS date_of_deposit
         FROM payable_challans WHERE id = $1 AND entity_id = $2`,
      [id, entityId],
    )
  ).rows[0] ?? null;

// Moves one row to a challan of its own group and quarter, or unallocates it.
// A challan is never allocated more than its tax amount.
export const moveAllocation = async (ctx: AppContext, caller: Caller, body: MoveAllocationRequest) => {
  const entityId = entityOf(caller);
  return withTransaction(ctx.database.pool, async (db) => {
    await db.query('SELECT id FROM legal_entities WHERE id = $1 FOR UPDATE', [entityId]);
    const entry = (await db.query<DeducteeRow>(rowsSql('e.id = $2::bigint'), [entityId, body.entryId]))
      .rows[0];
    if (!entry) throw notFound('Deductee row not found');
    const from = entry.challan_id ? await challanOfId(db, entityId, entry.challan_id) : null;
    const rowName = `a row (${entry.ref}) of ${monthLabel(entry.month)}`;
    if (body.challanId === null) {
      await db.query('DELETE FROM challan_allocations WHERE entry_id = $1 AND entity_id = $2', [
        body.entryId,
        entityId,
      ]);
      // a verified month's rows and challans are what was verified
      if (from)
        await clearMonthVerification(
          db,
          entityId,
          [entry.month, from.month],
          caller.login,
          `${rowName} unallocated from ${challanName(from)}`,
        );
      return { message: 'Row unallocated' };
    }
    const challan = (
      await db.query<QuarterChallan & { allocated: string | null }>(
        `SELECT c.id::text, c.month, c.section_number, c.sub_section, c.deductee_type, c.deposit_mode, c.bsr_code,
                c.challan_serial_number, to_char(c.date_of_deposit, 'YYYY-MM-DD') AS date_of_deposit,
                c.tax_amount::text, c.tan,
                (SELECT sum(e.deducted) FROM challan_allocations a JOIN payable_entries e ON e.id = a.entry_id
                  WHERE a.challan_id = c.id AND a.entity_id = c.entity_id AND a.entry_id <> $3::bigint)::text AS allocated
           FROM payable_challans c WHERE c.id = $1 AND c.entity_id = $2`,
        [body.challanId, entityId, body.entryId],
      )
    ).rows[0];
    if (!challan) throw notFound('Challan not found');
    const name = challanName(challan);
    if (groupKey(challan) !== groupKey(entry))
      throw badRequest(
        `The row is section ${entry.section_number}${entry.sub_section ? `(${entry.sub_section})` : ''}, ${entry.deductee_type}; ${name} pays section ${challan.section_number}${challan.sub_section ? `(${challan.sub_section})` : ''}, ${challan.deductee_type}.`,
        'ALLOCATION_GROUP',
      );
    if (!tanFits(entry, challan))
      throw badRequest(
        `The row's tax was deducted under TAN ${entry.tan}; ${name} was paid under TAN ${challan.tan}.`,
        'ALLOCATION_TAN',
      );
    const periodOf = (m: string) => `${financialYearOfMonth(m)} ${quarterOfMonth(m)}`;
    if (periodOf(challan.month) !== periodOf(entry.month))
      throw badRequest(
        `The row is of ${entry.month}; ${name} is of another quarter (${challan.month}).`,
        'ALLOCATION_QUARTER',
      );
    const left = paiseOfNumeric(challan.tax_amount) - paiseOfNumeric(challan.allocated);
    const tax = paiseOfNumeric(entry.deducted);
    if (tax > left)
      throw badRequest(
        `${name[0]!.toUpperCase()}${name.slice(1)} has ${rupees(left)} left; the row's tax is ${rupees(tax)}.`,
        'CHALLAN_OVER_ALLOCATED',
      );
    await db.query(
      `INSERT INTO challan_allocations (entry_id, entity_id, challan_id, source, allocated_by_login)
       VALUES ($1::bigint, $2, $3, 'manual', $4)
       ON CONFLICT (entry_id) DO UPDATE SET challan_id = EXCLUDED.challan_id, source = 'manual',
         allocated_by_login = EXCLUDED.allocated_by_login, allocated_at = now()`,
      [body.entryId, entityId, body.challanId, caller.login],
    );
    if (from?.id !== challan.id)
      await clearMonthVerification(
        db,
        entityId,
        [entry.month, challan.month, ...(from ? [from.month] : [])],
        caller.login,
        from ? `${rowName} moved from ${challanName(from)} to ${name}` : `${rowName} allocated to ${name}`,
      );
    return { message: `Row allocated to ${name}` };
  });
};
