-- 26Q reconciliations (spec part 3: /reconcile-26q-file, section 7 "26Q
-- reconciliation"): a filed 26Q's deductee rows against the books' 34A result
-- for the quarter. One row per reconciled file; its lines (per PAN and
-- section) are kept as they were computed, so a later 34A run does not change
-- a reconciliation already downloaded. Amounts inside lines are rupees text.

CREATE TABLE form26q_reconciliations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  entity_id uuid NOT NULL REFERENCES legal_entities (id) ON DELETE CASCADE,
  financial_year text NOT NULL CHECK (financial_year ~ '^[0-9]{4}-[0-9]{2}$'),
  quarter text NOT NULL CHECK (quarter IN ('Q1', 'Q2', 'Q3', 'Q4')),
  file_name text NOT NULL,
  result_file_name text NOT NULL,
  -- the uploaded file and the reconciled workbook in the file store
  original_key text NOT NULL,
  result_key text NOT NULL,
  mapping jsonb NOT NULL,
  section_mapping jsonb NOT NULL,
  header_definition text,
  rows integer NOT NULL,
  counts jsonb NOT NULL,
  return_tds numeric(18, 2) NOT NULL,
  book_deducted numeric(18, 2) NOT NULL,
  lines jsonb NOT NULL,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_by_login text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX form26q_reconciliations_entity_idx
  ON form26q_reconciliations (entity_id, financial_year, quarter, created_at DESC);
