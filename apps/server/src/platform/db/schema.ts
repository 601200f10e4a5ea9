import type { ColumnType, Generated } from 'kysely';
import type { ClassifierTables } from './schema-classifier.ts';
import type { DocumentsTables } from './schema-documents.ts';
import type { FollowUpTables } from './schema-follow-ups.ts';
import type { IngestTables } from './schema-ingest.ts';
import type { PayableTables } from './schema-payable.ts';
import type { PayableRunTables } from './schema-payable-runs.ts';
import type { ReconciliationTables } from './schema-reconciliation.ts';

// Kysely's view of the tables in migrations/. Keep in step with the SQL.
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json = ColumnType<unknown, string | undefined, string>;

export interface TenantsTable {
  id: Generated<string>;
  name: string;
  created_at: Generated<Date>;
}

export interface LegalEntitiesTable {
  id: Generated<string>;
  tenant_id: string;
  sub_group_id: string;
  name: string;
  description: string;
  pan: string | null;
  created_at: Generated<Date>;
}

export interface UsersTable {
  id: Generated<string>;
  tenant_id: string;
  login: string;
  email: string;
  fname: Generated<string>;
  lname: Generated<string>;
  role: string;
  permissions: ColumnType<string[], string[] | undefined, string[]>;
  user_group: string | null;
  permission_group: string | null;
  password_hash: string;
  must_change_password: Generated<boolean>;
  current_entity_id: string | null;
  failed_logins: Generated<number>;
  locked_until: NullableTimestamp;
  last_login_at: NullableTimestamp;
  company_name: string | null;
  phone: string | null;
  created_at: Generated<Date>;
}

export interface UserEntitiesTable {
  user_id: string;
  entity_id: string;
}

export interface SessionsTable {
  token_hash: string;
  user_id: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
}

export interface PendingLinksTable {
  id: Generated<string>;
  purpose: 'register' | 'reset';
  login: string;
  token_hash: string;
  payload: Json;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  replaced_at: NullableTimestamp;
}

export interface SpentCaptchasTable {
  signature: string;
  expires_at: Timestamp;
}

export interface MailMessagesTable {
  id: Generated<string>;
  tenant_id: string | null;
  recipient: string;
  subject: string;
  body_text: string;
  transport: 'outbox' | 'smtp';
  created_at: Generated<Date>;
  sent_at: NullableTimestamp;
  error: string | null;
  // [{ fileName, sizeBytes }] of the files the message carried
  attachments: ColumnType<unknown, string | undefined, string>;
}

