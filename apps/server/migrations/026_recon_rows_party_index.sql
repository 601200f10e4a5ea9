-- A job's result rows are found by job and party alone. Every read names the
-- job and a party (or reads the whole job in party order), and sorts a
-- party's few rows by side and order itself. An index on the two columns
-- holds each party's rows as one deduplicated entry: on a job of 2,000,000
-- rows it is 14 MB instead of 94 MB, and the job's COPY of those rows is
-- about 0.7 s faster (docs/decisions.md, issue 14, session 14).
DROP INDEX recon_rows_job_party_idx;
CREATE INDEX recon_rows_job_party_idx ON recon_rows (job_id, party);
