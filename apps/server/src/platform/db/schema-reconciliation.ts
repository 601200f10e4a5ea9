import type { ColumnType, Generated } from 'kysely';

// Kysely's view of migrations/005_reconciliation.sql. Numeric columns come
// back from pg as strings; dates are read cast to text where they are shown.
type Numeric = ColumnType<string, string | number, string | number>;
type NullableNumeric = ColumnType<string | null, string | number | null, string | number | null>;
type DateColumn = ColumnType<Date, string, string>;
type NullableDate = ColumnType<Date | null, string | null, string | null>;
type Json = ColumnType<unknown, string | undefined, string>;
type NullableJson = ColumnType<unknown, string | null | undefined, string | null>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export type ReconKindColumn = 'TDS' | 'TCS';
export type ReconRunStatus = 'Queued' | 'Running' | 'Completed' | 'Failed';

export interface ReconRunsTable {
  job_id: string;
  // bumped by a trigger whenever the job's parties change (migration 007)
  version: Generated<number>;
  entity_id: string;
  kind: ReconKindColumn;
  financial_year: string;
  match_mode: 'TaxOrSaleAmount' | 'TaxAndSaleAmount' | 'TaxOnly' | 'SaleAmountOnly';
  tolerance: Numeric;
  tolerance_total: Numeric;
  tolerance_amount_total: Numeric;
  selected_parties: ColumnType<string[] | null, string[] | null | undefined, string[] | null>;
  notes: string | null;
  email_report_to: string | null;
  status: ColumnType<ReconRunStatus, ReconRunStatus | undefined, ReconRunStatus>;
  batch_total: Generated<number>;
  batch_finished: Generated<number>;
  book_rows: Generated<number>;
  tax_book_rows: Generated<number>;
  brought_forward_book_rows: Generated<number>;
  brought_forward_tax_book_rows: Generated<number>;
  parties: Generated<number>;
  unresolved_rows: Generated<number>;
  // book rows left out by rule (a TCS run's bills without TCS)
  left_out_rows: Generated<number>;
  previous_job_id: string | null;
  options: NullableJson;
  warnings: Json;
  decision_errors: Json;
  decisions_applied: Generated<number>;
  timings: NullableJson;
  created_by: string | null;
  created_by_login: string;
  created_at: Generated<Date>;
  completed_at: NullableTimestamp;
}

// The party totals columns: <bucket>_<side>_{rows,amount,tax}.
type TotalsColumns = {
  [K in `${'' | 'matched_' | 'totals_' | 'accepted_' | 'open_' | 'bf_' | 'cf_'}${'book' | 'tb'}_${'amount' | 'tax'}`]: Numeric;
} & {
  [K in `${'' | 'matched_' | 'totals_' | 'accepted_' | 'open_' | 'bf_' | 'cf_'}${'book' | 'tb'}_rows`]: number;
};

export type ReconPartiesTable = TotalsColumns & {
  job_id: string;
  entity_id: string;
  financial_year: string;
  party: number;
  party_key: string;
  code: string | null;
  name: string;
  tan: string | null;
  pan: string | null;
  members: ColumnType<string[], string[] | undefined, string[]>;
  in_master: boolean;
  category: 'fullMatches' | 'partialMatches' | 'missingFromSales' | 'missingFromTaxBook';
  claimed_by_totals: boolean;
  manually_matched: boolean;
  matches: number;
  tax_difference: Numeric;
  amount_difference: Numeric;
  claimable_tax: Numeric;
  not_claimable_tax: Numeric;
  options: NullableJson;
};

export interface ReconRowsTable {
  job_id: string;
  entity_id: string;
  financial_year: string;
  party: number;
  side: 'B' | 'T';
  ord: number;
  source_id: string | null;
  ref: string;
  txn_date: DateColumn;
  name: string;
  code: string | null;
  tan: string | null;
  pan: string | null;
  gstin: string | null;
  section: string | null;
  rate: NullableNumeric;
  status: string | null;
  booking_date: NullableDate;
  remarks: string | null;
  amount: Numeric;
  tax: Numeric;
  deposited: NullableNumeric;
  resolved_by: string;
  brought_forward: boolean;
  carried_forward: boolean;
  split_of: number | null;
  split_part: number | null;
  match_no: number | null;
  rule: string | null;
  claimable: boolean | null;
  manual: boolean | null;
  accepted_tax: NullableNumeric;
  action: string | null;
  notes: NullableJson;
  reason: NullableJson;
  reason_code: string | null;
}

export interface ReconUnresolvedTable {
  job_id: string;
  entity_id: string;
  financial_year: string;
  side: 'B' | 'T';
  source_id: string | null;
  ref: string;
  txn_date: NullableDate;
  name: string;
  code: string | null;
  tan: string | null;
  pan: string | null;
  gstin: string | null;
  section: string | null;
  status: string | null;
  amount: Numeric;
  tax: Numeric;
  reason_code: string;
  reason: string;
}

export interface ReconDecisionsTable {
  id: Generated<string>;
  entity_id: string;
  kind: ReconKindColumn;
  financial_year: string;
  party_key: string;
  action: string;
  decision: Json;
  note: string | null;
  made_on_job: string | null;
  created_by: string | null;
  created_by_login: string;
  created_at: Generated<Date>;
}

export interface ReconReportsTable {
  id: Generated<string>;
  entity_id: string;
  job_id: string | null;
  recon_job_id: string | null;
  kind: ReconKindColumn;
  financial_year: string;
  report_type: string;
  file_name: string;
  status: ColumnType<
    'InProgress' | 'Completed' | 'Failed',
    'InProgress' | 'Completed' | 'Failed' | undefined,
    'InProgress' | 'Completed' | 'Failed'
  >;
  storage_path: string | null;
  size_bytes: ColumnType<number | null, number | null | undefined, number | null>;
  failure_reason: string | null;
  created_by: string | null;
  created_by_login: string;
  created_at: Generated<Date>;
  completed_at: NullableTimestamp;
}

export interface ReconLocksTable {
  entity_id: string;
  purpose: 'recon' | 'report';
  job_id: string | null;
  created_at: Timestamp;
}

export interface ReconciliationTables {
  recon_runs: ReconRunsTable;
  recon_parties: ReconPartiesTable;
  recon_rows: ReconRowsTable;
  recon_unresolved: ReconUnresolvedTable;
  recon_decisions: ReconDecisionsTable;
  recon_reports: ReconReportsTable;
  recon_locks: ReconLocksTable;
}
