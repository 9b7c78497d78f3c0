-- Feedback service: skill (talent) profiles, template interpretations and their statements, feedback
-- entries, per-tenant template accuracy, and PDF report rows (the PDF files live on disk).
-- Mirrors prisma/schema.prisma (checked by test/schema-drift.test.ts). Every row carries tenant_id and
-- chart_id so erasure (chart.deleted, tenant.data_erased) is one DELETE per table.

CREATE TABLE skill_profiles (
  id             uuid PRIMARY KEY,
  tenant_id      uuid           NOT NULL,
  chart_id       uuid           NOT NULL,
  method_version text           NOT NULL,
  scores         jsonb          NOT NULL,
  computed_at    timestamptz(3) NOT NULL
);
CREATE UNIQUE INDEX skill_profiles_tenant_id_chart_id_key ON skill_profiles (tenant_id, chart_id);

CREATE TABLE interpretations (
  id              uuid PRIMARY KEY,
  tenant_id       uuid           NOT NULL,
  chart_id        uuid           NOT NULL,
  locale          text           NOT NULL,
  tone            text           NOT NULL,
  catalog_version text           NOT NULL,
  llm_rewritten   boolean        NOT NULL,
  created_at      timestamptz(3) NOT NULL
);
CREATE INDEX interpretations_tenant_id_chart_id_idx ON interpretations (tenant_id, chart_id);

CREATE TABLE statements (
  id                uuid PRIMARY KEY,
  interpretation_id uuid             NOT NULL REFERENCES interpretations (id) ON DELETE CASCADE ON UPDATE CASCADE,
  tenant_id         uuid             NOT NULL,
  chart_id          uuid             NOT NULL,
  position          integer          NOT NULL,
  skill_id          text             NOT NULL,
  template_id       text             NOT NULL,
  kind              text             NOT NULL,
  locale            text             NOT NULL,
  body              text             NOT NULL,
  score             double precision NOT NULL,
  rule_path         jsonb            NOT NULL,
  created_at        timestamptz(3)   NOT NULL
);
CREATE INDEX statements_interpretation_id_idx ON statements (interpretation_id);
CREATE INDEX statements_tenant_id_chart_id_idx ON statements (tenant_id, chart_id);

CREATE TABLE feedback_entries (
  id              uuid PRIMARY KEY,
  tenant_id       uuid             NOT NULL,
  chart_id        uuid             NOT NULL,
  statement_id    uuid             NOT NULL,
  template_id     text             NOT NULL,
  skill_id        text             NOT NULL,
  verdict         text             NOT NULL,
  role            text             NOT NULL,
  user_id         text,
  organization_id text,
  comment         text,
  confidence      double precision,
  submitted_at    timestamptz(3)   NOT NULL
);
CREATE INDEX feedback_entries_tenant_id_template_id_idx ON feedback_entries (tenant_id, template_id);
CREATE INDEX feedback_entries_tenant_id_chart_id_idx ON feedback_entries (tenant_id, chart_id);

CREATE TABLE template_accuracy (
  tenant_id      uuid             NOT NULL,
  template_id    text             NOT NULL,
  sample_size    integer          NOT NULL,
  correct_count  integer          NOT NULL,
  doubtful_count integer          NOT NULL,
  wrong_count    integer          NOT NULL,
  accuracy       double precision NOT NULL,
  updated_at     timestamptz(3)   NOT NULL,
  PRIMARY KEY (tenant_id, template_id)
);

CREATE TABLE reports (
  id             uuid PRIMARY KEY,
  tenant_id      uuid           NOT NULL,
  chart_id       uuid           NOT NULL,
  file_name      text           NOT NULL,
  size_bytes     integer        NOT NULL,
  sha256         text           NOT NULL,
  page_count     integer        NOT NULL,
  locale         text           NOT NULL,
  method_version text           NOT NULL,
  created_at     timestamptz(3) NOT NULL
);
CREATE INDEX reports_tenant_id_chart_id_idx ON reports (tenant_id, chart_id);
