-- Allocation of deductee rows (34A entries with tax deducted) to the challans
-- that paid them, for the quarterly 26Q (issue 12): each DD record of the
-- return names the CD record of its challan. An entry belongs to at most one
-- challan (the primary key). An entry re-computed by a later 34A run is a new
-- row and starts unallocated; entries of verified months are kept as they are.
-- payable_challans comes in a later-numbered migration, so the challan side is
-- kept by the challans feature (deleting a challan deletes its allocations in
-- the same transaction) and read through a join.
CREATE TABLE challan_allocations (
  entry_id bigint PRIMARY KEY REFERENCES payable_entries (id) ON DELETE CASCADE,
  entity_id uuid NOT NULL REFERENCES legal_entities (id) ON DELETE CASCADE,
  challan_id uuid NOT NULL,
  -- 'auto' from the automatic allocation, 'manual' when a user moved the row
  source text NOT NULL CHECK (source IN ('auto', 'manual')),
  allocated_by_login text NOT NULL,
  allocated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX challan_allocations_challan_idx ON challan_allocations (entity_id, challan_id);

-- What the 26Q batch header says about the deductor and the person
-- responsible for deducting (the FVU file's BH record); one row per entity.
CREATE TABLE return_deductors (
  entity_id uuid PRIMARY KEY REFERENCES legal_entities (id) ON DELETE CASCADE,
  tan text NOT NULL CHECK (tan ~ '^[A-Z]{4}[0-9]{5}[A-Z]$'),
  name text NOT NULL,
  branch text NOT NULL DEFAULT '',
  address1 text NOT NULL,
  address2 text NOT NULL DEFAULT '',
  city text NOT NULL,
  state_code text NOT NULL CHECK (state_code ~ '^[0-9]{2}$'),
  pin text NOT NULL CHECK (pin ~ '^[1-9][0-9]{5}$'),
  email text NOT NULL,
  phone text NOT NULL DEFAULT '',
  deductor_type text NOT NULL DEFAULT 'K',
  responsible_name text NOT NULL,
  responsible_designation text NOT NULL,
  responsible_pan text NOT NULL CHECK (responsible_pan ~ '^[A-Z]{5}[0-9]{4}[A-Z]$'),
  responsible_mobile text NOT NULL CHECK (responsible_mobile ~ '^[0-9]{10}$'),
  updated_by_login text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
