-- Test keys (issue 21 item 5, docs/test-keys.md): every API key has a mode, fixed at creation.
-- `test` keys (prefix ak_test_) reach every route but never spend quota, credits or a paid model.
-- Existing keys are live. Mirrors prisma/schema.prisma (checked by test/schema-drift.test.ts).
ALTER TABLE api_keys ADD COLUMN mode text NOT NULL DEFAULT 'live';
ALTER TABLE api_keys ADD CONSTRAINT api_keys_mode_check CHECK (mode IN ('live', 'test'));
