-- Tenancy, accounts, sessions, one-time links, mail outbox and the job record.
-- Written for PostgreSQL 15 (the Debian server) and PGlite (PostgreSQL 18).

CREATE TABLE tenants (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The spec's "sub-group": every business row will carry entity_id.
CREATE TABLE legal_entities (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  sub_group_id text NOT NULL,
  name text NOT NULL,
  description text NOT NULL,
  pan text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, sub_group_id)
);

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  login text NOT NULL UNIQUE,
  email text NOT NULL,
  fname text NOT NULL DEFAULT '',
  lname text NOT NULL DEFAULT '',
  role text NOT NULL,
  permissions text[] NOT NULL DEFAULT '{}',
  user_group text,
  permission_group text,
  password_hash text NOT NULL,
  must_change_password boolean NOT NULL DEFAULT false,
  current_entity_id uuid REFERENCES legal_entities (id) ON DELETE SET NULL,
  failed_logins integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  last_login_at timestamptz,
  company_name text,
  phone text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE user_entities (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  entity_id uuid NOT NULL REFERENCES legal_entities (id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, entity_id)
);

-- Opaque bearer tokens, stored as SHA-256 so a database leak yields no session.
CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

-- Registration and password-reset links: signed, single-use, expiring.
CREATE TABLE pending_links (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  purpose text NOT NULL CHECK (purpose IN ('register', 'reset')),
  login text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX pending_links_login_idx ON pending_links (login, purpose);

-- Every e-mail the product sends; without SMTP_URL this is where it stays.
CREATE TABLE mail_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid REFERENCES tenants (id) ON DELETE CASCADE,
  recipient text NOT NULL,
  subject text NOT NULL,
  body_text text NOT NULL,
  transport text NOT NULL CHECK (transport IN ('outbox', 'smtp')),
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  error text
);

-- The user-facing record of a background job; pg-boss holds the queue state.
CREATE TABLE jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid REFERENCES tenants (id) ON DELETE CASCADE,
  entity_id uuid REFERENCES legal_entities (id) ON DELETE CASCADE,
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  user_login text,
  job_type text NOT NULL,
  status text NOT NULL DEFAULT 'NotStarted'
    CHECK (status IN ('NotStarted', 'InProgress', 'Completed', 'Failed')),
  notify boolean NOT NULL DEFAULT false,
  progress integer NOT NULL DEFAULT 0,
  input jsonb NOT NULL DEFAULT '{}'::jsonb,
  result jsonb,
  remarks text,
  failure_reason text,
  attempts integer NOT NULL DEFAULT 0,
  transactions_count bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  ended_at timestamptz
);
CREATE INDEX jobs_entity_created_idx ON jobs (entity_id, created_at DESC);
CREATE INDEX jobs_tenant_created_idx ON jobs (tenant_id, created_at DESC);

CREATE TABLE settings (
  key text PRIMARY KEY,
  value text NOT NULL
);
