import type { ColumnType, Generated } from 'kysely';

// Kysely's view of migrations/015_form16a.sql. Numeric columns come back from
// pg as strings (turn them into paise with paiseOfNumeric).
type NullableNumeric = ColumnType<string | null, string | null, string | null>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface Form16aDocumentsTable {
  id: Generated<string>;
  entity_id: string;
  vendor_id: string | null;
  vendor_code: string | null;
  vendor_pan: string;
  deductor_tan: string | null;
  financial_year: string;
  quarter: 'Q1' | 'Q2' | 'Q3' | 'Q4';
  certificate_number: string | null;
  amount_paid: NullableNumeric;
  tax_deducted: NullableNumeric;
  file_name: string;
  file_id: string;
  email: string | null;
  job_id: string | null;
  uploaded_by: string | null;
  uploaded_at: Timestamp;
}

export interface DocumentsTables {
  form16a_documents: Form16aDocumentsTable;
}
