import type { Paise } from '@taxrecon/shared';
import type { BookRow, TaxBookRow } from './input-types.ts';

// The rows standing for the parts of a split row. Each reference carries
// the part number ("INV-7/2", "26as.txt:41/2"); a 26AS part is deposited in
// full when the row was, otherwise the deposit goes to the parts in order.
export const splitRows = <R extends BookRow | TaxBookRow>(
  row: R,
  parts: readonly { tax: Paise; amount: Paise }[],
): R[] => {
  if ('voucherNo' in row) {
    return parts.map((p, k) => ({
      ...row,
      voucherNo: `${row.voucherNo}/${k + 1}`,
      tax: p.tax,
      amount: p.amount,
    }));
  }
  const covered = row.deposited >= row.tax;
  let left: number = row.deposited;
  return parts.map((p, k) => {
    const deposited = covered ? p.tax : Math.max(0, Math.min(p.tax, left));
    left -= deposited;
    return {
      ...row,
      ref: `${row.ref}/${k + 1}`,
      tax: p.tax,
      amount: p.amount,
      deposited: deposited as Paise,
    };
  });
};
