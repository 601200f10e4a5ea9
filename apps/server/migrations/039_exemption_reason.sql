-- Why a vendor section mapping exempts a vendor, as Annexure 6 of the 26Q
-- codes the reason for no deduction: B a declaration under section 197A
-- (Form 15G/15H), T a transporter's declaration under 194C(6), Z a payment
-- notified under 197A(1F). Null: exempt, the reason not recorded (every
-- mapping before this). A reason only on an exempt mapping; which sections a
-- reason may stand under (T 194C, B the sections a 15G/15H covers) is checked
-- where mappings are saved or uploaded (docs/decisions.md, session 39).
ALTER TABLE vendor_section_mappings
  ADD COLUMN tds_exemption_reason text
    CHECK (tds_exemption_reason IN ('B', 'T', 'Z')),
  ADD CONSTRAINT vendor_section_mappings_reason_exempt
    CHECK (tds_exemption_reason IS NULL OR tds_exempted);

-- The 34A entry exempt by such a mapping keeps its reason, so the 26Q can
-- report it under the nil challan with that remark. Null on every other entry.
ALTER TABLE payable_entries ADD COLUMN exempt_reason text;
