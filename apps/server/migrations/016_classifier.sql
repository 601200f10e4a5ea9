-- The expense classifier of each entity (spec part 3, AI expense
-- classification): the current model, trained in the app from a file of
-- descriptions and their sections, with its accuracy and macro-F1 on the
-- fifth of the file held back. One row per entity; retraining replaces it.
CREATE TABLE classifier_models (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  entity_id uuid NOT NULL UNIQUE REFERENCES legal_entities (id) ON DELETE CASCADE,
  -- modelToBytes of @taxrecon/engine: a JSON header line, then float32 arrays
  model bytea NOT NULL,
  -- the sections the model knows, canonical (194C, 194J(b))
  labels jsonb NOT NULL,
  trained_at timestamptz NOT NULL DEFAULT now(),
  trained_by uuid REFERENCES users (id) ON DELETE SET NULL,
  file_name text,
  -- valid lines of the file; four fifths trained the model, one fifth tested it
  rows_used integer NOT NULL CHECK (rows_used >= 0),
  rows_held_back integer NOT NULL CHECK (rows_held_back >= 0),
  accuracy double precision NOT NULL CHECK (accuracy BETWEEN 0 AND 1),
  macro_f1 double precision NOT NULL CHECK (macro_f1 BETWEEN 0 AND 1),
  job_id uuid REFERENCES jobs (id) ON DELETE SET NULL
);
