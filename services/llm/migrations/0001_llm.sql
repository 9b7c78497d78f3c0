-- LLM service: stored interpretation rows, the usage ledger (one row per model call, kept for budgets
-- and the usage summary even after the text is erased), per-tenant tier token buckets.
-- Mirrors prisma/schema.prisma (checked by test/schema-drift.test.ts).

CREATE TABLE llm_interpretations (
  id                  uuid PRIMARY KEY,
  tenant_id           uuid             NOT NULL,
  chart_id            uuid             NOT NULL,
  -- Relationship interpretations: the second chart (erasing either chart removes the row).
  related_chart_id    uuid,
  interpretation_type text             NOT NULL,
  theme               text,
  language            text             NOT NULL,
  tier                text             NOT NULL,
  content             text             NOT NULL,
  engine_context      jsonb            NOT NULL,
  grounding           jsonb,
  request_params      jsonb            NOT NULL,
  input_tokens        integer          NOT NULL,
  output_tokens       integer          NOT NULL,
  latency_ms          integer          NOT NULL,
  cost_usd            double precision NOT NULL,
  cache_key           text             NOT NULL,
  created_at          timestamptz(3)   NOT NULL
);
CREATE INDEX llm_interpretations_tenant_id_created_at_idx ON llm_interpretations (tenant_id, created_at);
CREATE INDEX llm_interpretations_cache_key_created_at_idx ON llm_interpretations (cache_key, created_at);
CREATE INDEX llm_interpretations_chart_id_idx ON llm_interpretations (chart_id);

-- One row per completed model call (cache replays add none). chart_id is cleared on erasure so spend
-- already incurred still counts against the budgets.
CREATE TABLE llm_usage (
  id                  uuid PRIMARY KEY,
  tenant_id           uuid             NOT NULL,
  chart_id            uuid,
  interpretation_type text             NOT NULL,
  language            text             NOT NULL,
  tier                text             NOT NULL,
  input_tokens        integer          NOT NULL,
  output_tokens       integer          NOT NULL,
  cost_usd            double precision NOT NULL,
  created_at          timestamptz(3)   NOT NULL
);
CREATE INDEX llm_usage_tenant_id_created_at_idx ON llm_usage (tenant_id, created_at);

-- Token bucket per (tenant, tier): tokens left at updated_at; refilled lazily on each take.
CREATE TABLE llm_tier_buckets (
  tenant_id  uuid             NOT NULL,
  tier       text             NOT NULL,
  tokens     double precision NOT NULL,
  updated_at timestamptz(3)   NOT NULL,
  PRIMARY KEY (tenant_id, tier)
);

-- Bus events already handled (chart.deleted, tenant.data_erased): the platform's processed_events.
\ir ../../../packages/platform/migrations/processed-events.sql
