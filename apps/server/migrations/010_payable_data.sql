-- TDS payable's data (spec part 3): the files users upload by financial year
-- and month, vendor payments, lower deduction certificates, the TAN-ITR report,
-- and the section rules that are shipped and editable per entity (section
-- expense types, expense section mappings, rule sets). Every row carries
-- entity_id. Amounts are numeric(18, 2) rupees like every other table; code
-- turns them into paise through the money module.

-- A file in an entity's folder: an expense ledger of one month, an "output
-- file after changes" (a year's ledger, split into months on request), a
-- vendor payment ledger of one month, or a sales register of a year. The
-- bytes are the stored original (SHA-256); the 34A job reads them with the
-- header mapping it is given, so a file is kept as the user sent it.
CREATE TABLE payable_files (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  entity_id uuid NOT NULL REFERENCES legal_entities (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('expense', 'expense-output', 'vendor-payment', 'sales')),
  financial_year text NOT NULL CHECK (financial_year ~ '^[0-9]{4}-[0-9]{2}$'),
  -- yyyy-mm of the month the file belongs to; null for an output file or a sales register
  month text CHECK (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  file_name text NOT NULL,
  file_id uuid NOT NULL REFERENCES stored_files (id) ON DELETE RESTRICT,
  job_id uuid REFERENCES jobs (id) ON DELETE SET NULL,
  -- control totals read at upload (rows, base amount, TDS), shown in the folder table
  rows_read integer,
  base_total numeric(18, 2),
  tds_total numeric(18, 2),
  uploaded_by uuid REFERENCES users (id) ON DELETE SET NULL,
  uploaded_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE NULLS NOT DISTINCT (entity_id, kind, financial_year, month, file_name),
  CHECK ((kind IN ('expense', 'vendor-payment')) = (month IS NOT NULL))
);
CREATE INDEX payable_files_entity_year_idx ON payable_files (entity_id, kind, financial_year, month);

-- Rows of a vendor payment ledger (Search Vendor Payment Entries).
CREATE TABLE vendor_payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  entity_id uuid NOT NULL REFERENCES legal_entities (id) ON DELETE CASCADE,
  payable_file_id uuid NOT NULL REFERENCES payable_files (id) ON DELETE CASCADE,
  line integer NOT NULL,
  financial_year text NOT NULL,
  month text NOT NULL,
  payment_date date NOT NULL,
  payment_number text,
  payment_description text,
  vendor_code text,
  pan_number text CHECK (pan_number = upper(pan_number)),
  vendor_name text,
  base_amount numeric(18, 2) NOT NULL,
  section_number text,
  sub_section text,
  tds_rate numeric(7, 4) CHECK (tds_rate BETWEEN 0 AND 100),
  tds_amount numeric(18, 2) NOT NULL DEFAULT 0
);
CREATE INDEX vendor_payments_entity_date_idx ON vendor_payments (entity_id, payment_date);
CREATE INDEX vendor_payments_entity_vendor_idx ON vendor_payments (entity_id, lower(vendor_code));
CREATE INDEX vendor_payments_file_idx ON vendor_payments (payable_file_id);

-- Lower or nil deduction certificates (section 197, "LTDC"): a vendor's PAN,
-- a section, a rate and an amount limit for a period. The 34A job applies the
-- certificate's rate to the vendor's base up to the limit, then the normal rate.
CREATE TABLE ldc_certificates (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  entity_id uuid NOT NULL REFERENCES legal_entities (id) ON DELETE CASCADE,
  file_id uuid REFERENCES stored_files (id) ON DELETE SET NULL,
  certificate_number text NOT NULL,
  pan_number text NOT NULL CHECK (pan_number = upper(pan_number)),
  vendor_code text,
  section_number text NOT NULL,
  sub_section text,
  rate numeric(7, 4) NOT NULL CHECK (rate BETWEEN 0 AND 100),
  amount_limit numeric(18, 2) CHECK (amount_limit >= 0),
  valid_from date NOT NULL,
  valid_to date NOT NULL CHECK (valid_from <= valid_to),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (entity_id, certificate_number)
);
CREATE INDEX ldc_certificates_entity_pan_idx ON ldc_certificates (entity_id, pan_number);

