-- Transactional outbox (packages/platform/src/bus/outbox.ts): events written in the same transaction
-- as the change that causes them; the service's OutboxRelay publishes them to the event bus and sets
-- sent_at. Same DDL in every publishing service (the platform's OUTBOX_TABLE_SQL); mirrors
-- prisma/schema.prisma (model OutboxEvent).
CREATE TABLE outbox (
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
CREATE INDEX outbox_pending_idx ON outbox (seq) WHERE sent_at IS NULL;
CREATE INDEX outbox_key_pending_idx ON outbox (key, seq) WHERE sent_at IS NULL;
CREATE INDEX outbox_sent_at_idx ON outbox (sent_at) WHERE sent_at IS NOT NULL;
