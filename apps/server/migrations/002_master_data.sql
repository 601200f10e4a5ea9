-- Customer and vendor master data of an entity (spec part 1 section 3):
-- customers with contact e-mails and connected entities, vendors with
-- connected entities and their TDS section mappings.
-- Written for PostgreSQL 15 (the Debian server) and PGlite (PostgreSQL 18).

CREATE TABLE customers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  entity_id uuid NOT NULL REFERENCES legal_entities (id) ON DELETE CASCADE,
  customer_code text,
  customer_name text NOT NULL,
  name_from_sales_book text,
  name_from_26as text,
  legal_name text,
  trade_name text,
  entity_type text,
  website text,
  tan_number text CHECK (tan_number = upper(tan_number)),
  cst_number text,
  pan_number text CHECK (pan_number = upper(pan_number)),
  gst_registration_type text,
  gstin text CHECK (gstin = upper(gstin)),
  address_street text,
  address_city text,
  address_state text,
  pin_code text,
  country text,
  -- free text: bulk files carry the parent's id or code from the source ERP
  parent_customer_id text,
  contact_person_title text,
  contact_first_name text,
  contact_last_name text,
  contact_email text,
  contact_phone text,
  notes text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (entity_id, customer_code)
);
-- Reconciliation finds customers by TAN; searches filter by PAN and names.
CREATE INDEX customers_entity_tan_idx ON customers (entity_id, tan_number);
CREATE INDEX customers_entity_pan_idx ON customers (entity_id, pan_number);
CREATE INDEX customers_entity_name_idx ON customers (entity_id, lower(customer_name));
CREATE INDEX customers_entity_code_idx ON customers (entity_id, lower(customer_code));

-- Contact e-mails added after the form's contactEmail (follow-ups write to all).
CREATE TABLE customer_emails (
  customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX customer_emails_unique_idx ON customer_emails (customer_id, lower(email));

-- Connected entities (children) of a customer, identified by TAN.
CREATE TABLE customer_children (
  customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  tan_number text NOT NULL CHECK (tan_number = upper(tan_number)),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (customer_id, tan_number)
);
CREATE INDEX customer_children_tan_idx ON customer_children (tan_number);

CREATE TABLE vendors (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  entity_id uuid NOT NULL REFERENCES legal_entities (id) ON DELETE CASCADE,
  vendor_code text NOT NULL,
  vendor_name text NOT NULL,
  name_from_purchase_book text,
  name_from_26as text,
  website text,
  tan_number text CHECK (tan_number = upper(tan_number)),
  cst_number text,
  pan_number text CHECK (pan_number = upper(pan_number)),
  gst_registration_type text,
  gstin text CHECK (gstin = upper(gstin)),
  address_street text,
  address_city text,
  address_state text,
  pin_code text,
  country text,
  parent_vendor_id text,
  contact_person_title text,
  contact_first_name text,
  contact_last_name text,
  contact_email text,
  contact_phone text,
  notes text,
  vendor_type text CHECK (vendor_type IN ('Personal', 'Company', 'Government', 'Bank', 'Trust')),
  -- specified person under sections 206AB and 206CCA: TDS/TCS at the higher rate
  compliance_206ab boolean NOT NULL DEFAULT false,
  default_contact boolean NOT NULL DEFAULT true,
  active_status boolean NOT NULL DEFAULT true,
  resident boolean NOT NULL DEFAULT true,
  aadhaar_pan_link text CHECK (aadhaar_pan_link IN ('Operative', 'Inoperative', 'NA')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (entity_id, vendor_code)
);
CREATE INDEX vendors_entity_tan_idx ON vendors (entity_id, tan_number);
CREATE INDEX vendors_entity_pan_idx ON vendors (entity_id, pan_number);
CREATE INDEX vendors_entity_name_idx ON vendors (entity_id, lower(vendor_name));
CREATE INDEX vendors_entity_code_idx ON vendors (entity_id, lower(vendor_code));

CREATE TABLE vendor_children (
  vendor_id uuid NOT NULL REFERENCES vendors (id) ON DELETE CASCADE,
  tan_number text NOT NULL CHECK (tan_number = upper(tan_number)),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (vendor_id, tan_number)
);
CREATE INDEX vendor_children_tan_idx ON vendor_children (tan_number);

-- Which TDS section applies to a vendor, and whether it is exempt or holds a
-- lower deduction certificate (section 197) for a rate, an amount and a period.
-- The vendor code is the vendor's own, read through the join, never copied.
CREATE TABLE vendor_section_mappings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  entity_id uuid NOT NULL REFERENCES legal_entities (id) ON DELETE CASCADE,
  vendor_id uuid NOT NULL REFERENCES vendors (id) ON DELETE CASCADE,
  section_number text NOT NULL,
  sub_section text,
  tds_exempted boolean NOT NULL DEFAULT false,
  tds_exempted_from date,
  tds_exempted_to date,
  ltdc_applied boolean NOT NULL DEFAULT false,
  ltdc_percentage numeric(7, 4) CHECK (ltdc_percentage BETWEEN 0 AND 100),
  ltdc_amount numeric(18, 2) CHECK (ltdc_amount >= 0),
  ltdc_from date,
  ltdc_to date,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- the editor's rules, kept by the database too
  CHECK (tds_exempted OR (tds_exempted_from IS NULL AND tds_exempted_to IS NULL)),
  CHECK (ltdc_applied OR (ltdc_percentage IS NULL AND ltdc_amount IS NULL AND ltdc_from IS NULL AND ltdc_to IS NULL)),
  CHECK (tds_exempted_from IS NULL OR tds_exempted_to IS NULL OR tds_exempted_from <= tds_exempted_to),
  CHECK (ltdc_from IS NULL OR ltdc_to IS NULL OR ltdc_from <= ltdc_to)
);
CREATE INDEX vendor_section_mappings_vendor_idx ON vendor_section_mappings (vendor_id);
CREATE INDEX vendor_section_mappings_entity_idx ON vendor_section_mappings (entity_id, section_number);