-- The TAN-ITR report (the portal's "compliance check for 206AB and 206CCA"):
-- per PAN, whether it is a specified person as of a date. Loading it sets
-- vendors.compliance_206ab for the vendors with those PANs.
CREATE TABLE tan_itr_reports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  entity_id uuid NOT NULL REFERENCES legal_entities (id) ON DELETE CASCADE,
  file_id uuid REFERENCES stored_files (id) ON DELETE SET NULL,
  pan_number text NOT NULL CHECK (pan_number = upper(pan_number)),
  name text,
  specified_person boolean NOT NULL,
  as_of date,
  financial_year text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE NULLS NOT DISTINCT (entity_id, pan_number, financial_year)
);

-- Section expense types: per section (and sub-section) and expense type, the
-- rates by deductee type, the no-PAN rate, the thresholds and the dates they
-- apply between. An entity with no rows uses the shipped, sourced data
-- (packages/engine/src/payable/section-types-data.ts); the first edit copies
-- the shipped rows in, marked shipped, so edits never touch the shipped file.
CREATE TABLE section_expense_types (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  entity_id uuid NOT NULL REFERENCES legal_entities (id) ON DELETE CASCADE,
  section_number text NOT NULL,
  sub_section text,
  expense_type text,
  expense_type_detail text,
  tds_exempted boolean NOT NULL DEFAULT false,
  tds_rate_company numeric(7, 4) NOT NULL CHECK (tds_rate_company BETWEEN 0 AND 100),
  tds_rate_individual numeric(7, 4) NOT NULL CHECK (tds_rate_individual BETWEEN 0 AND 100),
  tds_rate_others numeric(7, 4) NOT NULL CHECK (tds_rate_others BETWEEN 0 AND 100),
  tds_for_no_or_invalid_pan numeric(7, 4) CHECK (tds_for_no_or_invalid_pan BETWEEN 0 AND 100),
  applicable_from date NOT NULL,
  applicable_to date CHECK (applicable_to IS NULL OR applicable_from <= applicable_to),
  threshold_invoice numeric(18, 2) CHECK (threshold_invoice >= 0),
  threshold_monthly numeric(18, 2) CHECK (threshold_monthly >= 0),
  threshold_annually numeric(18, 2) CHECK (threshold_annually >= 0),
  -- only the part of the year's aggregate above the annual threshold is taxed (194Q)
  excess_only boolean NOT NULL DEFAULT false,
  -- where the figures come from (a notification, a Finance Act section)
  source text,
  shipped boolean NOT NULL DEFAULT false,
  updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX section_expense_types_entity_idx ON section_expense_types (entity_id, section_number, sub_section);

-- Expense section mappings: an expense key (a GL code, or a primary or
-- secondary expense key of the ledger) to its section, for a period.
CREATE TABLE expense_section_mappings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  entity_id uuid NOT NULL REFERENCES legal_entities (id) ON DELETE CASCADE,
  expense_key text NOT NULL,
  expense_description text,
  section_number text NOT NULL,
  sub_section text,
  expense_type text,
  expense_type_detail text,
  tds_exempted boolean NOT NULL DEFAULT false,
  applicable_from date,
  applicable_to date CHECK (applicable_to IS NULL OR applicable_from IS NULL OR applicable_from <= applicable_to),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE NULLS NOT DISTINCT (entity_id, expense_key, applicable_from)
);
CREATE INDEX expense_section_mappings_key_idx ON expense_section_mappings (entity_id, lower(expense_key));

-- Rule sets (/transformation-rule): a named set of rules over ledger fields
-- that assigns a section when its rules hold, joined by AND, OR or, for a
-- single rule, NOOPERATOR. `section` is canonical: 194C, 194J(b), 194I(a).
CREATE TABLE rule_sets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  entity_id uuid NOT NULL REFERENCES legal_entities (id) ON DELETE CASCADE,
  name text NOT NULL,
  section text NOT NULL,
  logical_operator text NOT NULL CHECK (logical_operator IN ('AND', 'OR', 'NOOPERATOR')),
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (entity_id, name)
);
CREATE TABLE rule_set_rules (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  rule_set_id uuid NOT NULL REFERENCES rule_sets (id) ON DELETE CASCADE,
  position integer NOT NULL,
  -- the ledger field the rule reads (glCode, vendorCode, documentDescription...)
  field_name text NOT NULL,
  -- the user's column name for it in a raw ledger, when it differs
  source_field_name text,
  matching_operator text NOT NULL CHECK (matching_operator IN ('=', 'contains')),
  field_values text[] NOT NULL CHECK (cardinality(field_values) > 0)
);
CREATE INDEX rule_set_rules_set_idx ON rule_set_rules (rule_set_id, position);
