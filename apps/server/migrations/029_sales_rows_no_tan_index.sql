-- No query reads a sales register's rows by TAN: reconciliation reads a
-- financial year through the entity and year index, the search matches a TAN
-- partially (ILIKE '%...%', which a B-tree cannot serve), and an edit finds
-- its row by id. The index cost every sales load a third of its index
-- maintenance (docs/decisions.md, issue 14, session 21).
DROP INDEX sales_entries_entity_tan_idx;
