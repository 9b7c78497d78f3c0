-- The writer's trace context (packages/platform/src/bus/outbox.ts stores traceHeaders() with the row;
-- the OutboxRelay publishes it as the event's headers). Mirrors prisma/schema.prisma (OutboxEvent.headers).
ALTER TABLE outbox ADD COLUMN IF NOT EXISTS headers jsonb;
