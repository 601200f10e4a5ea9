-- TDS payable (34A) runs and their results (spec part 3 sections 2-4 and 7,
-- DOMAIN.md section 7). A run for month M computes the year to date (April to
-- M) from the entity's expense files and replaces the entity-year's latest
-- entries, except those of verified (locked) months. Entries exist once per
-- entity-year (the latest); the small monthly rows are kept per run, so a
-- job's result screen shows what that job computed. Amounts are numeric(18, 2)
-- rupees like every other table; code turns them into paise.

CREATE TABLE payable_runs (
  job_id uuid PRIMARY KEY REFERENCES jobs (id) ON DELETE CASCADE,
  entity_id uuid NOT NULL REFERENCES legal_entities (id) ON DELETE CASCADE,
  financial_year text NOT NULL CHECK (financial_year ~ '^[0-9]{4}-[0-9]{2}$'),
  month text NOT NULL CHECK (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  -- header of the ledger -> 34A target field, as submitted
  mapping jsonb NOT NULL,
  custom_rules jsonb NOT NULL DEFAULT '[]'::jsonb,
  vendors text[] NOT NULL DEFAULT '{}',
  interest_as_of date,
  status text NOT NULL DEFAULT 'Queued' CHECK (status IN ('Queued', 'Running', 'Completed', 'Failed')),
  files integer NOT NULL DEFAULT 0,
  entries integer NOT NULL DEFAULT 0,
  vendor_count integer NOT NULL DEFAULT 0,
  -- the engine's summary (counts by status, GL unmapped, vendor missing, due, deducted)
  summary jsonb,
  -- the annual view: Form 3CD clause 34(a) rows per section
  form3cd jsonb,
  timings jsonb,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_by_login text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);
CREATE INDEX payable_runs_entity_year_idx ON payable_runs (entity_id, financial_year, created_at DESC);

-- One row per ledger line of the latest result of an entity-year. An entry
-- counts in the monthly row of its document month (entries, base, deducted)
-- and of the month its due is recognised in (due, shortfall, interest).
CREATE TABLE payable_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  entity_id uuid NOT NULL REFERENCES legal_entities (id) ON DELETE CASCADE,
  financial_year text NOT NULL,
  job_id uuid NOT NULL,
  file text NOT NULL,
  line integer NOT NULL,
  ref text NOT NULL,
  document_date date,
  month text,
  recognised_month text,
  vendor_code text,
  pan text,
  tan text,
  section text,
  section_number text,
  sub_section text NOT NULL DEFAULT '',
  section_source text,
  payment_code text,
  return_form text,
  deductee_type text,
  base numeric(18, 2) NOT NULL,
  taxable numeric(18, 2) NOT NULL,
  rate numeric(7, 4),
  rate_basis text,
  liable boolean NOT NULL,
  due numeric(18, 2) NOT NULL,
  deducted numeric(18, 2) NOT NULL,
  deposited boolean NOT NULL DEFAULT false,
  interest numeric(18, 2) NOT NULL,
  status text NOT NULL,
  error_code text,
  reason text NOT NULL
);
CREATE INDEX payable_entries_group_idx
  ON payable_entries (entity_id, financial_year, section_number, deductee_type, month);
CREATE INDEX payable_entries_recognised_idx
  ON payable_entries (entity_id, financial_year, recognised_month) WHERE recognised_month IS NOT NULL;
CREATE INDEX payable_entries_job_idx ON payable_entries (job_id);

-- The monthly view of a run (MonthRow): per month, section, deductee type and TAN.
CREATE TABLE payable_months (
  job_id uuid NOT NULL REFERENCES payable_runs (job_id) ON DELETE CASCADE,
  entity_id uuid NOT NULL REFERENCES legal_entities (id) ON DELETE CASCADE,
  financial_year text NOT NULL,
  month text NOT NULL,
  section text NOT NULL,
  section_number text NOT NULL,
  sub_section text NOT NULL DEFAULT '',
  deductee_type text NOT NULL,
  tan text,
  entries integer NOT NULL,
  base numeric(18, 2) NOT NULL,
  due numeric(18, 2) NOT NULL,
  deducted numeric(18, 2) NOT NULL,
  shortfall numeric(18, 2) NOT NULL,
  interest numeric(18, 2) NOT NULL
);
CREATE INDEX payable_months_job_idx ON payable_months (job_id, month);

-- Which months of an entity-year are computed and which are verified
-- (locked: a later run keeps their results). DOMAIN 7.9: month M is computed
-- only after M-1.
CREATE TABLE payable_month_states (
  entity_id uuid NOT NULL REFERENCES legal_entities (id) ON DELETE CASCADE,
  financial_year text NOT NULL,
  month text NOT NULL,
  computed boolean NOT NULL DEFAULT false,
  verified boolean NOT NULL DEFAULT false,
  job_id uuid,
  computed_at timestamptz,
  verified_at timestamptz,
  PRIMARY KEY (entity_id, financial_year, month)
);

-- Reports of TDS payable generated in the background (xlsx in the file store).
CREATE TABLE payable_reports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  entity_id uuid NOT NULL REFERENCES legal_entities (id) ON DELETE CASCADE,
  job_id uuid REFERENCES jobs (id) ON DELETE SET NULL,
  report_type text NOT NULL,
  -- errors are listed apart (TDS Payable Error Reports)
  error_report boolean NOT NULL DEFAULT false,
  financial_year text NOT NULL,
  month text,
  file_name text NOT NULL,
  status text NOT NULL DEFAULT 'InProgress' CHECK (status IN ('InProgress', 'Completed', 'Failed')),
  storage_path text,
  size_bytes bigint,
  failure_reason text,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_by_login text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);
CREATE INDEX payable_reports_entity_idx ON payable_reports (entity_id, created_at DESC);

-- One 34A run per entity at a time (spec section 4: a second submit is
-- throttled), as recon_locks does for the receivable side.
CREATE TABLE payable_locks (
  entity_id uuid NOT NULL REFERENCES legal_entities (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('run', 'report')),
  job_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (entity_id, purpose)
);
