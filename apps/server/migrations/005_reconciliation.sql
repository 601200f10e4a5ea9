-- TDS receivable and TCS reconciliation (spec part 2 sections 2.1 to 2.6):
-- one run per reconciliation job, its result per party and per row, the rows
-- not considered, the decisions people make (kept apart from the automatic
-- result and applied again on every run), background reports, and the lock
-- that keeps one reconciliation per entity at a time.
-- Money is numeric(18,2) (rupees, exact); written for PostgreSQL 15 and PGlite.

-- The job's parameters and state. job_id is the jobs row (the user-facing job).
CREATE TABLE recon_runs (
  job_id uuid PRIMARY KEY REFERENCES jobs (id) ON DELETE CASCADE,
  entity_id uuid NOT NULL REFERENCES legal_entities (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('TDS', 'TCS')),
  financial_year text NOT NULL,
  match_mode text NOT NULL
    CHECK (match_mode IN ('TaxOrSaleAmount', 'TaxAndSaleAmount', 'TaxOnly', 'SaleAmountOnly')),
  tolerance numeric(18, 2) NOT NULL DEFAULT 0,
  tolerance_total numeric(18, 2) NOT NULL DEFAULT 0,
  tolerance_amount_total numeric(18, 2) NOT NULL DEFAULT 0,
  -- master codes chosen on the submit screen; NULL is "All"
  selected_parties text[],
  notes text,
  email_report_to text,
  status text NOT NULL DEFAULT 'Queued' CHECK (status IN ('Queued', 'Running', 'Completed', 'Failed')),
  batch_total integer NOT NULL DEFAULT 0,
  batch_finished integer NOT NULL DEFAULT 0,
  book_rows integer NOT NULL DEFAULT 0,
  tax_book_rows integer NOT NULL DEFAULT 0,
  brought_forward_book_rows integer NOT NULL DEFAULT 0,
  brought_forward_tax_book_rows integer NOT NULL DEFAULT 0,
  parties integer NOT NULL DEFAULT 0,
  unresolved_rows integer NOT NULL DEFAULT 0,
  -- the previous year's job whose carried-forward rows this run brought forward
  previous_job_id uuid,
  -- the engine's resolved options (paise), so a party can be recomputed exactly
  options jsonb,
  warnings jsonb NOT NULL DEFAULT '[]'::jsonb,
  decision_errors jsonb NOT NULL DEFAULT '[]'::jsonb,
  decisions_applied integer NOT NULL DEFAULT 0,
  timings jsonb,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_by_login text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);
CREATE INDEX recon_runs_entity_idx ON recon_runs (entity_id, kind, financial_year, created_at DESC);

-- The three result tables below hold up to millions of rows per job and are
-- written with COPY in the job's transaction, so they carry no foreign keys
-- (a key check per row halves the COPY rate, as for tax_entries). Every
-- delete names them explicitly: run deletion, Delete Data and snapshots.

-- One row per party (customer or vendor, or a group sharing a PAN): what the
-- result screen lists, pages, sorts and sums. Totals follow the engine's
-- PartyTotals: book (sales or purchase) and tb (26AS), each rows, amount, tax.
CREATE TABLE recon_parties (
  job_id uuid NOT NULL,
  entity_id uuid NOT NULL,
  financial_year text NOT NULL,
  party integer NOT NULL,
  party_key text NOT NULL,
  code text,
  name text NOT NULL,
  tan text,
  pan text,
  members text[] NOT NULL DEFAULT '{}',
  in_master boolean NOT NULL,
  category text NOT NULL
    CHECK (category IN ('fullMatches', 'partialMatches', 'missingFromSales', 'missingFromTaxBook')),
  claimed_by_totals boolean NOT NULL,
  manually_matched boolean NOT NULL,
  matches integer NOT NULL,
  book_rows integer NOT NULL, book_amount numeric(18, 2) NOT NULL, book_tax numeric(18, 2) NOT NULL,
  tb_rows integer NOT NULL, tb_amount numeric(18, 2) NOT NULL, tb_tax numeric(18, 2) NOT NULL,
  matched_book_rows integer NOT NULL, matched_book_amount numeric(18, 2) NOT NULL,
  matched_book_tax numeric(18, 2) NOT NULL,
  matched_tb_rows integer NOT NULL, matched_tb_amount numeric(18, 2) NOT NULL,
  matched_tb_tax numeric(18, 2) NOT NULL,
  totals_book_rows integer NOT NULL, totals_book_amount numeric(18, 2) NOT NULL,
  totals_book_tax numeric(18, 2) NOT NULL,
  totals_tb_rows integer NOT NULL, totals_tb_amount numeric(18, 2) NOT NULL,
  totals_tb_tax numeric(18, 2) NOT NULL,
  accepted_book_rows integer NOT NULL, accepted_book_amount numeric(18, 2) NOT NULL,
  accepted_book_tax numeric(18, 2) NOT NULL,
  accepted_tb_rows integer NOT NULL, accepted_tb_amount numeric(18, 2) NOT NULL,
  accepted_tb_tax numeric(18, 2) NOT NULL,
  open_book_rows integer NOT NULL, open_book_amount numeric(18, 2) NOT NULL,
  open_book_tax numeric(18, 2) NOT NULL,
  open_tb_rows integer NOT NULL, open_tb_amount numeric(18, 2) NOT NULL, open_tb_tax numeric(18, 2) NOT NULL,
  bf_book_rows integer NOT NULL, bf_book_amount numeric(18, 2) NOT NULL, bf_book_tax numeric(18, 2) NOT NULL,
  bf_tb_rows integer NOT NULL, bf_tb_amount numeric(18, 2) NOT NULL, bf_tb_tax numeric(18, 2) NOT NULL,
  cf_book_rows integer NOT NULL, cf_book_amount numeric(18, 2) NOT NULL, cf_book_tax numeric(18, 2) NOT NULL,
  cf_tb_rows integer NOT NULL, cf_tb_amount numeric(18, 2) NOT NULL, cf_tb_tax numeric(18, 2) NOT NULL,
  -- book minus 26AS over all rows
  tax_difference numeric(18, 2) NOT NULL,
  amount_difference numeric(18, 2) NOT NULL,
  claimable_tax numeric(18, 2) NOT NULL,
  not_claimable_tax numeric(18, 2) NOT NULL,
  -- the engine options this party was last reconciled with when they differ
  -- from the run's (a partial reconciliation with another totals tolerance)
  options jsonb
);
CREATE UNIQUE INDEX recon_parties_job_party_idx ON recon_parties (job_id, party);
CREATE INDEX recon_parties_job_category_idx ON recon_parties (job_id, category, name);
CREATE INDEX recon_parties_job_tan_idx ON recon_parties (job_id, tan);
CREATE INDEX recon_parties_entity_idx ON recon_parties (entity_id, financial_year);

