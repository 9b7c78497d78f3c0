-- Account service: tenants, users, sessions, e-mail codes, password resets, API keys.
-- Mirrors prisma/schema.prisma (checked by test/schema-drift.test.ts).

CREATE TABLE tenants (
  id              uuid PRIMARY KEY,
  display_name    text        NOT NULL,
  plan_tier       text        NOT NULL CHECK (plan_tier IN ('free', 'hobby', 'pro')),
  plan_status     text        NOT NULL,
  status          text        NOT NULL CHECK (status IN ('active', 'paused')),
  plan_updated_at timestamptz(3) NOT NULL,
  created_at      timestamptz(3) NOT NULL
);

CREATE TABLE users (
  id                   uuid PRIMARY KEY,
  tenant_id            uuid        NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  email                text        NOT NULL UNIQUE,
  password_hash        text        NOT NULL,
  email_verified       boolean     NOT NULL,
  status               text        NOT NULL CHECK (status IN ('active', 'paused')),
  is_admin             boolean     NOT NULL,
  terms_version        text        NOT NULL,
  terms_accepted_at    timestamptz(3) NOT NULL,
  created_at           timestamptz(3) NOT NULL,
  last_login_at        timestamptz(3),
  sessions_revoked_at  timestamptz(3),
  verification_sent_at timestamptz(3)
);
CREATE INDEX users_tenant_id_idx ON users (tenant_id);

CREATE TABLE refresh_tokens (
  id          uuid PRIMARY KEY,
  family_id   uuid        NOT NULL,
  user_id     uuid        NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash  text        NOT NULL UNIQUE,
  created_at  timestamptz(3) NOT NULL,
  expires_at  timestamptz(3) NOT NULL,
  consumed_at timestamptz(3),
  revoked_at  timestamptz(3)
);
CREATE INDEX refresh_tokens_family_id_idx ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user_id_idx ON refresh_tokens (user_id);

CREATE TABLE email_codes (
  id          uuid PRIMARY KEY,
  user_id     uuid        NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code_hash   text        NOT NULL,
  created_at  timestamptz(3) NOT NULL,
  expires_at  timestamptz(3) NOT NULL,
  attempts    integer     NOT NULL,
  consumed_at timestamptz(3)
);
CREATE INDEX email_codes_user_id_idx ON email_codes (user_id);

CREATE TABLE password_resets (
  id         uuid PRIMARY KEY,
  user_id    uuid        NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash text        NOT NULL UNIQUE,
  created_at timestamptz(3) NOT NULL,
  expires_at timestamptz(3) NOT NULL,
  used_at    timestamptz(3)
);
CREATE INDEX password_resets_user_id_idx ON password_resets (user_id);

CREATE TABLE api_keys (
  id           uuid PRIMARY KEY,
  tenant_id    uuid        NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  name         text        NOT NULL,
  key_prefix   text        NOT NULL,
  key_last4    text        NOT NULL,
  key_hash     text        NOT NULL UNIQUE,
  scopes       text[]      NOT NULL,
  created_by   text        NOT NULL,
  created_at   timestamptz(3) NOT NULL,
  last_used_at timestamptz(3),
  expires_at   timestamptz(3),
  revoked_at   timestamptz(3),
  metadata     jsonb       NOT NULL
);
CREATE INDEX api_keys_tenant_id_created_at_idx ON api_keys (tenant_id, created_at);

CREATE TABLE operator_audit (
  id         uuid PRIMARY KEY,
  action     text        NOT NULL,
  target     text        NOT NULL,
  params     jsonb       NOT NULL,
  created_at timestamptz(3) NOT NULL
);
