-- The GL code and narration of each 34A entry, so the entries whose GL code
-- has no section can be listed by code with a suggested section (the expense
-- classifier reads the narration) for the user to confirm.
ALTER TABLE payable_entries ADD COLUMN gl_code text;
ALTER TABLE payable_entries ADD COLUMN description text;
CREATE INDEX payable_entries_unmapped_idx ON payable_entries (entity_id, financial_year, gl_code)
  WHERE error_code = 'GL_UNMAPPED';
