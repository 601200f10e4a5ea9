import type { ColumnType, Generated } from 'kysely';

// Kysely's view of migrations/020_follow_ups.sql. Numeric columns come back
// from pg as strings (turn them into paise with paiseOfNumeric).
type NullableNumeric = ColumnType<string | null, string | null | undefined, string | null>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type DateText = ColumnType<string | null, string | null | undefined, string | null>;

export interface FollowUpThreadsTable {
  id: Generated<string>;
  entity_id: string;
  job_id: string;
  kind: 'TDS' | 'TCS';
  financial_year: string;
  party_key: string;
  customer_tan: string | null;
  customer_name: string;
  status: ColumnType<'Open' | 'Closed', 'Open' | 'Closed' | undefined, 'Open' | 'Closed'>;
  transactions_start: DateText;
  transactions_end: DateText;
  created_by_login: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface FollowUpConversationsTable {
  id: Generated<string>;
  thread_id: string;
  entity_id: string;
  conversation_type: 'ACTION' | 'COMMENT';
  comments: string;
  system_created: ColumnType<boolean, boolean | undefined, boolean>;
  icon: string | null;
  badge_color: string | null;
  author_login: string;
  created_at: Timestamp;
  total_from_book: NullableNumeric;
  total_tax_from_book: NullableNumeric;
  total_from_tax_book: NullableNumeric;
  total_tax_from_tax_book: NullableNumeric;
  additional_info: ColumnType<unknown, string | null | undefined, string | null>;
}

export interface FollowUpTemplatesTable {
  entity_id: string;
  kind: 'TDS' | 'TCS';
  party_key: string;
  to_email: string;
  cc_email: string | null;
  subject: string;
  body: string;
  updated_by_login: string;
  updated_at: Timestamp;
}

export interface FollowUpMailsTable {
  id: Generated<string>;
  entity_id: string;
  thread_id: string;
  bulk_job_id: string | null;
  party_key: string;
  to_email: string;
  cc_email: string | null;
  subject: string;
  statuses: string[];
  transactions: number;
  attachment_key: string;
  created_by_login: string;
  created_at: Timestamp;
}

export interface FollowUpTables {
  follow_up_threads: FollowUpThreadsTable;
  follow_up_conversations: FollowUpConversationsTable;
  follow_up_templates: FollowUpTemplatesTable;
  follow_up_mails: FollowUpMailsTable;
}
