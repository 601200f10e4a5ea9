-- DOMAIN 7.8: each monthly summary row counts the entries in error on its
-- line (a section and a deductee type found, then no rate). A run before
-- this counted none: its rows take the errors its entries still show (the
-- entries of the year's latest run; an older run's rows stay 0).
ALTER TABLE payable_months ADD COLUMN errors integer NOT NULL DEFAULT 0;

UPDATE payable_months m SET errors = e.n
FROM (
  SELECT job_id, month, section_number, sub_section, deductee_type, tan, count(*)::int AS n
  FROM payable_entries
  WHERE status = 'error' AND section_number IS NOT NULL AND deductee_type IS NOT NULL AND month IS NOT NULL
  GROUP BY job_id, month, section_number, sub_section, deductee_type, tan
) e
WHERE e.job_id = m.job_id AND e.month = m.month AND e.section_number = m.section_number
  AND e.sub_section = m.sub_section AND e.deductee_type = m.deductee_type
  AND e.tan IS NOT DISTINCT FROM m.tan;
