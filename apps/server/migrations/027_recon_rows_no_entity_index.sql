-- Result rows are read by job, never by entity alone: the housekeeping that
-- works on an entity's rows (snapshots, Delete Data) finds them through the
-- entity's runs (platform/db/entity-tables.ts) and the job and party index.
-- The entity index cost every job's COPY of its rows about a second of the
-- database's time at 2,000,000 rows (docs/decisions.md, issue 14, session 18).
DROP INDEX recon_rows_entity_idx;