export interface JobsTable {
  id: Generated<string>;
  tenant_id: string | null;
  entity_id: string | null;
  user_id: string | null;
  user_login: string | null;
  job_type: string;
  status: Generated<'NotStarted' | 'InProgress' | 'Completed' | 'Failed'>;
  notify: Generated<boolean>;
  progress: Generated<number>;
  input: Json;
  result: Json | null;
  remarks: string | null;
  failure_reason: string | null;
  attempts: Generated<number>;
  transactions_count: Generated<number>;
  created_at: Generated<Date>;
  started_at: NullableTimestamp;
  ended_at: NullableTimestamp;
  queue_name: string | null;
  worker_key: number | null;
  // migrations/037_job_results_deleted.sql
  results_deleted_at: NullableTimestamp;
  results_deleted_by_login: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface JobStepsTable {
  job_id: string;
  step: string;
  done_at: Generated<Date>;
}

export interface SettingsTable {
  key: string;
  value: string;
}

// --- master data (migrations/002_master_data.sql) ---

type Nullable = string | null;
// date columns: written as 'yyyy-mm-dd', read back cast to text (pg would make a local Date)
type DateColumn = ColumnType<string | null, string | null | undefined, string | null>;
// numeric columns come back from pg as strings
type NumericColumn = ColumnType<string | null, string | null | undefined, string | null>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

// The columns the customer and vendor masters share (the party module queries them generically).
export interface MasterCommon {
  id: Generated<string>;
  entity_id: string;
  name_from_26as: Nullable;
  website: Nullable;
  tan_number: Nullable;
  cst_number: Nullable;
  pan_number: Nullable;
  gst_registration_type: Nullable;
  gstin: Nullable;
  address_street: Nullable;
  address_city: Nullable;
  address_state: Nullable;
  pin_code: Nullable;
  country: Nullable;
  contact_person_title: Nullable;
  contact_first_name: Nullable;
  contact_last_name: Nullable;
  contact_email: Nullable;
  contact_phone: Nullable;
  notes: Nullable;
  created_at: Generated<Date>;
  updated_at: UpdatedAt;
}

export interface CustomersTable extends MasterCommon {
  customer_code: Nullable;
  customer_name: string;
  name_from_sales_book: Nullable;
  legal_name: Nullable;
  trade_name: Nullable;
  entity_type: Nullable;
  parent_customer_id: Nullable;
  // migrations/034_customer_tan_checked.sql
  tan_checked_at: Date | null;
}

export interface CustomerEmailsTable {
  customer_id: string;
  email: string;
  created_at: Generated<Date>;
}

export interface CustomerChildrenTable {
  customer_id: string;
  tan_number: string;
  created_at: Generated<Date>;
}

export interface VendorsTable extends MasterCommon {
  vendor_code: string;
  vendor_name: string;
  name_from_purchase_book: Nullable;
  parent_vendor_id: Nullable;
  vendor_type: 'Personal' | 'Company' | 'Government' | 'Bank' | 'Trust' | null;
  compliance_206ab: Generated<boolean>;
  default_contact: Generated<boolean>;
  active_status: Generated<boolean>;
  resident: Generated<boolean>;
  aadhaar_pan_link: 'Operative' | 'Inoperative' | 'NA' | null;
}

export interface VendorChildrenTable {
  vendor_id: string;
  tan_number: string;
  created_at: Generated<Date>;
}

export interface VendorSectionMappingsTable {
  id: Generated<string>;
  entity_id: string;
  vendor_id: string;
  section_number: string;
  sub_section: Nullable;
  tds_exempted: Generated<boolean>;
  tds_exempted_from: DateColumn;
  tds_exempted_to: DateColumn;
  // migrations/039_exemption_reason.sql: B, T or Z
  tds_exemption_reason: Nullable;
  ltdc_applied: Generated<boolean>;
  ltdc_percentage: NumericColumn;
  ltdc_amount: NumericColumn;
  ltdc_from: DateColumn;
  ltdc_to: DateColumn;
  created_at: Generated<Date>;
  updated_at: UpdatedAt;
}

// --- snapshots (migrations/004_snapshots.sql) ---

export interface SnapshotsTable {
  id: Generated<string>;
  tenant_id: string;
  entity_id: string;
  description: Generated<string>;
  created_by: string | null;
  created_by_login: string;
  created_at: Generated<Date>;
  status: Generated<'InProgress' | 'Completed' | 'Failed'>;
  job_id: string | null;
  storage_path: string;
  size_bytes: number | null;
  row_count: number | null;
  tables: Json | null;
  completed_at: NullableTimestamp;
  failure_reason: string | null;
}

export interface DB
  extends IngestTables,
    ReconciliationTables,
    PayableTables,
    PayableRunTables,
    DocumentsTables,
    ClassifierTables,
    FollowUpTables {
  tenants: TenantsTable;
  legal_entities: LegalEntitiesTable;
  users: UsersTable;
  user_entities: UserEntitiesTable;
  sessions: SessionsTable;
  pending_links: PendingLinksTable;
  spent_captchas: SpentCaptchasTable;
  mail_messages: MailMessagesTable;
  jobs: JobsTable;
  job_steps: JobStepsTable;
  settings: SettingsTable;
  customers: CustomersTable;
  customer_emails: CustomerEmailsTable;
  customer_children: CustomerChildrenTable;
  vendors: VendorsTable;
  vendor_children: VendorChildrenTable;
  vendor_section_mappings: VendorSectionMappingsTable;
  snapshots: SnapshotsTable;
}
