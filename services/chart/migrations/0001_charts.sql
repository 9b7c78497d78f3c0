-- Chart service: stored charts (positions computed once, at creation) and the demo limiter's hits.
-- Mirrors prisma/schema.prisma (checked by test/schema-drift.test.ts).

CREATE TABLE charts (
  id                     uuid PRIMARY KEY,
  tenant_id              uuid             NOT NULL,
  system                 text             NOT NULL CHECK (system IN ('vedic', 'western')),
  ayanamsha              text,
  house_system           text             NOT NULL,
  requested_house_system text             NOT NULL,
  moment                 text             NOT NULL,
  birth_utc_ms           bigint           NOT NULL,
  offset_minutes         integer          NOT NULL,
  latitude               double precision NOT NULL,
  longitude              double precision NOT NULL,
  jd_ut                  double precision NOT NULL,
  planets                jsonb            NOT NULL,
  houses                 jsonb            NOT NULL,
  method_version         text             NOT NULL,
  computed_at            timestamptz(3)   NOT NULL
);
CREATE INDEX charts_tenant_id_computed_at_idx ON charts (tenant_id, computed_at);

CREATE TABLE demo_hits (
  id         bigserial PRIMARY KEY,
  client_key text           NOT NULL,
  at         timestamptz(3) NOT NULL
);
CREATE INDEX demo_hits_client_key_at_idx ON demo_hits (client_key, at);
