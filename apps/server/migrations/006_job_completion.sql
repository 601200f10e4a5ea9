-- Jobs that survive a crash exactly once (issue 7). A job row knows its queue
-- entry (the pg-boss job has the same id), so a process starting after a
-- crash can settle it, and the worker
-- that runs it: a worker holds a session advisory lock on its key for as
-- long as it lives, so "no live worker holds this job" is a query.
ALTER TABLE jobs
  ADD COLUMN queue_name text,
  ADD COLUMN worker_key integer;
CREATE SEQUENCE job_worker_keys AS integer MINVALUE 1 CYCLE;
CREATE INDEX jobs_unfinished_idx ON jobs (status) WHERE status IN ('NotStarted', 'InProgress');
