-- The job-level figures of a reconciliation result (category counts, the
-- totals, rows not considered) are the same for every page and every caller,
-- so the server keeps them per job and version. Any statement that changes a
-- job's parties (the job itself, a decision, a partial re-run, delete data, a
-- restore) bumps that job's version in the same transaction.
ALTER TABLE recon_runs ADD COLUMN version bigint NOT NULL DEFAULT 0;

CREATE FUNCTION recon_runs_bump_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE recon_runs SET version = version + 1 WHERE job_id IN (SELECT DISTINCT job_id FROM old_rows);
  ELSE
    UPDATE recon_runs SET version = version + 1 WHERE job_id IN (SELECT DISTINCT job_id FROM new_rows);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER recon_parties_inserted AFTER INSERT ON recon_parties
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION recon_runs_bump_version();
CREATE TRIGGER recon_parties_updated AFTER UPDATE ON recon_parties
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION recon_runs_bump_version();
CREATE TRIGGER recon_parties_deleted AFTER DELETE ON recon_parties
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION recon_runs_bump_version();

-- The result page looks up the contact e-mails of its 50 parties by code (or
-- name when a customer has no code); without this it read every customer.
CREATE INDEX customers_entity_code_or_name_idx ON customers (entity_id, (coalesce(customer_code, customer_name)));
