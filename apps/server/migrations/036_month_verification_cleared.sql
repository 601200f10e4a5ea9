-- Who verified a TDS payable month, and the change that cleared its last
-- verification. A verified month's challans or their allocation changed
-- afterwards (a challan added, edited or deleted, rows allocated, moved or
-- unallocated) is no longer verified: what was checked is not what is there
-- now. The month shows why until the user verifies it again (docs/decisions.md,
-- session 39).
ALTER TABLE payable_month_states
  ADD COLUMN verified_by_login text,
  ADD COLUMN cleared_at timestamptz,
  ADD COLUMN cleared_by_login text,
  ADD COLUMN cleared_because text,
  -- when the verification the change cleared had been made
  ADD COLUMN cleared_verified_at timestamptz;
