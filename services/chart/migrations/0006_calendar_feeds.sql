-- Calendar feeds (issue 21 item 3, docs/calendar-feeds.md): a secret URL per feed that calendar apps
-- fetch without an Authorization header. Only the SHA-256 digest of the token is stored; token_prefix
-- (its first characters) lets users tell feeds apart. A revoked feed keeps its row (its URL answers
-- 410); deleting the chart deletes its feeds. Mirrors prisma/schema.prisma (test/schema-drift.test.ts).
CREATE TABLE calendar_feeds (
  id              uuid PRIMARY KEY,
  tenant_id       uuid           NOT NULL,
  chart_id        uuid           NOT NULL REFERENCES charts(id) ON DELETE CASCADE,
  kind            text           NOT NULL CHECK (kind IN ('vimshottari', 'transits', 'muhurta')),
  name            text           NOT NULL,
  params          jsonb          NOT NULL,
  token_hash      text           NOT NULL UNIQUE,
  token_prefix    text           NOT NULL,
  created_at      timestamptz(3) NOT NULL,
  last_fetched_at timestamptz(3),
  revoked_at      timestamptz(3)
);
CREATE INDEX calendar_feeds_tenant_id_chart_id_idx ON calendar_feeds (tenant_id, chart_id);
