-- A register's rows were indexed by their load's job only for the load's own
-- control totals, read back once before it commits. They are now read back
-- through the entity and financial year index (ingest/load-batch.ts), which
-- the year's reads need anyway. The job index cost every load about a tenth
-- of the database's time: on PGlite 0.95 s of 9.0 s for 300,000 sales rows
-- (docs/decisions.md, issue 14, session 19).
DROP INDEX sales_entries_job_idx;
DROP INDEX purchase_entries_job_idx;
