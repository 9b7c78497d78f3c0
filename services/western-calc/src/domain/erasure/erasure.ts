// Erasure of chart-derived data held by western-calc (compatibility reports): one use case behind the
// DataErasureService/Erase RPC and the bus topics chart.deleted and tenant.data_erased. Idempotent: a
// repeat finds nothing more to delete and reports zero.
import type { ReportStore } from '../ports.ts';

export const STORE_NAME = 'compatibility_reports';

export class Erasure {
  constructor(private readonly reports: ReportStore) {}

  /** Deletes what derives from chartId, or everything of the tenant when chartId is empty. */
  async erase(tenantId: string, chartId?: string): Promise<Record<string, number>> {
    const n = chartId
      ? await this.reports.deleteForChart(tenantId, chartId)
      : await this.reports.deleteForTenant(tenantId);
    return { [STORE_NAME]: n };
  }
}
