-- A 34A entry only partly under a lower deduction certificate (rate_basis
-- 'LDC+normal') keeps how much of its taxable amount was at the certificate's
-- rate (the entry's rate) and the rate of the rest, so the 26Q can report the
-- two parts as two deductee rows (remark A with the certificate's number on
-- the first). Null on every other entry.
ALTER TABLE payable_entries ADD COLUMN ldc_taxable numeric(18, 2);
ALTER TABLE payable_entries ADD COLUMN normal_rate numeric(7, 4);