-- One row per book row and 26AS row of a party, in the engine's order (ord),
-- with the row's content as it was reconciled (so the result stays what it
-- was when the source data is edited or deleted, and the next year's job can
-- bring carried-forward rows forward) and what the engine and the decisions
-- made of it. side: B = sales/purchase book, T = 26AS.
CREATE TABLE recon_rows (
  job_id uuid NOT NULL,
  entity_id uuid NOT NULL,
  financial_year text NOT NULL,
  party integer NOT NULL,
  side char(1) NOT NULL CHECK (side IN ('B', 'T')),
  ord integer NOT NULL,
  -- sales_entries / purchase_entries / tax_entries id; split parts keep their parent's
  source_id bigint,
  -- book: voucher or bill number; 26AS: "<file>:<line>"
  ref text NOT NULL,
  txn_date date NOT NULL,
  name text NOT NULL,
  code text,
  tan text,
  pan text,
  gstin text,
  section text,
  rate numeric(9, 4),
  status text,
  booking_date date,
  remarks text,
  amount numeric(18, 2) NOT NULL,
  tax numeric(18, 2) NOT NULL,
  deposited numeric(18, 2),
  resolved_by text NOT NULL,
  brought_forward boolean NOT NULL,
  carried_forward boolean NOT NULL,
  split_of integer,
  split_part integer,
  -- the party's match holding the row (NULL when unmatched) and what it is
  match_no integer,
  rule text,
  claimable boolean,
  manual boolean,
  accepted_tax numeric(18, 2),
  action text,
  notes jsonb,
  -- why the row has no transaction-level match, as the engine's data
  reason jsonb,
  reason_code text
);
CREATE INDEX recon_rows_job_party_idx ON recon_rows (job_id, party, side, ord);
CREATE INDEX recon_rows_entity_idx ON recon_rows (entity_id, financial_year);

-- Rows the engine could not resolve to a party: "not considered for reconciliation".
CREATE TABLE recon_unresolved (
  job_id uuid NOT NULL,
  entity_id uuid NOT NULL,
  financial_year text NOT NULL,
  side char(1) NOT NULL CHECK (side IN ('B', 'T')),
  source_id bigint,
  ref text NOT NULL,
  txn_date date,
  name text NOT NULL,
  code text,
  tan text,
  pan text,
  gstin text,
  section text,
  status text,
  amount numeric(18, 2) NOT NULL,
  tax numeric(18, 2) NOT NULL,
  reason_code text NOT NULL,
  reason text NOT NULL
);
CREATE INDEX recon_unresolved_job_idx ON recon_unresolved (job_id, side);
CREATE INDEX recon_unresolved_entity_idx ON recon_unresolved (entity_id, financial_year);

-- What people decided on the discrepancy screens, in the engine's Decision
-- shape with rows named by content fingerprints. Not tied to one job: every
-- run of the entity, kind and year applies them, in id order.
CREATE TABLE recon_decisions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  entity_id uuid NOT NULL REFERENCES legal_entities (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('TDS', 'TCS')),
  financial_year text NOT NULL,
  party_key text NOT NULL,
  action text NOT NULL,
  decision jsonb NOT NULL,
  note text,
  -- the job on whose result it was made (no key: the decision outlives the job)
  made_on_job uuid,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_by_login text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX recon_decisions_scope_idx ON recon_decisions (entity_id, kind, financial_year, id);

-- Reports generated in the background (above 2000 transactions), listed under
-- Reports > Reconciliation Reports. The file lives under DATA_DIR/reports.
CREATE TABLE recon_reports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  entity_id uuid NOT NULL REFERENCES legal_entities (id) ON DELETE CASCADE,
  job_id uuid REFERENCES jobs (id) ON DELETE SET NULL,
  recon_job_id uuid,
  kind text NOT NULL CHECK (kind IN ('TDS', 'TCS')),
  financial_year text NOT NULL,
  report_type text NOT NULL,
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
CREATE INDEX recon_reports_entity_idx ON recon_reports (entity_id, created_at DESC);

-- One reconciliation (purpose 'recon') and one report generation ('report')
-- per entity at a time. A lock whose job has finished is stale and is taken over.
CREATE TABLE recon_locks (
  entity_id uuid NOT NULL REFERENCES legal_entities (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('recon', 'report')),
  job_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (entity_id, purpose)
);
