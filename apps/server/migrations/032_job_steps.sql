-- The steps a job has done outside the database (a mail queued per vendor),
-- by a key the job chooses: a run retried after a crash reads them and skips
-- what is done, so a vendor is not mailed again. Goes with its job.
CREATE TABLE job_steps (
  job_id uuid NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  step text NOT NULL,
  done_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (job_id, step)
);
