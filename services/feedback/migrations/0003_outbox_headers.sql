-- The outbox's headers column (the writer's trace context), added after the first release: the
-- platform's outbox DDL again, which is idempotent and brings an older outbox up to date.
\ir ../../../packages/platform/migrations/outbox.sql
