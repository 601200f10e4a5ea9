import type { ColumnType, Generated } from 'kysely';

// Kysely's view of migrations/010_payable_data.sql. Numeric columns come back
// from pg as strings (turn them into paise with paiseOfNumeric); dates as Date
// unless read cast to text.
type Numeric = ColumnType<string, string | number, string | number>;
type NullableNumeric = ColumnType<string | null, string | number | null, string | number | null>;
type DateColumn = ColumnType<Date, string, string>;
type NullableDate = ColumnType<Date | null, string | null, string | null>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type PayableFileKind = 'expense' | 'expense-output' | 'vendor-payment' | 'sales';

export interface PayableFilesTable {
  id: Generated<string>;
  entity_id: string;
  kind: PayableFileKind;
  financial_year: string;
  month: string | null;
  file_name: string;
  file_id: string;
  job_id: string | null;
  rows_read: number | null;
  base_total: NullableNumeric;
  tds_total: NullableNumeric;
  uploaded_by: string | null;
  uploaded_at: Timestamp;
  // migrations/011_expense_data.sql: the file's bad lines (at most 1000) and their number
  problems: ColumnType<unknown, string | undefined, string>;
  problem_count: ColumnType<number, number | undefined, number>;
}

export interface VendorPaymentsTable {
  id: Generated<string>;
  entity_id: string;
  payable_file_id: string;
  line: number;
  financial_year: string;
  month: string;
  payment_date: DateColumn;
  payment_number: string | null;
  payment_description: string | null;
  vendor_code: string | null;
  pan_number: string | null;
  vendor_name: string | null;
  base_amount: Numeric;
  section_number: string | null;
  sub_section: string | null;
  tds_rate: NullableNumeric;
  tds_amount: Numeric;
}

export interface LdcCertificatesTable {
  id: Generated<string>;
  entity_id: string;
  file_id: string | null;
  certificate_number: string;
  pan_number: string;
  vendor_code: string | null;
  section_number: string;
  sub_section: string | null;
  rate: Numeric;
  amount_limit: NullableNumeric;
  valid_from: DateColumn;
  valid_to: DateColumn;
  created_at: Timestamp;
}

export interface TanItrReportsTable {
  id: Generated<string>;
  entity_id: string;
  file_id: string | null;
  pan_number: string;
  name: string | null;
  specified_person: boolean;
  as_of: NullableDate;
  financial_year: string | null;
  created_at: Timestamp;
}

export interface SectionExpenseTypesTable {
  id: Generated<string>;
  entity_id: string;
  section_number: string;
  sub_section: string | null;
  expense_type: string | null;
  expense_type_detail: string | null;
  tds_exempted: ColumnType<boolean, boolean | undefined, boolean>;
  tds_rate_company: Numeric;
  tds_rate_individual: Numeric;
  tds_rate_others: Numeric;
  tds_for_no_or_invalid_pan: NullableNumeric;
  applicable_from: DateColumn;
  applicable_to: NullableDate;
  threshold_invoice: NullableNumeric;
  threshold_monthly: NullableNumeric;
  threshold_annually: NullableNumeric;
  excess_only: ColumnType<boolean, boolean | undefined, boolean>;
  source: string | null;
  shipped: ColumnType<boolean, boolean | undefined, boolean>;
  updated_by: string | null;
  updated_at: Timestamp;
}

export interface ExpenseSectionMappingsTable {
  id: Generated<string>;
  entity_id: string;
  expense_key: string;
  expense_description: string | null;
  section_number: string;
  sub_section: string | null;
  expense_type: string | null;
  expense_type_detail: string | null;
  tds_exempted: ColumnType<boolean, boolean | undefined, boolean>;
  applicable_from: NullableDate;
  applicable_to: NullableDate;
  updated_at: Timestamp;
}

export interface RuleSetsTable {
  id: Generated<string>;
  entity_id: string;
  name: string;
  section: string;
  logical_operator: 'AND' | 'OR' | 'NOOPERATOR';
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RuleSetRulesTable {
  id: Generated<string>;
  rule_set_id: string;
  position: number;
  field_name: string;
  source_field_name: string | null;
  matching_operator: '=' | 'contains';
  field_values: string[];
}

export interface PayableTables {
  payable_files: PayableFilesTable;
  vendor_payments: VendorPaymentsTable;
  ldc_certificates: LdcCertificatesTable;
  tan_itr_reports: TanItrReportsTable;
  section_expense_types: SectionExpenseTypesTable;
  expense_section_mappings: ExpenseSectionMappingsTable;
  rule_sets: RuleSetsTable;
  rule_set_rules: RuleSetRulesTable;
}
