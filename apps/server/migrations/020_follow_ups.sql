-- Follow-ups with customers (spec part 2 sections 2.8 and 2.9): one thread
-- per customer (or vendor) and reconciliation job, its history of actions and
-- comments, the e-mail template remembered per customer, and the mails sent,
-- which make the bulk follow-up job safe to retry.
-- Money is numeric(18,2) rupees; written for PostgreSQL 15 and PGlite.

-- job_id names the reconciliation job without a key, like recon_decisions:
-- snapshots restore an entity's rows in any order and a thread outlives its job.
CREATE TABLE follow_up_threads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  entity_id uuid NOT NULL REFERENCES legal_entities (id) ON DELETE CASCADE,
  job_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('TDS', 'TCS')),
  financial_year text NOT NULL,
  party_key text NOT NULL,
  customer_tan text,
  customer_name text NOT NULL,
  status text NOT NULL DEFAULT 'Open' CHECK (status IN ('Open', 'Closed')),
  transactions_start date,
  transactions_end date,
  created_by_login text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX follow_up_threads_party_idx ON follow_up_threads (entity_id, job_id, party_key);
CREATE INDEX follow_up_threads_scope_idx ON follow_up_threads (entity_id, kind, financial_year, status);

-- The timeline. comments is HTML already sanitised by the server's allow-list.
-- The four totals are the customer's figures when the entry was written, so the
-- thread page can draw how they moved.
CREATE TABLE follow_up_conversations (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  thread_id uuid NOT NULL REFERENCES follow_up_threads (id) ON DELETE CASCADE,
  entity_id uuid NOT NULL REFERENCES legal_entities (id) ON DELETE CASCADE,
  conversation_type text NOT NULL CHECK (conversation_type IN ('ACTION', 'COMMENT')),
  comments text NOT NULL,
  system_created boolean NOT NULL DEFAULT false,
  icon text,
  badge_color text,
  author_login text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  total_from_book numeric(18, 2),
  total_tax_from_book numeric(18, 2),
  total_from_tax_book numeric(18, 2),
  total_tax_from_tax_book numeric(18, 2),
  additional_info jsonb
);
CREATE INDEX follow_up_conversations_thread_idx ON follow_up_conversations (thread_id, id);

-- "Save as template": the last To, CC, subject and body used for a customer.
CREATE TABLE follow_up_templates (
  entity_id uuid NOT NULL REFERENCES legal_entities (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('TDS', 'TCS')),
  party_key text NOT NULL,
  to_email text NOT NULL,
  cc_email text,
  subject text NOT NULL,
  body text NOT NULL,
  updated_by_login text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (entity_id, kind, party_key)
);

-- Every follow-up e-mail queued. bulk_job_id is the bulk follow-up job that
-- sent it (NULL for one sent from the dialog): a retried bulk job skips the
-- customers it already mailed.
CREATE TABLE follow_up_mails (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  entity_id uuid NOT NULL REFERENCES legal_entities (id) ON DELETE CASCADE,
  thread_id uuid NOT NULL REFERENCES follow_up_threads (id) ON DELETE CASCADE,
  bulk_job_id uuid,
  party_key text NOT NULL,
  to_email text NOT NULL,
  cc_email text,
  subject text NOT NULL,
  statuses text[] NOT NULL,
  transactions integer NOT NULL,
  attachment_key text NOT NULL,
  created_by_login text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX follow_up_mails_bulk_idx ON follow_up_mails (bulk_job_id, party_key) WHERE bulk_job_id IS NOT NULL;
CREATE INDEX follow_up_mails_thread_idx ON follow_up_mails (thread_id);
