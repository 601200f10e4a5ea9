-- What users upload: the original files, the 26AS statements and entries, the
-- sales and purchase registers, the customer mapping file and remembered
-- column mappings. Every business row carries entity_id.

CREATE TABLE stored_files (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  entity_id uuid NOT NULL REFERENCES legal_entities (id) ON DELETE CASCADE,
  kind text NOT NULL,
  file_name text NOT NULL,
  sha256 text NOT NULL,
  size_bytes bigint NOT NULL,
  storage_key text NOT NULL,
  uploaded_by uuid REFERENCES users (id) ON DELETE SET NULL,
  job_id uuid REFERENCES jobs (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stored_files_entity_sha_idx ON stored_files (entity_id, kind, sha256);

CREATE TABLE tax_statements (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  entity_id uuid NOT NULL REFERENCES legal_entities (id) ON DELETE CASCADE,
  file_id uuid REFERENCES stored_files (id) ON DELETE SET NULL,
  job_id uuid REFERENCES jobs (id) ON DELETE SET NULL,
  file_name text NOT NULL,
  layout text,
  pan text,
  financial_year text,
  assessee_name text,
  file_date date,
  transaction_count integer NOT NULL DEFAULT 0,
  other_parts jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tax_statements_entity_idx ON tax_statements (entity_id, financial_year);

-- The three row tables below (tax_entries, sales_entries, purchase_entries)
-- hold lakhs of rows per load and carry no foreign keys: a key check per row
-- halves the COPY rate. Their entity, statement and job ids are written by the
-- ingest job in the same transaction as their parents, and every delete names
-- them explicitly (housekeeping, snapshots).

-- One row per 26AS transaction of Part I (TDS) or Part VI (TCS). Identical
-- rows are separate credits and are never de-duplicated.
CREATE TABLE tax_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  entity_id uuid NOT NULL,
  statement_id uuid NOT NULL,
  job_id uuid,
  part text NOT NULL CHECK (part IN ('TDS', 'TCS')),
  financial_year text NOT NULL,
  tan text NOT NULL,
  deductor_name text NOT NULL,
  section text NOT NULL,
  transaction_date date NOT NULL,
  status text NOT NULL,
  booking_date date,
  remarks text,
  amount numeric(18, 2) NOT NULL,
  tax numeric(18, 2) NOT NULL,
  deposited numeric(18, 2) NOT NULL,
  file_name text NOT NULL,
  line integer NOT NULL
);
CREATE INDEX tax_entries_entity_part_year_tan_idx ON tax_entries (entity_id, part, financial_year, tan);
CREATE INDEX tax_entries_statement_idx ON tax_entries (statement_id);

CREATE TABLE sales_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  entity_id uuid NOT NULL,
  job_id uuid,
  financial_year text NOT NULL,
  transaction_date date NOT NULL,
  original_transaction_date date NOT NULL,
  customer_name text NOT NULL,
  customer_code text,
  voucher_type text,
  voucher_number text,
  voucher_ref text,
  gstin text,
  pan text,
  tan text,
  invoice_value numeric(18, 2),
  sale_amount numeric(18, 2),
  others numeric(18, 2),
  cgst numeric(18, 2),
  sgst numeric(18, 2),
  igst numeric(18, 2),
  tds_rate numeric(9, 4),
  tds_amount numeric(18, 2),
  section text,
  customer_location text,
  customer_region text,
  file_name text NOT NULL,
  line integer NOT NULL,
  -- set when a person edits the row: its customer must be reconciled again
  to_reconcile boolean NOT NULL DEFAULT false
);
CREATE INDEX sales_entries_entity_year_idx ON sales_entries (entity_id, financial_year);
CREATE INDEX sales_entries_entity_tan_idx ON sales_entries (entity_id, tan);
CREATE INDEX sales_entries_job_idx ON sales_entries (job_id);

CREATE TABLE purchase_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  entity_id uuid NOT NULL,
  job_id uuid,
  financial_year text NOT NULL,
  transaction_date date NOT NULL,
  supplier_name text NOT NULL,
  bill_number text,
  gstin text,
  pan text,
  tan text,
  purchase_value numeric(18, 2),
  invoice_value numeric(18, 2),
  round_off numeric(18, 2),
  cgst numeric(18, 2),
  sgst numeric(18, 2),
  igst numeric(18, 2),
  tcs_rate numeric(9, 4),
  tcs_amount numeric(18, 2),
  section text,
  file_name text NOT NULL,
  line integer NOT NULL
);
CREATE INDEX purchase_entries_entity_year_idx ON purchase_entries (entity_id, financial_year);
CREATE INDEX purchase_entries_job_idx ON purchase_entries (job_id);

-- The customer mapping file: legal name, name per book, TAN, PAN, GSTIN.
CREATE TABLE customer_mappings (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  entity_id uuid NOT NULL REFERENCES legal_entities (id) ON DELETE CASCADE,
  job_id uuid REFERENCES jobs (id) ON DELETE SET NULL,
  legal_name text NOT NULL,
  book_name text,
  tan text,
  pan text,
  gstin text,
  file_name text NOT NULL,
  line integer NOT NULL
);
CREATE INDEX customer_mappings_entity_idx ON customer_mappings (entity_id);

-- A register's header-to-field mapping, remembered per entity and offered next time.
CREATE TABLE column_mappings (
  entity_id uuid NOT NULL REFERENCES legal_entities (id) ON DELETE CASCADE,
  kind text NOT NULL,
  headers jsonb NOT NULL,
  mapping jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (entity_id, kind)
);

-- The validation report of an ingest job: every rejected row (error) and every
-- row kept with a value dropped (warning), with file, line, column and value.
CREATE TABLE validation_issues (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  job_id uuid NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  entity_id uuid NOT NULL REFERENCES legal_entities (id) ON DELETE CASCADE,
  severity text NOT NULL CHECK (severity IN ('error', 'warning')),
  file_name text NOT NULL,
  line integer NOT NULL,
  column_name text,
  value text,
  expected text NOT NULL,
  code text NOT NULL,
  message text NOT NULL
);
CREATE INDEX validation_issues_job_idx ON validation_issues (job_id, severity);
