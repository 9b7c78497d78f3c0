-- Webhooks (issue 21 item 4, docs/webhooks.md): a tenant's endpoints, one delivery per (endpoint, event)
-- and every HTTP attempt of it. Mirrors prisma/schema.prisma (checked by test/schema-drift.test.ts).

CREATE TABLE webhook_endpoints (
  id                     uuid PRIMARY KEY,
  tenant_id              uuid           NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  url                    text           NOT NULL,
  description            text           NOT NULL,
  events                 text[]         NOT NULL,
  enabled                boolean        NOT NULL,
  -- The signing secret must be readable to sign (a hash would not do); never logged nor listed.
  secret                 text           NOT NULL,
  -- After a roll the old secret keeps signing beside the new one until previous_expires_at.
  previous_secret        text,
  previous_expires_at    timestamptz(3),
  created_at             timestamptz(3) NOT NULL,
  updated_at             timestamptz(3) NOT NULL
);
CREATE INDEX webhook_endpoints_tenant_id_created_at_idx ON webhook_endpoints (tenant_id, created_at);

CREATE TABLE webhook_deliveries (
  id               uuid PRIMARY KEY,
  tenant_id        uuid           NOT NULL,
  endpoint_id      uuid           NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  -- The event's id (Webhook-Id header): one per event, the same on every endpoint and every retry.
  event_id         text           NOT NULL,
  event_type       text           NOT NULL,
  -- The exact JSON text that is signed and sent.
  body             text           NOT NULL,
  status           text           NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
  attempt_count    integer        NOT NULL,
  next_attempt_at  timestamptz(3),
  -- The retry window (24 h by default) runs from here; a replay starts a new window.
  window_start_at  timestamptz(3),
  created_at       timestamptz(3) NOT NULL,
  delivered_at     timestamptz(3)
);
-- Redelivered bus events find their delivery here and add none.
CREATE UNIQUE INDEX webhook_deliveries_endpoint_id_event_id_key ON webhook_deliveries (endpoint_id, event_id);
CREATE INDEX webhook_deliveries_status_next_attempt_at_idx ON webhook_deliveries (status, next_attempt_at);
CREATE INDEX webhook_deliveries_tenant_id_idx ON webhook_deliveries (tenant_id);

CREATE TABLE webhook_attempts (
  id            uuid PRIMARY KEY,
  delivery_id   uuid           NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
  attempted_at  timestamptz(3) NOT NULL,
  -- Null when no HTTP answer came (timeout, refused connection, refused address).
  status_code   integer,
  error         text,
  duration_ms   integer        NOT NULL
);
CREATE INDEX webhook_attempts_delivery_id_attempted_at_idx ON webhook_attempts (delivery_id, attempted_at);
