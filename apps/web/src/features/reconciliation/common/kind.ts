import type { ReconKind } from '@taxrecon/contracts';

// What differs between the TDS (customers, sales book) and TCS (vendors,
// purchase book) screens, so one component serves both.
export interface KindText {
  kind: ReconKind;
  tax: 'TDS' | 'TCS';
  party: string;
  parties: string;
  book: string;
  amount: string;
  jobType: 'TDS Reconciliation' | 'TCS Reconciliation';
}

export const KIND_TEXT: Record<ReconKind, KindText> = {
  TDS: {
    kind: 'TDS',
    tax: 'TDS',
    party: 'Customer',
    parties: 'Customers',
    book: 'Sales Book',
    amount: 'Sale Amount',
    jobType: 'TDS Reconciliation',
  },
  TCS: {
    kind: 'TCS',
    tax: 'TCS',
    party: 'Vendor',
    parties: 'Vendors',
    book: 'Purchase Book',
    amount: 'Purchase Value',
    jobType: 'TCS Reconciliation',
  },
};
