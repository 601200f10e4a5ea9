-- When the TAN-PAN sync last asked the portal about a customer's TAN. A TAN
-- the portal has no details for stays unverified; the next sync asks about
-- the TANs not asked about longest first, so one 500 that never resolve
-- cannot keep the rest from ever being looked up (spec part 3 section 9).
ALTER TABLE customers ADD COLUMN tan_checked_at timestamptz;
