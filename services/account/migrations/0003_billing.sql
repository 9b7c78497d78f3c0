-- Billing: pay-as-you-go credit balances, checkouts (local provider or Stripe), the provider's
-- customer per tenant, and processed provider events (webhook deliveries are at-least-once).
-- Mirrors prisma/schema.prisma (checked by test/schema-drift.test.ts).

CREATE TABLE credit_balances (
  tenant_id  uuid PRIMARY KEY REFERENCES tenants(id) ON DELETE CASCADE,
  credits    bigint      NOT NULL CHECK (credits >= 0),
  updated_at timestamptz(3) NOT NULL
);

CREATE TABLE billing_customers (
  tenant_id        uuid PRIMARY KEY REFERENCES tenants(id) ON DELETE CASCADE,
  provider         text        NOT NULL,
  customer_ref     text        NOT NULL,
  subscription_ref text,
  created_at       timestamptz(3) NOT NULL
);
CREATE UNIQUE INDEX billing_customers_provider_customer_ref_idx ON billing_customers (provider, customer_ref);

CREATE TABLE billing_checkouts (
  id           uuid PRIMARY KEY,
  tenant_id    uuid        NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  provider     text        NOT NULL,
  provider_ref text UNIQUE,
  local_token  text UNIQUE,
  item         text        NOT NULL CHECK (item IN ('credits', 'hobby', 'pro')),
  quantity     integer     NOT NULL CHECK (quantity > 0),
  "interval"   text CHECK ("interval" IN ('month', 'year')),
  amount_cents integer     NOT NULL,
  credits      bigint      NOT NULL,
  status       text        NOT NULL CHECK (status IN ('pending', 'paid', 'expired')),
  checkout_url text,
  created_at   timestamptz(3) NOT NULL,
  expires_at   timestamptz(3) NOT NULL,
  paid_at      timestamptz(3)
);
CREATE INDEX billing_checkouts_tenant_id_created_at_idx ON billing_checkouts (tenant_id, created_at);

CREATE TABLE billing_events (
  provider    text NOT NULL,
  event_id    text NOT NULL,
  event_type  text NOT NULL,
  received_at timestamptz(3) NOT NULL,
  PRIMARY KEY (provider, event_id)
);
