-- A job whose results were deleted (Delete Data, or deleting a reconciliation
-- or 34A job from its jobs screen) stays on the jobs list, for the record of
-- who ran what and when, but says its results are gone: the list offers no
-- View, and the result's address answers 410 with when and by whom, instead
-- of a bare 404 (docs/decisions.md, session 39).
ALTER TABLE jobs
  ADD COLUMN results_deleted_at timestamptz,
  ADD COLUMN results_deleted_by_login text;
