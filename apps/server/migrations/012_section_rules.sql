-- Section rules (issue 10). A row copied from the shipped section expense
-- types keeps the position it had there, so an id the screen got while the
-- entity still used the shipped data (`shipped-<n>`) finds its copy later.
ALTER TABLE section_expense_types ADD COLUMN shipped_index integer;
CREATE UNIQUE INDEX section_expense_types_shipped_idx
  ON section_expense_types (entity_id, shipped_index) WHERE shipped_index IS NOT NULL;
