-- Challans (tax deposits) of a TDS payable summary line: month, section,
-- sub-section and deductee type (spec part 3 sections 3-5, issue 12). Amounts
-- are numeric(18, 2) rupees like every other table. A line whose deposits
-- cover its deducted tax is verified; a month whose lines are all verified is
-- marked verified in payable_month_states, which locks it for the 34A job.

CREATE TABLE payable_challans (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  entity_id uuid NOT NULL REFERENCES legal_entities (id) ON DELETE CASCADE,
  financial_year text NOT NULL,
  month text NOT NULL CHECK (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  section_number text NOT NULL,
  sub_section text NOT NULL DEFAULT '',
  deductee_type text NOT NULL,
  challan_serial_number text NOT NULL CHECK (length(challan_serial_number) BETWEEN 1 AND 5),
  date_of_deposit date NOT NULL,
  bsr_code text NOT NULL CHECK (bsr_code ~ '^[0-9]{7}$'),
  tan text NOT NULL,
  tax_amount numeric(18, 2) NOT NULL CHECK (tax_amount <> 0),
  fee numeric(18, 2) NOT NULL DEFAULT 0,
  surcharge numeric(18, 2) NOT NULL DEFAULT 0,
  education_cess numeric(18, 2) NOT NULL DEFAULT 0,
  interest numeric(18, 2) NOT NULL DEFAULT 0,
  penalty numeric(18, 2) NOT NULL DEFAULT 0,
  others numeric(18, 2) NOT NULL DEFAULT 0,
  minor_head text NOT NULL DEFAULT '300',
  locked boolean NOT NULL DEFAULT false,
  -- the challan image as a data URL (spec: imageUrl), at most 20 MB of file
  image_url text,
  created_by_login text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payable_challans_line_idx
  ON payable_challans (entity_id, month, section_number, deductee_type, sub_section);
CREATE INDEX payable_challans_year_idx ON payable_challans (entity_id, financial_year, month);
