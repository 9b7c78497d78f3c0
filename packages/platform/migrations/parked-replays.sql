-- Parked Kafka records an operator replayed (packages/platform/src/bus/kafka-parked.ts): one row per
-- parked record (`<topic>.parked:<partition>:<offset>`), claimed in the transaction that spans the
-- republish, so a record is replayed once even by two operators at the same time. Included by the
-- account service's migrations (OperatorService replays); mirrored by its prisma/schema.prisma.
CREATE TABLE IF NOT EXISTS parked_replays (
  parked_id   text           PRIMARY KEY,
  topic       text           NOT NULL,
  group_name  text           NOT NULL,
  event_id    text           NOT NULL,
  replayed_at timestamptz(3) NOT NULL
);
