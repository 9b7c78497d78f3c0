-- Transactional outbox (packages/platform/src/bus/outbox.ts): events written in the same transaction
-- as the change that causes them; the service's OutboxRelay publishes them to the event bus and
-- deletes them (sent_at: set by earlier releases, which kept sent rows a day). Included by every
-- publishing service's migrations; mirrored by its prisma/schema.prisma (model OutboxEvent).
CREATE TABLE IF NOT EXISTS outbox (
  id              text           PRIMARY KEY,
  seq             bigserial      NOT NULL,
  topic           text           NOT NULL,
  key             text           NOT NULL,
  payload         jsonb          NOT NULL,
  created_at      timestamptz(3) NOT NULL DEFAULT now(),
  attempts        integer        NOT NULL DEFAULT 0,
  next_attempt_at timestamptz(3) NOT NULL DEFAULT now(),
  last_error      text,
  sent_at         timestamptz(3)
);
-- The writer's trace context (traceHeaders(), stored with the row; the relay publishes it as the
-- event's headers), added after the first release: nullable, no rewrite.
ALTER TABLE outbox ADD COLUMN IF NOT EXISTS headers jsonb;
CREATE INDEX IF NOT EXISTS outbox_pending_idx ON outbox (seq) WHERE sent_at IS NULL;
CREATE INDEX IF NOT EXISTS outbox_key_pending_idx ON outbox (key, seq) WHERE sent_at IS NULL;
CREATE INDEX IF NOT EXISTS outbox_sent_at_idx ON outbox (sent_at) WHERE sent_at IS NOT NULL;
