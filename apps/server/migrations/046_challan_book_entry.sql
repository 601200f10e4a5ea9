-- A government deductor's deposit by book entry (a transfer voucher the
-- PAO / DDO reports on Form 24G) instead of a bank challan (docs/decisions.md
-- session 41). The 26Q challan record has one field for "Bank-Branch Code /
-- Form 24G Receipt Number" (CD 16, seven digits either way), and the DDO
-- serial number of Form 24G (CD 14, "five digit DDO serial number provided by
-- Accounts Officer") stands where the bank challan's five-digit serial does
-- (CD 12). So a voucher keeps its receipt number in bsr_code and its DDO
-- serial in challan_serial_number, and its identity (receipt number + DDO
-- serial + voucher date) has the CIN's shape; deposit_mode tells them apart.
-- A voucher has no minor head ("No value to be quoted for nil challan/
-- transfer voucher"). Only a government deductor may enter one: that rule is
-- across tables (return_deductors) and is the server's.
ALTER TABLE payable_challans
  ADD COLUMN deposit_mode text NOT NULL DEFAULT 'challan'
    CHECK (deposit_mode IN ('challan', 'book_entry'));
ALTER TABLE payable_challans ADD CONSTRAINT payable_challans_book_entry_check CHECK (
  deposit_mode = 'challan'
  OR (bsr_code ~ '^[0-9]{7}$' AND challan_serial_number ~ '^[0-9]{1,5}$' AND minor_head = '')
);
