-- The deductor's PAN the 26Q batch header carries (BH field 15), when it is
-- not the entity's own: '' means the entity's PAN. A government deductor
-- (Annexure 4 categories A, S, D, E, G, H, L, N) may write PANNOTREQD, "not
-- required"; any other deductor needs a PAN.
ALTER TABLE return_deductors ADD COLUMN pan text NOT NULL DEFAULT '';
ALTER TABLE return_deductors ADD CONSTRAINT return_deductors_pan_check CHECK (
  pan = ''
  OR pan ~ '^[A-Z]{5}[0-9]{4}[A-Z]$'
  OR (pan = 'PANNOTREQD' AND deductor_type IN ('A', 'S', 'D', 'E', 'G', 'H', 'L', 'N'))
);
