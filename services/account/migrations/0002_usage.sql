-- Usage metering (spec 1-platform.md "Usage buckets"): hourly rollups fed by the gateway's
-- usage.recorded events. Mirrors prisma/schema.prisma (checked by test/schema-drift.test.ts).

-- One row per (tenant, key, UTC hour, route template, method). Session traffic (no key) uses the nil
-- UUID as api_key_id so the primary key stays NOT NULL. latency_hist is a sparse log-scale histogram
-- {bucket index: count} (services/account/src/domain/usage/histogram.ts) from which p95 is estimated.
CREATE TABLE usage_hourly (
  tenant_id    uuid           NOT NULL,
  api_key_id   uuid           NOT NULL,
  hour         timestamptz(3) NOT NULL,
  route        text           NOT NULL,
  method       text           NOT NULL,
  requests     bigint         NOT NULL,
  errors_4xx   bigint         NOT NULL,
  errors_5xx   bigint         NOT NULL,
  latency_hist jsonb          NOT NULL,
  PRIMARY KEY (tenant_id, api_key_id, hour, route, method)
);

-- Bus events already folded into usage_hourly: the consumer is at-least-once, the rollup must not be.
CREATE TABLE usage_processed_events (
  event_id     text           PRIMARY KEY,
  processed_at timestamptz(3) NOT NULL
);
CREATE INDEX usage_processed_events_processed_at_idx ON usage_processed_events (processed_at);
