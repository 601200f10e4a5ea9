-- Snapshots of an entity's business data (spec part 1: Snapshot dialog).
-- The rows themselves live outside the database, in a gzip'd JSON-lines file
-- under the data folder (storage_path, relative to it), so a snapshot neither
-- bloats the live tables nor shows up in their counts.

CREATE TABLE snapshots (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  entity_id uuid NOT NULL REFERENCES legal_entities (id) ON DELETE CASCADE,
  description text NOT NULL DEFAULT '',
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  -- kept as text so the list still names the author after the user is deleted
  created_by_login text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  status text NOT NULL DEFAULT 'InProgress' CHECK (status IN ('InProgress', 'Completed', 'Failed')),
  job_id uuid REFERENCES jobs (id) ON DELETE SET NULL,
  storage_path text NOT NULL,
  size_bytes bigint,
  row_count bigint,
  -- the tables in the file, in restore order, with their row counts: [{"name": ..., "rows": ...}]
  tables jsonb,
  completed_at timestamptz,
  failure_reason text
);
CREATE INDEX snapshots_entity_created_idx ON snapshots (entity_id, created_at DESC);
