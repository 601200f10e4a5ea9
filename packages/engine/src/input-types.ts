import type { FinancialYear, Paise } from '@taxrecon/shared';

// TDS: sales book against 26AS Part I (customers deduct). TCS: purchase book
// against 26AS Part VI (vendors collect). The engine treats both alike.
export type ReconKind = 'TDS' | 'TCS';

// One line of the sales (TDS) or purchase (TCS) book. `amount` is the value
// the tax was computed on (sale or purchase value), `tax` the TDS or TCS.
export interface BookRow {
  voucherNo: string;
  date: string;
  partyName: string;
  customerCode?: string | null;
  tan?: string | null;
  pan?: string | null;
  gstin?: string | null;
  amount: Paise;
  tax: Paise;
  section?: string | null;
}

// One transaction row of 26AS Part I or Part VI. `ref` is where it came
// from, "<file base name>:<line>", so several files of one year stay apart.
export interface TaxBookRow {
  ref: string;
  tan: string;
  name: string;
  section: string;
  transactionDate: string;
  status: string;
  bookingDate?: string | null;
  remarks?: string | null;
  amount: Paise;
  tax: Paise;
  deposited: Paise;
}

export interface PartyMaster {
  code: string;
  name: string;
  tan?: string | null;
  pan?: string | null;
  gstin?: string | null;
  connectedTans?: readonly string[];
}

// A line of the customer (vendor) mapping file: the legal name as 26AS has
// it, the name as the book has it, and the identifiers that tie them.
export interface MappingEntry {
  legalName?: string | null;
  bookName?: string | null;
  tan?: string | null;
  pan?: string | null;
  gstin?: string | null;
}

// A mapping a user confirmed ("this name / TAN is that customer"); it wins
// over every other way of resolving a row.
export interface ConfirmedMapping {
  name?: string | null;
  tan?: string | null;
  partyCode: string;
}

export interface ReconcileInput {
  kind: ReconKind;
  financialYear: FinancialYear;
  book: readonly BookRow[];
  taxBook: readonly TaxBookRow[];
  parties: readonly PartyMaster[];
  mappings?: readonly MappingEntry[];
  confirmedMappings?: readonly ConfirmedMapping[];
  // Rows the previous year's job carried forward (its `carryForward`).
  broughtForward?: { book?: readonly BookRow[]; taxBook?: readonly TaxBookRow[] };
}
