import type {
  PurchaseDiscrepancyRow,
  ReconKind,
  SalesDiscrepancyRow,
  TaxBookDiscrepancyRow,
} from '@taxrecon/contracts';
import { describeUnmatched, type UnmatchedReason } from '@taxrecon/engine';
import { paiseOfNumeric, rupeesOfNumeric } from '@taxrecon/shared';
import { sql } from 'kysely';
import type { AppContext } from '../../../platform/context.ts';
import { badRequest } from '../../../platform/http/errors.ts';

// Stored result rows as the discrepancy screens show them (spec section 3:
// sales, purchase and 26AS discrepancy rows), with the id a decision names.

export const rowQuery = (ctx: AppContext, jobId: string, party: number) =>
  ctx.db
    .selectFrom('recon_rows')
    .select([
      'party',
      'side',
      'ord',
      'source_id',
      'ref',
      sql<string>`txn_date::text`.as('txn_date'),
      'name',
      'tan',
      'section',
      sql<string | null>`rate::text`.as('rate'),
      'status',
      sql<string | null>`booking_date::text`.as('booking_date'),
      'remarks',
      'amount',
      'tax',
      'deposited',
      'brought_forward',
      'carried_forward',
      'split_of',
      'match_no',
      'rule',
      'claimable',
      'accepted_tax',
      'action',
      'notes',
      'reason',
      'reason_code',
    ])
    .where('job_id', '=', jobId)
    .where('party', '=', party);

export type StoredRow = Awaited<ReturnType<ReturnType<typeof rowQuery>['execute']>>[number];

// "<party>:<B|T>:<position>": what update-discrepancies takes back.
export const rowId = (party: number, side: 'B' | 'T', ord: number): string => `${party}:${side}:${ord}`;

export const parseRowId = (id: string, side: 'B' | 'T'): { party: number; ord: number } => {
  const m = /^(\d{1,9}):([BT]):(\d{1,9})$/.exec(id);
  if (!m || m[2] !== side) {
    throw badRequest(
      `"${id}" is not an entry of the ${side === 'B' ? 'book' : '26AS'} table.`,
      'INVALID_ENTRY_ID',
    );
  }
  return { party: Number(m[1]), ord: Number(m[3]) };
};

export const manualActionOf = (r: Pick<StoredRow, 'action' | 'match_no'>): string | null =>
  r.action ?? (r.match_no !== null ? 'Matched' : null);

// Tax as a percent of the amount to two decimals, rounded half away from zero,
// in whole numbers: hundredths of a percent = tax * 10,000 / amount.
const rate = (r: StoredRow): string | null => {
  const amount = paiseOfNumeric(r.amount);
  if (amount === 0) return null;
  const tax = paiseOfNumeric(r.tax);
  const q = Math.abs(tax) * 10_000;
  const d = Math.abs(amount);
  const hundredths = (2 * q + d - ((2 * q + d) % (2 * d))) / (2 * d);
  const sign = hundredths !== 0 && tax < 0 !== amount < 0 ? '-' : '';
  return `${sign}${Math.trunc(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
};

const state = (r: StoredRow, kind: ReconKind) => ({
  id: rowId(r.party, r.side, r.ord),
  ref: r.ref,
  transactionDate: r.txn_date,
  tanNumber: r.tan,
  manualAction: manualActionOf(r),
  notes: ((r.notes ?? []) as { action: string; text: string; by: string | null; at: string | null }[]).map(
    (n) => ({
      action: n.action,
      text: n.text,
      by: n.by,
      at: n.at,
    }),
  ),
  matchGroup: r.match_no,
  rule: r.rule,
  claimable: r.claimable,
  acceptedTax: r.accepted_tax === null ? null : rupeesOfNumeric(r.accepted_tax),
  // kept when the totals level settled the row: it is what a reviewer of the totals claim reads
  reason:
    r.reason && (r.match_no === null || r.rule === 'totals')
      ? describeUnmatched(r.reason as UnmatchedReason, kind)
      : null,
  reasonCode: r.reason_code,
  broughtForward: r.brought_forward,
  carriedForward: r.carried_forward,
  splitOf: r.split_of === null ? null : rowId(r.party, r.side, r.split_of),
  sourceId: r.source_id === null ? null : String(r.source_id),
});

export const salesRow = (r: StoredRow): SalesDiscrepancyRow => ({
  ...state(r, 'TDS'),
  voucherNumber: r.ref,
  customerName: r.name,
  professionalServices: rupeesOfNumeric(r.amount),
  tdsOnSales: rupeesOfNumeric(r.tax),
  tdsRate: r.rate === null ? null : String(Number(r.rate)),
  tds: rupeesOfNumeric(r.tax),
});

export const purchaseRow = (r: StoredRow): PurchaseDiscrepancyRow => ({
  ...state(r, 'TCS'),
  billNumber: r.ref,
  supplierName: r.name,
  purchaseValue: rupeesOfNumeric(r.amount),
  tcsOnPurchase: rupeesOfNumeric(r.tax),
  tcsRate: r.rate === null ? null : String(Number(r.rate)),
  tcs: rupeesOfNumeric(r.tax),
});

export const taxBookRow = (r: StoredRow, kind: ReconKind): TaxBookDiscrepancyRow => ({
  ...state(r, kind),
  section: r.section ?? '',
  deductorName: r.name,
  amount: rupeesOfNumeric(r.amount),
  amountPaid: rupeesOfNumeric(r.amount),
  taxDeducted: rupeesOfNumeric(r.tax),
  tax: rupeesOfNumeric(r.tax),
  taxFiled: rupeesOfNumeric(r.deposited),
  taxRate: rate(r),
  status: r.status ?? '',
  bookingDate: r.booking_date,
  remarks: r.remarks,
});
