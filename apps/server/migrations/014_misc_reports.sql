-- Miscellaneous reports of the receivable side (spec part 2, "Reports"):
-- income comparison and the TDS reconciliation summaries, generated in the
-- background as xlsx or csv and listed on the View Reports tab. The payable
-- miscellaneous reports stay in payable_reports.
CREATE TABLE misc_reports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  entity_id uuid NOT NULL REFERENCES legal_entities (id) ON DELETE CASCADE,
  job_id uuid REFERENCES jobs (id) ON DELETE SET NULL,
  report_id text NOT NULL,
  financial_year text NOT NULL,
  format text NOT NULL CHECK (format IN ('xlsx', 'csv')),
  file_name text NOT NULL,
  status text NOT NULL DEFAULT 'InProgress' CHECK (status IN ('InProgress', 'Completed', 'Failed')),
  storage_path text,
  size_bytes bigint,
  row_count integer,
  summary text,
  failure_reason text,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_by_login text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);
CREATE INDEX misc_reports_entity_idx ON misc_reports (entity_id, created_at DESC);
-- The throttle: one report of a kind in progress per entity at a time; a
-- second request finds this index taken and is told to try later.
CREATE UNIQUE INDEX misc_reports_one_running_idx ON misc_reports (entity_id, report_id)
  WHERE status = 'InProgress';
