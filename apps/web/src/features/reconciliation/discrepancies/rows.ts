import type {
  PurchaseDiscrepancyRow,
  ReconKind,
  SalesDiscrepancyRow,
  TaxBookDiscrepancyRow,
} from '@taxrecon/contracts';
import { reconStateName } from '@taxrecon/shared';

export type BookRow = SalesDiscrepancyRow | PurchaseDiscrepancyRow;
export type AnyRow = BookRow | TaxBookDiscrepancyRow;
export type Side = 'book' | 'taxBook';

const isSales = (row: AnyRow): row is SalesDiscrepancyRow => 'voucherNumber' in row;
const isPurchase = (row: AnyRow): row is PurchaseDiscrepancyRow => 'billNumber' in row;

// The amount and the tax of a row, whichever book it comes from (rupee strings).
export const rowAmount = (row: AnyRow): string =>
  isSales(row) ? row.professionalServices : isPurchase(row) ? row.purchaseValue : row.amountPaid;

export const rowTax = (row: AnyRow): string =>
  isSales(row) ? row.tdsOnSales : isPurchase(row) ? row.tcsOnPurchase : row.taxDeducted;

export const rowRef = (row: AnyRow): string =>
  isSales(row) ? row.voucherNumber : isPurchase(row) ? row.billNumber : `${row.section} ${row.ref}`;

// Spec section 4: Accept shows as match, Hold, Pending, FollowUp and Split as
// themselves; a row without an action is a discrepancy.
export const ACTION_COLORS: Record<string, string> = {
  Matched: 'teal',
  Accept: 'green',
  AcceptPartial: 'lime',
  Hold: 'yellow',
  FollowUp: 'blue',
  Pending: 'gray',
  Split: 'grape',
};

// A person's Accept reads "Accepted", apart from the automatic "Matched"
// (packages/shared names.ts).
export const actionLabel = (action: string | null): string =>
  action ? reconStateName(action) : 'Discrepancy';

export const searchTypeOf = (kind: ReconKind, side: Side): 'Sales' | 'Purchase' | 'Taxbook' =>
  side === 'taxBook' ? 'Taxbook' : kind === 'TDS' ? 'Sales' : 'Purchase';
