-- Book rows a run left out of its reconciliation by rule, not for a fault:
-- a TCS run's purchase bills without TCS, which have nothing to find in Part
-- VI (docs/decisions.md, session 30). The result screen says how many.
ALTER TABLE recon_runs ADD COLUMN left_out_rows integer NOT NULL DEFAULT 0;
