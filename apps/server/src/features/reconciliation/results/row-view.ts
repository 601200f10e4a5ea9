import type {
  PurchaseDiscrepancyRow,
  ReconKind,
  SalesDiscrepancyRow,
  TaxBookDiscrepancyRow,
} from '@taxrecon/contracts';
import { describeUnmatched, type UnmatchedReason } from '@taxrecon/engine';
import { sql } from 'kysely';
import type { AppContext } from '../../../platform/context.ts';
import { badRequest } from '../../../platform/http/errors.ts';
import { money, paise } from '../matching/money.ts';

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

const rate = (r: StoredRow): string | null => {
  const amount = paise(r.amount);
  if (amount === 0) return null;
  return ((paise(r.tax) * 100) / amount).toFixed(2);
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
  acceptedTax: r.accepted_tax === null ? null : money(r.accepted_tax),
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
  professionalServices: money(r.amount),
  tdsOnSales: money(r.tax),
  tdsRate: r.rate === null ? null : String(Number(r.rate)),
  tds: money(r.tax),
});

export const purchaseRow = (r: StoredRow): PurchaseDiscrepancyRow => ({
  ...state(r, 'TCS'),
  billNumber: r.ref,
  supplierName: r.name,
  purchaseValue: money(r.amount),
  tcsOnPurchase: money(r.tax),
  tcsRate: r.rate === null ? null : String(Number(r.rate)),
  tcs: money(r.tax),
});

export const taxBookRow = (r: StoredRow, kind: ReconKind): TaxBookDiscrepancyRow => ({
  ...state(r, kind),
  section: r.section ?? '',
  deductorName: r.name,
  amount: money(r.amount),
  amountPaid: money(r.amount),
  taxDeducted: money(r.tax),
  tax: money(r.tax),
  taxFiled: money(r.deposited),
  taxRate: rate(r),
  status: r.status ?? '',
  bookingDate: r.booking_date,
  remarks: r.remarks,
});
