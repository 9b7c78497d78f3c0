-- Transactional outbox (packages/platform/src/bus/outbox.ts): the platform's DDL, one file for every
-- publishing service. Mirrors prisma/schema.prisma (model OutboxEvent).
\ir ../../../packages/platform/migrations/outbox.sql
