import type { ColumnType, Generated } from 'kysely';

// Kysely's view of migrations/013_payable_runs.sql. Numeric columns come back
// as strings (paiseOfNumeric turns them into paise).
type Numeric = ColumnType<string, string | number, string | number>;
type NullableNumeric = ColumnType<string | null, string | number | null, string | number | null>;
type Json = ColumnType<unknown, string | undefined, string>;
type NullableJson = ColumnType<unknown, string | null | undefined, string | null>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type NullableDate = ColumnType<Date | null, string | null, string | null>;

export type PayableRunStatus = 'Queued' | 'Running' | 'Completed' | 'Failed';

export interface PayableRunsTable {
  job_id: string;
  entity_id: string;
  financial_year: string;
  month: string;
  mapping: Json;
  custom_rules: Json;
  vendors: ColumnType<string[], string[] | undefined, string[]>;
  interest_as_of: NullableDate;
  status: Generated<PayableRunStatus>;
  files: Generated<number>;
  entries: Generated<number>;
  vendor_count: Generated<number>;
  summary: NullableJson;
  form3cd: NullableJson;
  timings: NullableJson;
  created_by: string | null;
  created_by_login: string;
  created_at: Generated<Date>;
  completed_at: NullableTimestamp;
}

export interface PayableEntriesTable {
  id: Generated<number>;
  entity_id: string;
  financial_year: string;
  job_id: string;
  file: string;
  line: number;
  ref: string;
  document_date: NullableDate;
  month: string | null;
  recognised_month: string | null;
  vendor_code: string | null;
  pan: string | null;
  tan: string | null;
  section: string | null;
  section_number: string | null;
  sub_section: Generated<string>;
  section_source: string | null;
  payment_code: string | null;
  return_form: string | null;
  deductee_type: string | null;
  base: Numeric;
  taxable: Numeric;
  rate: NullableNumeric;
  rate_basis: string | null;
  liable: boolean;
  due: Numeric;
  deducted: Numeric;
  deposited: Generated<boolean>;
  interest: Numeric;
  status: string;
  error_code: string | null;
  reason: string;
  // migrations/017_payable_entry_gl.sql
  gl_code: string | null;
  description: string | null;
  // migrations/033_payable_entry_ldc_split.sql
  ldc_taxable: NullableNumeric;
  normal_rate: NullableNumeric;
  // migrations/039_exemption_reason.sql: B, T or Z on an entry a vendor mapping exempts
  exempt_reason: string | null;
}

export interface PayableMonthsTable {
  job_id: string;
  entity_id: string;
  financial_year: string;
  month: string;
  section: string;
  section_number: string;
  sub_section: Generated<string>;
  deductee_type: string;
  tan: string | null;
  entries: number;
  base: Numeric;
  due: Numeric;
  deducted: Numeric;
  shortfall: Numeric;
  interest: Numeric;
  // migrations/040_payable_month_errors.sql
  errors: Generated<number>;
}

export interface PayableMonthStatesTable {
  entity_id: string;
  financial_year: string;
  month: string;
  computed: Generated<boolean>;
  verified: Generated<boolean>;
  job_id: string | null;
  computed_at: NullableTimestamp;
  verified_at: NullableTimestamp;
  verified_by_login: string | null;
  cleared_at: NullableTimestamp;
  cleared_by_login: string | null;
  cleared_because: string | null;
  cleared_verified_at: NullableTimestamp;
}

export interface PayableReportsTable {
  id: Generated<string>;
  entity_id: string;
  job_id: string | null;
  report_type: string;
  error_report: Generated<boolean>;
  financial_year: string;
  month: string | null;
  file_name: string;
  status: Generated<'InProgress' | 'Completed' | 'Failed'>;
  storage_path: string | null;
  size_bytes: ColumnType<string | null, number | null | undefined, number | null>;
  failure_reason: string | null;
  created_by: string | null;
  created_by_login: string;
  created_at: Generated<Date>;
  completed_at: NullableTimestamp;
}

export interface PayableLocksTable {
  entity_id: string;
  purpose: 'run' | 'report';
  job_id: string | null;
  created_at: Generated<Date>;
}

export interface PayableRunTables {
  payable_runs: PayableRunsTable;
  payable_entries: PayableEntriesTable;
  payable_months: PayableMonthsTable;
  payable_month_states: PayableMonthStatesTable;
  payable_reports: PayableReportsTable;
  payable_locks: PayableLocksTable;
}
