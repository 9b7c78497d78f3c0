-- western-calc: stored compatibility reports (POST /v1/western/relationships). One row per tenant,
-- ordered chart pair and method_version; recomputing replaces the row. Deleted with either chart
-- (DataErasureService/Erase, bus topics chart.deleted and tenant.data_erased).
-- Mirrors prisma/schema.prisma (checked by test/schema-drift.test.ts).

CREATE TABLE compatibility_reports (
  id             uuid PRIMARY KEY,
  tenant_id      uuid           NOT NULL,
  chart_a_id     uuid           NOT NULL,
  chart_b_id     uuid           NOT NULL,
  method_version text           NOT NULL,
  result         jsonb          NOT NULL,
  created_at     timestamptz(3) NOT NULL
);
CREATE UNIQUE INDEX compatibility_reports_tenant_id_chart_a_id_chart_b_id_method_version_key
  ON compatibility_reports (tenant_id, chart_a_id, chart_b_id, method_version);
CREATE INDEX compatibility_reports_tenant_id_chart_b_id_idx ON compatibility_reports (tenant_id, chart_b_id);
