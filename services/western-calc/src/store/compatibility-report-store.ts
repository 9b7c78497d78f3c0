// Compatibility reports on plain pg: one upsert per relationship request and the erasure deletes.
import type pg from 'pg';
import { uuidv7 } from '@astro/platform';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

import type { ReportStore, StoredReport } from '../domain/ports.ts';

export type { ReportStore, StoredReport };

export class PgReportStore implements ReportStore {
  constructor(private readonly pool: pg.Pool) {}

  /**
   * Insert, or replace the result of the existing report of the same tenant, ordered pair and
   * method_version (its id and created_at stay: the result is deterministic for a method_version).
   */
  async save(r: Parameters<ReportStore['save']>[0]): Promise<StoredReport> {
    const { rows } = await this.pool.query<{ id: string; created_at: Date }>(
      `INSERT INTO compatibility_reports (id, tenant_id, chart_a_id, chart_b_id, method_version, result, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, now())
       ON CONFLICT (tenant_id, chart_a_id, chart_b_id, method_version) DO UPDATE SET result = EXCLUDED.result
       RETURNING id, created_at`,
      [uuidv7(), r.tenantId, r.chartAId, r.chartBId, r.methodVersion, JSON.stringify(r.result)],
    );
    return { id: rows[0]!.id, createdAt: rows[0]!.created_at };
  }

  async deleteForChart(tenantId: string, chartId: string): Promise<number> {
    if (!UUID.test(tenantId) || !UUID.test(chartId)) return 0;
    const res = await this.pool.query(
      'DELETE FROM compatibility_reports WHERE tenant_id = $1 AND (chart_a_id = $2 OR chart_b_id = $2)',
      [tenantId, chartId],
    );
    return res.rowCount ?? 0;
  }

  async deleteForTenant(tenantId: string): Promise<number> {
    if (!UUID.test(tenantId)) return 0;
    const res = await this.pool.query('DELETE FROM compatibility_reports WHERE tenant_id = $1', [tenantId]);
    return res.rowCount ?? 0;
  }
}
