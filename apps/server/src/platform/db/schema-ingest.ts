import type { ColumnType, Generated } from 'kysely';

// Kysely's view of migrations/003_ingested_data.sql.
type Numeric = ColumnType<string, string | number, string | number>;
type NullableNumeric = ColumnType<string | null, string | number | null, string | number | null>;
type DateColumn = ColumnType<Date, string, string>;
type Json = ColumnType<unknown, string | undefined, string>;

export interface StoredFilesTable {
  id: Generated<string>;
  tenant_id: string;
  entity_id: string;
  kind: string;
  file_name: string;
  sha256: string;
  size_bytes: ColumnType<number, number, number>;
  storage_key: string;
  uploaded_by: string | null;
  job_id: string | null;
  created_at: Generated<Date>;
}

export interface TaxStatementsTable {
  id: Generated<string>;
  entity_id: string;
  file_id: string | null;
  job_id: string | null;
  file_name: string;
  layout: string | null;
  pan: string | null;
  financial_year: string | null;
  assessee_name: string | null;
  file_date: ColumnType<Date | null, string | null, string | null>;
  transaction_count: Generated<number>;
  other_parts: Json;
  created_at: Generated<Date>;
}

export interface TaxEntriesTable {
  id: Generated<string>;
  entity_id: string;
  statement_id: string;
  job_id: string | null;
  part: 'TDS' | 'TCS';
  financial_year: string;
  tan: string;
  deductor_name: string;
  section: string;
  transaction_date: DateColumn;
  status: string;
  booking_date: ColumnType<Date | null, string | null, string | null>;
  remarks: string | null;
  amount: Numeric;
  tax: Numeric;
  deposited: Numeric;
  file_name: string;
  line: number;
}

export interface SalesEntriesTable {
  id: Generated<string>;
  entity_id: string;
  job_id: string | null;
  financial_year: string;
  transaction_date: DateColumn;
  original_transaction_date: DateColumn;
  customer_name: string;
  customer_code: string | null;
  voucher_type: string | null;
  voucher_number: string | null;
  voucher_ref: string | null;
  gstin: string | null;
  pan: string | null;
  tan: string | null;
  invoice_value: NullableNumeric;
  sale_amount: NullableNumeric;
  others: NullableNumeric;
  cgst: NullableNumeric;
  sgst: NullableNumeric;
  igst: NullableNumeric;
  tds_rate: NullableNumeric;
  tds_amount: NullableNumeric;
  section: string | null;
  customer_location: string | null;
  customer_region: string | null;
  file_name: string;
  line: number;
  to_reconcile: Generated<boolean>;
}

export interface PurchaseEntriesTable {
  id: Generated<string>;
  entity_id: string;
  job_id: string | null;
  financial_year: string;
  transaction_date: DateColumn;
  supplier_name: string;
  bill_number: string | null;
  gstin: string | null;
  pan: string | null;
  tan: string | null;
  purchase_value: NullableNumeric;
  invoice_value: NullableNumeric;
  round_off: NullableNumeric;
  cgst: NullableNumeric;
  sgst: NullableNumeric;
  igst: NullableNumeric;
  tcs_rate: NullableNumeric;
  tcs_amount: NullableNumeric;
  section: string | null;
  file_name: string;
  line: number;
}

export interface CustomerMappingsTable {
  id: Generated<string>;
  entity_id: string;
  job_id: string | null;
  legal_name: string;
  book_name: string | null;
  tan: string | null;
  pan: string | null;
  gstin: string | null;
  file_name: string;
  line: number;
}

export interface ColumnMappingsTable {
  entity_id: string;
  kind: string;
  headers: Json;
  mapping: Json;
  updated_at: Generated<Date>;
}

export interface ValidationIssuesTable {
  id: Generated<string>;
  job_id: string;
  entity_id: string;
  severity: 'error' | 'warning';
  file_name: string;
  line: number;
  column_name: string | null;
  value: string | null;
  expected: string;
  code: string;
  message: string;
}

export interface IngestTables {
  stored_files: StoredFilesTable;
  tax_statements: TaxStatementsTable;
  tax_entries: TaxEntriesTable;
  sales_entries: SalesEntriesTable;
  purchase_entries: PurchaseEntriesTable;
  customer_mappings: CustomerMappingsTable;
  column_mappings: ColumnMappingsTable;
  validation_issues: ValidationIssuesTable;
}
