import type { ColumnType, Generated } from 'kysely';

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
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface DB {
  tenants: TenantsTable;
  legal_entities: LegalEntitiesTable;
  users: UsersTable;
  user_entities: UserEntitiesTable;
  sessions: SessionsTable;
  pending_links: PendingLinksTable;
  mail_messages: MailMessagesTable;
  jobs: JobsTable;
  settings: SettingsTable;
}
