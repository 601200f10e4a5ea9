-- The validation report of a file in the TDS payable folder (expense ledger,
-- output file, sales register): its bad lines (file, line, column, expected)
-- are kept with the file, because an expense upload is checked at once and
-- runs no ingest job whose report could hold them. At most 1000 are kept;
-- problem_count is the full number.
ALTER TABLE payable_files ADD COLUMN problems jsonb NOT NULL DEFAULT '[]'::jsonb;
ALTER TABLE payable_files ADD COLUMN problem_count integer NOT NULL DEFAULT 0;
