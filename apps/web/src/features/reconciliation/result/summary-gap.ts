import { type Paise, paiseOrZero } from '@taxrecon/shared';

export interface SummaryRow {
  metric: string;
  transactionAmountSalesPurchaseBook: string;
  transactionAmountTaxBook: string;
}

// How far apart the book's and 26AS's amounts of the pairs matched at
// transaction level are (0 when they agree or the row is absent).
export const matchedAmountGap = (rows: readonly SummaryRow[]): Paise | 0 => {
  const row = rows.find((r) => r.metric === 'Matched at transaction level');
  if (!row) return 0;
  const gap = paiseOrZero(row.transactionAmountSalesPurchaseBook) - paiseOrZero(row.transactionAmountTaxBook);
  return Math.abs(gap) as Paise;
};
