-- Form 16A certificates (spec part 3): TDS certificates the entity, as
-- deductor, issues to its vendors, uploaded one at a time or as a zip of
-- PDFs, searched and e-mailed to the vendor. The PDF is the stored original
-- (stored_files, by SHA-256); the row holds what was read from its text.
-- Amounts are numeric(18, 2) rupees like every other table.
CREATE TABLE form16a_documents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  entity_id uuid NOT NULL REFERENCES legal_entities (id) ON DELETE CASCADE,
  vendor_id uuid REFERENCES vendors (id) ON DELETE SET NULL,
  vendor_code text,
  vendor_pan text NOT NULL CHECK (vendor_pan ~ '^[A-Z]{5}[0-9]{4}[A-Z]$'),
  deductor_tan text CHECK (deductor_tan ~ '^[A-Z]{4}[0-9]{5}[A-Z]$'),
  financial_year text NOT NULL CHECK (financial_year ~ '^[0-9]{4}-[0-9]{2}$'),
  quarter text NOT NULL CHECK (quarter IN ('Q1', 'Q2', 'Q3', 'Q4')),
  certificate_number text,
  amount_paid numeric(18, 2),
  tax_deducted numeric(18, 2),
  file_name text NOT NULL,
  file_id uuid NOT NULL REFERENCES stored_files (id) ON DELETE RESTRICT,
  -- where the certificate goes: the address given at upload, else the vendor's contact e-mail then
  email text,
  job_id uuid REFERENCES jobs (id) ON DELETE SET NULL,
  uploaded_by uuid REFERENCES users (id) ON DELETE SET NULL,
  uploaded_at timestamptz NOT NULL DEFAULT now(),
  -- the download and e-mail calls name a certificate by its file name
  UNIQUE (entity_id, file_name)
);
-- one row per certificate: the same certificate under another file name is refused
CREATE UNIQUE INDEX form16a_documents_certificate_idx
  ON form16a_documents (entity_id, vendor_pan, financial_year, quarter, certificate_number)
  WHERE certificate_number IS NOT NULL;
CREATE INDEX form16a_documents_search_idx ON form16a_documents (entity_id, financial_year, quarter, vendor_pan);
