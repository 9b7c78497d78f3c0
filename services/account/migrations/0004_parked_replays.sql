-- Replays of parked Kafka records (npm run operator -- replay-parked, through OperatorService): the
-- platform's ledger, so a parked record is replayed once. Mirrors prisma/schema.prisma (ParkedReplay).
\ir ../../../packages/platform/migrations/parked-replays.sql
