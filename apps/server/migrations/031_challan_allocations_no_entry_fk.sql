-- An allocation goes with its 34A entry, but no longer through a foreign key:
-- ON DELETE CASCADE ran a check per deleted entry, and every 34A run over all
-- vendors deletes the year's unverified entries (7.5 lakh rows in a big
-- year's February: 2.6 s with the cascade, 0.6 s without). The code that
-- deletes entries (payable/runs/entries-delete.ts) deletes their allocations
-- in the same statement pair, and every query reads an allocation through a
-- join to its entry, so one left by a race is never seen (docs/decisions.md,
-- issue 14, session 31).
ALTER TABLE challan_allocations DROP CONSTRAINT challan_allocations_entry_id_fkey;
