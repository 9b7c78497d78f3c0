-- Bus events a consumer has applied (packages/platform/src/bus/apply-once.ts): the id is recorded in
-- the transaction that applies the event's effect, so a redelivery (the bus is at-least-once) is
-- recognised and skipped. Pruned by processed_at once redeliveries can no longer arrive.
CREATE TABLE IF NOT EXISTS processed_events (
  event_id     text           PRIMARY KEY,
  processed_at timestamptz(3) NOT NULL
);
CREATE INDEX IF NOT EXISTS processed_events_processed_at_idx ON processed_events (processed_at);
