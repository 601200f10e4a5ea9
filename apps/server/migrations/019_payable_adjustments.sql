-- Adjustments of TDS payable entries against the challans (spec part 3,
-- "TDS payable entries adjustment", issue 12). Step 1 e-mails a line's
-- entries; step 2 uploads the adjusted workbook back. Each upload is an
-- adjustment: refused at once with an errors workbook, or applied by a
-- background job that recomputes the year (the 34A engine) in one transaction.

CREATE TABLE payable_adjustments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  entity_id uuid NOT NULL REFERENCES legal_entities (id) ON DELETE CASCADE,
  financial_year text NOT NULL,
  month text NOT NULL CHECK (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  section_number text NOT NULL,
  sub_section text NOT NULL DEFAULT '',
  deductee_type text NOT NULL,
  file_name text NOT NULL,
  -- the uploaded workbook as it came, and the workbook of its wrong rows
  original_key text NOT NULL,
  errors_key text,
  -- the background job that applies it; none when the file was refused
  job_id uuid REFERENCES jobs (id) ON DELETE SET NULL,
  -- the validated changes (file, line, ref and the values set), applied by the job
  changes jsonb NOT NULL DEFAULT '[]'::jsonb,
  status text NOT NULL CHECK (status IN ('Queued', 'Completed', 'Failed')),
  rows_changed integer NOT NULL DEFAULT 0,
  error_count integer NOT NULL DEFAULT 0,
  failure_reason text,
  created_by_login text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);
CREATE INDEX payable_adjustments_line_idx
  ON payable_adjustments (entity_id, month, section_number, deductee_type, sub_section, created_at DESC);

-- What an adjustment set on a ledger line, kept so that every later 34A run
-- of the year computes the line the same way. A ledger line is its file and
-- line number (what the engine reports; entry ids change with every run),
-- checked against its document reference so a replaced file is not adjusted
-- by mistake. A null column keeps what the ledger and masters give.
CREATE TABLE payable_entry_adjustments (
  entity_id uuid NOT NULL REFERENCES legal_entities (id) ON DELETE CASCADE,
  financial_year text NOT NULL,
  file text NOT NULL,
  line integer NOT NULL,
  ref text NOT NULL,
  section text,
  rate numeric(7, 4),
  deducted numeric(18, 2),
  document_date date,
  adjustment_id uuid NOT NULL REFERENCES payable_adjustments (id) ON DELETE CASCADE,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (entity_id, financial_year, file, line)
);
