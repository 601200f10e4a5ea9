-- A government deductor's fields of the 26Q batch header (BH 55 PAO code,
-- 56 DDO code, 57 ministry code, 58 ministry name "other", 60 PAO and 61 DDO
-- registration numbers, 68 AIN; docs/decisions.md session 40). '' when not
-- given; "for other deductor type no value should be provided", so a deductor
-- outside Annexure 4's government categories A, S, D, E, G, H, L, N has none.
ALTER TABLE return_deductors
  ADD COLUMN pao_code text NOT NULL DEFAULT '',
  ADD COLUMN ddo_code text NOT NULL DEFAULT '',
  ADD COLUMN ministry text NOT NULL DEFAULT '',
  ADD COLUMN ministry_other text NOT NULL DEFAULT '',
  ADD COLUMN pao_registration text NOT NULL DEFAULT '',
  ADD COLUMN ddo_registration text NOT NULL DEFAULT '',
  ADD COLUMN ain text NOT NULL DEFAULT '';
ALTER TABLE return_deductors ADD CONSTRAINT return_deductors_government_check CHECK (
  deductor_type IN ('A', 'S', 'D', 'E', 'G', 'H', 'L', 'N')
  OR pao_code || ddo_code || ministry || ministry_other || pao_registration || ddo_registration || ain = ''
);
