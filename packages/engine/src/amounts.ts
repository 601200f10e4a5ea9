import type { MatchMode } from './options.ts';

// Booking status F: the deductor's statement matched the deposit; only such
// a credit can be claimed (DOMAIN.md 2). 'F' is by far the most common value.
export const isFinalStatus = (status: string): boolean =>
  status === 'F' || status.trim().toUpperCase() === 'F';

export const isClaimable = (status: string, tax: number, deposited: number): boolean =>
  deposited >= tax && isFinalStatus(status);

// A zero on both sides says nothing (an invoice without TDS against a row
// without tax), so it never counts as agreement.
export const fieldOk = (bookValue: number, taxValue: number, tolerance: number): boolean =>
  Math.abs(bookValue - taxValue) <= tolerance && (bookValue !== 0 || taxValue !== 0);

export const modeOk = (mode: MatchMode, taxOk: boolean, amountOk: boolean): boolean => {
  switch (mode) {
    case 'TaxOrSaleAmount':
      return taxOk || amountOk;
    case 'TaxAndSaleAmount':
      return taxOk && amountOk;
    case 'TaxOnly':
      return taxOk;
    case 'SaleAmountOnly':
      return amountOk;
  }
};
